/**
 * The start of a hand (docs/rules/scatterbrain.md, "Dealing", "Mercy hand", "The hole card"):
 * the face-up deal and its memorise phase, the mercy hand, the simultaneous hole-card choice and
 * the first discard.
 */
import type { Ctx } from "../../engine.ts";
import { ALL_CARDS, straightKind } from "./cards.ts";
import { endHand, scoreStraight } from "./hand-end.ts";
import { startTurn } from "./turn.ts";
import { emptyTally, seatsFrom, type ScatterbrainEvent, type ScatterbrainState } from "./state.ts";

type Events = ScatterbrainEvent[];

/** Cards dealt to each player. */
export const HAND_SIZE = 7;

/**
 * Shuffle, deal 7 cards to each player one at a time from the dealer's left, face up for everyone
 * to memorise. A player dealt a straight makes it a mercy hand.
 */
export function dealHand(s: ScatterbrainState, ctx: Ctx, events: Events): void {
  const deck = ctx.rng.shuffle(ALL_CARDS);
  const order = seatsFrom(s, s.dealer);
  resetHand(s);
  for (let i = 0; i < HAND_SIZE; i++) for (const seat of order) s.hands[seat]?.push(deck.pop() as string);
  s.deck = deck;
  s.dealt = s.hands.map((h) => h.slice());
  s.ledger = s.hands.flatMap((hand, seat) => hand.map((card) => ({ card, seat, dealt: true })));
  const mercy = order.filter((seat) => straightKind(s.hands[seat] ?? []) !== null);
  s.phase = "memorise";
  s.deadline = mercy.length > 0 ? null : ctx.now + s.options.memoriseMs;
  events.push({ type: "handDealt", hand: s.hand, dealer: s.dealer, hands: s.dealt.map((h) => h.slice()), deadline: s.deadline });
  if (mercy.length > 0) mercyHand(s, mercy, ctx, events);
}

function resetHand(s: ScatterbrainState): void {
  const n = s.options.seats;
  s.hand += 1;
  s.turn = -1;
  s.step = null;
  s.hands = Array.from({ length: n }, () => []);
  s.holes = new Array<string | null>(n).fill(null);
  s.discard = [];
  s.ledger = [];
  s.misses = [];
  s.called = new Array<null>(n).fill(null);
  s.out = new Array<boolean>(n).fill(false);
  s.trophies = Array.from({ length: n }, () => []);
  s.holesWon = Array.from({ length: n }, () => []);
  s.captured = Array.from({ length: n }, () => []);
  s.tally = Array.from({ length: n }, emptyTally);
  s.drawnFrom = null;
  s.drawnCard = null;
  s.deckOut = null;
  s.finalGuessers = [];
  s.lastGuess = null;
  s.result = null;
  s.continued = new Array<boolean>(n).fill(false);
}

/** Mercy hand: every straight dealt scores at once (10 x its multiplier); the same dealer deals again. */
function mercyHand(s: ScatterbrainState, seats: readonly number[], ctx: Ctx, events: Events): void {
  events.push({ type: "mercyHand", seats: seats.slice(), straights: seats.map((seat) => (s.hands[seat] ?? []).slice()) });
  for (const seat of seats) scoreStraight(s, seat, s.hands[seat] ?? []);
  endHand(s, "mercy", ctx, events);
}

/** Memorise deadline: everyone picks up their cards and chooses a hole card, all at once. */
export function pickUp(s: ScatterbrainState, ctx: Ctx, events: Events): void {
  s.phase = "chooseHole";
  s.deadline = ctx.now + s.options.turnMs;
  events.push({ type: "cardsPickedUp", deadline: s.deadline });
}

/** The hole card leaves the hand face down; when the last player has chosen, play begins. */
export function chooseHole(s: ScatterbrainState, seat: number, card: string, timedOut: boolean, ctx: Ctx, events: Events): void {
  s.hands[seat] = (s.hands[seat] ?? []).filter((c) => c !== card);
  s.holes[seat] = card;
  events.push({ type: "holeChosen", seat, card, timedOut });
  if (s.holes.every((h) => h !== null)) startPlay(s, ctx, events);
}

/** Default hole card on timeout: a random card of the hand (docs/rules/scatterbrain.md, "The hole card"). */
export function chooseMissingHoles(s: ScatterbrainState, ctx: Ctx, events: Events): void {
  for (let seat = 0; seat < s.options.seats; seat++) {
    if (s.holes[seat] === null && s.phase === "chooseHole") chooseHole(s, seat, ctx.rng.pick(s.hands[seat] ?? []), true, ctx, events);
  }
}

/** A card is flipped from the deck to start the discard pile; play starts at the dealer's left. */
function startPlay(s: ScatterbrainState, ctx: Ctx, events: Events): void {
  const card = s.deck.pop() as string;
  s.discard.push(card);
  events.push({ type: "discardStarted", card });
  startTurn(s, (s.dealer + 1) % s.options.seats, ctx, events);
}
