/**
 * Property: for every game, random legal play (bots, random actions and deadline expiries)
 * produces a log that verifies after a JSON round trip, and its replay reproduces the final
 * standings and the final engine state exactly; the same log with a changed seed or outcome
 * does not verify. Prints its seed; PROP_SEED reproduces, PROP_FAIR_GAMES sets games per game.
 */
import { describe, expect, it } from "vitest";
import { GAME_IDS } from "../protocol.ts";
import { createRng } from "../rng.ts";
import { propertySeed } from "../testkit/property.ts";
import { canonicalJson } from "./game-log.ts";
import { playLogged } from "./test-support.ts";
import { verifyLog } from "./verify.ts";

const GAMES = Number(process.env["PROP_FAIR_GAMES"] ?? 80);

describe("fair-play logs of every game", () => {
  const seed = propertySeed("fairness", process.env, () => Math.random().toString(36).slice(2, 10));

  it.each(GAME_IDS)(`%s: ${GAMES} random games verify and replay to the same standings`, (game) => {
    let steps = 0;
    for (let i = 0; i < GAMES; i++) {
      const gameSeed = `${seed}/${game}/${i}`;
      const played = playLogged(game, gameSeed, createRng(`${gameSeed}#options`), i);
      const r = verifyLog(played.log);
      if (!r.ok) throw new Error(`${game} game ${i} (seed ${gameSeed}) did not verify: ${r.code}: ${r.reason}`);
      expect(canonicalJson(r.outcome)).toBe(canonicalJson(played.engine.outcome(played.state)));
      expect(JSON.stringify(r.state)).toBe(JSON.stringify(played.state));
      const seedFlipped = { ...played.log, seed: played.log.seed.replace(/^./, (c) => (c === "a" ? "b" : "a")) };
      expect(verifyLog(seedFlipped)).toMatchObject({ ok: false, code: "commitment-mismatch" });
      const scores = played.log.outcome.scores.map((s, seat) => (seat === i % played.log.outcome.scores.length ? s + 1 : s));
      expect(verifyLog({ ...played.log, outcome: { ...played.log.outcome, scores } })).toMatchObject({
        ok: false,
        code: "outcome-differs",
      });
      steps += played.log.steps.length;
    }
    console.log(`[fairness] ${game}: ${GAMES} games, ${steps} steps verified`);
  });
});
