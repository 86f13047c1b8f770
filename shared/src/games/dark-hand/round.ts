/**
 * The flow of a hand (docs/rules/dark-hand.md, "A turn", "The final round";
 * docs/rules/common.md, "Turns, dealers, piles"): deal, turns, declarations, the final round after a
 * Skit, settling, players going out and the pause before the next deal.
 */
import type { Ctx } from "../../engine.ts";
import { standardDeck } from "../../cards.ts";
import { darkDeck } from "../../dark-deck.ts";
import { settleHand } from "./payments.ts";
import { aliveFrom, type HandEvent, type HandState } from "./state.ts";

type Events = HandEvent[];

/** The cards a game plays with: the standard deck (Skit Scat) or the Dark deck (Dark Hand). */
export function deckFor(dark: boolean): string[] {
  return dark ? darkDeck() : standardDeck();
}

/**
 * Shuffle, deal 3 cards to each player still in (one at a time from the dealer's left), flip the
 * next card to start the discard pile; the first turn is the dealer's left. A hand dealt as a
 * Skit or Scat is only declared at the end of its holder's turn.
 */
export function dealHand(s: HandState, ctx: Ctx, events: Events): void {
  s.round += 1;
  const deck = ctx.rng.shuffle(deckFor(s.rules.dark));
  const order = aliveFrom(s, s.dealer);
  s.hands = s.hands.map(() => []);
  for (let i = 0; i < 3; i++) for (const seat of order) s.hands[seat]?.push(deck.pop() as string);
  const top = deck.pop() as string;
  s.deck = deck;
  s.discard = [top];
  resetHand(s);
  events.push({ type: "handDealt", round: s.round, dealer: s.dealer, discardTop: top, deckCount: deck.length, order });
  for (const seat of order) events.push({ type: "cardsDealt", seat, count: 3, cards: (s.hands[seat] ?? []).slice() });
  startTurn(s, order[0] as number, ctx, events);
}

/** Jokers go back to the middle of the table at the end of each hand (docs/rules/dark-hand.md). */
function resetHand(s: HandState): void {
  s.jokers = { light: null, dark: null };
  s.hadTurn = s.hadTurn.map(() => false);
  s.melds = [];
  s.skitter = null;
  s.finalTurns = [];
  s.result = null;
  s.continued = s.continued.map(() => false);
}

export function startTurn(s: HandState, seat: number, ctx: Ctx, events: Events): void {
  s.phase = "turn";
  s.turn = seat;
  s.step = "draw";
  s.calledThisTurn = false;
  s.drawnFrom = null;
  s.drawnCard = null;
  s.deadline = ctx.now + s.options.turnMs;
  events.push({ type: "turnStarted", seat, deadline: s.deadline, finalTurn: s.skitter !== null });
}

/** The turn is over: next player, or after the last final-round turn the Skit wins the hand. */
export function endTurn(s: HandState, ctx: Ctx, events: Events): void {
  const seat = s.turn;
  s.hadTurn[seat] = true;
  events.push({ type: "turnEnded", seat });
  if (s.skitter === null) return startTurn(s, aliveFrom(s, seat)[0] ?? seat, ctx, events);
  s.finalTurns = s.finalTurns.filter((x) => x !== seat);
  const next = s.finalTurns[0];
  if (next === undefined) endHand(s, ctx, events);
  else startTurn(s, next, ctx, events);
}

/** A Skit opens the final round: every other player still in gets one more turn, in order. */
export function openFinalRound(s: HandState, ctx: Ctx, events: Events): void {
  const skitter = s.turn;
  s.skitter = skitter;
  s.finalTurns = aliveFrom(s, skitter).filter((x) => x !== skitter);
  events.push({ type: "finalRoundStarted", skitter, seats: s.finalTurns.slice() });
  s.hadTurn[skitter] = true;
  events.push({ type: "turnEnded", seat: skitter });
  startTurn(s, s.finalTurns[0] ?? skitter, ctx, events);
}

/** Settle; then the last player with tokens wins the game and the pot, or the result stays up. */
export function endHand(s: HandState, ctx: Ctx, events: Events): void {
  const result = settleHand(s);
  s.result = result;
  s.turn = -1;
  s.step = null;
  s.drawnFrom = null;
  s.drawnCard = null;
  s.finalTurns = [];
  s.calledThisTurn = false;
  events.push({ type: "handScored", result });
  const goneOut = result.seats.flatMap((r) => (!r.sittingOut && r.out ? [r.seat] : []));
  for (const seat of goneOut) {
    s.out[seat] = true;
    events.push({ type: "playerOut", seat });
  }
  if (goneOut.length > 0) s.eliminated.push(goneOut);
  const alive = s.tokens.flatMap((t, seat) => (!s.out[seat] && t > 0 ? [seat] : []));
  if (alive.length <= 1) return endGame(s, alive[0] ?? result.winner, events);
  s.phase = "roundOver";
  s.deadline = ctx.now + s.options.pauseMs;
  s.continued = s.continued.map(() => false);
}

/** "The last player with tokens wins everything in the Pot." */
function endGame(s: HandState, winner: number, events: Events): void {
  const pot = s.pot;
  s.tokens[winner] = (s.tokens[winner] ?? 0) + pot;
  s.pot = 0;
  s.phase = "gameOver";
  s.deadline = null;
  s.winners = [winner];
  events.push({ type: "gameWon", winner, pot, tokens: s.tokens.slice() });
}

/** The deal passes left, skipping players who are out. */
export function nextHand(s: HandState, ctx: Ctx, events: Events): void {
  s.dealer = aliveFrom(s, s.dealer)[0] ?? s.dealer;
  dealHand(s, ctx, events);
}
