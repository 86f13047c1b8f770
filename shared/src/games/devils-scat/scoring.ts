/**
 * Round winner and scoring (docs/rules/devils-scat.md, "Round winner", "Round scoring", "Variants").
 */
import { cardSuit } from "./cards.ts";
import { handValue, isDevilsScat, isScat } from "./hand-value.ts";
import type { DevilsScatState, RoundResult, SeatResult } from "./state.ts";

/** Scat player first; otherwise the single highest hand; a tie for highest has no winner. */
export function roundWinner(values: ReadonlyMap<number, number>, scatSeat: number | null): number | null {
  if (scatSeat !== null) return scatSeat;
  let best = -1;
  let winner: number | null = null;
  for (const [seat, value] of values) {
    if (value > best) {
      best = value;
      winner = seat;
    } else if (value === best) {
      winner = null;
    }
  }
  return winner;
}

interface PointsItems {
  won: number;
  over29: number;
  scat31: number;
  favored: number;
  knockPenalty: number;
}

/**
 * +1 won, +1 worth 29 or more, +1 worth exactly 31, +1 favored-suit card when those gave a point,
 * -1 for a knocker when someone else won.
 */
export function pointsItems(
  hand: readonly string[],
  seat: number,
  winner: number | null,
  knocker: number | null,
  favored: string,
): PointsItems {
  const value = handValue(hand);
  const won = winner === seat ? 1 : 0;
  const over29 = value >= 29 ? 1 : 0;
  const scat31 = value === 31 ? 1 : 0;
  const favoredBonus = won + over29 + scat31 > 0 && hand.some((c) => cardSuit(c) === favored) ? 1 : 0;
  const knockPenalty = knocker === seat && winner !== null && winner !== seat ? -1 : 0;
  return { won, over29, scat31, favored: favoredBonus, knockPenalty };
}

/**
 * Classic scoring lives lost. A Scat costs every other player one life. Otherwise the lowest hand
 * loses one (all tied lowest lose one; a knocker among them loses two). Gap closed here: when
 * every hand ties, nobody is "lowest" and nobody loses a life.
 */
export function classicLivesLost(
  values: ReadonlyMap<number, number>,
  scatSeat: number | null,
  knocker: number | null,
): Map<number, number> {
  const lost = new Map<number, number>();
  for (const seat of values.keys()) lost.set(seat, 0);
  if (scatSeat !== null) {
    for (const seat of values.keys()) if (seat !== scatSeat) lost.set(seat, 1);
    return lost;
  }
  const all = [...values.values()];
  const low = Math.min(...all);
  if (all.every((v) => v === low)) return lost;
  for (const [seat, value] of values) {
    if (value === low) lost.set(seat, seat === knocker ? 2 : 1);
  }
  return lost;
}

/** Scores the round into `s` (a draft) and returns its result. */
export function scoreRound(s: DevilsScatState, scatSeat: number | null): RoundResult {
  const values = new Map<number, number>();
  s.hands.forEach((hand, seat) => {
    if (!s.out[seat]) values.set(seat, handValue(hand));
  });
  const winner = roundWinner(values, scatSeat);
  const lost = s.options.classic ? classicLivesLost(values, scatSeat, s.knocker) : new Map<number, number>();
  const seats = s.hands.map((hand, seat): SeatResult => {
    const sittingOut = !values.has(seat);
    const items = s.options.classic || sittingOut ? noItems(winner === seat) : pointsItems(hand, seat, winner, s.knocker, s.favored);
    const livesLost = Math.min(lost.get(seat) ?? 0, s.lives[seat] ?? 0);
    const before = s.options.classic ? (s.lives[seat] ?? 0) : (s.scores[seat] ?? 0);
    const sum = items.won + items.over29 + items.scat31 + items.favored + items.knockPenalty;
    const total = s.options.classic ? before - livesLost : Math.max(0, before + sum);
    if (s.options.classic) s.lives[seat] = total;
    else s.scores[seat] = total;
    return {
      seat,
      hand: hand.slice(),
      value: values.get(seat) ?? 0,
      scat: isScat(hand),
      devilsScat: isDevilsScat(hand),
      ...items,
      delta: total - before,
      total,
      livesLost,
      out: s.options.classic && total <= 0,
      sittingOut,
    };
  });
  return {
    round: s.round,
    winner,
    endedBy: scatSeat !== null ? "scat" : "knock",
    devilsScat: scatSeat !== null && isDevilsScat(s.hands[scatSeat] ?? []),
    knocker: s.knocker,
    favored: s.favored,
    seats,
  };
}

function noItems(won: boolean): PointsItems {
  return { won: won ? 1 : 0, over29: 0, scat31: 0, favored: 0, knockPenalty: 0 };
}

/** Points: the round's winner has reached the target. Classic: one player is left. */
export function gameWinners(s: DevilsScatState, result: RoundResult, target: number): number[] {
  if (s.options.classic) {
    const alive = s.lives.flatMap((l, seat) => (l > 0 ? [seat] : []));
    return alive.length <= 1 ? alive : [];
  }
  const w = result.winner;
  return w !== null && (s.scores[w] ?? 0) >= target ? [w] : [];
}
