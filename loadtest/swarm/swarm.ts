/**
 * The Node bot swarm: the k6 `tables` (or `slap-storm`) scenario's players, driven by the same
 * table driver (loadtest/k6/lib/table.ts) and the same `@colyseus/sdk`, from one Node process,
 * for loads beyond what k6 VUs can generate on this machine (a k6 VU costs megabytes; a swarm
 * player costs one SDK client). Prints the same measurements and checks the same thresholds.
 *
 *   tsx loadtest/swarm/swarm.ts [--cluster] [--pin <cpu>] [--url <BASE_URL>]
 * Env: TABLES (100), SEATS_HUMAN (all seats human: 1, else 2..4 mixed with bots), MODE (tables |
 * slap), DURATION_S (60), RAMP_PER_S (tables started per second, 20), THINK_MS (1500),
 * P99_PATCH_MS (50). Exit 1 when a threshold fails.
 */
import { readFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { ReportingClient } from "../k6/lib/join-errors.ts";
import { GAMES, playsWithAHand } from "../k6/lib/policy.ts";
import { logNormal, seeded } from "../k6/lib/random.ts";
import { playTable, type Sink } from "../k6/lib/table.ts";
import { startTarget, withCpuAccount } from "../k6/run.ts";
import { percentile } from "../src/stats.ts";

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const TABLES = num("TABLES", 100);
const MODE = process.env.MODE ?? "tables";
const DURATION = num("DURATION_S", 60) * 1000;
const RAMP = num("RAMP_PER_S", 20);
const THINK = num("THINK_MS", MODE === "slap" ? 250 : 1500);
const P99_PATCH = num("P99_PATCH_MS", 50);
const ALL_HUMAN = process.env.SEATS_HUMAN === "1";

const trends = new Map<string, number[]>();
const counts = new Map<string, number>();
const rates = new Map<string, [number, number]>();
const sink: Sink = {
  trend: (n, v) => {
    const a = trends.get(n) ?? [];
    a.push(v);
    trends.set(n, a);
  },
  count: (n, k = 1, tags) => {
    counts.set(n, (counts.get(n) ?? 0) + k);
    for (const [tag, value] of Object.entries(tags ?? {}))
      counts.set(`${n}{${tag}=${value}}`, (counts.get(`${n}{${tag}=${value}}`) ?? 0) + k);
  },
  rate: (n, ok) => {
    const r = rates.get(n) ?? [0, 0];
    r[0] += ok ? 1 : 0;
    r[1]++;
    rates.set(n, r);
  },
};

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const url = flag("--url") ?? process.env.BASE_URL;
const target = url
  ? { url, label: "url", pids: [] as number[], stop: async () => undefined }
  : await startTarget(args.includes("--cluster") ? "cluster" : "one", flag("--pin"));
const started = Date.now();
const stopAt = started + DURATION;
let peakPlayers = 0;
let live = 0;

async function tableLoop(i: number): Promise<void> {
  const rnd = seeded(i * 7919 + 1);
  for (let round = 0; Date.now() < stopAt - 2000; round++) {
    const setup = MODE === "slap" ? { game: "hit_the_deck", seats: 4, variants: { target: 1000 } } : GAMES[(i + round) % GAMES.length]!;
    const humans = MODE === "slap" || ALL_HUMAN ? setup.seats : 2 + ((i + round) % (setup.seats - 1));
    const paths = Array.from({ length: setup.seats }, () =>
      MODE === "slap" ? { upMs: 5 + rnd() * 145, downMs: 5 + rnd() * 145, jitterMs: 10 } : { upMs: 0, downMs: 0, jitterMs: 0 },
    );
    live += humans;
    peakPlayers = Math.max(peakPlayers, live);
    try {
      await playTable(
        {
          game: setup.game,
          seats: setup.seats,
          humans,
          turnSeconds: 30,
          variants: setup.variants,
          thinkMs: () => logNormal(rnd, THINK, MODE === "slap" ? 0.4 : 0.5, 20, 18_000),
          reactionMs: () => Math.round(logNormal(rnd, 270, 0.22, 120, 1200)),
          path: (k) => paths[k]!,
          stopAt,
          rnd,
          client: () => new ReportingClient(target.url),
          ...(MODE === "slap" ? { prefer: playsWithAHand } : {}),
        },
        sink,
      );
    } catch (err) {
      sink.count("vu_errors");
      console.error(String(err));
    } finally {
      live -= humans;
    }
  }
}

// The swarm's own event loop: a starved load generator delays its players (and its timers) itself.
const loopDelay = monitorEventLoopDelay({ resolution: 20 });
loopDelay.enable();
const loadavg = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const loadBefore = loadavg();
const { cpu, wallS } = await withCpuAccount(target.pids, async () => {
  const loops: Promise<void>[] = [];
  for (let i = 0; i < TABLES; i++) {
    loops.push(tableLoop(i));
    if ((i + 1) % RAMP === 0) await new Promise((r) => setTimeout(r, 1000));
  }
  await Promise.all(loops);
});
const loadAfter = loadavg();
await target.stop();

const p = (n: string, q: number) => {
  const a = trends.get(n) ?? [];
  return a.length ? percentile(a, q).toFixed(1) : "-";
};
const rate = (n: string) => {
  const r = rates.get(n);
  return r ? `${((100 * r[0]) / r[1]).toFixed(2)}% of ${r[1]}` : "-";
};
console.log(
  `swarm ${MODE}: ${TABLES} tables, peak ${peakPlayers} simulated players connected, ${((Date.now() - started) / 1000).toFixed(0)} s, target ${target.label}`,
);
for (const n of ["join_ms", "own_patch_ms", "others_patch_ms", "slap_result_ms", "bytes_per_step_client"]) {
  if (trends.has(n)) console.log(`  ${n}: p50 ${p(n, 50)}  p99 ${p(n, 99)}  (${trends.get(n)!.length} samples)`);
}
for (const n of ["join_failed", "slap_fastest_wins", "slap_slowest_penalised", "slap_claim_accepted"])
  if (rates.has(n)) console.log(`  ${n}: ${rate(n)}`);
console.log(`  counts: ${[...counts.entries()].map(([k, v]) => `${k}=${v}`).join(" ")}`);
console.log(
  `  swarm's own event loop delay: p50 ${(loopDelay.percentile(50) / 1e6).toFixed(0)} ms, p99 ${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms, max ${(loopDelay.max / 1e6).toFixed(0)} ms`,
);
for (const c of cpu)
  console.log(
    `  server ${c.pid}: JS thread on a CPU ${c.onCpuS.toFixed(1)} s, runnable but waiting for a CPU ${c.waitingS.toFixed(1)} s, over ${wallS.toFixed(0)} s`,
  );
console.log(`  load average before ${loadBefore}, after ${loadAfter}`);
const failures: string[] = [];
const p99 = (n: string) => {
  const a = trends.get(n) ?? [];
  return a.length ? percentile(a, 99) : 0;
};
if (MODE === "tables" && (p99("own_patch_ms") >= P99_PATCH || p99("others_patch_ms") >= P99_PATCH))
  failures.push(`patch p99 >= ${P99_PATCH} ms`);
if ((rates.get("join_failed")?.[0] ?? 0) > 0) failures.push("refused joins");
for (const n of ["disconnects", "stuck_tables", "vu_errors"]) if ((counts.get(n) ?? 0) > 0) failures.push(n);
if (MODE === "slap")
  for (const n of ["slap_fastest_wins", "slap_slowest_penalised"]) {
    const r = rates.get(n);
    if (r && r[0] / r[1] < 0.98) failures.push(`${n} < 98 %`);
  }
console.log(failures.length ? `  THRESHOLDS FAILED: ${failures.join(", ")}` : "  every threshold held");
process.exit(failures.length ? 1 : 0);
