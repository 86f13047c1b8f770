/**
 * `npm run bench:signin` (docs/benchmarks/accounts.md, "Accounts under attack"): one real server process, in one run:
 *
 * (a) a table's action→patch (an SDK player's action sent → its next patch received) p50/p99 with
 *     TABLES 4-seat Devil's Scat tables of SDK players thinking THINK_MS, in four windows side by
 *     side: quiet; under 1,000 wrong sign-ins from 100 loopback addresses at 30/s (each for a
 *     different unknown username, so every one costs a full argon2 check: the worst case for the
 *     hasher; TRUST_PROXY=1 and X-Forwarded-For give each request its address); and under a read
 *     flood (READERS addresses each with 4 requests in flight: leaderboard, profiles, match logs), first
 *     of the same pages (answered from the server's memory, net/read-cache.ts) then of URLs made unique.
 *     Target: p99 under load ≤ 1.2 × quiet.
 * (c) sign-in time for known and unknown usernames (wrong passwords; 50 each, alternating, each
 *     from a new address and for a different user, so no limit is met): the difference of medians.
 *     Target: < 2 ms.
 *
 * Env: DB ("postgres": accounts in a PostgreSQL server started here on the clients' core; else
 * embedded PGlite, in the game's process), TABLES (8), THINK_MS ("400-800"), WARMUP (s, 5), READERS (10), ROUNDS (1: each window once;
 * n: the windows alternated n times, each kind's actions pooled), WINDOWS (which windows, comma-separated
 * names as printed: "quiet,sign-in flood" measures the sign-in flood alone), PIN_CPU (the server's core,
 * "1"; "" = none), CLIENT_CPU (this process's, "0"), FLOOD_IDLE ("0" runs the flood generator at
 * normal priority; by default it is SCHED_IDLE so that it does not delay the measuring players on
 * their shared core).
 */
import { loadavg } from "node:os";
import { Worker } from "node:worker_threads";
import { Client, type Room } from "@colyseus/sdk";
import { quickPlayKey } from "@scat/shared";
import { expandLegal, readChoices } from "@scat/shared/wire-state.ts";
import { pinTo, startServerProcess } from "../../../cluster/server-process.ts";
import { startPostgres } from "../support/postgres-server.ts";
import { fmt, percentile } from "../../../loadtest/src/stats.ts";

interface ServerSide {
  patchP50Ms: number;
  patchP99Ms: number;
  loopP99Ms: number;
  loopMaxMs: number;
}
/** The server's share of action→patch (bucket bounds) and its event-loop delay between two /metrics scrapes (as loadtest/swarm/server-metrics.ts reads them). */
function serverSide(before: string, after: string): ServerSide {
  const buckets = (text: string) =>
    new Map(
      [...text.matchAll(/^scat_action_patch_seconds_bucket\{le="([^"]+)"\} (\d+)/gm)].map((m) => [
        m[1] === "+Inf" ? Infinity : Number(m[1]),
        Number(m[2]),
      ]),
    );
  const a = buckets(before);
  const b = buckets(after);
  const les = [...b.keys()].sort((x, y) => x - y);
  const delta = les.map((le) => (b.get(le) ?? 0) - (a.get(le) ?? 0));
  const total = delta.at(-1) ?? 0;
  const at = (q: number) => (total === 0 ? NaN : les[delta.findIndex((n) => n >= q * total)]! * 1000);
  const gauge = (name: string) => Number(new RegExp(`^${name} ([0-9.e+-]+)`, "m").exec(after)?.[1] ?? NaN) * 1000;
  return {
    patchP50Ms: at(0.5),
    patchP99Ms: at(0.99),
    loopP99Ms: gauge("nodejs_eventloop_lag_p99_seconds"),
    loopMaxMs: gauge("nodejs_eventloop_lag_max_seconds"),
  };
}

const TABLES = Number(process.env.TABLES ?? 8);
const [THINK_MIN, THINK_MAX] = (process.env.THINK_MS ?? "400-800").split("-").map(Number) as [number, number];
const WARMUP = Number(process.env.WARMUP ?? 5);
const READERS = Number(process.env.READERS ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 1);
const WINDOWS = (process.env.WINDOWS ?? "quiet,sign-in flood,read flood,read flood, unique URLs").split(/,(?! )/);
const SIGN_INS = 1000;
const SIGN_IN_RATE = 30;
const WINDOW_MS = (SIGN_INS / SIGN_IN_RATE) * 1000;

/** A seated player acting on its legal choices after a think; records action→patch while `measuring`. */
class Player {
  readonly latencies: number[] = [];
  seat: number | null = null;
  measuring: number[] | null = null;
  private sentAt: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private seenVersion = -1;
  private stopped = false;

  constructor(readonly room: Room) {
    const transport = (room.connection as unknown as { transport: { events: { onmessage?: (ev: { data: ArrayBuffer }) => void } } })
      .transport;
    const inner = transport.events.onmessage;
    transport.events.onmessage = (ev) => {
      if (new Uint8Array(ev.data)[0] === 15 && this.sentAt !== null) {
        this.measuring?.push(performance.now() - this.sentAt);
        this.sentAt = null;
      }
      inner?.(ev);
    };
    room.onMessage("seated", (m: { seat: number | null }) => {
      this.seat = m.seat;
    });
    room.onMessage("ping", (m: { s?: number }) => room.send("pong", { s: m.s, c: Date.now() }));
    room.onMessage("*", () => undefined);
    room.onStateChange(() => this.consider());
  }

  private choose(): Record<string, unknown> | null {
    const state = this.room.state as any;
    if (this.seat === null || !state?.seats || state.outcome) return null;
    const legal = expandLegal(readChoices(state.seats[this.seat]?.legal));
    if (legal.length === 0) return null;
    const pick = legal.find((a) => a.type === "continue") ?? legal.find((a) => a.type !== "slap") ?? legal[0]!;
    const cards = pick.cards as { from: string[]; choose: number } | string[] | undefined;
    if (cards && !Array.isArray(cards)) return { type: pick.type, cards: cards.from.slice(0, cards.choose) };
    return { ...pick } as Record<string, unknown>;
  }

  private consider(): void {
    const version = Number((this.room.state as any).version);
    if (this.stopped || this.timer !== null || version === this.seenVersion) return;
    if (!this.choose()) return;
    this.seenVersion = version;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        const action = this.choose();
        if (!action || this.stopped) return;
        this.sentAt = performance.now();
        this.room.send("action", action);
      },
      THINK_MIN + Math.random() * (THINK_MAX - THINK_MIN),
    );
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }
}

const METRICS_TOKEN = "bench-".repeat(4);
// DB=postgres: the accounts in a PostgreSQL server (started here, on the clients' core, as a
// deployment's database runs beside the game process rather than inside it); else embedded PGlite,
// whose queries run on the game's event loop.
pinTo(process.env.CLIENT_CPU ?? "0", process.pid);
const postgres = process.env.DB === "postgres" ? await startPostgres() : null;
const server = await startServerProcess({
  METRICS_TOKEN,
  LOG_LEVEL: "error",
  TRUST_PROXY: "1",
  ACCOUNTS_PER_HOUR: "100000",
  MATCHMAKE_RATE_PER_SECOND: "100000",
  MATCHMAKE_BURST: "100000",
  RATE_LIMIT_PER_SECOND: "100",
  RATE_LIMIT_BURST: "100",
  ...(postgres ? { DATABASE_URL: postgres.url } : {}),
});
pinTo(process.env.PIN_CPU ?? "1", server.child.pid!);

let addressNo = 0;
const nextAddress = () => {
  const n = ++addressNo;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};
async function post(path: string, body: unknown, from: string, token?: string): Promise<{ status: number; json: any }> {
  const res = await fetch(`${server.url}/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": from, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json().catch(() => null) };
}

try {
  console.log(
    `sign-in benchmark (${postgres ? "PostgreSQL" : "embedded PGlite"}): ${TABLES} tables × 4 SDK players thinking ${THINK_MIN}-${THINK_MAX} ms; server on CPU ${process.env.PIN_CPU ?? "1"}, clients on ${process.env.CLIENT_CPU ?? "0"}; load average at start ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );

  // (c) first, on a quiet server: 50 registered users, one wrong password each, against 50 unknown usernames.
  const known: string[] = [];
  for (let i = 0; i < 50; i++) {
    const guest = await post("/accounts/guest", { name: `Known ${i}`, token: true }, nextAddress());
    const reg = await post(
      "/accounts/register",
      { username: `known_user_${i}`, password: `plum kettle orbit ${i}` },
      nextAddress(),
      guest.json.token,
    );
    if (reg.status !== 200) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.json)}`);
    known.push(`known_user_${i}`);
  }
  const timeSignIn = async (username: string): Promise<number> => {
    const t0 = performance.now();
    const r = await post("/accounts/sign-in", { username, password: "not the password" }, nextAddress());
    if (r.status !== 401) throw new Error(`sign-in: ${r.status}`);
    return performance.now() - t0;
  };
  const knownMs: number[] = [];
  const unknownMs: number[] = [];
  for (let i = 0; i < 50; i++) {
    knownMs.push(await timeSignIn(known[i]!));
    unknownMs.push(await timeSignIn(`nobody_user_${i}`));
  }

  // (a) the tables.
  const sdk = new Client(server.url);
  const base = { seats: 4, bots: 0, turnSeconds: 120, variants: {} };
  const players: Player[] = [];
  for (let i = 0; i < TABLES * 4; i++)
    players.push(new Player(await sdk.joinOrCreate("devils_scat", { ...base, name: `B${i}`, mode: quickPlayKey(base) })));
  await new Promise((r) => setTimeout(r, WARMUP * 1000));

  const scrape = () => server.metrics(METRICS_TOKEN);
  /** Measures the players (client side) and the server's own figures while `load` runs on its own thread. */
  const window = async (load: Record<string, unknown> | null): Promise<{ lat: number[]; side: ServerSide; note: string }> => {
    const lat: number[] = [];
    const before = await scrape();
    for (const p of players) p.measuring = lat;
    const note =
      load === null
        ? await new Promise<string>((r) => setTimeout(() => r("nothing else"), WINDOW_MS))
        : await new Promise<string>((resolve, reject) => {
            const w = new Worker(new URL("./flood-worker.mjs", import.meta.url), {
              workerData: { url: server.url, idle: process.env.FLOOD_IDLE !== "0", ...load },
            });
            w.once("message", (m: string) => {
              resolve(m);
              void w.terminate();
            });
            w.once("error", reject);
          });
    for (const p of players) p.measuring = null;
    return { lat, side: serverSide(before, await scrape()), note };
  };

  // ROUNDS > 1 alternates the windows that many times and pools each kind's actions, so that a
  // drift of the machine over the run falls on every kind alike and the p99 rests on more actions.
  const kinds = [
    ["quiet", null],
    ["sign-in flood", { kind: "sign-in", total: SIGN_INS, rate: SIGN_IN_RATE, addresses: 100 }],
    ["read flood", { kind: "reads", readers: READERS, inFlight: 4, ms: WINDOW_MS }],
    ["read flood, unique URLs", { kind: "reads", readers: READERS, inFlight: 4, ms: WINDOW_MS, bust: true }],
  ] as const;
  const pooled = new Map<string, { lat: number[]; side: ServerSide; note: string; rounds: number[] }>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, load] of kinds) {
      if (!WINDOWS.includes(name)) continue;
      // A fresh set of sign-in addresses each round (the flood worker numbers its own from 1), so limits behave as in round 1.
      const w = await window(load === null ? null : { ...load, round });
      const into = pooled.get(name) ?? { lat: [], side: w.side, note: w.note, rounds: [] };
      into.lat.push(...w.lat);
      into.rounds.push(percentile(w.lat, 99));
      into.side = {
        patchP50Ms: Math.max(into.side.patchP50Ms, w.side.patchP50Ms),
        patchP99Ms: Math.max(into.side.patchP99Ms, w.side.patchP99Ms),
        loopP99Ms: Math.max(into.side.loopP99Ms, w.side.loopP99Ms),
        loopMaxMs: Math.max(into.side.loopMaxMs, w.side.loopMaxMs),
      };
      into.note = w.note;
      pooled.set(name, into);
      if (ROUNDS > 1)
        console.log(
          `round ${round + 1}/${ROUNDS} ${name}: ${w.lat.length} actions, p99 ${fmt(percentile(w.lat, 99))} ms (load ${loadavg()[0]!.toFixed(2)})`,
        );
    }
  }

  for (const p of players) p.stop();
  await Promise.all(players.map((p) => p.room.leave().catch(() => undefined)));

  console.log(
    "\n| window | actions | action→patch p50 ms | p99 ms | max ms | p99 / quiet p99 | server's share p50 / p99 ms (bucket bounds) | server event-loop delay p99 / max ms | load |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  const qp99 = percentile(pooled.get("quiet")?.lat ?? [], 99);
  for (const [name, w] of pooled) {
    const perRound = ROUNDS > 1 ? ` (rounds' p99: ${w.rounds.map((r) => fmt(r)).join(", ")})` : "";
    console.log(
      `| ${name} | ${w.lat.length} | ${fmt(percentile(w.lat, 50))} | ${fmt(percentile(w.lat, 99))}${perRound} | ${fmt(Math.max(...w.lat))} | ${fmt(percentile(w.lat, 99) / qp99, 2)} | ≤ ${fmt(w.side.patchP50Ms)} / ≤ ${fmt(w.side.patchP99Ms)} | ${fmt(w.side.loopP99Ms)} / ${fmt(w.side.loopMaxMs)} | ${w.note} |`,
    );
  }
  const mk = percentile(knownMs, 50);
  const mu = percentile(unknownMs, 50);
  console.log(
    `\nsign-in with a wrong password, 50 each: known username median ${fmt(mk, 2)} ms (p10 ${fmt(percentile(knownMs, 10), 2)}, p90 ${fmt(percentile(knownMs, 90), 2)}); unknown median ${fmt(mu, 2)} ms (p10 ${fmt(percentile(unknownMs, 10), 2)}, p90 ${fmt(percentile(unknownMs, 90), 2)}); difference of medians ${fmt(Math.abs(mk - mu), 2)} ms`,
  );
  console.log(
    `load average at end ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
} finally {
  await server.stop();
  await postgres?.stop();
}
process.exit(0);
