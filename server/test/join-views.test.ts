/**
 * Property: whatever way a client came to a table (joined, reconnected by token
 * with a fresh page or the SDK's own reconnection, took its seat back from the bot that took it
 * over while that seat acts, left and rejoined by code, or watches), after every later patch its
 * decoded state equals a fresh client's for the same view, and both equal the engine's view.
 * Seeded bot games of every game, cases at random points (support/join-paths.ts). CI runs
 * JOIN_VIEWS_CASES (default 250) cases per game from a fixed seed, each checked for
 * JOIN_VIEWS_WINDOW patches (default 12; "end": to the end of its game); `npm run prop:views`
 * runs 3,000 per game for 24 patches each (about half an hour on 2 cores) from a random seed it prints. A failure names its
 * game, seed and case; JOIN_VIEWS_SEED=<seed> replays a run.
 */
import { GAME_IDS } from "@scat/shared";
import { describe, expect, it } from "vitest";
import { runGame } from "./support/join-paths.ts";

const CASES = Number(process.env["JOIN_VIEWS_CASES"] ?? 250);
const WINDOW = process.env["JOIN_VIEWS_WINDOW"] === "end" ? Infinity : Number(process.env["JOIN_VIEWS_WINDOW"] ?? 12);
const SEED =
  process.env["JOIN_VIEWS_SEED"] ?? (process.env["JOIN_VIEWS_RANDOM"] === "1" ? `join-views-${Date.now().toString(36)}` : "join-views");

describe("every way into a table decodes the server's view", () => {
  console.log(`join-views: seed "${SEED}", ${CASES} cases per game, ${WINDOW} patches each (replay: JOIN_VIEWS_SEED=${SEED})`);
  for (const id of GAME_IDS) {
    it(`${id}: ${CASES} cases`, () => {
      let cases = 0;
      let patches = 0;
      for (let g = 0; cases < CASES; g++) {
        const r = runGame(id, `${SEED}-${id}-${g}`, CASES - cases, WINDOW);
        cases += r.cases;
        patches += r.patches;
      }
      console.log(`${id}: ${cases} cases, ${patches} patches checked`);
      expect(cases).toBe(CASES);
      expect(patches).toBeGreaterThan(cases);
    }, 600_000);
  }
});
