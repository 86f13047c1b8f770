/**
 * How fast a bot reacts in a race, per strength: the one place these numbers live.
 *
 * Two races are judged by reaction time from a reveal: Hit the Deck's slap race (`slap`) and Dark
 * Hand's call race at the deal (`call`). A person at these tables reacts in about 400 ms (median),
 * log-normally with a long right tail (`PERSON`, what the benchmark races against). The bots are
 * tuned against that person, not against the fastest humans:
 *
 * | race | strength | median | sigma | distracted (adds 0.3-2.8 s) | person wins (`npm run bench:humane`) |
 * | --- | --- | --- | --- | --- | --- |
 * | slap | easy | 620 ms | 0.30 | 15% | 86% |
 * | slap | normal | 500 ms | 0.25 | 6% | 72% |
 * | slap | strong | 330 ms | 0.20 | 2% | 33% |
 * | call | easy | 1000 ms | 0.30 | 10% | 98% |
 * | call | normal | 750 ms | 0.30 | 5% | 92% |
 * | call | strong | 350 ms | 0.20 | 2% | 38% |
 *
 * A call needs the three dealt cards read first, so easy and normal call about as late as all bots
 * did before strengths had their own times (550-1450 ms); only strong is quick.
 *
 * Easy and normal are clearly slower than a typical person; strong is a quick person. No bot ever
 * reacts in under `FLOOR_MS` (200 ms): faster than that is a reflex few people have, and a bot that
 * always wins by a hair is no fun to play. Every draw comes from the caller's seeded rng (the same
 * seed, the same reaction), so shared code reads no clock and no global randomness.
 */
import type { Rng } from "../rng.ts";
import type { BotStrength } from "./strength.ts";

export type RaceKind = "slap" | "call";

/** A log-normal reaction time with a distracted tail. */
export interface ReactionDistribution {
  /** The median of the undistracted reactions (the distracted tail lifts the overall median a little). */
  readonly medianMs: number;
  /** The standard deviation of the reaction time's natural log. */
  readonly sigma: number;
  /** Chance the bot is distracted and reacts `DISTRACTED_MIN_MS` + up to `DISTRACTED_SPAN_MS` later. */
  readonly distractedRate: number;
}

/** Never faster than this, at any strength. */
export const FLOOR_MS = 200;
export const DISTRACTED_MIN_MS = 300;
export const DISTRACTED_SPAN_MS = 2_500;

export const REACTION: Readonly<Record<RaceKind, Readonly<Record<BotStrength, ReactionDistribution>>>> = {
  slap: {
    easy: { medianMs: 620, sigma: 0.3, distractedRate: 0.15 },
    normal: { medianMs: 500, sigma: 0.25, distractedRate: 0.06 },
    strong: { medianMs: 330, sigma: 0.2, distractedRate: 0.02 },
  },
  call: {
    easy: { medianMs: 1_000, sigma: 0.3, distractedRate: 0.1 },
    normal: { medianMs: 750, sigma: 0.3, distractedRate: 0.05 },
    strong: { medianMs: 350, sigma: 0.2, distractedRate: 0.02 },
  },
};

/** The typical person the bots are tuned against (no floor, no distraction: its tail is the sigma). */
export const PERSON: ReactionDistribution = { medianMs: 400, sigma: 0.35, distractedRate: 0 };

/** A standard normal draw (Box-Muller). */
export function gaussian(rng: Rng): number {
  const u = 1 - rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}

/** A draw from `d` in ms (not rounded, no floor). */
export function sampleMs(rng: Rng, d: ReactionDistribution): number {
  let ms = d.medianMs * Math.exp(d.sigma * gaussian(rng));
  if (d.distractedRate > 0 && rng.next() < d.distractedRate) ms += DISTRACTED_MIN_MS + DISTRACTED_SPAN_MS * rng.next();
  return ms;
}

/** A bot's reaction time in whole ms for `race` at `strength`, never under `FLOOR_MS`. */
export function reactionMs(rng: Rng, race: RaceKind, strength: BotStrength): number {
  return Math.max(FLOOR_MS, Math.round(sampleMs(rng, REACTION[race][strength])));
}
