/**
 * The flow of a round (docs/rules/devils-scat.md; docs/rules/common.md, "Turns, dealers, piles"): deal, turns, the
 * knock's last turns, instant Scats, scoring and the pause before the next deal.
 */
import type { Ctx } from "../../engine.ts";
import { gameDeck } from "./cards.ts";
import { isDevilsScat, handValue, isScat } from "./hand-value.ts";
import { targetFor } from "./options.ts";
import { gameWinners, scoreRound } from "./scoring.ts";
import { aliveFrom, nextAlive, type DevilsScatEvent, type DevilsScatState } from "./state.ts";

type Events = DevilsScatEvent[];

/**
 * Shuffle all game cards, deal 3 to each player still in (from the dealer's left), flip one to
 * start the discard pile, flip a favored-suit card; then reveal any Scat dealt (first in turn
 * order wins) or start the first turn at the dealer's left.
 */
export function dealRound(s: DevilsScatState, ctx: Ctx, events: Events): void {
  s.round += 1;
  const deck = ctx.rng.shuffle(gameDeck(s.suits));
  const order = aliveFrom(s, s.dealer);
  s.hands = s.hands.map(() => []);
  for (let i = 0; i < 3; i++) for (const seat of order) s.hands[seat]?.push(deck.pop() as string);
  const top = deck.pop() as string;
  s.deck = deck;
  s.discard = [top];
  s.favored = ctx.rng.shuffle(s.suits)[0] ?? s.favored;
  resetRound(s);
  events.push({ type: "roundDealt", round: s.round, dealer: s.dealer, favored: s.favored, discardTop: top, deckCount: deck.length });
  for (const seat of order) events.push({ type: "handDealt", seat, count: 3, cards: (s.hands[seat] ?? []).slice() });
  const scat = order.find((seat) => isScat(s.hands[seat] ?? []));
  if (scat !== undefined) revealScat(s, scat, ctx, events);
  else startTurn(s, order[0] as number, ctx, events);
}

function resetRound(s: DevilsScatState): void {
  s.knocker = null;
  s.lastTurns = [];
  s.drawnFrom = null;
  s.drawnCard = null;
  s.result = null;
  s.turnCount = 0;
  s.continued = s.continued.map(() => false);
}

export function startTurn(s: DevilsScatState, seat: number, ctx: Ctx, events: Events): void {
  s.phase = "turn";
  s.turn = seat;
  s.turnCount += 1;
  s.drawnFrom = null;
  s.drawnCard = null;
  s.deadline = ctx.now + s.options.turnMs;
  events.push({ type: "turnStarted", seat, deadline: s.deadline, lastTurn: s.knocker !== null });
}

/** After a discard or a knock: next player, or after the knock's last turns the round ends. */
export function endTurn(s: DevilsScatState, ctx: Ctx, events: Events): void {
  if (s.knocker === null) return startTurn(s, nextAlive(s, s.turn), ctx, events);
  s.lastTurns = s.lastTurns.filter((seat) => seat !== s.turn);
  const next = s.lastTurns[0];
  if (next === undefined) endRound(s, null, ctx, events);
  else startTurn(s, next, ctx, events);
}

/** A knock ends the knocker's turn; every other player gets exactly one more turn, in order. */
export function knock(s: DevilsScatState, ctx: Ctx, events: Events): void {
  s.knocker = s.turn;
  s.lastTurns = aliveFrom(s, s.turn).filter((seat) => seat !== s.turn);
  events.push({ type: "knocked", seat: s.turn, lastTurns: s.lastTurns.slice() });
  endTurn(s, ctx, events);
}

export function revealScat(s: DevilsScatState, seat: number, ctx: Ctx, events: Events): void {
  const hand = (s.hands[seat] ?? []).slice();
  events.push({ type: "scatRevealed", seat, hand, value: handValue(hand), devilsScat: isDevilsScat(hand) });
  endRound(s, seat, ctx, events);
}

/** Score the round; then the game is over, or the result stays up for `pauseMs`. */
export function endRound(s: DevilsScatState, scatSeat: number | null, ctx: Ctx, events: Events): void {
  const wasOut = s.out.slice();
  const result = scoreRound(s, scatSeat);
  s.result = result;
  s.turn = -1;
  s.drawnFrom = null;
  s.drawnCard = null;
  s.lastTurns = [];
  events.push({ type: "roundScored", result });
  for (const r of result.seats) {
    if (r.out && !wasOut[r.seat]) {
      s.out[r.seat] = true;
      s.eliminated.push(r.seat);
      events.push({ type: "playerEliminated", seat: r.seat });
    }
  }
  const winners = gameWinners(s, result, targetFor(s.options.seats));
  if (winners.length > 0) {
    s.phase = "gameOver";
    s.deadline = null;
    s.winners = winners;
    events.push({ type: "gameWon", winners: winners.slice(), scores: (s.options.classic ? s.lives : s.scores).slice() });
    return;
  }
  s.phase = "roundOver";
  s.deadline = ctx.now + s.options.pauseMs;
  s.continued = s.continued.map(() => false);
}

/** The deal passes left, skipping players who are out. */
export function nextRound(s: DevilsScatState, ctx: Ctx, events: Events): void {
  s.dealer = nextAlive(s, s.dealer);
  dealRound(s, ctx, events);
}
