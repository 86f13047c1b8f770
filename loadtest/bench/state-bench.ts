/**
 * Typed-state benchmark (docs/benchmarks/state.md, "Typed state"): our server and a bare Colyseus 0.18
 * room (bench/bare-server.ts) as real processes in the same run, each pinned to one core
 * (PIN_CPU), played by SDK clients at human pace (every decision after THINK_MS). Per server and
 * game it prints bytes received per action per client (state patches, other messages (events),
 * pings, and all frames), action→patch latency (send to the acting client's next patch), server CPU per
 * action, and memory per connected player (resident, and JavaScript heap after a full collection
 * through the inspector).
 *
 * Env: PLAYERS (players for the scale run, default 400), GAMES (the games measured at small scale,
 * default all six), TABLES (tables per game at small scale, 4), SECONDS (measured window, 30),
 * WARMUP (seconds, 5), THINK_MS ("800-1600"), PIN_CPU (core for both servers, "1"; "" = none).
 */
import { readFile } from "node:fs/promises";
import { Client, type Room } from "@colyseus/sdk";
import { quickPlayKey } from "@scat/shared";
import { expandLegal, readChoices } from "@scat/shared/wire-state.ts";
import { pinTo, startServerProcess } from "../../cluster/server-process.ts";
import { fmt, percentile } from "../src/stats.ts";
import { heapUsedAfterGc } from "../src/heap-probe.ts";

const ALL_GAMES = ["devils_scat", "skit_scat", "dark_hand", "dark_hearts", "scatterbrain", "hit_the_deck"];
const GAMES = (process.env.GAMES ?? ALL_GAMES.join(",")).split(",").filter(Boolean);
const PLAYERS = Number(process.env.PLAYERS ?? 400);
const TABLES = Number(process.env.TABLES ?? 4);
const SECONDS = Number(process.env.SECONDS ?? 30);
const WARMUP = Number(process.env.WARMUP ?? 5);
const [THINK_MIN, THINK_MAX] = (process.env.THINK_MS ?? "800-1600").split("-").map(Number) as [number, number];
const PIN = process.env.PIN_CPU ?? "1";
const SEATS = 4;
const CLOCK_TICKS = 100;

interface Proc {
  url: string;
  pid: number;
  output(): string;
  stop(): Promise<void>;
}

/** A server pinned to PIN_CPU, with the inspector on (the heap after GC is read through it). */
async function start(script: string, env: Record<string, string>): Promise<Proc> {
  const s = await startServerProcess(
    { LOG_LEVEL: "error", ...env },
    { script, anyAnswer: script !== "server/src/main.ts", nodeArgs: ["--inspect=127.0.0.1:0"] },
  );
  pinTo(PIN, s.child.pid!);
  return { url: s.url, pid: s.child.pid!, output: () => s.output(), stop: () => s.stop() };
}

async function cpuTicks(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(f[11]) + Number(f[12]);
}

async function rss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

/** One seated bench player: counts what it receives and acts on its decisions after a think. */
class Player {
  patchBytes = 0;
  pingBytes = 0;
  allBytes = 0;
  actions = 0;
  rejected = 0;
  readonly latencies: number[] = [];
  seat: number | null = null;
  private sentAt: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private seenVersion = -1;
  measuring = false;

  constructor(
    readonly room: Room,
    readonly bare: boolean,
  ) {
    const transport = (room.connection as unknown as { transport: { events: { onmessage?: (ev: { data: ArrayBuffer }) => void } } })
      .transport;
    const inner = transport.events.onmessage;
    transport.events.onmessage = (ev) => {
      const bytes = new Uint8Array(ev.data);
      if (this.measuring) {
        this.allBytes += bytes.byteLength;
        if (bytes[0] === 15) this.patchBytes += bytes.byteLength;
        else if (bytes[0] === 13 && bytes[1] === 0xa4 && bytes[2] === 0x70 && bytes[3] === 0x69 && bytes[4] === 0x6e && bytes[5] === 0x67)
          this.pingBytes += bytes.byteLength;
      }
      if (bytes[0] === 15 && this.sentAt !== null) {
        if (this.measuring) this.latencies.push(performance.now() - this.sentAt);
        this.sentAt = null;
      }
      inner?.(ev);
    };
    room.onMessage("seated", (m: { seat: number | null }) => {
      this.seat = m.seat;
    });
    room.onMessage("rejected", () => {
      this.rejected++;
    });
    room.onMessage("ping", (m: { s?: number }) => room.send("pong", { s: m.s, c: Date.now() }));
    room.onMessage("*", () => undefined);
    room.onStateChange(() => this.consider());
  }

  private choose(): Record<string, unknown> | null {
    const state = this.room.state as any;
    if (this.seat === null || !state?.seats) return null;
    if (this.bare) {
      if (state.phase === "roundOver") return { type: "continue" };
      if (state.phase !== "turn" || state.turn !== this.seat) return null;
      const hand = state.seats[this.seat]?.mine?.hand;
      return hand && hand.length > 3 ? { type: "discard", card: hand[0] } : { type: "drawDeck" };
    }
    if (state.outcome) return null;
    const legal = expandLegal(readChoices(state.seats[this.seat]?.legal));
    if (legal.length === 0) return null;
    const pick = legal.find((a) => a.type === "continue") ?? legal.find((a) => a.type !== "slap") ?? legal[0]!;
    const cards = pick.cards;
    if (cards && !Array.isArray(cards))
      return { type: pick.type, cards: (cards as { from: string[]; choose: number }).from.slice(0, (cards as { choose: number }).choose) };
    return { ...pick } as Record<string, unknown>;
  }

  private consider(): void {
    const state = this.room.state as any;
    const version = Number(state.version);
    if (this.timer !== null || version === this.seenVersion) return;
    const action = this.choose();
    if (!action) return;
    this.seenVersion = version;
    const think = THINK_MIN + Math.random() * (THINK_MAX - THINK_MIN);
    this.timer = setTimeout(() => {
      this.timer = null;
      const again = this.choose();
      if (!again) return;
      this.sentAt = performance.now();
      if (this.measuring) this.actions++;
      this.room.send("action", again);
    }, think);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

async function seatTables(url: string, game: string, tables: number, bare: boolean): Promise<Player[]> {
  const sdk = new Client(url);
  const base = { seats: SEATS, bots: 0, turnSeconds: 120, variants: {} };
  const players: Player[] = [];
  const batch = 20;
  for (let i = 0; i < tables * SEATS; i += batch) {
    const n = Math.min(batch, tables * SEATS - i);
    const joined = await Promise.all(
      Array.from({ length: n }, async (_, k) => {
        const room = bare
          ? await sdk.joinOrCreate("bare", {})
          : await sdk.joinOrCreate(game, { ...base, name: `B${i + k}`, mode: quickPlayKey(base) });
        return new Player(room, bare);
      }),
    );
    players.push(...joined);
  }
  return players;
}

interface Figures {
  bytesPatch: number;
  bytesPing: number;
  bytesAll: number;
  p50: number;
  p99: number;
  cpuMsPerAction: number;
  cpuPct: number;
  memPerPlayer: number;
  heapPerPlayer: number;
  actions: number;
  players: number;
}

async function measure(proc: Proc, game: string, tables: number, bare: boolean): Promise<Figures> {
  const heapBefore = await heapUsedAfterGc(proc.output());
  const before = await rss(proc.pid);
  const players = await seatTables(proc.url, game, tables, bare);
  await new Promise((r) => setTimeout(r, WARMUP * 1000));
  const after = await rss(proc.pid);
  const heapAfter = await heapUsedAfterGc(proc.output());
  for (const p of players) p.measuring = true;
  const t0 = await cpuTicks(proc.pid);
  const w0 = performance.now();
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const t1 = await cpuTicks(proc.pid);
  const wall = performance.now() - w0;
  for (const p of players) {
    p.measuring = false;
    p.stop();
  }
  const actions = players.reduce((n, p) => n + p.actions - p.rejected, 0);
  const patch = players.reduce((n, p) => n + p.patchBytes, 0);
  const all = players.reduce((n, p) => n + p.allBytes, 0);
  const ping = players.reduce((n, p) => n + p.pingBytes, 0);
  const lat = players.flatMap((p) => p.latencies);
  const cpuMs = ((t1 - t0) * 1000) / CLOCK_TICKS;
  await Promise.all(players.map((p) => p.room.leave().catch(() => undefined)));
  await new Promise((r) => setTimeout(r, 500));
  // Every client sees every action of its table: bytes per action per client.
  const perActionPerClient = (bytes: number) => bytes / Math.max(1, actions) / SEATS;
  return {
    bytesPatch: perActionPerClient(patch),
    bytesPing: perActionPerClient(ping),
    bytesAll: perActionPerClient(all),
    p50: percentile(lat, 50),
    p99: percentile(lat, 99),
    cpuMsPerAction: cpuMs / Math.max(1, actions),
    cpuPct: (cpuMs / wall) * 100,
    memPerPlayer: (after - before) / players.length,
    heapPerPlayer: (heapAfter - heapBefore) / players.length,
    actions,
    players: players.length,
  };
}

const row = (name: string, f: Figures) =>
  `| ${name} | ${f.players} | ${f.actions} | ${fmt(f.bytesPatch)} | ${fmt(f.bytesAll - f.bytesPatch - f.bytesPing)} | ${fmt(f.bytesPing)} | ${fmt(f.bytesAll)} | ${fmt(f.p50)} | ${fmt(f.p99)} | ${fmt(f.cpuMsPerAction, 3)} | ${fmt(f.cpuPct)} | ${fmt(f.memPerPlayer / 1024)} | ${fmt(f.heapPerPlayer / 1024)} |`;

const load = (await readFile("/proc/loadavg", "utf8")).split(" ").slice(0, 3).join(" ");
console.log(
  `state benchmark: ${SECONDS} s windows after ${WARMUP} s warm-up, think ${THINK_MIN}-${THINK_MAX} ms, servers pinned to core ${PIN || "none"}, load average at start ${load}`,
);
console.log(
  "| server / game | players | actions | patch B/action/client | events B | ping B | all B/action/client | action→patch p50 ms | p99 ms | server CPU ms/action | server CPU % | RSS KiB/player | heap after GC KiB/player |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
const bare = await start("loadtest/bench/bare-server.ts", {});
const ours = await start("server/src/main.ts", {
  MATCHMAKE_RATE_PER_SECOND: "100000",
  MATCHMAKE_BURST: "100000",
  RATE_LIMIT_PER_SECOND: "100",
  RATE_LIMIT_BURST: "100",
});
try {
  console.log(row("bare Colyseus: devils_scat", await measure(bare, "bare", TABLES, true)));
  for (const game of GAMES) console.log(row(`ours: ${game}`, await measure(ours, game, TABLES, false)));
  if (PLAYERS > 0) {
    const tables = Math.ceil(PLAYERS / SEATS);
    console.log(row(`bare Colyseus at ${tables * SEATS} players`, await measure(bare, "bare", tables, true)));
    console.log(row(`ours: devils_scat at ${tables * SEATS} players`, await measure(ours, "devils_scat", tables, false)));
  }
} finally {
  await bare.stop();
  await ours.stop();
}
const loadEnd = (await readFile("/proc/loadavg", "utf8")).split(" ").slice(0, 3).join(" ");
console.log(`load average at end ${loadEnd}`);
process.exit(0);
