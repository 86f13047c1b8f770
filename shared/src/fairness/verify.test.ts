/**
 * The verifier refuses every kind of tampering with the reason that names it: seed, salt,
 * action, step time, outcome, truncation, options and shape. Built on one recorded Devil's Scat
 * game with deadline expiries in it.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { replaySteps } from "../recorded-match.ts";
import { createRng } from "../rng.ts";
import { propertySpec } from "../games/devils-scat/test-support.ts";
import { commitSeed } from "./commitment.ts";
import { dealSeedOf, type GameLog } from "./game-log.ts";
import { playLogged } from "./test-support.ts";
import { describeVerdict, verifyLog, type VerifyResult } from "./verify.ts";

/** A finished game whose log holds at least one deadline expiry and one discard. */
function recorded(): GameLog {
  for (let i = 0; ; i++) {
    const { log } = playLogged("devils_scat", `verify-${i}`, createRng(`verify-${i}`), 1);
    if (log.steps.some((s) => s.seat === null) && log.steps.some((s) => (s.action as { type?: string } | null)?.type === "discard"))
      return log;
  }
}
const LOG = recorded();
const copy = (): { -readonly [K in keyof GameLog]: GameLog[K] } => JSON.parse(JSON.stringify(LOG));
const flipHex = (hex: string): string => (hex[0] === "0" ? "1" : "0") + hex.slice(1);
const failure = (r: VerifyResult) => (r.ok ? { code: "ok" } : { code: r.code, step: r.step });

describe("verifyLog", () => {
  it("verifies an untouched log and returns the replayed outcome", () => {
    const r = verifyLog(copy(), { publishedCommitment: LOG.commitment });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.outcome).toEqual(LOG.outcome);
    expect(describeVerdict(r)).toMatch(/^deal verified: devils_scat /);
  });

  it("hashes seed:salt with standard SHA-256", () => {
    const expected = createHash("sha256").update(`${LOG.seed}:${LOG.salt}`).digest("hex");
    expect(commitSeed(LOG.seed, LOG.salt)).toBe(expected);
    expect(LOG.commitment).toBe(expected);
  });

  it("refuses a changed seed or salt as a commitment mismatch", () => {
    expect(failure(verifyLog({ ...copy(), seed: flipHex(LOG.seed) })).code).toBe("commitment-mismatch");
    expect(failure(verifyLog({ ...copy(), salt: flipHex(LOG.salt) })).code).toBe("commitment-mismatch");
  });

  it("refuses a re-committed seed: the deal no longer matches the actions, and the table showed another commitment", () => {
    const seed = flipHex(LOG.seed);
    const forged = { ...copy(), seed, commitment: commitSeed(seed, LOG.salt) };
    // With seat values in the log, the bots' values (fixed by the seed) give it away first.
    expect(["bot-value-forged", "illegal-step", "deadline-not-due", "outcome-differs"]).toContain(failure(verifyLog(forged)).code);
    expect(failure(verifyLog(forged, { publishedCommitment: LOG.commitment })).code).toBe("commitment-not-published");
  });

  it("refuses a changed action as an illegal step at that step", () => {
    const log = copy();
    const at = log.steps.findIndex((s) => (s.action as { type?: string } | null)?.type === "discard");
    const step = log.steps[at]!;
    const before = replaySteps(propertySpec.game, log.options, dealSeedOf(log), log.startedAt, log.steps.slice(0, at));
    if (!before.ok) throw new Error(before.reason);
    const legal = new Set(propertySpec.game.legalActions(before.state as never, step.seat!).map((a) => JSON.stringify(a)));
    const card = propertySpec.cardIds.find((c) => !legal.has(JSON.stringify({ type: "discard", card: c })))!;
    log.steps = log.steps.map((s, i) => (i === at ? { ...s, action: { type: "discard", card } } : s));
    expect(failure(verifyLog(log))).toEqual({ code: "illegal-step", step: at });
    const other = copy();
    other.steps = other.steps.map((s, i) => (i === at ? { ...s, seat: (s.seat! + 1) % 2 } : s));
    expect(failure(verifyLog(other))).toEqual({ code: "illegal-step", step: at });
  });

  it("refuses a deadline expiry moved before its deadline", () => {
    const log = copy();
    const at = log.steps.findIndex((s) => s.seat === null);
    log.steps = log.steps.map((s, i) => (i === at ? { ...s, now: s.now - 86_400_000 } : s));
    const r = verifyLog(log);
    expect(failure(r)).toEqual({ code: "deadline-not-due", step: at });
    expect(describeVerdict(r)).toMatch(/^NOT verified \(deadline-not-due\): step \d+: a deadline expiry at/);
  });

  it("refuses a changed outcome, and a log cut short", () => {
    const outcome = { ...LOG.outcome, winners: LOG.outcome.winners.map((s) => (s + 1) % 2) };
    expect(failure(verifyLog({ ...copy(), outcome })).code).toBe("outcome-differs");
    const scores = LOG.outcome.scores.map((s, i) => (i === 0 ? s + 1 : s));
    expect(failure(verifyLog({ ...copy(), outcome: { ...LOG.outcome, scores } })).code).toBe("outcome-differs");
    expect(failure(verifyLog({ ...copy(), steps: LOG.steps.slice(0, -1) })).code).toBe("game-not-over");
  });

  it("refuses malformed logs and bad options with a readable reason", () => {
    const { seed: _seed, ...noSeed } = copy();
    const r = verifyLog(noSeed);
    expect(failure(r).code).toBe("malformed-log");
    expect(r.ok ? "" : r.reason).toContain("seed");
    expect(failure(verifyLog({ ...copy(), format: "other/1" })).code).toBe("malformed-log");
    expect(failure(verifyLog({ ...copy(), game: "poker" })).code).toBe("malformed-log");
    expect(failure(verifyLog("not a log")).code).toBe("malformed-log");
    expect(failure(verifyLog({ ...copy(), seed: `${LOG.seed.slice(0, 31)}:` })).code).toBe("malformed-log");
    expect(failure(verifyLog({ ...copy(), options: { ...(LOG.options as object), seats: 99 } })).code).toBe("bad-options");
  });

  it("ignores key order, as a reformatted file has", () => {
    const reordered = Object.fromEntries(Object.entries(copy()).reverse());
    reordered["outcome"] = { scores: LOG.outcome.scores, ranking: LOG.outcome.ranking, winners: LOG.outcome.winners };
    expect(verifyLog(reordered).ok).toBe(true);
  });

  it("verifies the example log in docs/FAIRNESS.md (old logs keep verifying)", () => {
    const doc = readFileSync(new URL("../../../docs/FAIRNESS.md", import.meta.url), "utf8");
    const example = /```json\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(example).toBeDefined();
    const r = verifyLog(JSON.parse(example!));
    expect(describeVerdict(r)).toMatch(/^deal verified: devils_scat test-docs-example, 13 steps/);
  });
});
