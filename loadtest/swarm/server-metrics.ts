/**
 * Our server's own share of a capacity step, read from two scrapes of its /metrics
 * (loadtest/swarm/capacity.ts; docs/OPERATIONS.md, "Metrics and health").
 */
import { TEST_METRICS_TOKEN } from "../../cluster/server-process.ts";

/** The server's own figures for a window, from two scrapes of its /metrics (ours only). */
export interface ServerSide {
  patchP50Ms: number;
  patchP99Ms: number;
  patchCount: number;
  loopP99Ms: number;
  loopMaxMs: number;
}

export async function scrape(url: string, token = TEST_METRICS_TOKEN): Promise<string> {
  return fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } }).then(
    (r) => r.text(),
    () => "",
  );
}

/** `scat_action_patch_seconds` buckets (le → cumulative count) from a scrape. */
function patchBuckets(text: string): Map<number, number> {
  const out = new Map<number, number>();
  for (const m of text.matchAll(/^scat_action_patch_seconds_bucket\{le="([^"]+)"\} (\d+)/gm))
    out.set(m[1] === "+Inf" ? Infinity : Number(m[1]), Number(m[2]));
  return out;
}

const gauge = (text: string, name: string) => Number(new RegExp(`^${name} ([0-9.e+-]+)`, "m").exec(text)?.[1] ?? NaN);

/**
 * The server's share of action→patch over the window (arrival in the room to the patch written,
 * as bucket upper bounds) and its event-loop delay (prom-client resets it at each scrape, so the
 * second scrape covers the window).
 */
export function serverSide(before: string, after: string): ServerSide {
  const a = patchBuckets(before);
  const b = patchBuckets(after);
  const les = [...b.keys()].sort((x, y) => x - y);
  const delta = les.map((le) => (b.get(le) ?? 0) - (a.get(le) ?? 0));
  const total = delta[delta.length - 1] ?? 0;
  const at = (q: number) => (total === 0 ? NaN : les[delta.findIndex((n) => n >= q * total)]! * 1000);
  return {
    patchP50Ms: at(0.5),
    patchP99Ms: at(0.99),
    patchCount: total,
    loopP99Ms: gauge(after, "nodejs_eventloop_lag_p99_seconds") * 1000,
    loopMaxMs: gauge(after, "nodejs_eventloop_lag_max_seconds") * 1000,
  };
}
