import { describe, expect, it } from "vitest";
import { createRng, rngFor } from "./rng.ts";

describe("seeded randomness", () => {
  it("repeats a stream for the same seed and step, and differs across steps", () => {
    const a = rngFor("seed", 3),
      b = rngFor("seed", 3),
      c = rngFor("seed", 4);
    const xs = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(xs);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(xs);
  });
  it("shuffles into a permutation without touching the input", () => {
    const items = Array.from({ length: 52 }, (_, i) => i);
    const shuffled = createRng("x").shuffle(items);
    expect([...shuffled].sort((p, q) => p - q)).toEqual(items);
    expect(shuffled).not.toEqual(items);
  });
  it("draws integers uniformly enough", () => {
    const rng = createRng("u");
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60_000; i++) counts[rng.int(6)]!++;
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(500);
  });
});
