/**
 * The draw and discard piles: drawing with the reshuffle, penalty draws, CUT and FLIP
 * (docs/rules/hit-the-deck.md; docs/rules/common.md, "Turns, dealers, piles").
 */
import type { Ctx } from "../../engine.ts";
import { card } from "./cards.ts";
import type { HitTheDeckEvent, HitTheDeckState, PenaltyReason } from "./state.ts";

type Events = HitTheDeckEvent[];

/** A random index in the middle half of a pile of `n` cards (0 when n <= 1). */
export function middleHalf(n: number, ctx: Ctx): number {
  const lo = Math.floor(n / 4);
  const hi = Math.max(lo + 1, Math.ceil((3 * n) / 4));
  return Math.min(n - 1, lo + ctx.rng.int(hi - lo));
}

/** A card goes face up on the discard pile and everyone sees it. */
export function layFaceUp(s: HitTheDeckState, id: string): void {
  s.discard.push(id);
  s.faceUp += 1;
  s.shown.push(id);
}

/**
 * Draw pile empty: keep the top discard, shuffle the rest into a new draw pile (docs/rules/common.md,
 * "Turns, dealers, piles"). False when there is still nothing to draw.
 */
export function refillDeck(s: HitTheDeckState, ctx: Ctx, events: Events): boolean {
  if (s.deck.length > 0) return true;
  if (s.discard.length <= 1) return false;
  const top = s.discard.pop() as string;
  s.deck = ctx.rng.shuffle(s.discard);
  s.discard = [top];
  s.faceUp = 1;
  events.push({ type: "deckReshuffled", count: s.deck.length, keptTop: top });
  return true;
}

export function drawOne(s: HitTheDeckState, ctx: Ctx, events: Events): string | null {
  return refillDeck(s, ctx, events) ? (s.deck.pop() as string) : null;
}

/** Penalty cards (race 4, missed call 4, fake-out 2); fewer when the piles run dry. */
export function drawPenalty(s: HitTheDeckState, seat: number, count: number, reason: PenaltyReason, ctx: Ctx, events: Events): void {
  const drawn: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = drawOne(s, ctx, events);
    if (id === null) break;
    drawn.push(id);
  }
  s.hands[seat]?.push(...drawn);
  events.push({ type: "penaltyDrawn", seat, reason, count: drawn.length, cards: drawn });
}

/** CUT THE DECK: a random card from the middle half of the draw pile goes face up on the discard pile. */
export function cutDeck(s: HitTheDeckState, ctx: Ctx, events: Events): string | null {
  if (!refillDeck(s, ctx, events)) return null;
  const [id] = s.deck.splice(middleHalf(s.deck.length, ctx), 1) as [string];
  layFaceUp(s, id);
  return id;
}

/**
 * FLIP THE DECK, flipped by `flipper` (direction already reversed): both piles are turned over and
 * swap places, so the old draw pile's bottom card is the new top discard and the old discard
 * pile's bottom card the new top of the draw pile. An empty draw pile is first refilled by the
 * reshuffle; with nothing to flip, nothing moves. Returns the exposed top card, or null.
 */
export function flipPiles(s: HitTheDeckState, flipper: number, ctx: Ctx, events: Events): string | null {
  if (!refillDeck(s, ctx, events)) {
    events.push({ type: "deckFlipped", seat: flipper, card: null, direction: s.direction });
    return null;
  }
  const oldDiscard = s.discard;
  s.discard = s.deck.reverse();
  s.deck = oldDiscard.reverse();
  s.faceUp = 1;
  const exposed = s.discard[s.discard.length - 1] as string;
  s.shown.push(exposed);
  events.push({ type: "deckFlipped", seat: flipper, card: exposed, direction: s.direction });
  buryExposedFlips(s, ctx, events);
  return s.discard[s.discard.length - 1] as string;
}

/**
 * A FLIP exposed by FLIP is buried in the middle of that pile and the card under it exposed
 * (docs/rules/hit-the-deck.md, "Flip the deck"). Every FLIP above the topmost other card is buried
 * below it, one by one; a pile of nothing but FLIPs stays as it is (its top FLIP then does nothing).
 */
function buryExposedFlips(s: HitTheDeckState, ctx: Ctx, events: Events): void {
  let j = s.discard.length - 1;
  while (j >= 0 && card(s.discard[j] as string).kind === "flip") j -= 1;
  if (j < 0) return;
  while (s.discard.length - 1 > j) {
    const id = s.discard.pop() as string;
    const exposed = s.discard[s.discard.length - 1] as string;
    s.shown.push(exposed);
    events.push({ type: "cardBuried", card: id, pile: "discard", exposed });
    // Any index up to the top's own keeps the newly exposed card on top.
    s.discard.splice(middleHalf(j + 1, ctx), 0, id);
    j += 1;
  }
}

/** A card turned up and put back into the middle of the draw pile (the start card WITH A HAND). */
export function buryInDeck(s: HitTheDeckState, id: string, ctx: Ctx, events: Events): void {
  s.shown.push(id);
  events.push({ type: "cardBuried", card: id, pile: "deck", exposed: null });
  s.deck.splice(middleHalf(s.deck.length, ctx), 0, id);
}
