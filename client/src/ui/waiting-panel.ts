/**
 * Before the game starts: who sits where and which seats are still empty, the invite link and
 * code (copy buttons), fill with bots. A spectator sees the same, without the buttons that need
 * a seat.
 */
import { tableLink } from "../net/connection.ts";
import { hosting } from "../net/storage.ts";
import type { TableSnap } from "../net/snapshot.ts";
import { domTarget, type Target } from "../test-hook.ts";
import { byTestId, h, uiRoot } from "./dom.ts";
import { toast } from "./toast.ts";
import { seatLabel } from "./names.ts";

export interface WaitingActions {
  fillBots(): void;
  /** Countdown to filling with bots: on (from now) or off. */
  autoFill(on: boolean): void;
  leave(): void;
}

export class WaitingPanel {
  private readonly el: HTMLElement;
  private readonly link: string;
  private autoFillAt = 0;
  private seated = false;
  private shownSeconds = -1;
  /** The people seated at the last update, by seat (null before the first). */
  private people: Map<number, string> | null = null;

  constructor(
    private readonly code: string,
    actions: WaitingActions,
  ) {
    this.link = tableLink(code);
    this.el = h(
      "div",
      { class: "panel waiting", testid: "waiting" },
      h("h2", { testid: "waiting-title" }, "Waiting for players"),
      h(
        "div",
        { class: "invite", testid: "invite" },
        h("span", { class: "invite-label", testid: "invite-label" }, "Invite friends: send them this link"),
        h(
          "div",
          { class: "invite-link" },
          h("input", { type: "text", readonly: true, value: this.link, testid: "invite-link", "aria-label": "Invite link" }),
          h("button", { type: "button", class: "primary", testid: "copy-link" }, "Copy link"),
        ),
        h(
          "div",
          { class: "invite-row", testid: "invite-code-row" },
          h("span", { class: "invite-label" }, "or the code"),
          h("span", { class: "invite-code", testid: "invite-code" }, code),
          h("button", { type: "button", testid: "copy-code" }, "Copy"),
        ),
      ),
      h("p", { class: "note", testid: "waiting-missing" }),
      h(
        "div",
        { class: "autofill", testid: "autofill" },
        h("span", { testid: "autofill-text" }),
        h("button", { type: "button", testid: "autofill-toggle" }),
      ),
      h("ul", { class: "seat-list", testid: "seat-list" }),
      h(
        "div",
        { class: "buttons" },
        h("button", { type: "button", class: "primary", testid: "fill-bots" }, "Fill with bots and start"),
        h("button", { type: "button", testid: "leave-table" }, "Leave"),
      ),
    );
    byTestId(this.el, "fill-bots").addEventListener("click", () => actions.fillBots());
    byTestId(this.el, "autofill-toggle").addEventListener("click", () => actions.autoFill(this.autoFillAt === 0));
    byTestId(this.el, "leave-table").addEventListener("click", () => actions.leave());
    byTestId(this.el, "copy-code").addEventListener("click", () => void this.copy(this.code, `Copied the code ${this.code}`));
    byTestId(this.el, "copy-link").addEventListener("click", () => void this.copy(this.link, "Copied the invite link"));
    byTestId(this.el, "invite-link").addEventListener("focus", (e) => (e.target as HTMLInputElement).select());
    uiRoot().append(this.el);
  }

  update(snap: TableSnap, mySeat: number | null): void {
    const taken = snap.seats.filter((s) => s.occupied).length;
    const missing = snap.seats.length - taken;
    const host = hosting(this.code);
    byTestId(this.el, "waiting-title").textContent = `Waiting for players (${taken}/${snap.seats.length})`;
    byTestId(this.el, "invite-code-row").hidden = !snap.isPrivate;
    byTestId(this.el, "waiting-missing").textContent =
      mySeat === null
        ? "You are watching this table: the game starts when every seat is taken."
        : !snap.isPrivate
          ? `${missing} more player${missing === 1 ? "" : "s"} needed. Invite friends, or fill the empty seats with bots.`
          : host
            ? `${missing} seat${missing === 1 ? "" : "s"} open for invited friends: nothing starts without you. When you are ready, "Fill with bots and start" gives bots the seats nobody came for.`
            : `${missing} seat${missing === 1 ? "" : "s"} open for invited friends. The host starts the game when everyone is here.`;
    this.greet(snap, mySeat);
    // At a private table starting is the host's choice (the tab that made it); a public table's any player's.
    byTestId(this.el, "fill-bots").hidden = mySeat === null || (snap.isPrivate && !host);
    this.autoFillAt = snap.autoFillAt;
    this.seated = mySeat !== null;
    this.shownSeconds = -1;
    byTestId(this.el, "seat-list").replaceChildren(
      ...snap.seats.map((s) =>
        h(
          "li",
          { class: s.occupied ? "taken" : "empty" },
          s.occupied
            ? `${seatLabel(s.name, s.index)}${s.index === mySeat ? " (you)" : ""}${s.isBot ? " · bot" : ""}`
            : "Empty seat: waiting for a player",
        ),
      ),
    );
  }

  /** Someone sat down after this player: said once, as a host at a real table hears a chair move. */
  private greet(snap: TableSnap, mySeat: number | null): void {
    if (mySeat === null) return;
    const people = new Map(snap.seats.filter((s) => s.occupied && !s.isBot).map((s) => [s.index, s.name]));
    if (this.people !== null) {
      for (const [index, name] of people)
        if (index !== mySeat && this.people.get(index) !== name) toast(`${seatLabel(name, index)} sat down`);
    }
    this.people = people;
  }

  /** Every frame: the seconds left before bots fill the table (text changes once a second). */
  tick(serverNow: number): void {
    const seconds = this.autoFillAt > 0 ? Math.max(0, Math.ceil((this.autoFillAt - serverNow) / 1000)) : 0;
    if (seconds === this.shownSeconds) return;
    this.shownSeconds = seconds;
    const on = this.autoFillAt > 0;
    byTestId(this.el, "autofill-text").textContent = on
      ? `Bots fill the empty seats in ${seconds} s and the game starts.`
      : this.seated
        ? "No countdown: the table waits for players."
        : "";
    const toggle = byTestId(this.el, "autofill-toggle");
    toggle.hidden = !this.seated;
    toggle.textContent = on ? "Wait for players" : "Count down to bots";
  }

  /** Seconds left on the bot countdown (null: none), for the test hook. */
  countdown(): number | null {
    return this.autoFillAt > 0 ? this.shownSeconds : null;
  }

  targets(): Target[] {
    return [domTarget("button:fill-bots", byTestId(this.el, "fill-bots"))].filter((t): t is Target => t !== null);
  }

  destroy(): void {
    this.el.remove();
  }

  private async copy(text: string, done: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
      toast(done);
    } catch {
      toast(text);
    }
  }
}
