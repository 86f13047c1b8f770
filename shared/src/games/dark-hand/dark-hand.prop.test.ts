/**
 * Property test of both games: seeded random games (2-6 seats, every option) through the generic
 * harness, which checks legality both ways, card conservation, views and event redaction for
 * every seat (Dark cards: a seat sees both faces of its own and face-up cards, only counts of
 * other hands) and replays each log. The specs also check token conservation every step. Dark
 * Hand games alternate between the plain definition and one where seats not on turn race to
 * call. Prints its seed; set PROP_SEED to reproduce, PROP_GAMES to change the count per game.
 */
import { describe, expect, it } from "vitest";
import { playGame, propertySeed, replay, runProperty, propertyGames } from "../../testkit/property.ts";
import { DEFAULT_PLAY, type PlayConfig } from "../../testkit/property-spec.ts";
import type { Rng } from "../../rng.ts";
import { darkHandOptionsSchema, skitScatOptionsSchema, type DarkHandOptions, type SkitScatOptions } from "./options.ts";
import { darkHandSpec, racingDarkHandSpec, skitScatSpec } from "./test-support.ts";

const GAMES = propertyGames(process.env, { ci: 250, long: 1000 });
const BOT_RATE = Number(process.env["PROP_BOT_RATE"] ?? 0.7);

/** Mostly bots (random draws and discards rarely make a meld, so random hands run long); a tenth plain default play. */
function configFor(_rng: Rng, index: number): PlayConfig {
  return index % 10 === 0 ? DEFAULT_PLAY : { ...DEFAULT_PLAY, botRate: BOT_RATE };
}

function skitScatOptions(rng: Rng, index: number): SkitScatOptions {
  return skitScatOptionsSchema.parse({ seats: 2 + (index % 5), turnMs: 10_000 + rng.int(5) * 10_000, pauseMs: rng.pick([0, 8_000]) });
}

function darkHandOptions(rng: Rng, index: number): DarkHandOptions {
  return darkHandOptionsSchema.parse({
    seats: 2 + (index % 5),
    turnMs: 10_000 + rng.int(5) * 10_000,
    pauseMs: rng.pick([0, 8_000]),
    tokens: index % 10 === 9 ? 7 : 5,
    forfeitPlay: rng.int(2) === 0,
  });
}

describe("Skit Scat and Dark Hand properties", () => {
  const seed = propertySeed("dark-hand", process.env, () => Math.random().toString(36).slice(2, 10));

  it(`plays ${GAMES} random Skit Scat games keeping every engine invariant`, () => {
    const started = performance.now();
    const report = runProperty(skitScatSpec, { seed: `${seed}/skit`, games: GAMES, optionsFor: skitScatOptions, configFor });
    console.log(
      `[skit-scat] ${report.games} games, ${report.steps} steps (longest ${report.maxSteps}) in ${Math.round(performance.now() - started)} ms`,
    );
    expect(report.games).toBe(GAMES);
  });

  it(`plays ${GAMES} random Dark Hand games (half with the call race) keeping every engine invariant`, () => {
    const started = performance.now();
    const half = Math.floor(GAMES / 2);
    const plain = runProperty(darkHandSpec, { seed: `${seed}/dark`, games: half, optionsFor: darkHandOptions, configFor });
    const race = runProperty(racingDarkHandSpec, { seed: `${seed}/race`, games: GAMES - half, optionsFor: darkHandOptions, configFor });
    const steps = plain.steps + race.steps;
    console.log(
      `[dark-hand] ${GAMES} games, ${steps} steps (longest ${Math.max(plain.maxSteps, race.maxSteps)}) in ${Math.round(performance.now() - started)} ms`,
    );
    expect(plain.games + race.games).toBe(GAMES);
  });

  it("replays a recorded log to the same final state", () => {
    const played = playGame(
      racingDarkHandSpec,
      darkHandOptionsSchema.parse({ seats: 4, forfeitPlay: true }),
      `${seed}/replay`,
      DEFAULT_PLAY,
    );
    expect(played.log.steps.length).toBeGreaterThan(0);
    expect(replay(racingDarkHandSpec, played.log)).toEqual(played.state);
  });
});
