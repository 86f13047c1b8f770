/**
 * A replay step in words for players: what happened, with names and card names ("Ann drew the
 * 7 of gems from the deck."), as the move log says it at a live table, and when, in the viewer's
 * own time zone. The engine's own step ("Seat 1: play (card 5B)") is only the last resort.
 */

export interface StepInfo {
  /** Who acted (null: the clock ran out and defaults were applied). */
  readonly seat: number | null;
  /** The action as logged (an object with a `type`). */
  readonly action: unknown;
}

/** "drawDeck" → "draw deck". */
const spaced = (type: string): string => type.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();

/**
 * The step's sentence: the move log's lines for its events when there are any, else who did
 * which move in words. `who(seat)` gives a name ("You" for the viewed seat).
 */
export function stepSentence(step: StepInfo | null, lines: readonly string[], who: (seat: number) => string): string {
  if (step === null) return "The deal";
  if (lines.length > 0) return lines.join(" ");
  if (step.seat === null) return "Time ran out: the table played for everyone who had to move.";
  const type = (step.action as { type?: unknown } | null)?.type;
  return `${who(step.seat)}: ${typeof type === "string" ? spaced(type) : "a move"}.`;
}

/** A moment as the viewer's clock shows it (hours, minutes, seconds), in their own time zone. */
export function localTime(ms: number, timeZone?: string): string {
  return new Date(ms).toLocaleTimeString(undefined, {
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    ...(timeZone ? { timeZone } : {}),
  });
}

/** A seat's name in the replay: the player's, when the viewer knows it (a game just played), else "Seat 2". */
export function replaySeatName(names: readonly string[] | undefined, seat: number): string {
  const name = names?.[seat]?.trim();
  return name ? name : `Seat ${seat + 1}`;
}
