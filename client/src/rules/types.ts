/**
 * How to play, as data: one `GameRules` per game (`rules/<game>.ts`), shown by the rules panel
 * (ui/rules-panel.ts) from the lobby and from the table's `?`. Written in our own words from the
 * games' table rules and each engine's README (docs/rules/<game>.md shows the same text); card examples use the game's own card art.
 */
import type { GameId } from "@scat/shared";

/** Which card art draws the examples: the five-suit deck, standard, Dark (light/dark ids), Hit the Deck. */
export type RulesArt = "scat" | "standard" | "dark" | "hit";

export interface CardExample {
  /** Card ids in the game's notation (`10H`, `4H/10D`, `H3.a`). */
  readonly cards: readonly string[];
  readonly caption: string;
  /** Dark deck: the face to show (default light). */
  readonly shade?: "light" | "dark";
}

export interface RuleSection {
  readonly heading: string;
  readonly text: readonly string[];
  readonly examples?: readonly CardExample[];
}

export interface GameRules {
  readonly game: GameId;
  readonly title: string;
  readonly art: RulesArt;
  /** One sentence: how you win. */
  readonly goal: string;
  readonly sections: readonly RuleSection[];
  /** What each legal action type lets you do, for the first-time hint at the table, in order (`type@phase`: only in that phase; `hintFor`). */
  readonly hints: Readonly<Record<string, string>>;
}
