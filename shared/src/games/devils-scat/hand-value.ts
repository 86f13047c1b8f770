/**
 * Hand values (docs/rules/devils-scat.md, "Values"): the highest of the largest same-suit total,
 * 29.5 for three suited number cards in a row, 30.5 for three of a kind; three 6s (the Devil's
 * Scat) are 30.5. A Scat is a hand worth exactly 31.
 */
import { cardRank, cardSuit, cardValue, numberRank } from "./cards.ts";

export const SCAT_VALUE = 31;
export const RUN_VALUE = 29.5;
export const TRIPS_VALUE = 30.5;

/** The largest total of cards sharing one suit. */
export function bestSuitTotal(hand: readonly string[]): number {
  let best = 0;
  for (let i = 0; i < hand.length; i++) {
    const suit = cardSuit(hand[i] as string);
    let total = 0;
    for (const card of hand) if (cardSuit(card) === suit) total += cardValue(card);
    if (total > best) best = total;
  }
  return best;
}

/** Three cards of one rank. */
export function isThreeOfAKind(hand: readonly string[]): boolean {
  if (hand.length !== 3) return false;
  const r = cardRank(hand[0] as string);
  return hand.every((c) => cardRank(c) === r);
}

/** Three 6s: "the Devil's Scat". */
export function isDevilsScat(hand: readonly string[]): boolean {
  return isThreeOfAKind(hand) && cardRank(hand[0] as string) === "6";
}

/** Three number cards (6..10, never J Q K A) of one suit in a row: 6-7-8, 7-8-9 or 8-9-10. */
export function isSuitedRun(hand: readonly string[]): boolean {
  if (hand.length !== 3) return false;
  const suit = cardSuit(hand[0] as string);
  if (!hand.every((c) => cardSuit(c) === suit)) return false;
  const nums = hand.map(numberRank);
  if (nums.some((n) => n === null)) return false;
  const sorted = (nums as number[]).sort((a, b) => a - b);
  return sorted[1] === (sorted[0] as number) + 1 && sorted[2] === (sorted[0] as number) + 2;
}

/** The value of a hand (meaningful for 3 cards; fewer cards count suit totals only). */
export function handValue(hand: readonly string[]): number {
  let value = bestSuitTotal(hand);
  if (isSuitedRun(hand)) value = Math.max(value, RUN_VALUE);
  if (isThreeOfAKind(hand)) value = Math.max(value, TRIPS_VALUE);
  return value;
}

/** A Scat (exactly 31) or a Devil's Scat: revealed at once, ends and wins the round. */
export function isScat(hand: readonly string[]): boolean {
  return hand.length === 3 && (isDevilsScat(hand) || handValue(hand) === SCAT_VALUE);
}

/**
 * The card to discard from a 4-card hand: the one that leaves the best value; among those the
 * lowest-value card (docs/rules/devils-scat.md, "Default action"); among equal values keep favored-suit cards.
 * `forbidden` is the card taken from the discard pile this turn, which may not go back.
 */
export function chooseDiscard(hand: readonly string[], forbidden: string | null, favored: string | null): string {
  let best: string | null = null;
  let bestKey: readonly number[] = [];
  for (const card of hand) {
    if (card === forbidden) continue;
    const rest = hand.filter((c) => c !== card);
    const key = [handValue(rest), isScat(rest) ? 1 : 0, -cardValue(card), cardSuit(card) === favored ? 0 : 1];
    if (best === null || compareKeys(key, bestKey) > 0) {
      best = card;
      bestKey = key;
    }
  }
  if (best === null) throw new Error("no card may be discarded");
  return best;
}

/** The value the hand would have after the best discard. */
export function valueAfterDiscard(hand: readonly string[], forbidden: string | null): number {
  const card = chooseDiscard(hand, forbidden, null);
  return handValue(hand.filter((c) => c !== card));
}

function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
