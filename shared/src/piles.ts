/** Pile handling shared by the draw/discard games. */
import type { Rng } from "./rng.ts";

export interface DeckReshuffled {
  readonly type: "deckReshuffled";
  readonly count: number;
  readonly keptTop: string;
}

/**
 * A draw pile that runs out mid-hand: keep the top discard and shuffle the rest of the discard
 * pile into a new draw pile (docs/rules/common.md, "Turns, dealers, piles"). Mutates `piles`; returns the
 * event, or null when the draw pile was not empty or there was nothing to shuffle.
 */
export function refillDrawPile(piles: { deck: string[]; discard: string[] }, rng: Rng): DeckReshuffled | null {
  if (piles.deck.length > 0 || piles.discard.length < 2) return null;
  const top = piles.discard.pop() as string;
  piles.deck = rng.shuffle(piles.discard);
  piles.discard = [top];
  return { type: "deckReshuffled", count: piles.deck.length, keptTop: top };
}
