/**
 * The ranked queue's forming policy: which table sizes a game's rules allow, which smaller sizes
 * the wait unlocks, and how a pool of waiting players is split into tables.
 */
import { describe, expect, it } from "vitest";
import {
  allowedSizes,
  estimateWait,
  minSizeAfter,
  parseTableWaits,
  planTables,
  WaitLog,
  type SizeWaits,
} from "../../src/ranked/forming.ts";

const WAITS: SizeWaits = [
  { size: 3, afterMs: 45_000 },
  { size: 2, afterMs: 90_000 },
];

describe("allowed sizes", () => {
  it("are the seat counts the rules allow, up to the ranked format's, fullest first", () => {
    expect(allowedSizes("skit_scat")).toEqual([4, 3, 2]);
    expect(allowedSizes("dark_hearts")).toEqual([4, 3]);
    expect(allowedSizes("scatterbrain")).toEqual([4]);
    expect(allowedSizes("devils_scat")).toEqual([2]);
  });
});

describe("the smallest table the wait allows", () => {
  it("is the full table at once, then smaller ones as the wait grows, never below the rules", () => {
    expect(minSizeAfter([4, 3, 2], WAITS, 0)).toBe(4);
    expect(minSizeAfter([4, 3, 2], WAITS, 44_999)).toBe(4);
    expect(minSizeAfter([4, 3, 2], WAITS, 45_000)).toBe(3);
    expect(minSizeAfter([4, 3, 2], WAITS, 90_000)).toBe(2);
    expect(minSizeAfter([4, 3], WAITS, 600_000)).toBe(3);
    expect(minSizeAfter([4], WAITS, 600_000)).toBe(4);
  });
});

describe("planning tables", () => {
  const plan = (n: number, waited: number) => planTables(n, [4, 3, 2], WAITS, waited);
  it("forms full tables at once", () => {
    expect(plan(4, 0)).toEqual([4]);
    expect(plan(8, 0)).toEqual([4, 4]);
  });
  it("forms nothing smaller than the wait allows", () => {
    expect(plan(3, 0)).toEqual([]);
    expect(plan(3, 45_000)).toEqual([3]);
    expect(plan(2, 45_000)).toEqual([]);
    expect(plan(2, 90_000)).toEqual([2]);
  });
  it("seats everyone when the sizes allow: five become three and two, not four and one left alone", () => {
    expect(plan(5, 0)).toEqual([]);
    expect(plan(5, 45_000)).toEqual([3]);
    expect(plan(5, 90_000)).toEqual([3, 2]);
    expect(plan(9, 0)).toEqual([4]);
    expect(plan(6, 0)).toEqual([4]);
  });
  it("leaves one alone only when no split seats everyone", () => {
    expect(planTables(5, [4, 3], WAITS, 0)).toEqual([4]);
    expect(planTables(1, [4, 3, 2], WAITS, 999_000)).toEqual([]);
    expect(planTables(7, [4], WAITS, 0)).toEqual([4]);
  });
});

describe("configured waits", () => {
  it("parse a default for every game and per-game overrides", () => {
    const w = parseTableWaits("3:45,2:90;skit_scat=3:1,2:2");
    expect(w["*"]).toEqual(WAITS);
    expect(w.skit_scat).toEqual([
      { size: 3, afterMs: 1000 },
      { size: 2, afterMs: 2000 },
    ]);
  });
  it("reject what they cannot read", () => {
    expect(() => parseTableWaits("3-45")).toThrow(/size:seconds/);
    expect(() => parseTableWaits("nogame=3:4")).toThrow(/nogame/);
  });
});

describe("the estimated wait", () => {
  it("is the median wait of the players seated in the last hour, or null without any", () => {
    const log = new WaitLog();
    expect(estimateWait(log, 10_000_000)).toBeNull();
    log.add(1_000, 60_000);
    log.add(9_000_000, 10_000);
    log.add(9_000_000, 20_000);
    log.add(9_000_000, 30_000);
    expect(estimateWait(log, 10_000_000)).toBe(20_000);
  });
});

describe("rating a smaller table", () => {
  it("rates two and three players by their places as it rates four", async () => {
    const { NEW_SKILL, rateGame, displayRating } = await import("../../src/ranked/rating.ts");
    for (const n of [2, 3]) {
      const after = rateGame(
        Array.from({ length: n }, () => NEW_SKILL),
        Array.from({ length: n }, (_, i) => i + 1),
      ).map(displayRating);
      expect(after).toHaveLength(n);
      for (let i = 1; i < n; i++) expect(after[i - 1]!).toBeGreaterThan(after[i]!);
      expect(after[0]!).toBeGreaterThan(displayRating(NEW_SKILL));
    }
  });
});
