/**
 * Dark Hearts card facts on the double-sided Dark deck (docs/rules/dark-hearts.md;
 * docs/rules/common.md, "The double-sided Dark deck"). A card is one `light/dark` id; what counts in
 * a trick is its face in the trick's shade.
 */
import { splitCard } from "../../cards.ts";
import { byDark, darkDeck, face, type Shade } from "../../dark-deck.ts";

export { SHADES, type Shade } from "../../dark-deck.ts";

/** Every card of the game (the whole 52-card Dark deck, Jokers removed). */
export const ALL_CARDS: readonly string[] = darkDeck();

/** Aces are high, 2s are low (docs/rules/dark-hearts.md, "Tricks"). */
const RANK_ORDER = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"] as const;
/** Hand order: clubs, diamonds, spades, hearts by the Light face (a display choice). */
const SUIT_ORDER = ["C", "D", "S", "H"] as const;

/** 2..14 (Ace 14); 0 for a face that is not a card. */
export function rankValue(f: string): number {
  return (RANK_ORDER as readonly string[]).indexOf(splitCard(f).rank) + 2;
}

export function suitOf(f: string): string {
  return splitCard(f).suit;
}

/** Each Heart 1 point, the Queen of Spades 13 (docs/rules/dark-hearts.md, "Points"). */
export function pointValue(f: string): number {
  if (f === "QS") return 13;
  return suitOf(f) === "H" ? 1 : 0;
}

export function isPointFace(f: string): boolean {
  return pointValue(f) > 0;
}

/** Points of a card in a shade: only its face in that shade counts. */
export function cardPoints(card: string, shade: Shade): number {
  return pointValue(face(card, shade));
}

const sortKey = (card: string): number => {
  const f = face(card, "light");
  return (SUIT_ORDER as readonly string[]).indexOf(suitOf(f)) * 20 + rankValue(f);
};
const SORTED: readonly string[] = [...ALL_CARDS].sort((a, b) => sortKey(a) - sortKey(b));
const ORDER = new Map(SORTED.map((c, i) => [c, i]));

/** Canonical position of a card (hands are kept in this order); unknown ids sort last. */
export function cardOrder(card: string): number {
  return ORDER.get(card) ?? ALL_CARDS.length;
}

/** A sorted copy in hand order (unknown ids last, by text, so the order is total). */
export function sortCards(list: readonly string[]): string[] {
  const known = list.map(cardOrder);
  if (known.every((i) => i < SORTED.length)) return known.sort((a, b) => a - b).map((i) => SORTED[i] as string);
  return list.slice().sort((a, b) => cardOrder(a) - cardOrder(b) || (a < b ? -1 : a > b ? 1 : 0));
}

export function isCard(card: string): boolean {
  return ORDER.has(card);
}

/**
 * The opening lead: the Dark 2 of Clubs; with three players, when it is the face-down leftover,
 * the Dark 3 of Clubs (docs/rules/dark-hearts.md, "Tricks").
 */
export const OPENING_CARD = byDark("2C");
export const OPENING_FALLBACK = byDark("3C");

/** The lowest card by its face in `shade` (ties: earlier in hand order). */
export function lowestIn(list: readonly string[], shade: Shade): string | undefined {
  let best: string | undefined;
  for (const c of list) if (best === undefined || rankValue(face(c, shade)) < rankValue(face(best, shade))) best = c;
  return best;
}
