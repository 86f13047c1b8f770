/**
 * Guessing (docs/rules/scatterbrain.md, "Guessing",
 * "The deck ends"). A guess names only a card none of the guesser can see; it hits whichever
 * opponent still in the hand (not out, not called) holds it:
 * - in an opponent's hand: +2; that opponent hands it over, it lies face up before the guesser as
 *   a trophy and the opponent draws a replacement if the deck has one. After the deck ran out: it
 *   goes face up on the discard pile instead, for no points;
 * - an opponent's hole card: +20; that opponent is out of the hand, their hand goes face down to
 *   the guesser (who may not look), the hole card face up;
 * - anywhere else (the deck, a knocked-out player's face-down hand): nothing happens.
 * Callers' cards are face up, so they can never be named (legal.ts).
 */
import type { Ctx } from "../../engine.ts";
import { addPoints, endHand, POINTS } from "./hand-end.ts";
import { hidingOpponents } from "./legal.ts";
import { nextFinalGuess, nextTurn, startTurn } from "./turn.ts";
import { forget, type GuessOutcome, type LastGuess, type ScatterbrainEvent, type ScatterbrainState, type Tally } from "./state.ts";

type Events = ScatterbrainEvent[];

/** Where `card` is among `seat`'s opponents still hiding cards: the holder and whether it is their hole card. */
export function locate(s: ScatterbrainState, seat: number, card: string): { holder: number | null; outcome: GuessOutcome } {
  for (const t of hidingOpponents(s, seat)) {
    if (s.holes[t] === card) return { holder: t, outcome: "hole" };
    if ((s.hands[t] ?? []).includes(card)) return { holder: t, outcome: "hand" };
  }
  return { holder: null, outcome: "miss" };
}

export function guess(s: ScatterbrainState, card: string, ctx: Ctx, events: Events): void {
  const seat = s.turn;
  const { holder, outcome } = locate(s, seat, card);
  const tally = s.tally[seat] as Tally;
  let points = 0;
  if (outcome === "hole") {
    tally.holeHits += 1;
    points = addPoints(s, seat, POINTS.holeCard);
  } else if (outcome === "hand" && s.deckOut === null) {
    tally.handHits += 1;
    points = addPoints(s, seat, POINTS.handCard);
  }
  const last: LastGuess = { seat, card, outcome, holder, points, deckOut: s.deckOut };
  s.lastGuess = last;
  events.push({ type: "cardGuessed", guess: last });
  if (holder === null) s.misses.push(card);
  else if (outcome === "hole") takeHole(s, seat, holder, events);
  else takeHandCard(s, seat, holder, card, events);
  afterGuess(s, seat, outcome, ctx, events);
}

/** No guess this turn (a caller may pass; the default on timeout). */
export function skipGuess(s: ScatterbrainState, ctx: Ctx, events: Events): void {
  events.push({ type: "guessSkipped", seat: s.turn });
  afterGuess(s, s.turn, "miss", ctx, events);
}

function takeHandCard(s: ScatterbrainState, seat: number, holder: number, card: string, events: Events): void {
  s.hands[holder] = (s.hands[holder] ?? []).filter((c) => c !== card);
  s.ledger = forget(s.ledger, card);
  if (s.deckOut !== null) {
    s.discard.push(card);
    return;
  }
  s.trophies[seat]?.push(card);
  const replacement = s.deck.pop();
  if (replacement === undefined) return;
  s.hands[holder]?.push(replacement);
  events.push({ type: "replacementDrawn", seat: holder, card: replacement });
}

function takeHole(s: ScatterbrainState, seat: number, holder: number, events: Events): void {
  const hand = s.hands[holder] ?? [];
  s.holesWon[seat]?.push(s.holes[holder] as string);
  s.captured[seat]?.push(...hand);
  s.hands[holder] = [];
  s.holes[holder] = null;
  s.out[holder] = true;
  s.ledger = s.ledger.filter((e) => e.seat !== holder);
  events.push({ type: "playerOutOfHand", seat: holder, by: seat, cards: hand.length });
}

/**
 * During play the turn passes on. noCall: the first hole card found ends the hand, else the next
 * player guesses. afterCall: the next caller makes their one guess.
 */
function afterGuess(s: ScatterbrainState, seat: number, outcome: GuessOutcome, ctx: Ctx, events: Events): void {
  if (s.deckOut === null) return nextTurn(s, seat, ctx, events);
  if (s.deckOut === "afterCall") return nextFinalGuess(s, ctx, events);
  if (outcome === "hole") return endHand(s, "holeGuessed", ctx, events);
  startTurn(s, (seat + 1) % s.options.seats, ctx, events);
}
