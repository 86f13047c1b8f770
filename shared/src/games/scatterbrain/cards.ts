/**
 * Scatterbrain cards and straights (docs/rules/scatterbrain.md, "Players and options",
 * "Straights"): all 52 standard cards in the shared notation (`10H QS AC`).
 */
import { rankOrdinal, standardDeck } from "../../cards.ts";

/** All 52 card ids, suit by suit. */
export const ALL_CARDS: readonly string[] = standardDeck();
const CARD_SET: ReadonlySet<string> = new Set(ALL_CARDS);

export const STRAIGHT_KINDS = ["plain", "pure", "top"] as const;
/** plain: mixed colours; pure: one colour; top: one suit. */
export type StraightKind = (typeof STRAIGHT_KINDS)[number];

/** Pure doubles, Top triples all points that player scores in the hand (a Top is never also x2). */
export const MULTIPLIERS: Readonly<Record<StraightKind, number>> = { plain: 1, pure: 2, top: 3 };

/** Cards in a straight (6 in hand + the hole card). */
export const STRAIGHT_LENGTH = 7;

export const isCard = (card: string): boolean => CARD_SET.has(card);
export const cardSuit = (card: string): string => card.slice(-1);
const RED = new Set(["H", "D"]);
export const isRed = (card: string): boolean => RED.has(cardSuit(card));

/** Rank A=1 .. K=13 (Ace low). */
export const rankOf = (card: string): number => rankOrdinal(card.slice(0, -1));

/** The rank positions a card may take in a run: an Ace is 1 (low) or 14 (high), never both at once. */
export function positions(card: string): number[] {
  const r = rankOf(card);
  return r === 1 ? [1, 14] : [r];
}

/** Seven consecutive ranks with Ace low (A..7) or Ace high (8..A), suits mixed. */
export function isStraight(cards: readonly string[]): boolean {
  if (cards.length !== STRAIGHT_LENGTH) return false;
  return [false, true].some((aceHigh) => {
    const ranks = cards.map((c) => (aceHigh && rankOf(c) === 1 ? 14 : rankOf(c)));
    const distinct = new Set(ranks);
    return distinct.size === STRAIGHT_LENGTH && Math.max(...ranks) - Math.min(...ranks) === STRAIGHT_LENGTH - 1;
  });
}

/** The kind of a 7-card straight, or null when the cards are not one. */
export function straightKind(cards: readonly string[]): StraightKind | null {
  if (!isStraight(cards)) return null;
  const first = cards[0] as string;
  if (cards.every((c) => cardSuit(c) === cardSuit(first))) return "top";
  if (cards.every((c) => isRed(c) === isRed(first))) return "pure";
  return "plain";
}

/** Lowest rank of each possible 7-rank window: 1 (A..7) to 8 (8..A). */
export const WINDOW_STARTS: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8];

export function inWindow(card: string, start: number): boolean {
  return positions(card).some((p) => p >= start && p < start + STRAIGHT_LENGTH);
}

/** Distinct ranks of `cards` inside the window starting at `start`. */
export function coverage(cards: readonly string[], start: number): number {
  const ranks = new Set<number>();
  for (const c of cards) for (const p of positions(c)) if (p >= start && p < start + STRAIGHT_LENGTH) ranks.add(p);
  return ranks.size;
}

/** Sorted by rank (Ace low) then suit, for showing a straight. */
export function sortCards(cards: readonly string[]): string[] {
  return cards.slice().sort((a, b) => rankOf(a) - rankOf(b) || cardSuit(a).localeCompare(cardSuit(b)));
}
