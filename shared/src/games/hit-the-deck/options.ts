/**
 * Table options (docs/rules/hit-the-deck.md: slap window 3 s, call window 2 s, game to 100;
 * docs/rules/common.md, "Timers and default actions": turn time 10..120 s).
 */
import { z } from "zod";

const SEATS = "Hit the Deck needs 2 to 6 players";

const int = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be ${min}..${max}`)
    .max(max, `${name} must be ${min}..${max}`);

export const optionsSchema = z
  .strictObject({
    seats: z.number().int("seats must be a whole number").min(2, SEATS).max(6, SEATS),
    turnMs: int("turnMs", 10_000, 120_000).default(30_000),
    /** How long a hand's result stays up before the next deal. */
    pauseMs: int("pauseMs", 0, 600_000).default(8_000),
    /** The game ends after the hand in which someone reaches this many points. */
    target: int("target", 10, 1_000).default(100),
    /** The slap window: the race closes this long after it opened, at the latest. */
    raceMs: int("raceMs", 1_000, 10_000).default(3_000),
    /** The call window: the player who caused the race must call within it. */
    callMs: int("callMs", 500, 10_000).default(2_000),
  })
  .refine((o) => o.callMs <= o.raceMs, { error: "callMs must not be longer than raceMs", path: ["callMs"] });

export interface HitTheDeckOptions {
  readonly seats: number;
  readonly turnMs: number;
  readonly pauseMs: number;
  readonly target: number;
  readonly raceMs: number;
  readonly callMs: number;
}
