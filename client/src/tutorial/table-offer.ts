/**
 * The guided first game offered at a table: a player who sits down at a game
 * they were never offered (quick play, a friend's link, an invitation) gets a small card under
 * the top bar (below the waiting panel while that is up): "New to Hit the Deck? Take the
 * 2-minute guided game", with the lobby's Start / Not now / Don't ask again (tutorial/offer.ts).
 * It never blocks the table and never comes in the middle of the player's action: it appears
 * only while the player has nothing to do (the table waiting, or another player's turn) and
 * hides again while it is their turn. Never at a ranked table or for a spectator. On a phone it
 * is folded to one small button that unfolds it (the whole card would cover the seats at the
 * top). Once shown it counts as offered (remembered as in the lobby). Start leaves the table
 * (asking first mid-game: a bot takes the seat) for the lesson; "Stay" in that question is no
 * answer: the card comes back as it was, and only a lesson actually started counts as taken.
 */
import { legalOf } from "../games/common.ts";
import type { TableSnap } from "../net/snapshot.ts";
import type { TableSession } from "../net/table-session.ts";
import { gameModule } from "../games/registry.ts";
import { h, uiRoot } from "../ui/dom.ts";
import { offerNotice, remember, shouldOffer } from "./offer.ts";

/** A ranked table says so by a message right after the join: the offer waits that long first. */
const SETTLE_MS = 1500;
/** Under the top bar. */
const TOP = 56;
/** The chat and invite buttons at the bottom left. */
const BOTTOM_ROW = 48;
/** Narrower screens (phones) get the folded card. */
const NARROW = 600;

export class TableLessonOffer {
  private el: HTMLElement | null = null;
  /** Decided not to offer at this table (ranked, or already answered). */
  private decided = false;
  private readonly born = Date.now();
  /** Start was pressed and the leave question is open: the card is out of the page, not answered. */
  private starting = false;

  /** `start` goes to the lesson: false when the player stayed at the table after all. */
  constructor(
    private readonly session: TableSession,
    private readonly start: (game: string) => Promise<boolean>,
  ) {}

  /** Every frame (cheap): shows, hides or keeps the card for the table as it is now. */
  update(snap: TableSnap): void {
    const mine = this.session.mySeat;
    const quiet = mine !== null && legalOf(snap, mine).length === 0;
    if (this.el) {
      if (this.starting) return;
      if (!this.el.isConnected) return void ((this.el = null), (this.decided = true));
      this.el.hidden = !quiet;
      if (quiet) this.place(this.el);
      return;
    }
    if (this.decided || this.session.watching || mine === null || snap.status === "ended") return;
    if (snap.ranked === true || !shouldOffer(this.session.game)) return void (this.decided = true);
    if (!quiet || Date.now() - this.born < SETTLE_MS) return;
    const game = this.session.game;
    this.el = this.card(game);
    uiRoot().append(this.el);
    this.place(this.el);
    remember(game, "offered");
  }

  /**
   * The card; on a phone, folded to one small button ("New to X? Guided game") that unfolds it,
   * as the whole card there would cover the seats at the top while the others play.
   */
  private card(game: string): HTMLElement {
    const notice = offerNotice(game, { start: (g) => this.startLesson(g) }, { compact: true });
    notice.classList.add("lesson-offer-table");
    if (window.innerWidth >= NARROW) return notice;
    const title = gameModule(game)?.title ?? game;
    const body = [...notice.children] as HTMLElement[];
    body.forEach((c) => (c.hidden = true));
    const id = "lesson-offer-body";
    body[1]!.id = id;
    const unfold = h(
      "button",
      { type: "button", class: "lesson-offer-unfold", testid: "lesson-offer-unfold", "aria-expanded": "false", "aria-controls": id },
      `New to ${title}? Guided game`,
    );
    unfold.addEventListener("click", () => {
      body.forEach((c) => (c.hidden = false));
      unfold.remove();
      notice.classList.remove("folded");
      notice.querySelector<HTMLElement>('[data-testid="lesson-offer-start"]')?.focus();
    });
    notice.classList.add("folded");
    notice.prepend(unfold);
    return notice;
  }

  /** Start: to the lesson, or (the player stayed) the card back where it was, Start focused. */
  private async startLesson(game: string): Promise<boolean> {
    this.starting = true;
    const went = await this.start(game).finally(() => (this.starting = false));
    const el = this.el;
    if (!went && el && this.session.mySeat !== null) {
      uiRoot().append(el);
      this.place(el);
      el.querySelector<HTMLElement>('[data-testid="lesson-offer-start"]')?.focus();
    }
    return went;
  }

  /**
   * Under the top bar's left end; while the waiting panel is up, below it when there is room
   * above the chat button (else under the bar as usual), so it never covers that panel's title.
   */
  private place(el: HTMLElement): void {
    const panel = document.querySelector('[data-testid="waiting"]')?.getBoundingClientRect();
    const below = panel ? panel.bottom + 8 : 0;
    const top = panel && below + el.offsetHeight <= window.innerHeight - BOTTOM_ROW ? below : TOP;
    const px = `${Math.round(top)}px`;
    if (el.style.top !== px) el.style.top = px;
  }

  /** Whether the card is on screen (for the test hook). */
  shown(): string | null {
    return this.el?.isConnected && !this.el.hidden ? (this.el.dataset["game"] ?? null) : null;
  }

  destroy(): void {
    this.el?.remove();
    this.el = null;
  }
}
