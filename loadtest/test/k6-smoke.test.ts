/**
 * The CI smoke of every k6 scenario (loadtest/k6/, docs/benchmarks/k6.md "k6"): seconds each, against
 * one server process and against the local cluster (redis + 3 processes + nginx, cluster/). A
 * scenario passes only when k6 exits 0, i.e. every threshold held: correctness thresholds (no
 * refused join, no table-full in the quick-play race, no disconnect or stuck table, slap
 * adjudication ≥ 85 % right; `call-race`, against one process: a call race per table, at least 8
 * judged and 5 scored, the truly fastest caller gets the Joker; in both race scenarios, cheaters
 * (the lying-client policy, 30-50 ms truly slower than the fastest honest player at their table)
 * win at most one race in five and the honest player wins ≥ 80 % of those races; `tables` talks: chat lines delivered, none refused or lost) are the real ones; latency limits are loose here because the machine
 * is shared (the figures in BENCHMARKS.md come from full runs).
 * Needs k6 in loadtest/.k6/bin (`npm run k6:install`).
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { k6Installed, K6_BIN, runK6, SMOKE, startTarget, type Target } from "../k6/run.ts";

const SCENARIOS = ["join-storm", "tables", "slap-storm", "soak", "call-race"] as const;
/** Against one process only: a call race is judged inside one table's process, the cluster adds nothing to it (CI time). */
const ONE_ONLY: ReadonlySet<string> = new Set(["call-race"]);

interface Summary {
  metrics: Record<string, Record<string, number> & { thresholds?: Record<string, boolean> }>;
}

describe.each(["one", "cluster"] as const)("k6 smoke against %s", (kind) => {
  let target: Target;
  beforeAll(async () => {
    if (!k6Installed()) throw new Error(`k6 is missing at ${K6_BIN}: run \`npm run k6:install\` first`);
    target = await startTarget(kind);
  });
  afterAll(async () => {
    await target?.stop();
  });

  it.each(SCENARIOS.filter((s) => kind === "one" || !ONE_ONLY.has(s)))("%s holds every threshold", async (scenario) => {
    const r = await runK6({
      scenario,
      baseUrl: target.url,
      env: SMOKE[scenario]!,
      label: `smoke-${scenario}-${kind}`,
      onOutput: () => undefined,
    });
    const failed =
      r.code === 0
        ? ""
        : r.output
            .split("\n")
            .filter((l) => l.includes("✗") || /error|ERRO/i.test(l))
            .join("\n");
    expect(failed || r.code, `k6 exit ${r.code}:\n${failed}\n${r.output.slice(-3000)}`).toBe(0);
    // The run did something: the summary has the scenario's own measurements.
    const summary = JSON.parse(readFileSync(r.summary, "utf8")) as Summary;
    const must = {
      "join-storm": "join_ms",
      tables: "own_patch_ms",
      "slap-storm": "slap_fastest_wins",
      soak: "server_rss_mb",
      "call-race": "call_fastest_wins",
    }[scenario];
    expect(Object.keys(summary.metrics)).toContain(must);
    // `tables` runs with chat traffic: lines were said and every simulated player timed theirs.
    if (scenario === "tables") {
      expect(summary.metrics["chat_lines"]?.["count"] ?? 0).toBeGreaterThan(0);
      expect(summary.metrics["chat_ms"]?.["count"] ?? 0).toBeGreaterThan(0);
      expect(summary.metrics["chat_received"]?.["count"] ?? 0).toBeGreaterThan(0);
    }
  });
});
