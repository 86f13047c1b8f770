/**
 * `soak`: moderate human-pace load for a long time (an hour by default; seconds in CI), with the
 * server's resident memory sampled from /metrics. RSS and latency must stay flat: the growth of
 * RSS from the first to the last sample (`rss_growth_mb`) and the patch p99 have thresholds;
 * the dashboard export shows both over time.
 *
 * Env: BASE_URL, TABLES (VUs, default 12), DURATION (1h), THINK_MS (2000), TURN_SECONDS (30),
 * P99_PATCH_MS (50), RSS_GROWTH_MB (64), METRICS_TOKEN (when the server asks for one).
 */
import "./lib/shims.ts";
import http from "k6/http";
import { Gauge, Trend } from "k6/metrics";
import { BASE_URL, durationMs, env, num, p99 } from "./lib/k6-common.ts";
import { humanPaceTable } from "./lib/human-pace.ts";

const DURATION = env("DURATION", "1h");
const THINK = num("THINK_MS", 2000);
const TURN = num("TURN_SECONDS", 30);
const rssMb = new Trend("server_rss_mb");
const rssGrowth = new Gauge("rss_growth_mb");

export const options = {
  scenarios: {
    tables: { executor: "constant-vus", exec: "tables", vus: num("TABLES", 12), duration: DURATION, gracefulStop: "20s" },
    memory: { executor: "constant-vus", exec: "memory", vus: 1, duration: DURATION, gracefulStop: "5s" },
  },
  thresholds: {
    own_patch_ms: [p99("P99_PATCH_MS", 50)],
    others_patch_ms: [p99("P99_PATCH_MS", 50)],
    join_failed: ["rate==0"],
    disconnects: ["count==0"],
    stuck_tables: ["count==0"],
    vu_errors: ["count==0"],
    actions: ["count>0"],
    rss_growth_mb: [`value<${num("RSS_GROWTH_MB", 64)}`],
  },
};

/** RSS (MB) of each process: behind the cluster's nginx /p<n>/ reaches process n; else the one process. */
function sampleRss(): Map<string, number> {
  const token = __ENV.METRICS_TOKEN;
  const read = (path: string): number | null => {
    const res = http.get(`${BASE_URL}${path}/metrics`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      tags: { name: "metrics" },
      // A single process answers 404 to the /p<n>/ probe: expected, not a failed request.
      ...(path === "" ? {} : { responseCallback: http.expectedStatuses(200, 404) }),
    });
    const rss =
      res.status === 200 && typeof res.body === "string" ? /^process_resident_memory_bytes(?:\{[^}]*\})? (\S+)/m.exec(res.body) : null;
    return rss ? Number(rss[1]) / 1_048_576 : null;
  };
  const out = new Map<string, number>();
  for (let n = 1; n <= 16; n++) {
    const mb = read(`/p${n}`);
    if (mb === null) break;
    out.set(`p${n}`, mb);
  }
  if (out.size === 0) {
    const mb = read("");
    if (mb !== null) out.set("one", mb);
  }
  return out;
}

export function setup(): { rss: Record<string, number> } {
  return { rss: Object.fromEntries(sampleRss()) };
}

export async function memory(): Promise<void> {
  for (const mb of sampleRss().values()) rssMb.add(mb);
  await new Promise((r) => setTimeout(r, Math.min(30_000, durationMs(DURATION) / 6)));
}

export function teardown(data: { rss: Record<string, number> }): void {
  let growth = 0;
  for (const [id, mb] of sampleRss()) {
    rssMb.add(mb);
    if (data.rss[id] !== undefined) growth = Math.max(growth, mb - data.rss[id]!);
  }
  rssGrowth.add(growth);
}

export function tables(): Promise<void> {
  return humanPaceTable(DURATION, THINK, TURN);
}
