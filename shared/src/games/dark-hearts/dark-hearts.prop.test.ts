/**
 * Property test: seeded random games with 3 and 4 seats through the generic harness. Prints its
 * seed; set PROP_SEED to reproduce, PROP_GAMES to change the count.
 */
import { describe, expect, it } from "vitest";
import type { Rng } from "../../rng.ts";
import { playGame, propertySeed, replay, runProperty, propertyGames } from "../../testkit/property.ts";
import { DEFAULT_PLAY } from "../../testkit/property-spec.ts";
import { optionsSchema, type DarkHeartsOptions } from "./options.ts";
import { propertySpec } from "./test-support.ts";

/** A game to 100 runs a dozen hands (~1,200 steps), so fewer than 2,000 games fit in ~30 s. */
const GAMES = propertyGames(process.env, { ci: 500, long: 2000 });

/**
 * 3 and 4 seats alternately. A game to 100 lasts a dozen hands, so most games play to a lower
 * target (the `target` option, 10..30: one to four hands) and one in twenty to the classic table's 100.
 */
function optionsFor(rng: Rng, index: number): DarkHeartsOptions {
  return optionsSchema.parse({
    seats: 3 + (index % 2),
    turnMs: 10_000 + rng.int(5) * 10_000,
    pauseMs: rng.pick([0, 8_000]),
    target: index % 20 === 19 ? 100 : rng.pick([10, 20, 30]),
  });
}

describe("Dark Hearts properties", () => {
  const seed = propertySeed("dark-hearts", process.env, () => Math.random().toString(36).slice(2, 10));

  it(`plays ${GAMES} random games with 3 and 4 seats keeping every engine invariant`, () => {
    const started = performance.now();
    const report = runProperty(propertySpec, { seed, games: GAMES, optionsFor });
    console.log(
      `[dark-hearts] ${report.games} games, ${report.steps} steps (longest ${report.maxSteps}) in ${Math.round(performance.now() - started)} ms`,
    );
    expect(report.games).toBe(GAMES);
  });

  it("replays a recorded log to the same final state", () => {
    const options = optionsSchema.parse({ seats: 3, target: 30 });
    const played = playGame(propertySpec, options, `${seed}/replay`, DEFAULT_PLAY);
    expect(played.log.steps.length).toBeGreaterThan(0);
    expect(replay(propertySpec, played.log)).toEqual(played.state);
  });
});
