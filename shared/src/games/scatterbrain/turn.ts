/**
 * Turns (docs/rules/scatterbrain.md, "Playing the hand", "Calling",
 * "Guessing"): draw from the deck or take the top discard, discard face up, call
 * "Scatterbrain" on a 7-card straight; callers guess instead; the deck running out.
 */
import type { Ctx } from "../../engine.ts";
import { straightKind } from "./cards.ts";
import { endHand, scoreStraight } from "./hand-end.ts";
import { forget, isOpen, seatsFrom, type DrawSource, type ScatterbrainEvent, type ScatterbrainState } from "./state.ts";

type Events = ScatterbrainEvent[];

/** A caller's later turns are guesses (timed by guessMs); everyone else draws and discards. */
export function startTurn(s: ScatterbrainState, seat: number, ctx: Ctx, events: Events): void {
  const guessing = s.deckOut !== null || s.called[seat] !== null;
  s.phase = guessing ? "guess" : "turn";
  s.step = guessing ? null : "draw";
  s.turn = seat;
  s.drawnFrom = null;
  s.drawnCard = null;
  s.deadline = ctx.now + (guessing ? s.options.guessMs : s.options.turnMs);
  events.push({ type: "turnStarted", seat, guessing, deadline: s.deadline });
}

/**
 * After a turn: the hand ends when nobody is left who has not called (nothing to draw or guess
 * at; README, "Gaps closed"); an empty deck starts an end-of-deck procedure; otherwise the next
 * player still in the hand plays.
 */
export function nextTurn(s: ScatterbrainState, after: number, ctx: Ctx, events: Events): void {
  if (!s.out.some((_, seat) => isOpen(s, seat))) return endHand(s, "noneLeft", ctx, events);
  if (s.deck.length === 0) return deckExhausted(s, after, ctx, events);
  const next = seatsFrom(s, after).find((seat) => !s.out[seat]) as number;
  startTurn(s, next, ctx, events);
}

/**
 * The deck ends. Nobody has called: players guess in turn from the player whose turn was next
 * until a hole card is found. Someone has called: each caller, in turn order from the next
 * player, guesses once; then the hand ends.
 */
function deckExhausted(s: ScatterbrainState, after: number, ctx: Ctx, events: Events): void {
  const order = seatsFrom(s, after).filter((seat) => !s.out[seat]);
  const anyCall = s.called.some((k) => k !== null);
  s.deckOut = anyCall ? "afterCall" : "noCall";
  s.finalGuessers = anyCall ? order.filter((seat) => s.called[seat] !== null) : [];
  events.push({ type: "deckExhausted", procedure: s.deckOut, guessers: anyCall ? s.finalGuessers.slice() : order });
  if (anyCall) nextFinalGuess(s, ctx, events);
  else startTurn(s, order[0] as number, ctx, events);
}

/** afterCall: the next caller makes their one guess; when all have (or nobody is left to guess at), the hand ends. */
export function nextFinalGuess(s: ScatterbrainState, ctx: Ctx, events: Events): void {
  const next = s.finalGuessers.shift();
  if (next === undefined || !s.out.some((_, seat) => isOpen(s, seat))) return endHand(s, "deckOut", ctx, events);
  startTurn(s, next, ctx, events);
}

/** Draw the top card of the deck or the top discard; the table learns which (and the discard taken). */
export function draw(s: ScatterbrainState, from: DrawSource, events: Events): void {
  const seat = s.turn;
  const card = (from === "deck" ? s.deck.pop() : s.discard.pop()) as string;
  s.hands[seat]?.push(card);
  s.drawnFrom = from;
  s.drawnCard = card;
  s.step = "discard";
  if (from === "discard") s.ledger.push({ card, seat, dealt: false });
  events.push({ type: "cardDrawn", seat, from, card });
}

/** Discard face up (every discard stays visible); holding a straight, the player may then call. */
export function discard(s: ScatterbrainState, card: string, ctx: Ctx, events: Events): void {
  const seat = s.turn;
  s.hands[seat] = (s.hands[seat] ?? []).filter((c) => c !== card);
  s.discard.push(card);
  s.ledger = forget(s.ledger, card);
  events.push({ type: "cardDiscarded", seat, card });
  if (straightKind(straightOf(s, seat)) !== null) s.step = "call";
  else nextTurn(s, seat, ctx, events);
}

/** The 6 hand cards plus the hole card. */
export function straightOf(s: ScatterbrainState, seat: number): string[] {
  const hole = s.holes[seat];
  return [...(s.hands[seat] ?? []), ...(hole === null || hole === undefined ? [] : [hole])];
}

/** "Scatterbrain": the straight goes face up (+10 x multiplier); this player only guesses from now on. */
export function callScatterbrain(s: ScatterbrainState, ctx: Ctx, events: Events): void {
  const seat = s.turn;
  const cards = straightOf(s, seat);
  const { kind, multiplier, points } = scoreStraight(s, seat, cards);
  s.ledger = forget(s.ledger, ...cards);
  events.push({ type: "scatterbrainCalled", seat, cards, hole: s.holes[seat] as string, kind, multiplier, points });
  nextTurn(s, seat, ctx, events);
}

export function declineCall(s: ScatterbrainState, ctx: Ctx, events: Events): void {
  events.push({ type: "callDeclined", seat: s.turn });
  nextTurn(s, s.turn, ctx, events);
}
