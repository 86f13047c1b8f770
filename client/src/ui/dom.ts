/** Tiny DOM builder for the HTML panels drawn over the canvas. */
type Attrs = Record<string, string | number | boolean | undefined>;
export type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    if (k === "class") el.className = String(v);
    else if (k === "testid") el.dataset["testid"] = String(v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

/** The layer the panels live in (over the Phaser canvas). */
export function uiRoot(): HTMLElement {
  const root = document.getElementById("ui");
  if (!root) throw new Error("#ui missing from index.html");
  return root;
}

export function byTestId<T extends HTMLElement>(root: ParentNode, id: string): T {
  const el = root.querySelector<T>(`[data-testid="${id}"]`);
  if (!el) throw new Error(`no element ${id}`);
  return el;
}
