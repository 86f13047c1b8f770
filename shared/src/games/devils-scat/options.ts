/**
 * Table options and variants (docs/rules/devils-scat.md, "Variants"; docs/rules/common.md, "Timers and default actions").
 */
import { z } from "zod";

/** Points a round winner needs to win the game, by number of players (docs/rules/devils-scat.md, "The end of the game"). */
export const TARGETS: Readonly<Record<number, number>> = { 2: 15, 3: 12, 4: 10, 5: 9, 6: 8 };

/** Classic scoring: everyone starts with 3 lives. */
export const CLASSIC_LIVES = 3;

export const optionsSchema = z
  .strictObject({
    seats: z.number().int().min(2, "Devil's Scat needs 2 to 6 players").max(6, "Devil's Scat needs 2 to 6 players"),
    turnMs: z.number().int().min(10_000, "turnMs must be 10000..120000").max(120_000, "turnMs must be 10000..120000").default(30_000),
    /** How long the round result stays up before the next deal. */
    pauseMs: z.number().int().min(0, "pauseMs must be 0 or more").max(600_000, "pauseMs must be at most 600000").default(8_000),
    /** Boot a Suit: 2-3 players only, one random suit leaves the game. */
    bootASuit: z.boolean().default(false),
    /** Classic scoring: 3 lives, lowest hand loses one. */
    classic: z.boolean().default(false),
  })
  .refine((o) => !o.bootASuit || o.seats <= 3, {
    error: "Boot a Suit is only for 2-3 player games",
    path: ["bootASuit"],
  });

export interface DevilsScatOptions {
  readonly seats: number;
  readonly turnMs: number;
  readonly pauseMs: number;
  readonly bootASuit: boolean;
  readonly classic: boolean;
}

export function targetFor(seats: number): number {
  return TARGETS[seats] ?? 8;
}
