/**
 * Table options (docs/rules/dark-hearts.md, "The deal"; docs/rules/common.md, "Timers and default actions").
 */
import { z } from "zod";

export const optionsSchema = z.strictObject({
  seats: z.number().int().min(3, "Dark Hearts needs 3 or 4 players").max(4, "Dark Hearts needs 3 or 4 players").default(4),
  turnMs: z.number().int().min(10_000, "turnMs must be 10000..120000").max(120_000, "turnMs must be 10000..120000").default(30_000),
  /** How long a hand's result stays up before the next deal. */
  pauseMs: z.number().int().min(0, "pauseMs must be 0 or more").max(600_000, "pauseMs must be at most 600000").default(8_000),
  /** The score (in either shade) that ends the game; 100 on the classic table (docs/rules/dark-hearts.md, "The end"). */
  target: z.number().int().min(10, "target must be 10..500").max(500, "target must be 10..500").default(100),
});

export interface DarkHeartsOptions {
  readonly seats: number;
  readonly turnMs: number;
  readonly pauseMs: number;
  readonly target: number;
}

/**
 * Pass rotation (docs/rules/dark-hearts.md, "The pass"): left, right, across, hold, repeating;
 * three players skip across.
 */
export const PASS_DIRECTIONS = ["left", "right", "across", "hold"] as const;
export type PassDirection = (typeof PASS_DIRECTIONS)[number];

const ROTATION: Readonly<Record<number, readonly PassDirection[]>> = {
  3: ["left", "right", "hold"],
  4: ["left", "right", "across", "hold"],
};

/** The direction of hand `round` (1-based). */
export function passDirectionFor(round: number, seats: number): PassDirection {
  const cycle = ROTATION[seats] ?? ROTATION[4] ?? [];
  return cycle[(round - 1) % cycle.length] ?? "hold";
}

/** The seat `seat` passes to: left is the next seat clockwise (docs/rules/common.md, "Words used"). */
export function passTarget(seat: number, direction: PassDirection, seats: number): number {
  const step = direction === "left" ? 1 : direction === "right" ? seats - 1 : direction === "across" ? 2 : 0;
  return (seat + step) % seats;
}

/** The seat whose cards `seat` receives. */
export function passSource(seat: number, direction: PassDirection, seats: number): number {
  const step = direction === "left" ? seats - 1 : direction === "right" ? 1 : direction === "across" ? 2 : 0;
  return (seat + step) % seats;
}
