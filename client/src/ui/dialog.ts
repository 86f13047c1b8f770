/**
 * A dialog over the page (how to play, the leaderboard, a profile): a panel headed by its title
 * and a Close button; Esc, Close or a click outside the panel closes it. One at a time per `Dialog`.
 */
import { byTestId, h, uiRoot, type Child } from "./dom.ts";

export interface DialogSpec {
  /** The panel's test id; the overlay's is `<testid>-overlay`, the Close button's `<testid>-close`. */
  readonly testid: string;
  readonly title: string;
  /** Classes of the panel besides `panel rules`. */
  readonly extraClass?: string;
  /** `data-*` attributes of the overlay (e.g. `{ game }`), read back through `shown()`. */
  readonly data?: Readonly<Record<string, string>>;
  /** Puts the keyboard focus on Close. */
  readonly focusClose?: boolean;
}

export class Dialog {
  private open: { el: HTMLElement; onKey: (e: KeyboardEvent) => void } | null = null;

  /** Opens the dialog (closing the one shown before) and returns its overlay. */
  show(spec: DialogSpec, ...body: Child[]): HTMLElement {
    this.close();
    const { testid, title } = spec;
    const el = h(
      "div",
      { class: "rules-overlay", testid: `${testid}-overlay` },
      h(
        "article",
        { class: `panel rules${spec.extraClass ? ` ${spec.extraClass}` : ""}`, testid, role: "dialog", "aria-label": title },
        h(
          "header",
          { class: "rules-head" },
          h("h2", {}, title),
          h("button", { type: "button", class: "rules-close", testid: `${testid}-close`, "aria-label": "Close" }, "Close"),
        ),
        ...body,
      ),
    );
    for (const [k, v] of Object.entries(spec.data ?? {})) el.dataset[k] = v;
    const close = (): void => this.close();
    el.addEventListener("click", (e) => void (e.target === el && close()));
    const button = byTestId<HTMLButtonElement>(el, `${testid}-close`);
    button.addEventListener("click", close);
    const onKey = (e: KeyboardEvent): void => void (e.key === "Escape" && close());
    document.addEventListener("keydown", onKey);
    uiRoot().append(el);
    if (spec.focusClose) button.focus();
    this.open = { el, onKey };
    return el;
  }

  close(): void {
    if (!this.open) return;
    document.removeEventListener("keydown", this.open.onKey);
    this.open.el.remove();
    this.open = null;
  }

  /** The overlay on screen, or null. */
  shown(): HTMLElement | null {
    return this.open?.el ?? null;
  }
}
