/**
 * Devil's Scat cards (docs/rules/devils-scat.md, "The cards"): 5 suits x 9 ranks = 45 game cards, written
 * rank then suit like the shared notation (`"10G"`, `"AX"`, `"6H"`).
 */
import { splitCard } from "../../cards.ts";

/** H hearts, S stars, G gems, W swirls, X skulls. */
export const SUITS = ["H", "S", "G", "W", "X"] as const;
export type Suit = (typeof SUITS)[number];

export const SUIT_NAMES: Readonly<Record<Suit, string>> = {
  H: "hearts",
  S: "stars",
  G: "gems",
  W: "swirls",
  X: "skulls",
};

export const RANKS = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"] as const;
export type Rank = (typeof RANKS)[number];

/** Aces 11, J Q K 10, number cards their face value. */
const RANK_VALUES: Readonly<Record<Rank, number>> = {
  "6": 6,
  "7": 7,
  "8": 8,
  "9": 9,
  "10": 10,
  J: 10,
  Q: 10,
  K: 10,
  A: 11,
};

/** Only 6..10 are "numbers" for a suited run (face cards and Aces never are). */
const NUMBER_ORDER: Readonly<Partial<Record<Rank, number>>> = { "6": 6, "7": 7, "8": 8, "9": 9, "10": 10 };

export function isSuit(s: string): s is Suit {
  return (SUITS as readonly string[]).includes(s);
}

export function isRank(r: string): r is Rank {
  return (RANKS as readonly string[]).includes(r);
}

/** True for a well-formed Devil's Scat card id such as `"10G"`. */
export function isCard(card: string): boolean {
  const { rank, suit } = splitCard(card);
  return isRank(rank) && isSuit(suit);
}

export function cardSuit(card: string): Suit {
  return card.charAt(card.length - 1) as Suit;
}

export function cardRank(card: string): Rank {
  return card.slice(0, -1) as Rank;
}

export function cardValue(card: string): number {
  return VALUES.get(card) ?? RANK_VALUES[cardRank(card)] ?? 0;
}

/** The run position of a number card (6..10), or null for J, Q, K, A. */
export function numberRank(card: string): number | null {
  return NUMBER_ORDER[cardRank(card)] ?? null;
}

/** The game cards of the given suits, suit by suit. */
export function gameDeck(suits: readonly Suit[] = SUITS): string[] {
  return suits.flatMap((s) => RANKS.map((r) => `${r}${s}`));
}

/** All 45 card ids. */
export const ALL_CARDS: readonly string[] = gameDeck();

/** Card values by id, precomputed: hand values are evaluated on every bot and timeout decision. */
const VALUES: ReadonlyMap<string, number> = new Map(ALL_CARDS.map((c) => [c, RANK_VALUES[cardRank(c)]]));
