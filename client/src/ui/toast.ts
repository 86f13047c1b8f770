/** Short messages over the table (rejected actions, notices) and the connection banner. */
import { h, uiRoot } from "./dom.ts";

const recent: string[] = [];

function stack(): HTMLElement {
  let el = document.getElementById("toasts");
  if (!el) {
    el = h("div", { id: "toasts", class: "toasts", "aria-live": "polite" });
    uiRoot().append(el);
  }
  return el;
}

export function toast(text: string, kind: "info" | "error" = "info"): void {
  recent.push(text);
  if (recent.length > 20) recent.shift();
  // The same words again (a key pressed twice on a refused move) replace the copy still showing
  // rather than stacking over the table: one toast, shown for the full time from now.
  for (const shown of stack().querySelectorAll<HTMLElement>(".toast")) if (shown.textContent === text && !shown.classList.contains("toast-out")) shown.remove();
  const el = h("div", { class: `toast toast-${kind}`, testid: "toast" }, text);
  stack().append(el);
  setTimeout(() => el.classList.add("toast-out"), 3200);
  setTimeout(() => el.remove(), 3700);
}

/** The last toasts shown, newest last (for the test hook). */
export function recentToasts(): readonly string[] {
  return recent;
}

/** A persistent strip at the top ("Reconnecting…"); null hides it. */
export function setBanner(text: string | null): void {
  let el = document.getElementById("banner");
  if (text === null) {
    el?.remove();
    return;
  }
  if (!el) {
    el = h("div", { id: "banner", class: "banner", testid: "banner" });
    uiRoot().append(el);
  }
  el.textContent = text;
}
