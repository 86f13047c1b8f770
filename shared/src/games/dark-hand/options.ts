/**
 * Table options of Skit Scat and Dark Hand (docs/rules/dark-hand.md, "The deck and
 * the tokens"; docs/rules/common.md, "Timers and default actions"). Both games share the engine; `GameRules` says which one a table plays.
 */
import { z } from "zod";

const seats = (title: string) => {
  const message = `${title} needs 2 to 6 players`;
  return z.number({ error: message }).int(message).min(2, message).max(6, message);
};

const common = (title: string) => ({
  seats: seats(title),
  turnMs: z.number().int().min(10_000, "turnMs must be 10000..120000").max(120_000, "turnMs must be 10000..120000").default(30_000),
  /** How long a hand's result stays up before the next deal. */
  pauseMs: z.number().int().min(0, "pauseMs must be 0 or more").max(600_000, "pauseMs must be at most 600000").default(8_000),
});

export const skitScatOptionsSchema = z.strictObject(common("Skit Scat"));

export const darkHandOptionsSchema = z.strictObject({
  ...common("Dark Hand"),
  /** Tokens each player starts with: 5, or 7 for a longer game (docs/rules/dark-hand.md). */
  tokens: z.union([z.literal(5), z.literal(7)], { error: "tokens must be 5 or 7" }).default(5),
  /** Optional rule "Forfeit Play": a caller may declare a winning hand in the wrong shade. */
  forfeitPlay: z.boolean({ error: "forfeitPlay must be true or false" }).default(false),
});

export interface SkitScatOptions {
  readonly seats: number;
  readonly turnMs: number;
  readonly pauseMs: number;
}

export interface DarkHandOptions extends SkitScatOptions {
  readonly tokens: 5 | 7;
  readonly forfeitPlay: boolean;
}

export type TableOptions = SkitScatOptions | DarkHandOptions;

export const GAME_KINDS = ["skit_scat", "dark_hand"] as const;
export type GameKind = (typeof GAME_KINDS)[number];

/** What differs between the two games. */
export interface GameRules {
  readonly game: GameKind;
  /** The double-sided Dark deck, two shades, and calls with the Light and Dark Jokers. */
  readonly dark: boolean;
  readonly startTokens: number;
  readonly forfeitPlay: boolean;
}

/** Skit Scat: the standard 52-card deck and 3 tokens each (docs/rules/skit-scat.md). */
export const SKIT_SCAT_TOKENS = 3;

export function skitScatRules(): GameRules {
  return { game: "skit_scat", dark: false, startTokens: SKIT_SCAT_TOKENS, forfeitPlay: false };
}

export function darkHandRules(o: DarkHandOptions): GameRules {
  return { game: "dark_hand", dark: true, startTokens: o.tokens, forfeitPlay: o.forfeitPlay };
}
