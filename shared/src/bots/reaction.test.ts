/**
 * Bots' reaction times in races (reaction.ts): easy and normal slower than a typical person
 * (median 400 ms), strong about as fast as a quick one (300-360 ms), none ever under 200 ms; and
 * Hit the Deck's race planner slaps on exactly those times.
 */
import { describe, expect, it } from "vitest";
import { createRng } from "../rng.ts";
import { ctxAt, play } from "../testkit/scenario.ts";
import { botRacePlan, hitTheDeck } from "../games/hit-the-deck/index.ts";
import { playFace, scenario } from "../games/hit-the-deck/test-support.ts";
import { FLOOR_MS, PERSON, reactionMs, REACTION, sampleMs, type RaceKind } from "./reaction.ts";
import { BOT_STRENGTHS, type BotStrength } from "./strength.ts";

const N = 3000;
const median = (xs: number[]): number => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The documented bounds every race's distribution keeps. */
function expectHumane(xs: number[], strength: BotStrength): void {
  const m = median(xs);
  if (strength === "strong") {
    expect(m).toBeGreaterThanOrEqual(300);
    expect(m).toBeLessThanOrEqual(360);
  } else {
    // Clearly slower than a typical person (400 ms).
    expect(m).toBeGreaterThan(450);
  }
  expect(Math.min(...xs)).toBeGreaterThanOrEqual(FLOOR_MS);
  expect(xs.every(Number.isInteger)).toBe(true);
  // Right-skewed, like people: the mean is above the median.
  expect(xs.reduce((a, b) => a + b, 0) / xs.length).toBeGreaterThan(m);
}

describe("bots' reaction times in races", () => {
  for (const race of ["slap", "call"] as RaceKind[]) {
    for (const strength of BOT_STRENGTHS) {
      it(`${race} race, ${strength}: median as documented, never under ${FLOOR_MS} ms`, () => {
        const rng = createRng(`reaction:${race}:${strength}`);
        const xs = Array.from({ length: N }, () => reactionMs(rng, race, strength));
        expectHumane(xs, strength);
        // The documented median is the undistracted reactions'; the distracted tail lifts the whole a little.
        const { medianMs } = REACTION[race][strength];
        expect(median(xs)).toBeGreaterThan(medianMs * 0.97);
        expect(median(xs)).toBeLessThan(medianMs * 1.1);
      });
    }
  }

  it("Hit the Deck's race planner slaps on those times at each strength", () => {
    const s = scenario({ hands: ["HH 3G", "1B", "1R"], discard: "2G" });
    const raced = play(hitTheDeck, s, [[0, playFace(s, 0, "HH")]], ctxAt(1_000)).state;
    for (const strength of BOT_STRENGTHS) {
      const xs = Array.from({ length: N }, (_, i) => botRacePlan(raced, 1, createRng(`plan:${strength}:${i}`), strength)!.slapAfterMs!);
      expectHumane(xs, strength);
    }
  });

  it("a typical person beats easy and normal most of the time and strong about a third of the time", () => {
    const rng = createRng("person-vs-bot");
    for (const race of ["slap", "call"] as RaceKind[]) {
      const share = (strength: BotStrength) => {
        let wins = 0;
        for (let i = 0; i < N; i++) if (sampleMs(rng, PERSON) < reactionMs(rng, race, strength)) wins++;
        return wins / N;
      };
      expect(share("easy")).toBeGreaterThan(0.75);
      expect(share("normal")).toBeGreaterThan(0.6);
      const strong = share("strong");
      expect(strong).toBeGreaterThan(0.2);
      expect(strong).toBeLessThan(0.45);
    }
  });
});
