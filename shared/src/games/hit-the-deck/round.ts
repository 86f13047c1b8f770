/**
 * The flow of a hand (docs/rules/hit-the-deck.md, "Ending the hand";
 * docs/rules/common.md, "Turns, dealers, piles"): turns, going out, scoring and the pause before the next
 * deal. The deal itself is in `deal.ts`. This file imports no other step file, so `effects.ts`
 * and `race.ts` can call it without an import circle (effects -> race -> round; deal -> effects).
 */
import type { Ctx } from "../../engine.ts";
import { handPoints } from "./cards.ts";
import type { HandResult, HitTheDeckEvent, HitTheDeckState } from "./state.ts";

type Events = HitTheDeckEvent[];

export function startTurn(s: HitTheDeckState, seat: number, ctx: Ctx, events: Events): void {
  s.phase = "turn";
  s.turn = seat;
  s.deadline = ctx.now + s.options.turnMs;
  events.push({ type: "turnStarted", seat, deadline: s.deadline, demand: s.demand });
}

/** Each hand's points: the player who went out 0, others their cards (numbers face value, others 10). */
export function scoreHand(s: HitTheDeckState, winner: number): HandResult {
  const seats = s.hands.map((hand, seat) => {
    const points = seat === winner ? 0 : handPoints(hand);
    return { seat, hand: hand.slice(), points, total: (s.scores[seat] ?? 0) + points };
  });
  return { round: s.round, winner, seats };
}

/** Lowest total wins; ties share the win. */
export function lowestScorers(scores: readonly number[]): number[] {
  const low = Math.min(...scores);
  return scores.flatMap((sc, seat) => (sc === low ? [seat] : []));
}

/**
 * The hand ends the moment a player has no cards (docs/rules/hit-the-deck.md). The game ends when someone has
 * reached the target; otherwise the result stays up for `pauseMs`.
 */
export function endHand(s: HitTheDeckState, winner: number, ctx: Ctx, events: Events): void {
  const result = scoreHand(s, winner);
  s.result = result;
  s.scores = result.seats.map((r) => r.total);
  s.turn = -1;
  s.demand = null;
  s.race = null;
  events.push({ type: "wentOut", seat: winner }, { type: "roundScored", result });
  if (s.scores.some((sc) => sc >= s.options.target)) {
    s.phase = "gameOver";
    s.deadline = null;
    s.winners = lowestScorers(s.scores);
    events.push({ type: "gameWon", winners: s.winners.slice(), scores: s.scores.slice() });
    return;
  }
  s.phase = "roundOver";
  s.deadline = ctx.now + s.options.pauseMs;
}
