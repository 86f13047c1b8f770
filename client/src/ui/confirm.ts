/** A yes/no question over everything (leaving a running game). Resolves true for the yes button. */
import { byTestId, h, uiRoot } from "./dom.ts";

export interface ConfirmText {
  readonly title: string;
  readonly body: string;
  readonly yes: string;
  readonly no: string;
}

let pending: HTMLElement | null = null;

export function confirmDialog(t: ConfirmText): Promise<boolean> {
  pending?.remove();
  return new Promise((resolve) => {
    const el = h(
      "div",
      { class: "confirm-overlay", testid: "confirm" },
      h(
        "div",
        { class: "panel confirm", role: "alertdialog", "aria-label": t.title },
        h("h2", {}, t.title),
        h("p", {}, t.body),
        h(
          "div",
          { class: "buttons" },
          h("button", { type: "button", testid: "confirm-no" }, t.no),
          h("button", { type: "button", class: "primary", testid: "confirm-yes" }, t.yes),
        ),
      ),
    );
    const done = (answer: boolean): void => {
      el.remove();
      if (pending === el) pending = null;
      resolve(answer);
    };
    byTestId(el, "confirm-yes").addEventListener("click", () => done(true));
    byTestId(el, "confirm-no").addEventListener("click", () => done(false));
    uiRoot().append(el);
    pending = el;
    byTestId<HTMLButtonElement>(el, "confirm-no").focus();
  });
}

/** Closes an open question as "no" (the table scene is leaving anyway). */
export function dismissConfirm(): void {
  pending?.querySelector<HTMLButtonElement>('[data-testid="confirm-no"]')?.click();
}
