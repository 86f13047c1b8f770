/**
 * Capacity benchmark (docs/benchmarks/capacity.md, "Capacity: players per core"): how many players in live
 * human-pace 4-seat Devil's Scat tables one core holds with action→patch p99 under LIMIT_MS, for
 * our server and for a bare Colyseus 0.18 room (loadtest/bench/bare-server.ts), measured the same way.
 *
 * Each server runs alone, pinned to SERVER_CPU (taskset); the players are SDK clients in WORKERS
 * separate Node processes pinned to CLIENT_CPU. Players are added in steps (STEPS); at each step,
 * after a warm-up, it measures for SECONDS: action→patch latency (an action's send to the arrival
 * of the patch that advanced the table's version, at the acting client, before decoding), the
 * server's CPU (its /proc times, and time runnable but waiting for a CPU), the clients' CPU and
 * event-loop delay (a saturated load generator shows there, not as server capacity). A server
 * stops at its first step with p99 ≥ LIMIT_MS or a refused join; the largest passing step is its
 * capacity.
 *
 *   npm run bench:capacity
 * Env: STEPS ("400,800,1600,3200,6400,12800" players), SERVERS ("ours,bare"), SERVER_CPU (0),
 * CLIENT_CPU (1; "" = not pinned, likewise SERVER_CPU), WORKERS (4), SECONDS (20), WARMUP (5),
 * THINK_MS ("800-1600"), LIMIT_MS (50), JOIN_PER_S (players joining per second, 200),
 * SERVER_NODE_ARGS (Node flags for our server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
 * Writes loadtest/reports/capacity-<time>.json.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import type { Room } from "@colyseus/sdk";
import { joinFailure, ReportingClient } from "../k6/lib/join-errors.ts";
import { chooseAction } from "../k6/lib/policy.ts";
import { readView } from "../k6/lib/view.ts";
import { pinTo, ROOT, startServerProcess } from "../../cluster/server-process.ts";
import { fmt, percentile } from "../src/stats.ts";
import { scrape, serverSide, type ServerSide } from "./server-metrics.ts";

const env = (name: string, fallback: string): string => process.env[name] ?? fallback;
const SEATS = 4;
const [THINK_MIN, THINK_MAX] = env("THINK_MS", "800-1600").split("-").map(Number) as [number, number];
/** ROOM_STATE (full state) and ROOM_STATE_PATCH frames. */
const STATE_FRAMES = new Set([14, 15]);

// ---------------------------------------------------------------- worker: one process of players

interface GrowCommand {
  type: "grow";
  url: string;
  bare: boolean;
  tables: number;
  perSecond: number;
}
interface WindowCommand {
  type: "window";
  on: boolean;
}
type Command = GrowCommand | WindowCommand | { type: "exit" };

export interface WorkerStats {
  latencies: number[];
  actions: number;
  rejected: number;
  loopP99Ms: number;
  loopMaxMs: number;
  players: number;
  gcMaxMs: number;
  gcTotalMs: number;
}

/** One seated player acting at human pace from what its state says it may do. */
class BenchPlayer {
  seat = -1;
  private sentAt: number | null = null;
  private sentVersion = 0;
  private frameAt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private seenVersion = -1;
  left = false;

  constructor(
    readonly room: Room,
    readonly bare: boolean,
    private readonly bench: Worker,
    private readonly onEnd: () => void,
  ) {
    const transport = (room.connection as unknown as { transport: { events: { onmessage?: (ev: { data: ArrayBuffer }) => void } } })
      .transport;
    const inner = transport.events.onmessage;
    transport.events.onmessage = (ev) => {
      if (STATE_FRAMES.has(new Uint8Array(ev.data, 0, 1)[0]!)) this.frameAt = performance.now();
      inner?.(ev);
    };
    room.onMessage("seated", (m: { seat: number | null }) => {
      this.seat = m.seat ?? -1;
    });
    room.onMessage("rejected", () => {
      this.bench.rejected++;
    });
    room.onMessage("ping", (m: { s?: number }) => room.send("pong", { s: m.s, c: Date.now() }));
    room.onMessage("*", () => undefined);
    room.onStateChange(() => this.changed());
    room.onLeave(() => {
      this.stop();
      if (!this.left) this.bench.disconnects++;
    });
  }

  private get version(): number {
    return Number((this.room.state as { version?: number })?.version ?? 0);
  }

  private ended(): boolean {
    const state = this.room.state as { phase?: string; status?: string } | undefined;
    return this.bare ? state?.phase === "gameOver" : state?.status === "ended";
  }

  private choose(): Record<string, unknown> | null {
    const state = this.room.state as { phase?: string; turn?: number; seats?: { mine?: { hand?: string[] } }[] } | undefined;
    if (this.bare) {
      // The seat from the state (only one's own seat shows its private part): a `seated` message that came
      // in the same read as the join reply is gone before this player listens.
      if (this.seat < 0) this.seat = state?.seats?.findIndex((seat) => seat?.mine !== undefined) ?? -1;
      if (this.seat < 0 || !state?.seats) return null;
      if (state.phase === "roundOver") return { type: "continue" };
      if (state.phase !== "turn" || state.turn !== this.seat) return null;
      const hand = state.seats[this.seat]?.mine?.hand;
      return hand && hand.length > 3 ? { type: "discard", card: hand[0] } : { type: "drawDeck" };
    }
    const view = readView(state);
    if (view.status !== "playing" || view.mySeat < 0) return null;
    return chooseAction("devils_scat", view.legal, Math.random);
  }

  private changed(): void {
    const version = this.version;
    if (this.sentAt !== null && version > this.sentVersion) {
      if (this.bench.measuring) this.bench.latencies.push(this.frameAt - this.sentAt);
      this.sentAt = null;
    }
    if (this.ended()) return this.onEnd();
    if (this.timer !== null || version === this.seenVersion || this.choose() === null) return;
    this.seenVersion = version;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        const action = this.choose();
        if (!action || this.left) return;
        this.sentAt = performance.now();
        this.sentVersion = this.version;
        if (this.bench.measuring) this.bench.actions++;
        this.room.send("action", action);
      },
      THINK_MIN + Math.random() * (THINK_MAX - THINK_MIN),
    );
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  async leave(): Promise<void> {
    this.left = true;
    this.stop();
    await this.room.leave().catch(() => undefined);
  }
}

class Worker {
  measuring = false;
  latencies: number[] = [];
  actions = 0;
  rejected = 0;
  disconnects = 0;
  players = 0;
  readonly failures = new Map<string, number>();
  private readonly loop = monitorEventLoopDelay({ resolution: 10 });
  private url = "";
  private bare = false;

  /** Garbage-collection pauses in the window (the load generator's own stalls). */
  private gcMaxMs = 0;
  private gcTotalMs = 0;

  constructor() {
    this.loop.enable();
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        this.gcMaxMs = Math.max(this.gcMaxMs, e.duration);
        this.gcTotalMs += e.duration;
      }
    }).observe({ entryTypes: ["gc"] });
  }

  private async join(make: () => Promise<Room>): Promise<Room | null> {
    try {
      return await make();
    } catch (err) {
      const f = joinFailure(err);
      this.failures.set(f.reason, (this.failures.get(f.reason) ?? 0) + 1);
      if ([...this.failures.values()].reduce((a, b) => a + b, 0) <= 3) console.error(`capacity worker: join failed: ${f.text}`);
      return null;
    }
  }

  /** One table of four players; when its game ends, they leave and a new table takes its place. */
  async table(): Promise<boolean> {
    const client = () => new ReportingClient(this.url);
    const options = { name: "Cap", seats: SEATS, bots: 0, turnSeconds: 120, variants: {}, private: true };
    const host = await this.join(() => (this.bare ? client().create("bare", {}) : client().create("devils_scat", options)));
    if (!host) return false;
    const rooms = [
      host,
      ...(await Promise.all(Array.from({ length: SEATS - 1 }, () => this.join(() => client().joinById(host.roomId, { name: "Cap" }))))),
    ];
    const joined = rooms.filter((r): r is Room => r !== null);
    let over = false;
    const players: BenchPlayer[] = [];
    const end = () => {
      if (over) return;
      over = true;
      this.players -= players.length;
      void Promise.all(players.map((p) => p.leave())).then(() => setTimeout(() => void this.table(), 200));
    };
    for (const room of joined) players.push(new BenchPlayer(room, this.bare, this, end));
    this.players += players.length;
    if (joined.length < SEATS) end();
    return joined.length === SEATS;
  }

  async grow(c: GrowCommand): Promise<void> {
    this.url = c.url;
    this.bare = c.bare;
    const gap = (1000 * SEATS) / Math.max(1, c.perSecond);
    const started: Promise<boolean>[] = [];
    for (let i = 0; i < c.tables; i++) {
      started.push(this.table());
      await new Promise((r) => setTimeout(r, gap));
    }
    await Promise.all(started);
  }

  window(on: boolean): WorkerStats | null {
    if (on) {
      this.latencies = [];
      this.actions = 0;
      this.rejected = 0;
      this.loop.reset();
      this.gcMaxMs = this.gcTotalMs = 0;
      this.measuring = true;
      return null;
    }
    this.measuring = false;
    return {
      latencies: this.latencies,
      actions: this.actions,
      rejected: this.rejected,
      loopP99Ms: this.loop.percentile(99) / 1e6,
      loopMaxMs: this.loop.max / 1e6,
      players: this.players,
      gcMaxMs: this.gcMaxMs,
      gcTotalMs: this.gcTotalMs,
    };
  }
}

async function runWorker(): Promise<void> {
  const w = new Worker();
  process.on("message", (m: Command) => {
    if (m.type === "grow")
      void w
        .grow(m)
        .then(() =>
          process.send!({ type: "grown", failures: Object.fromEntries(w.failures), players: w.players, disconnects: w.disconnects }),
        );
    else if (m.type === "window") process.send!({ type: "window", stats: w.window(m.on) });
    else process.exit(0);
  });
  process.send!({ type: "ready" });
}

// ---------------------------------------------------------------- the run

interface Target {
  name: string;
  url: string;
  pid: number;
  bare: boolean;
  stop(): Promise<void>;
}

async function startOurs(cpu: string): Promise<Target> {
  const s = await startServerProcess(
    {
      MATCHMAKE_RATE_PER_SECOND: "100000",
      MATCHMAKE_BURST: "100000",
      RATE_LIMIT_PER_SECOND: "100",
      RATE_LIMIT_BURST: "100",
      LOG_LEVEL: "error",
    },
    { nodeArgs: (process.env.SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean) },
  );
  pinTo(cpu, s.child.pid!);
  return { name: "ours", url: s.url, pid: s.child.pid!, bare: false, stop: () => s.stop() };
}

async function startBare(cpu: string): Promise<Target> {
  const s = await startServerProcess({}, { script: "loadtest/bench/bare-server.ts", anyAnswer: true });
  pinTo(cpu, s.child.pid!);
  return { name: "bare", url: s.url, pid: s.child.pid!, bare: true, stop: () => s.stop() };
}

/** utime+stime in seconds, and the main thread's on-CPU / waiting-for-CPU seconds. */
function cpuOf(pid: number): { cpuS: number; runS: number; waitS: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const [run, wait] = readFileSync(`/proc/${pid}/schedstat`, "utf8").trim().split(/\s+/).map(Number);
    return { cpuS: (Number(f[11]) + Number(f[12])) / 100, runS: run! / 1e9, waitS: wait! / 1e9 };
  } catch {
    return { cpuS: 0, runS: 0, waitS: 0 };
  }
}

interface WorkerHandle {
  child: ChildProcess;
  next<T>(type: string): Promise<T>;
}

function startWorker(cpu: string): Promise<WorkerHandle> {
  const self = fileURLToPath(import.meta.url);
  const argv = [process.execPath, "--import", "tsx", self, "--worker"];
  const child =
    cpu === ""
      ? spawn(argv[0]!, argv.slice(1), { cwd: ROOT, stdio: ["ignore", "inherit", "inherit", "ipc"] })
      : spawn("taskset", ["-c", cpu, ...argv], { cwd: ROOT, stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const waiting: { type: string; resolve: (m: unknown) => void }[] = [];
  child.on("message", (m: { type: string }) => {
    const i = waiting.findIndex((w) => w.type === m.type);
    if (i >= 0) waiting.splice(i, 1)[0]!.resolve(m);
  });
  const next = <T>(type: string) => new Promise<T>((resolve) => waiting.push({ type, resolve: resolve as (m: unknown) => void }));
  return next("ready").then(() => ({ child, next }));
}

interface StepResult {
  /** The step's target; `players` is how many were seated at its end. */
  server: string;
  step: number;
  players: number;
  actions: number;
  actionsPerS: number;
  p50: number;
  p99: number;
  serverCpuPct: number;
  serverWaitPct: number;
  clientsCpuPct: number;
  clientLoopP99Ms: number;
  clientLoopMaxMs: number;
  joinFailures: Record<string, number>;
  disconnects: number;
  rejected: number;
  load: string;
  pass: boolean;
  /** Ours only: the server's side of the same window, from its /metrics. */
  side?: ServerSide;
}

const loadavg = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

async function benchServer(
  target: Target,
  steps: number[],
  o: { workers: number; clientCpu: string; seconds: number; warmup: number; limitMs: number; joinPerS: number },
): Promise<StepResult[]> {
  const workers = await Promise.all(Array.from({ length: o.workers }, () => startWorker(o.clientCpu)));
  const results: StepResult[] = [];
  let tables = 0;
  let failedBefore: Record<string, number> = {};
  try {
    for (const players of steps) {
      const want = Math.ceil(players / SEATS);
      const add = want - tables;
      const grown = await Promise.all(
        workers.map((w, i) => {
          const share = Math.floor(add / o.workers) + (i < add % o.workers ? 1 : 0);
          const reply = w.next<{ failures: Record<string, number>; players: number; disconnects: number }>("grown");
          w.child.send({
            type: "grow",
            url: target.url,
            bare: target.bare,
            tables: share,
            perSecond: o.joinPerS / o.workers,
          } satisfies GrowCommand);
          return reply;
        }),
      );
      tables = want;
      await new Promise((r) => setTimeout(r, o.warmup * 1000));
      const s0 = cpuOf(target.pid);
      const c0 = workers.map((w) => cpuOf(w.child.pid!).cpuS);
      const m0 = target.bare ? "" : await scrape(target.url);
      const t0 = performance.now();
      await Promise.all(
        workers.map((w) => {
          const r = w.next("window");
          w.child.send({ type: "window", on: true });
          return r;
        }),
      );
      await new Promise((r) => setTimeout(r, o.seconds * 1000));
      const stats = (
        await Promise.all(
          workers.map((w) => {
            const r = w.next<{ stats: WorkerStats }>("window");
            w.child.send({ type: "window", on: false });
            return r;
          }),
        )
      ).map((m) => m.stats);
      const wall = (performance.now() - t0) / 1000;
      const m1 = target.bare ? "" : await scrape(target.url);
      const s1 = cpuOf(target.pid);
      const clientsCpu = workers.reduce((sum, w, i) => sum + cpuOf(w.child.pid!).cpuS - c0[i]!, 0);
      const lat = stats.flatMap((s) => s.latencies);
      const actions = stats.reduce((n, s) => n + s.actions, 0);
      // Failures since the previous step (the workers count from their start).
      const joinFailures: Record<string, number> = {};
      for (const g of grown) for (const [k, v] of Object.entries(g.failures)) joinFailures[k] = (joinFailures[k] ?? 0) + v;
      for (const [k, v] of Object.entries(failedBefore)) joinFailures[k] = (joinFailures[k] ?? 0) - v;
      for (const k of Object.keys(joinFailures)) if (joinFailures[k] === 0) delete joinFailures[k];
      failedBefore = {};
      for (const g of grown) for (const [k, v] of Object.entries(g.failures)) failedBefore[k] = (failedBefore[k] ?? 0) + v;
      const p99 = percentile(lat, 99);
      const r: StepResult = {
        server: target.name,
        step: players,
        players: stats.reduce((n, s) => n + s.players, 0),
        actions,
        actionsPerS: actions / wall,
        p50: percentile(lat, 50),
        p99,
        serverCpuPct: ((s1.cpuS - s0.cpuS) / wall) * 100,
        serverWaitPct: ((s1.waitS - s0.waitS) / wall) * 100,
        clientsCpuPct: (clientsCpu / wall) * 100,
        clientLoopP99Ms: Math.max(...stats.map((s) => s.loopP99Ms)),
        clientLoopMaxMs: Math.max(...stats.map((s) => s.loopMaxMs)),
        joinFailures,
        disconnects: grown.reduce((n, g) => n + g.disconnects, 0),
        rejected: stats.reduce((n, s) => n + s.rejected, 0),
        // Every player seated: a refused join fails the step, whatever the latency.
        load: loadavg(),
        pass: lat.length > 0 && p99 < o.limitMs && Object.keys(joinFailures).length === 0,
        ...(target.bare ? {} : { side: serverSide(m0, m1) }),
      };
      results.push(r);
      const failures =
        Object.entries(r.joinFailures)
          .map(([k, v]) => `${k} ${v}`)
          .join(", ") || "0";
      console.log(
        `| ${r.server} | ${players} (${r.players} seated) | ${fmt(r.actionsPerS)} | ${fmt(r.p50)} / ${fmt(r.p99)} | ${fmt(r.serverCpuPct)} % / ${fmt(r.serverWaitPct)} % | ${fmt(r.clientsCpuPct)} % | ${fmt(r.clientLoopP99Ms)} / ${fmt(r.clientLoopMaxMs)} | ${failures} | ${r.disconnects} | ${r.load} | ${r.pass ? "pass" : "FAIL"} |`,
      );
      console.log(
        `  clients: garbage-collection pauses max ${fmt(Math.max(...stats.map((x) => x.gcMaxMs)))} ms, ${fmt(stats.reduce((n, x) => n + x.gcTotalMs, 0))} ms in all over ${fmt(wall)} s`,
      );
      if (r.side)
        console.log(
          `  server side: action→patch p50 / p99 ≤ ${fmt(r.side.patchP50Ms)} / ${fmt(r.side.patchP99Ms)} ms over ${r.side.patchCount} actions; event-loop delay p99 / max ${fmt(r.side.loopP99Ms)} / ${fmt(r.side.loopMaxMs)} ms`,
        );
      if (!r.pass) break;
    }
  } finally {
    for (const w of workers) w.child.send({ type: "exit" });
    await Promise.all(workers.map((w) => (w.child.exitCode === null ? new Promise((r) => w.child.once("exit", r)) : undefined)));
  }
  return results;
}

async function main(): Promise<void> {
  const steps = env("STEPS", "400,800,1600,3200,6400,12800")
    .split(",")
    .map(Number)
    .filter((n) => n > 0);
  const servers = env("SERVERS", "ours,bare").split(",").filter(Boolean);
  const o = {
    workers: Number(env("WORKERS", "4")),
    clientCpu: env("CLIENT_CPU", "1"),
    seconds: Number(env("SECONDS", "20")),
    warmup: Number(env("WARMUP", "5")),
    limitMs: Number(env("LIMIT_MS", "50")),
    joinPerS: Number(env("JOIN_PER_S", "200")),
  };
  const serverCpu = env("SERVER_CPU", "0");
  console.log(
    `capacity: 4-seat Devil's Scat, all seats SDK players thinking ${THINK_MIN}-${THINK_MAX} ms; server on CPU ${serverCpu || "any"}, ${o.workers} client processes on CPU ${o.clientCpu || "any"}; ${o.warmup} s warm-up + ${o.seconds} s per step; limit action→patch p99 < ${o.limitMs} ms; load average at start ${loadavg()}`,
  );
  console.log(
    "| server | players (seated) | actions/s | action→patch p50 / p99 ms | server CPU / waiting for a CPU | clients' CPU | clients' loop delay p99 / max ms | failed joins (this step) | disconnects | load average | passed |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  const all: StepResult[] = [];
  for (const name of servers) {
    const target = name === "bare" ? await startBare(serverCpu) : await startOurs(serverCpu);
    try {
      all.push(...(await benchServer(target, steps, o)));
    } finally {
      await target.stop();
    }
  }
  for (const name of servers) {
    const passed = all.filter((r) => r.server === name && r.pass).map((r) => r.step);
    console.log(
      `${name}: largest passing step ${passed.length ? Math.max(...passed) : "none"} players (action→patch p99 < ${o.limitMs} ms, every join seated)`,
    );
  }
  const reports = path.join(ROOT, "loadtest", "reports");
  mkdirSync(reports, { recursive: true });
  const file = path.join(reports, `capacity-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, JSON.stringify({ options: { ...o, steps, servers, serverCpu, think: [THINK_MIN, THINK_MAX] }, steps: all }, null, 2));
  console.log(`load average at end ${loadavg()}; ${file}`);
}

if (process.argv.includes("--worker")) await runWorker();
else {
  await main();
  process.exit(0);
}
