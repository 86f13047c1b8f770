import { describe, expect, it } from "vitest";
import { cardIdsIn, cardIdsInValue, multisetDiff } from "./multiset.ts";
import { scriptedRng } from "./scenario.ts";
import { propertySeed } from "./property.ts";

describe("multiset helpers", () => {
  it("reports missing and extra cards, duplicates included", () => {
    expect(multisetDiff(["AH", "KH"], ["AH", "KH"])).toEqual({ missing: [], extra: [] });
    expect(multisetDiff(["AH", "AH"], ["AH", "KH"])).toEqual({ missing: ["KH"], extra: ["AH"] });
    expect(multisetDiff(["AH"], ["AH", "KH", "KH"])).toEqual({ missing: ["KH", "KH"], extra: [] });
  });

  it("finds card ids among the strings and keys of a value, never inside longer strings", () => {
    const u = new Set(["AH", "10G"]);
    expect(cardIdsInValue({ a: ["AH", { b: "x10G" }], "10G": 1, n: 10 }, u)).toEqual(new Set(["AH", "10G"]));
    expect(cardIdsInValue({ text: "AH and 10G" }, u).size).toBe(0);
    expect(cardIdsIn(JSON.stringify({ a: ["AH"], b: 'say "10G"' }), u)).toEqual(new Set(["AH"]));
  });
});

describe("scriptedRng", () => {
  it("plays its script, then keeps order", () => {
    const rng = scriptedRng({ ints: [2], shuffles: [[3, 1, 2]] });
    expect(rng.int(4)).toBe(2);
    expect(rng.shuffle([1, 2, 3])).toEqual([3, 1, 2]);
    expect(rng.shuffle([1, 2, 3])).toEqual([1, 2, 3]);
    expect(() => scriptedRng({ ints: [5] }).int(3)).toThrow();
    expect(() => scriptedRng({ shuffles: [[1, 1]] }).shuffle([1, 2])).toThrow();
  });
});

describe("propertySeed", () => {
  it("takes PROP_SEED from the environment, else a fresh seed", () => {
    expect(propertySeed("t", { PROP_SEED: "abc" }, () => "fresh")).toBe("abc");
    expect(propertySeed("t", {}, () => "fresh")).toBe("fresh");
  });
});
