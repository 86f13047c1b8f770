/** The lobby's variant controls, built from a game module's `variants` (checkbox, select, number). */
import type { VariantDef, VariantValue } from "../games/types.ts";
import { sanitizeVariant, variantAllowed } from "../net/table-options.ts";
import { h } from "./dom.ts";

function current(v: VariantDef, chosen: Readonly<Record<string, VariantValue>>): VariantValue {
  return chosen[v.key] ?? v.default;
}

function control(v: VariantDef, value: VariantValue, off: boolean): HTMLElement {
  const testid = `variant-${v.key}`;
  switch (v.kind) {
    case "checkbox":
      return h(
        "label",
        { class: `check${off ? " off" : ""}` },
        h("input", { type: "checkbox", name: v.key, testid, checked: value === true && !off, disabled: off }),
        h("span", {}, v.label),
      );
    case "select": {
      const sel = h("select", { name: v.key, testid, disabled: off });
      for (const o of v.options) sel.append(h("option", { value: String(o.value), selected: String(o.value) === String(value) }, o.label));
      return h("label", { class: `field variant${off ? " off" : ""}` }, h("span", {}, v.label), sel);
    }
    case "number":
      return h(
        "label",
        { class: `field variant${off ? " off" : ""}` },
        h("span", {}, v.label),
        h("input", { type: "number", name: v.key, testid, min: v.min, max: v.max, step: v.step ?? 1, value: Number(value), disabled: off }),
      );
  }
}

/** Fills `box` with the controls of `defs` for a table of `seats`. */
export function renderVariantControls(
  box: HTMLElement,
  defs: readonly VariantDef[],
  seats: number,
  chosen: Readonly<Record<string, VariantValue>>,
): void {
  box.replaceChildren(...defs.map((v) => control(v, current(v, chosen), !variantAllowed(v, seats))));
}

/** The non-default values the controls in `box` hold. */
export function readVariantControls(box: HTMLElement, defs: readonly VariantDef[]): Record<string, VariantValue> {
  const out: Record<string, VariantValue> = {};
  for (const v of defs) {
    const el = box.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${v.key}"]`);
    if (!el || el.disabled) continue;
    const raw: unknown = v.kind === "checkbox" ? (el as HTMLInputElement).checked : el.value;
    const value = sanitizeVariant(v, v.kind === "select" && typeof v.default === "number" ? Number(raw) : raw);
    if (value !== undefined) out[v.key] = value;
  }
  return out;
}
