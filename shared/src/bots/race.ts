/**
 * Hit the Deck's strength is in the race: how fast a bot slaps, how often it is distracted, how
 * often it forgets to call. Normal is the game's own bot (hit-the-deck/bot.ts constants).
 */
import type { BotStrength } from "./strength.ts";

export interface RaceSkill {
  /** Multiplies the log-normal reaction time (normal median 270 ms; never under 130 ms). */
  readonly reactionScale: number;
  readonly distractedRate: number;
  readonly forgetCallRate: number;
}

export const RACE_SKILL: Readonly<Record<BotStrength, RaceSkill>> = {
  easy: { reactionScale: 1.5, distractedRate: 0.15, forgetCallRate: 0.35 },
  normal: { reactionScale: 1, distractedRate: 0.06, forgetCallRate: 0.1 },
  // A skilled human: median about 230 ms (the human floor is about 100 ms; never under 130 here).
  strong: { reactionScale: 0.85, distractedRate: 0.02, forgetCallRate: 0.01 },
};
