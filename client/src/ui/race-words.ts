/**
 * A race's result in words for players ("Ann called first, 0.3 s before you"), not in raw
 * milliseconds: who was first, by how much when it is worth saying, and why the order can differ
 * from the order the presses reached the table. The exact times stay in the race's report.
 */

export interface RaceEntry {
  readonly seat: number;
  /** The reaction time the table judged by (ms), when known. */
  readonly reactionMs: number | null;
}

/** Closer than this, "just ahead of" says more than a number. */
const CLOSE_MS = 50;

/** "you" inside a sentence, a name as it is. */
const inSentence = (who: string): string => (who === "You" ? "you" : who);

/** "Your" / "Ann's" (never "You's"). */
export const whose = (who: string): string => (who === "You" ? "Your" : `${who}'s`);

/** How far apart two reactions were, as a person says it: "0.3 s", "1.2 s". */
export function gapWords(ms: number): string {
  return `${Math.max(0.1, Math.round(ms / 100) / 10).toFixed(1)} s`;
}

/**
 * "You slapped first, 0.3 s before Bob." / "Ann called first, just ahead of you." /
 * "Nobody slapped." `entries` are fastest first; `who(seat)` gives "You" for the own seat.
 */
export function raceWinnerWords(verb: "called" | "slapped", entries: readonly RaceEntry[], who: (seat: number) => string): string {
  const [first, second] = entries;
  if (!first) return `Nobody ${verb}.`;
  const head = `${who(first.seat)} ${verb} first`;
  if (!second) return `${head}.`;
  const other = inSentence(who(second.seat));
  if (first.reactionMs === null || second.reactionMs === null) return `${head}, then ${other}.`;
  const gap = second.reactionMs - first.reactionMs;
  return gap < CLOSE_MS ? `${head}, just ahead of ${other}.` : `${head}, ${gapWords(gap)} before ${other}.`;
}

/**
 * Why the first is not the one whose press reached the table first: presses count from when each
 * player saw the cards, so a slow connection costs nothing. `firstToArrive` is that seat.
 */
export function reorderedWords(noun: "call" | "slap", firstToArrive: number, who: (seat: number) => string): string {
  const name = who(firstToArrive);
  return `${whose(name)} ${noun} reached the table first, but each ${noun} counts from when that player saw the cards, so a slow connection costs nothing.`;
}
