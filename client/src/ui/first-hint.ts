/**
 * The first-time hint: the first times a player sits at a game, one line says what they can do
 * now (from the game's rules data) and that `?` explains the rest. It never catches a click, each
 * hint stays a few seconds, and they stop once the player has made a few moves.
 */
import { hintFor } from "../rules/index.ts";
import { h, uiRoot } from "./dom.ts";
import { clearTop } from "./toast.ts";

const KEY = "scat.hinted.";
/** Games played with the hint before it stops coming back. */
const TIMES = 2;
/** Own moves before the hint leaves this table. */
const MOVES = 3;
/** How long one hint stays on screen. */
const SHOW_MS = 9000;

function seen(game: string): number {
  try {
    return Number(localStorage.getItem(KEY + game) ?? 0);
  } catch {
    return TIMES;
  }
}

export class FirstHint {
  private readonly el: HTMLElement;
  private moves = 0;
  private shown: string | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private done: boolean;

  constructor(private readonly game: string) {
    this.done = seen(game) >= TIMES;
    this.el = h("div", { class: "first-hint", testid: "first-hint", hidden: true, role: "status" });
    uiRoot().append(this.el);
    if (!this.done) {
      try {
        localStorage.setItem(KEY + game, String(seen(game) + 1));
      } catch {
        // Only a hint.
      }
    }
  }

  /** `phase`: the game's phase now (a hint may fit one phase only); `top` and `right`: the bubble's corner under the toolbar's `?`. */
  update(legalTypes: readonly string[], phase: string, top: number, right: number): void {
    const hint = this.done ? null : hintFor(this.game, legalTypes, phase);
    const text = hint === null ? null : `${hint} Tap ? for how to play.`;
    if (text === this.shown) return;
    this.shown = text;
    this.el.hidden = text === null;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (text === null) return;
    this.el.textContent = text;
    this.el.style.top = `${top}px`;
    this.el.style.right = `${right}px`;
    this.el.style.maxWidth = `min(330px, calc(100vw - ${right + 8}px))`;
    // A phone has its top row of seats right under the toolbar: there the hint goes where it covers
    // no seat, card, pile or button (as the toasts do), centred, without its arrow to the ?.
    this.el.classList.toggle("first-hint-docked", innerWidth < 600);
    const docked = innerWidth < 600 ? clearTop(this.el) : null;
    if (docked === null) this.el.classList.remove("first-hint-docked");
    else this.el.style.top = `${docked}px`;
    // Each hint stays a few seconds: long enough to read, not long enough to hide the table.
    this.timer = setTimeout(() => void (this.el.hidden = true), SHOW_MS);
  }

  moved(): void {
    if (++this.moves < MOVES) return;
    this.done = true;
    this.el.hidden = true;
  }

  text(): string | null {
    return this.el.hidden ? null : this.el.textContent;
  }

  destroy(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.el.remove();
  }
}
