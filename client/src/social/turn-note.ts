/**
 * A dialog at a table does not pause the game: while one is open, this line says so and, on the
 * player's own turn, counts the turn's time down ("Your turn: 12 s left"), so a turn is never lost
 * without the player seeing the clock run. Pure wording in `turnNoteText` (turn-note.test.ts).
 */
import type { TableSession } from "../net/table-session.ts";
import { h } from "../ui/dom.ts";

/** The line for the player's turn state: `mine` whether the table waits for them, `msLeft` the turn's time. */
export function turnNoteText(playing: boolean, mine: boolean, msLeft: number): string {
  if (!playing) return "";
  if (!mine) return "The game goes on while this is open.";
  if (msLeft <= 0) return "Your turn: the game goes on while this is open.";
  return `Your turn: ${Math.ceil(msLeft / 1000)} s left. The game goes on while this is open.`;
}

export function turnNote(session: TableSession): { el: HTMLElement; until(overlay: HTMLElement): void } {
  const el = h("p", { class: "turn-note", testid: "dialog-turn-note", role: "timer", "aria-live": "off" });
  const paint = (): void => {
    const snap = session.snap;
    const mine = session.mySeat !== null && (snap.awaiting.includes(session.mySeat) || snap.turn === session.mySeat);
    el.textContent = turnNoteText(snap.status === "playing", mine, session.clock.remaining(snap.deadline));
    el.classList.toggle("mine", mine);
    el.hidden = el.textContent === "";
  };
  paint();
  return {
    el,
    // Repainted while the dialog is on the page; stops once it is closed.
    until(overlay) {
      const timer = setInterval(() => {
        if (!overlay.isConnected) return clearInterval(timer);
        paint();
      }, 250);
    },
  };
}
