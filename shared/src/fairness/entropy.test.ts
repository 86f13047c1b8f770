/**
 * Players' entropy in the deal seed (docs/FAIRNESS.md, "Players' entropy"): a tampered, dropped
 * or relabelled seat value fails verification; a player finds their own value with `mine`; the
 * deal seed is an HMAC keyed by the committed server seed, so the server, which is bound to its
 * seed before any value arrives, cannot steer the deal to one it chose.
 */
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ENGINES } from "../games/registry.ts";
import { RecordedMatch } from "../recorded-match.ts";
import { createRng } from "../rng.ts";
import { commitSeed } from "./commitment.ts";
import { botEntropy, dealSeed, dealSeedMessage, drawEntropy, type SeatEntropy } from "./entropy.ts";
import type { GameLog } from "./game-log.ts";
import { hexSecret, playLogged } from "./test-support.ts";
import { verifyLog, type VerifyResult } from "./verify.ts";

/** A three-seat Devil's Scat game: seat 0 a player's value, seat 1 a bot's, seat 2 missing. */
const LOG = playLogged("devils_scat", "entropy-0", createRng("entropy-0"), 1).log;
const copy = (): { -readonly [K in keyof GameLog]: GameLog[K] } => JSON.parse(JSON.stringify(LOG));
const code = (r: VerifyResult) => (r.ok ? "ok" : r.code);
const flip = (hex: string): string => (hex[0] === "0" ? "1" : "0") + hex.slice(1);
const mine = (LOG.entropy![0] as { value: string }).value;

describe("players' entropy", () => {
  it("is a standard HMAC-SHA256 keyed by the server seed over every seat's value", () => {
    expect(LOG.entropy!.map((e) => e.source)).toEqual(["client", "bot", "missing"]);
    const expected = createHmac("sha256", LOG.seed).update(dealSeedMessage(LOG.entropy!)).digest("hex");
    expect(dealSeed(LOG.seed, LOG.entropy!)).toBe(expected);
    expect(dealSeedMessage(LOG.entropy!)).toBe(
      `scat-tables/deal-seed/1\n0:client:${mine}\n1:bot:${(LOG.entropy![1] as { value: string }).value}\n2:missing:-`,
    );
    expect(verifyLog(copy(), { publishedCommitment: LOG.commitment, mine }).ok).toBe(true);
  });

  it("refuses a tampered client value, a relabelled or dropped one, and a value for no seat", () => {
    const tampered = copy();
    tampered.entropy = LOG.entropy!.map((e): SeatEntropy => (e.seat === 0 ? { seat: 0, source: "client", value: flip(mine) } : e));
    expect(["illegal-step", "deadline-not-due", "outcome-differs"]).toContain(code(verifyLog(tampered)));
    // The player's own check names it even before the replay.
    expect(code(verifyLog(tampered, { mine }))).toBe("entropy-missing");
    const relabelled = copy();
    relabelled.entropy = LOG.entropy!.map((e): SeatEntropy => (e.seat === 0 ? { seat: 0, source: "bot", value: mine } : e));
    expect(code(verifyLog(relabelled))).toBe("bot-value-forged");
    const dropped = copy();
    dropped.entropy = LOG.entropy!.map((e): SeatEntropy => (e.seat === 0 ? { seat: 0, source: "missing", value: null } : e));
    expect(code(verifyLog(dropped, { mine }))).toBe("entropy-missing");
    const { entropy: _e, ...none } = copy();
    expect(code(verifyLog(none))).toBe("malformed-log");
    expect(code(verifyLog({ ...copy(), entropy: LOG.entropy!.slice(0, 2) }))).toBe("malformed-log");
    expect(code(verifyLog({ ...copy(), entropy: [...LOG.entropy!.slice(0, 2), { ...LOG.entropy![1]!, seat: 1 }] }))).toBe("malformed-log");
    expect(code(verifyLog({ ...copy(), entropy: [{ seat: 0, source: "client", value: "xyz" }, ...LOG.entropy!.slice(1)] }))).toBe(
      "malformed-log",
    );
    expect(code(verifyLog(copy(), { mine: "not hex" }))).toBe("entropy-missing");
    expect(code(verifyLog(copy(), { mine: drawEntropy() }))).toBe("entropy-missing");
  });

  it("records a missing value: the deal depends on which seats answered", () => {
    const answered = LOG.entropy!.map((e): SeatEntropy => (e.seat === 2 ? { seat: 2, source: "client", value: hexSecret("late") } : e));
    expect(dealSeed(LOG.seed, answered)).not.toBe(dealSeed(LOG.seed, LOG.entropy!));
    const forged = { ...copy(), entropy: answered };
    expect(code(verifyLog(forged))).not.toBe("ok");
  });

  it("leaves the server no chosen deal: committed first, any change of a player's value reshuffles", () => {
    // The server commits to (seed, salt) before any value exists. Model a server that wants seat 0
    // to hold a particular card: it may pick its seed freely, but only before seeing the values.
    const game = ENGINES.devils_scat;
    const options = game.optionsSchema.parse({ seats: 2 });
    const seed = hexSecret("grinder");
    const hand = (s: string): string[] =>
      [...((new RecordedMatch(game, options, 0, s).state as unknown as { hands: string[][] }).hands[0] ?? [])].sort();
    const bot: SeatEntropy = { seat: 1, source: "bot", value: botEntropy(seed, 1) };
    const deals = new Set<string>();
    for (let i = 0; i < 40; i++)
      deals.add(JSON.stringify(hand(dealSeed(seed, [{ seat: 0, source: "client", value: drawEntropy() }, bot]))));
    // With the seed fixed, the player's fresh values give (practically) a fresh deal each time:
    // what the server committed to does not decide the hand.
    expect(deals.size).toBeGreaterThanOrEqual(39);
    // And the server's seed is bound: a second (seed, salt) never opens the same commitment.
    expect(commitSeed(flip(seed), hexSecret("s"))).not.toBe(commitSeed(seed, hexSecret("s")));
    // A bot's value is the server's, so it is fixed by the committed seed: a bot value picked after
    // seeing the player's (to grind the deal through it) fails verification.
    const grinded = { ...copy(), entropy: LOG.entropy!.map((e): SeatEntropy => (e.source === "bot" ? { ...e, value: flip(e.value) } : e)) };
    expect(code(verifyLog(grinded))).toBe("bot-value-forged");
  });

  it("keeps format 1 logs verifying (the server's seed alone)", () => {
    const v1 = copy();
    v1.format = "scat-tables/game-log/1";
    expect(code(verifyLog(v1))).toBe("malformed-log");
    const { entropy: _e, ...bare } = v1;
    expect(code(verifyLog(bare))).not.toBe("ok"); // the game was dealt from the mixed seed, not the bare one
  });
});
