/**
 * Table options (docs/rules/scatterbrain.md, "Players and options": exactly 4 players, the memorise
 * phase and the guess window; docs/rules/common.md, "Timers and default actions": the turn time).
 */
import { z } from "zod";

/** Points that end the game (docs/rules/scatterbrain.md, "End of game"). */
export const TARGET = 100;

const ms = (name: string, min: number, max: number, def: number) =>
  z.number().int().min(min, `${name} must be ${min}..${max}`).max(max, `${name} must be ${min}..${max}`).default(def);

export const optionsSchema = z.strictObject({
  seats: z.literal(4, { error: "Scatterbrain needs exactly 4 players" }),
  turnMs: ms("turnMs", 10_000, 120_000, 30_000),
  /** How long the face-up deal stays face up before the hands are picked up. */
  memoriseMs: ms("memoriseMs", 2_000, 60_000, 8_000),
  /** The guessing turn of a player who has called (and of the end-of-deck guesses). */
  guessMs: ms("guessMs", 5_000, 120_000, 15_000),
  /** How long the hand result stays up before the next deal. */
  pauseMs: ms("pauseMs", 0, 600_000, 8_000),
});

export interface ScatterbrainOptions {
  readonly seats: 4;
  readonly turnMs: number;
  readonly memoriseMs: number;
  readonly guessMs: number;
  readonly pauseMs: number;
}
