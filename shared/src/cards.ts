/**
 * Card notation shared by tests, logs and fixtures: rank then suit, `"10H QS AC"`.
 * Standard ranks `A 2..10 J Q K`, suits `C D H S`. Dark (double-sided) cards are written as
 * light/dark pairs: `"4H/10D"` (see dark-deck.ts).
 */
export const STANDARD_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"] as const;
export const STANDARD_SUITS = ["C", "D", "H", "S"] as const;
export type StandardRank = (typeof STANDARD_RANKS)[number];
export type StandardSuit = (typeof STANDARD_SUITS)[number];

export interface ParsedCard<R extends string = string, S extends string = string> {
  readonly rank: R;
  readonly suit: S;
}

/** Splits `"10H"` into rank `"10"` and suit `"H"` (the suit is always the last character). */
export function splitCard(card: string): ParsedCard {
  return { rank: card.slice(0, -1), suit: card.slice(-1) };
}

/** Parses space-separated notation: `cards("10H QS AC")` -> `["10H","QS","AC"]`. */
export function cards(notation: string): string[] {
  return notation
    .trim()
    .split(/\s+/)
    .filter((c) => c.length > 0);
}

/** Formats cards back to notation. */
export function notation(list: readonly string[]): string {
  return list.join(" ");
}

/** The standard 52-card deck in notation, suit by suit. */
export function standardDeck(): string[] {
  return STANDARD_SUITS.flatMap((s) => STANDARD_RANKS.map((r) => `${r}${s}`));
}

export function isStandardCard(card: string): boolean {
  const { rank, suit } = splitCard(card);
  return (STANDARD_RANKS as readonly string[]).includes(rank) && (STANDARD_SUITS as readonly string[]).includes(suit);
}

/** Position of a standard rank with Ace low (A=1 .. K=13). */
export function rankOrdinal(rank: string): number {
  return (STANDARD_RANKS as readonly string[]).indexOf(rank) + 1;
}
