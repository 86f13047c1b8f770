/**
 * `npm run bench:signin` (docs/BENCHMARKS.md, "Limits"): one real server process, in one run:
 *
 * (a) a table's action→patch (an SDK player's action sent → its next patch received) p50/p99 with
 *     TABLES 4-seat Devil's Scat tables of SDK players thinking THINK_MS, in three windows side by
 *     side: quiet; under 1,000 wrong sign-ins from 100 loopback addresses at 30/s (each for a
 *     different unknown username, so every one costs a full argon2 check: the worst case for the
 *     hasher; TRUST_PROXY=1 and X-Forwarded-For give each request its address); and under a read
 *     flood (READERS addresses each with 4 requests in flight: leaderboard, profiles, match logs).
 *     Target: p99 under load ≤ 1.2 × quiet.
 * (c) sign-in time for known and unknown usernames (wrong passwords; 50 each, alternating, each
 *     from a new address and for a different user, so no limit is met): the difference of medians.
 *     Target: < 2 ms.
 *
 * Env: TABLES (8), THINK_MS ("400-800"), WARMUP (s, 5), READERS (10), PIN_CPU (the server's core,
 * "1"; "" = none), CLIENT_CPU (this process's, "0").
 */
import { loadavg } from "node:os";
import { Client, type Room } from "@colyseus/sdk";
import { quickPlayKey } from "@scat/shared";
import { expandLegal, readChoices } from "@scat/shared/wire-state.ts";
import { pinTo, startServerProcess } from "../../../loadtest/src/server-process.ts";
import { fmt, percentile } from "../../../loadtest/src/stats.ts";

const TABLES = Number(process.env.TABLES ?? 8);
const [THINK_MIN, THINK_MAX] = (process.env.THINK_MS ?? "400-800").split("-").map(Number) as [number, number];
const WARMUP = Number(process.env.WARMUP ?? 5);
const READERS = Number(process.env.READERS ?? 10);
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
    const transport = (room.connection as unknown as { transport: { events: { onmessage?: (ev: { data: ArrayBuffer }) => void } } }).transport;
    const inner = transport.events.onmessage;
    transport.events.onmessage = (ev) => {
      if (new Uint8Array(ev.data)[0] === 15 && this.sentAt !== null) {
        this.measuring?.push(performance.now() - this.sentAt);
        this.sentAt = null;
      }
      inner?.(ev);
    };
    room.onMessage("seated", (m: { seat: number | null }) => { this.seat = m.seat; });
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
    this.timer = setTimeout(() => {
      this.timer = null;
      const action = this.choose();
      if (!action || this.stopped) return;
      this.sentAt = performance.now();
      this.room.send("action", action);
    }, THINK_MIN + Math.random() * (THINK_MAX - THINK_MIN));
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }
}

const server = await startServerProcess({ LOG_LEVEL: "error", TRUST_PROXY: "1", ACCOUNTS_PER_HOUR: "100000", MATCHMAKE_RATE_PER_SECOND: "100000", MATCHMAKE_BURST: "100000", RATE_LIMIT_PER_SECOND: "100", RATE_LIMIT_BURST: "100" });
pinTo(process.env.PIN_CPU ?? "1", server.child.pid!);
pinTo(process.env.CLIENT_CPU ?? "0", process.pid);

let addressNo = 0;
const nextAddress = () => { const n = ++addressNo; return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`; };
async function post(path: string, body: unknown, from: string, token?: string): Promise<{ status: number; json: any }> {
  const res = await fetch(`${server.url}/api${path}`, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": from, ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  return { status: res.status, json: await res.json().catch(() => null) };
}

try {
  console.log(`sign-in benchmark: ${TABLES} tables × 4 SDK players thinking ${THINK_MIN}-${THINK_MAX} ms; server on CPU ${process.env.PIN_CPU ?? "1"}, clients on ${process.env.CLIENT_CPU ?? "0"}; load average at start ${loadavg().map((l) => l.toFixed(2)).join(" ")}`);

  // (c) first, on a quiet server: 50 registered users, one wrong password each, against 50 unknown usernames.
  const known: string[] = [];
  for (let i = 0; i < 50; i++) {
    const guest = await post("/accounts/guest", { name: `Known ${i}` }, nextAddress());
    const reg = await post("/accounts/register", { username: `known_user_${i}`, password: `plum kettle orbit ${i}` }, nextAddress(), guest.json.token);
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
  for (let i = 0; i < TABLES * 4; i++) players.push(new Player(await sdk.joinOrCreate("devils_scat", { ...base, name: `B${i}`, mode: quickPlayKey(base) })));
  await new Promise((r) => setTimeout(r, WARMUP * 1000));

  const window = async (load: () => Promise<string>): Promise<{ lat: number[]; note: string }> => {
    const lat: number[] = [];
    for (const p of players) p.measuring = lat;
    const note = await load();
    for (const p of players) p.measuring = null;
    return { lat, note };
  };
  const counts = (statuses: number[]) => [...new Set(statuses)].sort().map((s) => `${statuses.filter((x) => x === s).length}×${s}`).join(", ");

  const quiet = await window(async () => { await new Promise((r) => setTimeout(r, WINDOW_MS)); return "nothing else"; });

  const signIns = await window(async () => {
    const addresses = Array.from({ length: 100 }, (_, i) => `10.250.${i >> 8}.${i & 255}`);
    const sent: Promise<number>[] = [];
    const t0 = performance.now();
    for (let i = 0; i < SIGN_INS; i++) {
      const due = t0 + (i * 1000) / SIGN_IN_RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      sent.push(post("/accounts/sign-in", { username: `flood_${i}`, password: `guess number ${i}` }, addresses[i % 100]!).then((r) => r.status, () => 0));
    }
    const statuses = await Promise.all(sent);
    return `${SIGN_INS} wrong sign-ins from 100 addresses in ${fmt((performance.now() - t0) / 1000)} s: ${counts(statuses)}`;
  });

  const reads = await window(async () => {
    const statuses: number[] = [];
    const end = performance.now() + WINDOW_MS;
    const paths = ["/leaderboard/devils_scat", `/players/nobody`, "/matches/none/log", "/leaderboard/skit_scat"];
    const loop = async (from: string, k: number) => {
      for (let i = k; performance.now() < end; i++) {
        const res = await fetch(`${server.url}/api${paths[i % paths.length]}`, { headers: { "x-forwarded-for": from } }).catch(() => null);
        statuses.push(res?.status ?? 0);
        await res?.arrayBuffer().catch(() => undefined);
      }
    };
    const t0 = performance.now();
    await Promise.all(Array.from({ length: READERS }, (_, a) => [0, 1, 2, 3].map((k) => loop(`10.251.0.${a}`, k))).flat());
    const secs = (performance.now() - t0) / 1000;
    return `${statuses.length} reads from ${READERS} addresses (4 in flight each) in ${fmt(secs)} s (${fmt(statuses.length / secs, 0)}/s): ${counts(statuses)}`;
  });

  for (const p of players) p.stop();
  await Promise.all(players.map((p) => p.room.leave().catch(() => undefined)));

  console.log("\n| window | actions | action→patch p50 ms | p99 ms | max ms | p99 / quiet p99 | load |");
  console.log("| --- | --- | --- | --- | --- | --- | --- |");
  const qp99 = percentile(quiet.lat, 99);
  for (const [name, w] of [["quiet", quiet], ["sign-in flood", signIns], ["read flood", reads]] as const) {
    console.log(`| ${name} | ${w.lat.length} | ${fmt(percentile(w.lat, 50))} | ${fmt(percentile(w.lat, 99))} | ${fmt(Math.max(...w.lat))} | ${fmt(percentile(w.lat, 99) / qp99, 2)} | ${w.note} |`);
  }
  const mk = percentile(knownMs, 50);
  const mu = percentile(unknownMs, 50);
  console.log(`\nsign-in with a wrong password, 50 each: known username median ${fmt(mk, 2)} ms (p10 ${fmt(percentile(knownMs, 10), 2)}, p90 ${fmt(percentile(knownMs, 90), 2)}); unknown median ${fmt(mu, 2)} ms (p10 ${fmt(percentile(unknownMs, 10), 2)}, p90 ${fmt(percentile(unknownMs, 90), 2)}); difference of medians ${fmt(Math.abs(mk - mu), 2)} ms`);
  console.log(`load average at end ${loadavg().map((l) => l.toFixed(2)).join(" ")}`);
} finally {
  await server.stop();
}
process.exit(0);
