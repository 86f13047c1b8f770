/**
 * The table's small buttons left of Leave: the table's link (copy), the move log, how to play
 * (`?`), and the connection quality as signal bars (the round trip in ms is only in the tooltip, never in a caption).
 * A ranked table says so at its left ("Ranked"). On a phone there is no room for Link and ⚑
 * (report or block): they are the items of a "⋯" menu there (a disclosure: Tab reaches its items,
 * Escape or a click elsewhere closes it and gives focus back to ⋯).
 */
import { domTarget, type Target } from "../test-hook.ts";
import { byTestId, h, uiRoot } from "./dom.ts";

export interface ToolbarActions {
  toggleLog(): void;
  showRules(): void;
  /** Report or block a player here (client/src/social/report-dialog.ts). */
  report(): void;
  /** Copies the table's link (social/table-link.ts); `link` is shown as the button's tooltip. */
  copyLink?: { readonly link: string; copy(): void };
  /** More buttons, leftmost first (the sound button, social/attention.ts). */
  extra?: readonly HTMLElement[];
}

/** 4 bars under 120 ms, 3 under 250, 2 under 500, else 1; 0 while unknown. */
export function signalLevel(pingMs: number | null): 0 | 1 | 2 | 3 | 4 {
  if (pingMs === null) return 0;
  return pingMs < 120 ? 4 : pingMs < 250 ? 3 : pingMs < 500 ? 2 : 1;
}

const QUALITY = ["Measuring the connection…", "Poor connection", "Fair connection", "Good connection", "Excellent connection"] as const;

export class TableToolbar {
  private readonly el: HTMLElement;
  /** The phone's "⋯" and its menu (Link and ⚑ there). */
  private readonly menu = h("div", { class: "toolbar-menu", id: "table-more-menu", testid: "table-menu", hidden: true });
  private readonly more = h(
    "button",
    {
      type: "button",
      class: "narrow-only",
      testid: "table-more",
      title: "More: the table link, report or block",
      "aria-label": "More: table link, report or block",
      "aria-expanded": "false",
      "aria-controls": "table-more-menu",
    },
    "⋯",
  );
  private readonly outside = (e: Event): void => {
    if (!this.menu.hidden && e.target instanceof Node && !this.menu.contains(e.target) && !this.more.contains(e.target))
      this.setMenu(false);
  };

  constructor(actions: ToolbarActions) {
    this.el = h(
      "div",
      { class: "toolbar", testid: "toolbar" },
      h(
        "span",
        { class: "signal", testid: "signal", "data-level": 0, role: "img", "aria-label": QUALITY[0], title: QUALITY[0] },
        h("i"),
        h("i"),
        h("i"),
        h("i"),
      ),
      h(
        "button",
        { type: "button", testid: "toggle-log", "aria-expanded": "false", title: "Move log", "aria-label": "Log (moves)" },
        h("span", { class: "wide-only" }, "Log"),
        h("span", { class: "narrow-only", "aria-hidden": "true" }, "☰"),
      ),
      // Left of "?": the first-time hint's arrow points at the rightmost button, "?" on a phone.
      this.more,
      h("button", { type: "button", testid: "show-rules", title: "How to play", "aria-label": "How to play" }, "?"),
      h(
        "button",
        {
          type: "button",
          class: "wide-only",
          testid: "report-player",
          title: "Report or block a player",
          "aria-label": "Report or block a player",
        },
        "⚑",
      ),
      this.menu,
    );
    this.menu.append(
      ...[
        actions.copyLink && this.menuItem("menu-copy-link", "Copy the table link", () => actions.copyLink?.copy()),
        this.menuItem("menu-report-player", "⚑ Report or block a player", () => actions.report()),
      ].filter((b): b is HTMLButtonElement => Boolean(b)),
    );
    this.more.addEventListener("click", () => this.setMenu(this.menu.hidden));
    this.menu.addEventListener("keydown", (e) => {
      if (e.key !== "Escape") return;
      e.stopPropagation();
      this.setMenu(false);
      this.more.focus();
    });
    document.addEventListener("pointerdown", this.outside, true);
    // Left of the others: the first-time hint points at "?", the rightmost.
    if (actions.extra) this.el.prepend(...actions.extra);
    if (actions.copyLink)
      this.el.prepend(
        h(
          "button",
          {
            type: "button",
            class: "wide-only",
            testid: "copy-table-link",
            title: `Copy the table link: ${actions.copyLink.link}`,
            "aria-label": "Copy the table link",
          },
          "Link",
        ),
      );
    // A phone's toolbar has no room for the word: a gold star there, named "Ranked game" either way.
    this.el.prepend(
      h(
        "span",
        {
          class: "ranked-badge",
          testid: "ranked-badge",
          role: "img",
          "aria-label": "Ranked game",
          title: "A ranked game: it changes the players' ratings",
          hidden: true,
        },
        h("span", { class: "wide-only", "aria-hidden": "true" }, "Ranked"),
        h("span", { class: "narrow-only", "aria-hidden": "true" }, "★"),
      ),
    );
    const copy = actions.copyLink;
    if (copy) byTestId(this.el, "copy-table-link").addEventListener("click", () => copy.copy());
    byTestId(this.el, "toggle-log").addEventListener("click", () => actions.toggleLog());
    byTestId(this.el, "show-rules").addEventListener("click", () => actions.showRules());
    byTestId(this.el, "report-player").addEventListener("click", () => actions.report());
    uiRoot().append(this.el);
  }

  private menuItem(testid: string, label: string, fn: () => void): HTMLButtonElement {
    const b = h("button", { type: "button", testid }, label);
    b.addEventListener("click", () => {
      this.setMenu(false);
      fn();
    });
    return b;
  }

  private setMenu(open: boolean): void {
    this.menu.hidden = !open;
    this.more.setAttribute("aria-expanded", String(open));
    if (open) this.menu.querySelector("button")?.focus();
  }

  /** Right edge `right` px from the screen's right. */
  place(right: number, barH: number, narrow: boolean): void {
    this.el.classList.toggle("narrow", narrow);
    if (!narrow) this.setMenu(false);
    this.el.style.right = `${right}px`;
    this.el.style.top = `${Math.max(4, barH / 2 + 4 - 17)}px`;
  }

  /** Its width now: it grows after `place` (the log's count, the Ranked badge). */
  width(): number {
    return this.el.offsetWidth;
  }

  /** Shows "Ranked" (a ranked table); returns whether it changed (the toolbar's width did). */
  setRanked(on: boolean): boolean {
    const badge = byTestId(this.el, "ranked-badge");
    if (badge.hidden === !on) return false;
    badge.hidden = !on;
    return true;
  }

  setSignal(pingMs: number | null): void {
    const level = signalLevel(pingMs);
    const icon = byTestId(this.el, "signal");
    if (icon.dataset["level"] === String(level)) return;
    icon.dataset["level"] = String(level);
    const label = pingMs === null ? QUALITY[0] : `${QUALITY[level]} (${pingMs} ms round trip)`;
    icon.setAttribute("aria-label", QUALITY[level]);
    icon.title = label;
  }

  setLogState(open: boolean, count: number): void {
    const b = byTestId(this.el, "toggle-log");
    b.setAttribute("aria-expanded", String(open));
    const text = count > 0 ? `Log ${count > 99 ? "99+" : count}` : "Log";
    // The name starts with the visible words (WCAG 2.5.3, axe label-content-name-mismatch).
    b.setAttribute("aria-label", `${text} (moves)`);
    b.replaceChildren(h("span", { class: "wide-only" }, text), h("span", { class: "narrow-only", "aria-hidden": "true" }, "☰"));
  }

  signal(): number {
    return Number(byTestId(this.el, "signal").dataset["level"] ?? 0);
  }

  targets(): Target[] {
    const link = this.el.querySelector<HTMLElement>('[data-testid="copy-table-link"]');
    return [
      domTarget("button:log", byTestId(this.el, "toggle-log")),
      domTarget("button:rules", byTestId(this.el, "show-rules")),
      link ? domTarget("button:copy-link", link) : null,
    ].filter((t): t is Target => t !== null);
  }

  destroy(): void {
    document.removeEventListener("pointerdown", this.outside, true);
    this.el.remove();
  }
}
