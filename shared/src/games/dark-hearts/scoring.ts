/**
 * Scoring (docs/rules/dark-hearts.md, "Shooting the moon", "The end"): a Light and a
 * Dark score per player, shooting the moon per shade, the end at the target in either shade and
 * the winner by the lowest single score.
 */
import type { Ctx, Outcome } from "../../engine.ts";
import { SHADES } from "./cards.ts";
import type { DarkHeartsEvent, DarkHeartsState, HandResult, PerShade, SeatResult } from "./state.ts";

/**
 * Shooting the moon, per shade: if exactly one player took points in a shade, that player scores
 * 0 there and every other player adds that many points to that shade.
 */
export function shadeDeltas(taken: readonly number[]): { delta: number[]; moon: number | null } {
  const takers = taken.flatMap((p, seat) => (p > 0 ? [seat] : []));
  const shooter = takers.length === 1 ? (takers[0] as number) : null;
  if (shooter === null) return { delta: taken.slice(), moon: null };
  const points = taken[shooter] ?? 0;
  return { delta: taken.map((_, seat) => (seat === shooter ? 0 : points)), moon: shooter };
}

/** Adds the hand to the totals and returns its result. */
export function scoreHand(s: DarkHeartsState): HandResult {
  const light = shadeDeltas(s.handPoints.light);
  const dark = shadeDeltas(s.handPoints.dark);
  const delta: PerShade<number[]> = { light: light.delta, dark: dark.delta };
  for (const shade of SHADES) s.scores[shade] = s.scores[shade].map((total, seat) => total + (delta[shade][seat] ?? 0));
  const seats: SeatResult[] = s.hands.map((_, seat) => ({
    seat,
    tricks: s.tricksWon[seat] ?? 0,
    taken: { light: s.handPoints.light[seat] ?? 0, dark: s.handPoints.dark[seat] ?? 0 },
    delta: { light: delta.light[seat] ?? 0, dark: delta.dark[seat] ?? 0 },
    total: { light: s.scores.light[seat] ?? 0, dark: s.scores.dark[seat] ?? 0 },
  }));
  const final = reachedTarget(s);
  return {
    round: s.round,
    dealer: s.dealer,
    passDirection: s.passDirection,
    moon: { light: light.moon, dark: dark.moon },
    leftover: s.leftoverTaken,
    seats,
    final,
  };
}

/** The game ends after the hand in which a player reaches the target in either shade. */
export function reachedTarget(s: DarkHeartsState): boolean {
  return SHADES.some((shade) => s.scores[shade].some((total) => total >= s.options.target));
}

/** A seat's lowest single score, then its other-shade score: lower is better (docs/rules/dark-hearts.md, "The end"). */
export function standing(scores: PerShade<readonly number[]>, seat: number): [number, number] {
  const l = scores.light[seat] ?? 0;
  const d = scores.dark[seat] ?? 0;
  return [Math.min(l, d), Math.max(l, d)];
}

const compare = (a: [number, number], b: [number, number]): number => a[0] - b[0] || a[1] - b[1];

/** The lowest single score wins; ties broken by the lower other-shade score; still tied, shared. */
export function gameWinners(scores: PerShade<readonly number[]>): number[] {
  const seats = scores.light.map((_, seat) => seat);
  const best = seats.map((seat) => standing(scores, seat)).sort(compare)[0];
  return best === undefined ? [] : seats.filter((seat) => compare(standing(scores, seat), best) === 0);
}

/** The hand is over: score it; then the game is over, or the result stays up for `pauseMs`. */
export function endHand(s: DarkHeartsState, ctx: Ctx, events: DarkHeartsEvent[]): void {
  const result = scoreHand(s);
  s.result = result;
  s.turn = -1;
  s.trick = null;
  events.push({ type: "roundScored", result });
  if (result.final) {
    s.phase = "gameOver";
    s.deadline = null;
    s.winners = gameWinners(s.scores);
    events.push({ type: "gameWon", winners: s.winners.slice(), scores: { light: s.scores.light.slice(), dark: s.scores.dark.slice() } });
    return;
  }
  s.phase = "roundOver";
  s.deadline = ctx.now + s.options.pauseMs;
  s.continued = s.continued.map(() => false);
}

/** Null until gameOver; then the winners first, the others by their standing. */
export function outcome(s: DarkHeartsState): Outcome | null {
  if (s.phase !== "gameOver") return null;
  const seats = s.scores.light.map((_, seat) => seat);
  const ranking = seats.slice().sort((a, b) => compare(standing(s.scores, a), standing(s.scores, b)) || a - b);
  return { winners: s.winners.slice(), ranking, scores: seats.map((seat) => standing(s.scores, seat)[0]) };
}
