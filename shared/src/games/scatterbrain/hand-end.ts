/**
 * Scoring and the end of a hand (docs/rules/scatterbrain.md, "Straights",
 * "End of game"): straights 10, hand cards 2, hole cards 20, Pure x2 and Top x3 on
 * everything the player scores in the hand; the game ends after a hand with 100 or more and a
 * single player on top.
 */
import type { Ctx } from "../../engine.ts";
import { MULTIPLIERS, sortCards, straightKind, type StraightKind } from "./cards.ts";
import { TARGET } from "./options.ts";
import type { HandEnding, HandResult, ScatterbrainEvent, ScatterbrainState, SeatResult, Tally } from "./state.ts";

type Events = ScatterbrainEvent[];

export const POINTS = { straight: 10, handCard: 2, holeCard: 20 } as const;

/** A player's multiplier this hand: that of the straight they laid down, else 1. */
export function multiplier(s: ScatterbrainState, seat: number): number {
  const kind = s.called[seat];
  return kind === null || kind === undefined ? 1 : MULTIPLIERS[kind];
}

/** Adds `raw` points, multiplied, to the seat's total; returns the points added. */
export function addPoints(s: ScatterbrainState, seat: number, raw: number): number {
  const points = raw * multiplier(s, seat);
  s.scores[seat] = (s.scores[seat] ?? 0) + points;
  return points;
}

/** A straight laid face up: its kind sets the multiplier for the hand, then it scores 10 x that. */
export function scoreStraight(
  s: ScatterbrainState,
  seat: number,
  cards: readonly string[],
): { kind: StraightKind; multiplier: number; points: number } {
  const kind = straightKind(cards) ?? "plain";
  s.called[seat] = kind;
  (s.tally[seat] as Tally).straight = POINTS.straight;
  const points = addPoints(s, seat, POINTS.straight);
  return { kind, multiplier: MULTIPLIERS[kind], points };
}

const rawPoints = (t: Tally): number => t.straight + t.handHits * POINTS.handCard + t.holeHits * POINTS.holeCard;

function seatResult(s: ScatterbrainState, seat: number): SeatResult {
  const t = s.tally[seat] as Tally;
  const kind = s.called[seat] ?? null;
  const hole = s.holes[seat];
  const straightCards = kind === null ? null : sortCards([...(s.hands[seat] ?? []), ...(hole ? [hole] : [])]);
  const m = multiplier(s, seat);
  return {
    seat,
    straight: t.straight,
    handHits: t.handHits,
    holeHits: t.holeHits,
    straightCards,
    kind,
    multiplier: m,
    delta: rawPoints(t) * m,
    total: s.scores[seat] ?? 0,
    out: s.out[seat] ?? false,
  };
}

/** Highest totals (one seat, or several tied). */
export function leaders(scores: readonly number[]): number[] {
  const best = Math.max(...scores);
  return scores.flatMap((score, seat) => (score === best ? [seat] : []));
}

/** Score the hand; the game ends at 100 or more with one player alone on top, else the result stays up for `pauseMs`. */
export function endHand(s: ScatterbrainState, endedBy: HandEnding, ctx: Ctx, events: Events): void {
  const top = leaders(s.scores);
  const gameOver = top.length === 1 && (s.scores[top[0] as number] ?? 0) >= TARGET;
  const result: HandResult = {
    hand: s.hand,
    dealer: s.dealer,
    endedBy,
    dealt: endedBy === "mercy" ? s.dealt.map((h) => h.slice()) : null,
    seats: s.scores.map((_, seat) => seatResult(s, seat)),
    leaders: top,
    gameOver,
  };
  s.result = result;
  s.turn = -1;
  s.step = null;
  s.drawnFrom = null;
  s.drawnCard = null;
  s.finalGuessers = [];
  s.continued = s.continued.map(() => false);
  events.push({ type: "handScored", result });
  if (gameOver) {
    s.phase = "gameOver";
    s.deadline = null;
    s.winners = top;
    events.push({ type: "gameWon", winners: top.slice(), scores: s.scores.slice() });
    return;
  }
  s.phase = "handOver";
  s.deadline = ctx.now + s.options.pauseMs;
}
