/**
 * Property test: thousands of seeded random games (2-6 seats, every variant) through the generic
 * harness. Prints its seed; set PROP_SEED to reproduce, PROP_GAMES to change the count.
 */
import { describe, expect, it } from "vitest";
import { playGame, propertySeed, replay, runProperty, propertyGames } from "../../testkit/property.ts";
import { DEFAULT_PLAY, type PlayConfig } from "../../testkit/property-spec.ts";
import type { Rng } from "../../rng.ts";
import { optionsSchema, type DevilsScatOptions } from "./options.ts";
import { propertySpec } from "./test-support.ts";

const GAMES = propertyGames(process.env, { ci: 500, long: 2000 });

/** Games whose rounds run long enough to empty the draw pile (classic, so the game stays short). */
const longRounds = (index: number): boolean => index % 20 === 19;

/** Seats 2..6 evenly; Boot a Suit on a third of 2-3 seat games; classic on a third; short pauses. */
function optionsFor(rng: Rng, index: number): DevilsScatOptions {
  const seats = 2 + (index % 5);
  return optionsSchema.parse({
    seats,
    turnMs: 10_000 + rng.int(5) * 10_000,
    pauseMs: rng.pick([0, 8_000]),
    bootASuit: seats <= 3 && rng.int(3) === 0,
    classic: longRounds(index) || rng.int(3) === 0,
  });
}

/**
 * Most games play uniformly among legal actions (with bots mixed in); in one in twenty, players
 * rarely knock and mostly draw from the deck, so the draw pile runs out and is rebuilt.
 */
function configFor(_rng: Rng, index: number): PlayConfig {
  if (!longRounds(index)) return DEFAULT_PLAY;
  return { ...DEFAULT_PLAY, botRate: 0.1, weight: (a) => (a.type === "knock" ? 0.15 : a.type === "drawDeck" ? 4 : 1) };
}

describe("Devil's Scat properties", () => {
  const seed = propertySeed("devils-scat", process.env, () => Math.random().toString(36).slice(2, 10));

  it(`plays ${GAMES} random games keeping every engine invariant`, () => {
    const started = performance.now();
    const report = runProperty(propertySpec, { seed, games: GAMES, optionsFor, configFor });
    console.log(
      `[devils-scat] ${report.games} games, ${report.steps} steps (longest ${report.maxSteps}) in ${Math.round(performance.now() - started)} ms`,
    );
    expect(report.games).toBe(GAMES);
  });

  it("replays a recorded log to the same final state", () => {
    const options = optionsSchema.parse({ seats: 4, classic: true });
    const played = playGame(propertySpec, options, `${seed}/replay`, DEFAULT_PLAY);
    expect(played.log.steps.length).toBeGreaterThan(0);
    expect(replay(propertySpec, played.log)).toEqual(played.state);
  });
});
