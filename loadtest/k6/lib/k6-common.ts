/**
 * What every k6 scenario shares: its metrics (declared in k6's init context), the measurement
 * sink the table driver writes to, the SDK client for BASE_URL, and the environment knobs.
 */
import type { Client } from "@colyseus/sdk";
import { ReportingClient } from "./join-errors.ts";
import { Counter, Rate, Trend } from "k6/metrics";
import type { Sink } from "./sink.ts";

export const env = (name: string, fallback: string): string => __ENV[name] ?? fallback;
export const num = (name: string, fallback: number): number => Number(__ENV[name] ?? fallback);

/** BASE_URL: one server process or the cluster's nginx (http://host:port[/path]). */
export const BASE_URL = env("BASE_URL", "http://127.0.0.1:2567");

export function client(): Client {
  const url = new URL(BASE_URL);
  const secure = url.protocol === "https:" || url.protocol === "wss:";
  return new ReportingClient({
    hostname: url.hostname,
    port: Number(url.port || (secure ? 443 : 80)),
    secure,
    pathname: url.pathname === "/" ? "" : url.pathname,
  });
}

const TIME = new Set([
  "slap_cheater_gain_ms",
  "call_cheater_gain_ms",
  "join_ms",
  "own_patch_ms",
  "others_patch_ms",
  "slap_result_ms",
  "slap_client_stall_ms",
  "call_client_stall_ms",
  "chat_ms",
]);
const trends = new Map<string, Trend>();
const counters = new Map<string, Counter>();
const rates = new Map<string, Rate>();
for (const n of [
  "slap_cheater_gain_ms",
  "call_cheater_gain_ms",
  "join_ms",
  "own_patch_ms",
  "others_patch_ms",
  "slap_result_ms",
  "slap_client_stall_ms",
  "call_client_stall_ms",
  "bytes_per_step_client",
  "chat_ms",
])
  trends.set(n, new Trend(n, TIME.has(n)));
for (const n of [
  "join_errors",
  "actions",
  "rejected",
  "disconnects",
  "stuck_tables",
  "tables",
  "tables_finished",
  "slap_races",
  "call_races",
  "call_races_client_stalled",
  "call_races_scored",
  "slap_mixed_races",
  "call_mixed_races",
  "slap_races_client_stalled",
  "rejoins",
  "vu_errors",
  "table_full",
  "chat_lines",
  "chat_received",
  "chat_refused",
  "chat_lost",
  "chat_unmatched",
])
  counters.set(n, new Counter(n));
for (const n of [
  "join_failed",
  "slap_fastest_wins",
  "slap_slowest_penalised",
  "slap_order_exact",
  "slap_claim_accepted",
  "slap_honest_fastest_wins",
  "slap_cheater_wins",
  "call_fastest_wins",
  "call_honest_fastest_wins",
  "call_cheater_wins",
  "call_claim_accepted",
])
  rates.set(n, new Rate(n));

export const sink: Sink = {
  trend: (name, v) => trends.get(name)?.add(v),
  count: (name, n = 1, tags) => counters.get(name)?.add(n, tags),
  rate: (name, ok) => rates.get(name)?.add(ok),
};

/** Runs a VU's work, counting an exception (k6 does not fail a threshold on an uncaught one). */
export async function guarded(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (err) {
    sink.count("vu_errors");
    console.error(`VU error: ${String((err as Error)?.stack ?? err)}`);
  }
}

/** `p(99)<X` thresholds, with X from the environment (CI smoke runs on a loaded machine). */
export const p99 = (name: string, fallbackMs: number): string => `p(99)<${num(name, fallbackMs)}`;

/** "90s", "5m", "1h" or ms as a number, in ms. */
export function durationMs(text: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  if (!m) throw new Error(`bad duration ${text}`);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(m[2] ?? "ms") as "ms"];
  return Number(m[1]) * unit;
}
