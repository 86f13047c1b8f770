/** The bot: sensible play from legal actions, and human-like real-time race behaviour. */
import { describe, expect, it } from "vitest";
import { createRng } from "../../rng.ts";
import { ctxAt, play } from "../../testkit/scenario.ts";
import { faceOf } from "./cards.ts";
import { BOT_MIN_REACTION_MS, botCallDelayMs, botFakeOutMs, botRacePlan, botReactionMs, hitTheDeck as game } from "./index.ts";
import { playFace, scenario } from "./test-support.ts";

const rng = createRng("bot-test");
const chosen = (s: ReturnType<typeof scenario>, seat = 0) => {
  const a = game.bot(s, seat, rng);
  return a?.type === "play" ? faceOf(a.card) : a?.type;
};

describe("bot play", () => {
  it("sheds the most points it can, keeping HIT THE DECK cards back", () => {
    const others = "1B 1R 1Y";
    expect(chosen(scenario({ hands: ["2G 5G CG H3", others], discard: "2G" }))).toBe("CG");
    expect(chosen(scenario({ hands: ["2G 5G H3", others], discard: "2G" }))).toBe("5G");
    expect(chosen(scenario({ hands: ["H3 5R", others], discard: "2G" }))).toBe("H3");
  });

  it("blocks an opponent about to go out with a demand for what it holds", () => {
    expect(chosen(scenario({ hands: ["5G HR HY 2Y 3Y", "1B"], discard: "2G" }))).toBe("HY");
  });

  it("meets a demand, draws when it cannot play, continues between hands", () => {
    expect(chosen(scenario({ hands: ["4R 5G", "1B"], discard: "H4", demand: { kind: "number", number: 4 } }))).toBe("4R");
    expect(chosen(scenario({ hands: ["5R", "1B"], discard: "2G" }))).toBe("draw");
  });

  it("has nothing to decide off turn (it never fakes out on its own)", () => {
    expect(game.bot(scenario({ hands: ["5R", "1B"], discard: "2G" }), 1, rng)).toBeNull();
  });

  it("in a race: slaps, and the cause calls", () => {
    const s = scenario({ hands: ["HH 3G", "1B", "1R"], discard: "2G" });
    const raced = play(game, s, [[0, playFace(s, 0, "HH")]], ctxAt(1_000)).state;
    expect(game.bot(raced, 1, rng)).toEqual({ type: "slap" });
    const seen = new Set(Array.from({ length: 20 }, (_, i) => game.bot(raced, 0, createRng(`c${i}`))?.type));
    expect(seen).toEqual(new Set(["slap", "call"]));
    const slapped = play(game, raced, [[0, { type: "slap" }]]).state;
    expect(game.bot(slapped, 0, rng)).toEqual({ type: "call" });
  });
});

describe("real-time helpers", () => {
  const sample = (f: (r: ReturnType<typeof createRng>) => number | null, n = 4000) => {
    const r = createRng("distribution");
    return Array.from({ length: n }, () => f(r));
  };

  it("reaction times are human-like: normal's median near 500 ms (slower than a typical person), right-skewed, never implausibly fast", () => {
    const xs = sample(botReactionMs) as number[];
    const sorted = xs.slice().sort((a, b) => a - b);
    const median = sorted[sorted.length / 2] as number;
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(median).toBeGreaterThan(470);
    expect(median).toBeLessThan(530);
    expect(mean).toBeGreaterThan(median);
    expect(sorted[0]).toBeGreaterThanOrEqual(BOT_MIN_REACTION_MS);
    expect(xs.every(Number.isInteger)).toBe(true);
    expect(xs.filter((x) => x > 3_000).length).toBeGreaterThan(0);
  });

  it("forgets to call about one time in ten", () => {
    const xs = sample(botCallDelayMs);
    const forgot = xs.filter((x) => x === null).length / xs.length;
    expect(forgot).toBeGreaterThan(0.07);
    expect(forgot).toBeLessThan(0.13);
  });

  it("rarely fakes out, and only at a WITH A NUMBER / WITH A COLOR card", () => {
    const demand = [{ type: "demandSet", demand: { kind: "number", number: 3 } } as const];
    const r = createRng("fake");
    const twitches = Array.from({ length: 4000 }, () => botFakeOutMs(demand, 1, r)).filter((x) => x !== null).length;
    expect(twitches).toBeGreaterThan(60);
    expect(twitches).toBeLessThan(200);
    expect(botFakeOutMs([{ type: "wentOut", seat: 0 }], 1, r)).toBeNull();
  });

  it("plans a bot's race: when to slap and, for the cause, when to call (or not)", () => {
    const s = scenario({ hands: ["HH 3G", "1B", "1R"], discard: "2G" });
    const raced = play(game, s, [[0, playFace(s, 0, "HH")]], ctxAt(1_000)).state;
    const plan = botRacePlan(raced, 1, createRng("p"));
    expect(plan?.race).toBe(1);
    expect(plan?.callAfterMs).toBeNull();
    expect(plan?.slapAfterMs).toBeGreaterThanOrEqual(BOT_MIN_REACTION_MS);
    const calls = Array.from({ length: 50 }, (_, i) => botRacePlan(raced, 0, createRng(`q${i}`))?.callAfterMs);
    expect(calls.some((c) => c === null)).toBe(true);
    expect(calls.some((c) => typeof c === "number")).toBe(true);
    expect(botRacePlan(s, 0, rng)).toBeNull();
  });

  it("is deterministic given its rng", () => {
    expect(botReactionMs(createRng("same"))).toBe(botReactionMs(createRng("same")));
  });
});
