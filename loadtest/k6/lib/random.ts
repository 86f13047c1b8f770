/** Seeded randomness and the human-like time distributions the load clients use (no runtime deps). */

/** mulberry32: a small, fast, seeded generator in [0, 1). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function gaussian(rnd: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
}

/** Log-normal around `median` (sigma in log space), clamped to [min, max]. */
export function logNormal(rnd: () => number, median: number, sigma: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, median * Math.exp(sigma * gaussian(rnd))));
}

export function pick<T>(rnd: () => number, items: readonly T[]): T {
  return items[Math.floor(rnd() * items.length)]!;
}
