/**
 * The flow of a hand (rule sheet "BEFORE PLAY", "ENDING THE HAND", "SCORING", "WINNER";
 * RULINGS.md "Hit the Deck" and "Turns, dealers, piles"): deal, the start card, turns, going out,
 * scoring and the pause before the next deal.
 */
import type { Ctx } from "../../engine.ts";
import { ALL_CARDS, card, handPoints } from "./cards.ts";
import { resolveTop } from "./effects.ts";
import { buryInDeck, layFaceUp } from "./piles.ts";
import type { HandResult, HitTheDeckEvent, HitTheDeckState } from "./state.ts";

type Events = HitTheDeckEvent[];

export const HAND_SIZE = 7;

/**
 * Shuffle all 110 cards, deal 7 to each player one at a time from the dealer's left, then turn
 * the start card; it acts as if the dealer had played it, so play starts at the dealer's left.
 */
export function dealRound(s: HitTheDeckState, ctx: Ctx, events: Events): void {
  const n = s.options.seats;
  s.round += 1;
  const deck = ctx.rng.shuffle(ALL_CARDS);
  s.hands = s.hands.map(() => []);
  const order = Array.from({ length: n }, (_, i) => (s.dealer + 1 + i) % n);
  for (let i = 0; i < HAND_SIZE; i++) for (const seat of order) s.hands[seat]?.push(deck.pop() as string);
  resetPiles(s, deck);
  events.push({ type: "roundDealt", round: s.round, dealer: s.dealer, deckCount: deck.length });
  for (const seat of order) events.push({ type: "cardsDealt", seat, count: HAND_SIZE, cards: (s.hands[seat] ?? []).slice() });
  turnStartCard(s, ctx, events);
  resolveTop(s, s.dealer, "played", ctx, events);
}

function resetPiles(s: HitTheDeckState, deck: string[]): void {
  s.deck = deck;
  s.discard = [];
  s.faceUp = 0;
  s.direction = 1;
  s.demand = null;
  s.race = null;
  s.lastRace = null;
  s.result = null;
  s.continued = s.continued.map(() => false);
}

/** The top card starts the discard pile; a WITH A HAND is buried in the deck and the next one turned. */
function turnStartCard(s: HitTheDeckState, ctx: Ctx, events: Events): void {
  for (;;) {
    const id = s.deck.pop() as string;
    if (card(id).kind !== "hitHand") {
      layFaceUp(s, id);
      events.push({ type: "startCardTurned", card: id });
      return;
    }
    buryInDeck(s, id, ctx, events);
  }
}

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
 * The hand ends the moment a player has no cards (RULINGS.md). The game ends when someone has
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

/** The deal passes left. */
export function nextRound(s: HitTheDeckState, ctx: Ctx, events: Events): void {
  s.dealer = (s.dealer + 1) % s.options.seats;
  dealRound(s, ctx, events);
}
