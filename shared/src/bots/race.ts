/**
 * Hit the Deck's strength is in the race: how fast a bot slaps (reaction.ts, `REACTION.slap`, the
 * one place reaction times live) and how often it forgets to call. Normal is the game's own bot.
 */
import type { BotStrength } from "./strength.ts";

export interface RaceSkill {
  readonly forgetCallRate: number;
}

export const RACE_SKILL: Readonly<Record<BotStrength, RaceSkill>> = {
  easy: { forgetCallRate: 0.35 },
  normal: { forgetCallRate: 0.1 },
  strong: { forgetCallRate: 0.01 },
};
