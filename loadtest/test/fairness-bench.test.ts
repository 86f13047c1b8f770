/**
 * CI's short `npm run bench:fairness` (SHORT=1: two levels, jitter 10 ms / loss 0 % and jitter
 * 20 ms / loss 1 %, 16 races each through real network namespaces): it must run end to end and
 * judge most races right. A smoke test, not the figure: 16 races cannot show 98 % (one wrong race
 * is 6 %), so the floor here is 85 %; the figures come from the full run (docs/BENCHMARKS.md).
 * Skipped where namespaces cannot be made (not root, no iproute2/iptables).
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { netlabUsable } from "../../tools/netlab/netlab.ts";

const run = promisify(execFile);

describe.skipIf(!netlabUsable())("bench:fairness, short", () => {
  it("runs slap races through namespaces and judges them right", async () => {
    const { stdout } = await run(process.execPath, ["--import", "tsx", "bench/fairness-bench.ts"], {
      cwd: new URL("..", import.meta.url).pathname,
      env: { ...process.env, SHORT: "1", MIN_RIGHT: "85" },
      timeout: 150_000,
    });
    const levels = [...stdout.matchAll(/jitter +(\d+) ms +loss (\d) % +(\d+) races +ours +([\d.]+) %/g)];
    expect(levels.map((m) => [Number(m[1]), Number(m[2])])).toEqual([
      [10, 0],
      [20, 1],
    ]);
    for (const m of levels) {
      expect(Number(m[3])).toBeGreaterThanOrEqual(14);
      expect(Number(m[4])).toBeGreaterThanOrEqual(85);
    }
  }, 180_000);
});
