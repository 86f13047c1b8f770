/**
 * The deal (docs/rules/hit-the-deck.md, "The start"; docs/rules/common.md): shuffle, deal, turn
 * the start card and let it take effect. Above `effects.ts` in the import order (it resolves the
 * start card), so nothing the effects reach imports this file.
 */
import type { Ctx } from "../../engine.ts";
import { ALL_CARDS, card } from "./cards.ts";
import { resolveTop } from "./effects.ts";
import { buryInDeck, layFaceUp } from "./piles.ts";
import type { HitTheDeckEvent, HitTheDeckState } from "./state.ts";

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

/** The deal passes left. */
export function nextRound(s: HitTheDeckState, ctx: Ctx, events: Events): void {
  s.dealer = (s.dealer + 1) % s.options.seats;
  dealRound(s, ctx, events);
}
