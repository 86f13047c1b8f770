/**
 * Property test: seeded random 4-seat games through the generic harness. Prints its seed; set
 * PROP_SEED to reproduce, PROP_GAMES to change the count.
 *
 * A game runs to 100 points over several hands (about 480 checked steps, 35 ms), so the default is
 * the 600 games that fit well inside 30 s rather than 2,000 (brief: "as many as fit ~30 s, at least 300").
 */
import { describe, expect, it } from "vitest";
import type { Rng } from "../../rng.ts";
import { playGame, propertySeed, replay, runProperty, propertyGames } from "../../testkit/property.ts";
import { DEFAULT_PLAY, type PlayConfig } from "../../testkit/property-spec.ts";
import { optionsSchema, type ScatterbrainOptions } from "./options.ts";
import { propertySpec } from "./test-support.ts";

const GAMES = propertyGames(process.env, { ci: 500, long: 2000 });

function optionsFor(rng: Rng): ScatterbrainOptions {
  return optionsSchema.parse({ seats: 4, turnMs: 10_000 + rng.int(5) * 10_000, pauseMs: rng.pick([0, 8_000]) });
}

/** Mostly bots (so straights get called and guesses land), some random play and timeouts. */
function configFor(rng: Rng): PlayConfig {
  return { ...DEFAULT_PLAY, botRate: rng.pick([0.5, 0.8, 0.95]), fullEvery: 5 };
}

describe("Scatterbrain properties", () => {
  const seed = propertySeed("scatterbrain", process.env, () => Math.random().toString(36).slice(2, 10));

  it(`plays ${GAMES} random 4-seat games keeping every engine invariant`, () => {
    const started = performance.now();
    const report = runProperty(propertySpec, { seed, games: GAMES, optionsFor, configFor });
    console.log(
      `[scatterbrain] ${report.games} games, ${report.steps} steps (longest ${report.maxSteps}) in ${Math.round(performance.now() - started)} ms`,
    );
    expect(report.games).toBe(GAMES);
  });

  it("replays a recorded log to the same final state", () => {
    const options = optionsSchema.parse({ seats: 4 });
    const played = playGame(propertySpec, options, `${seed}/replay`, DEFAULT_PLAY);
    expect(played.log.steps.length).toBeGreaterThan(0);
    expect(replay(propertySpec, played.log)).toEqual(played.state);
  });
});
