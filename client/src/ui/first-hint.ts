/**
 * The first-time hint: the first times a player sits at a game, one line says what they can do
 * now (from the game's rules data) and that `?` explains the rest. It never catches a click, and
 * goes once the player has made a few moves.
 */
import { hintFor } from "../rules/index.ts";
import { h, uiRoot } from "./dom.ts";

const KEY = "scat.hinted.";
/** Games played with the hint before it stops coming back. */
const TIMES = 2;
/** Own moves before the hint leaves this table. */
const MOVES = 3;

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

  update(legalTypes: readonly string[], top: number): void {
    const hint = this.done ? null : hintFor(this.game, legalTypes);
    this.el.hidden = hint === null;
    if (hint === null) return;
    this.el.textContent = `${hint} Tap ? for how to play.`;
    this.el.style.top = `${top}px`;
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
    this.el.remove();
  }
}
