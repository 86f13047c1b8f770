/** A real server process (`server/src/main.ts`, TypeScript loaded by tsx) on a free loopback port, for tests and benchmarks. */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));

/**
 * The operator token every test and benchmark server is started with (the public port serves
 * /metrics and detailed /health only with a token: docs/OPERATIONS.md). A caller may set its own.
 */
export const TEST_METRICS_TOKEN = "test-metrics-token-0123456789";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === "object" && addr ? resolve(addr.port) : reject(new Error("no port"))));
    });
  });
}

export interface ServerProcess {
  readonly url: string;
  readonly port: number;
  readonly child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Resident set size of the process in bytes (from /proc). */
  rss(): Promise<number>;
  metrics(token?: string): Promise<string>;
  stop(): Promise<void>;
}

/** Pins a running process (all its threads) to the given CPUs (`taskset` list, e.g. "0"); "" leaves it be. */
export function pinTo(cpu: string, pid: number): void {
  if (cpu !== "") spawnSync("taskset", ["-a", "-p", "-c", cpu, String(pid)], { stdio: "ignore" });
}

/** Up once `/health` answers OK (our server), or once anything answers (`anyAnswer`: a bare Colyseus server). */
async function waitHealthy(url: string, child: ChildProcess, output: () => string, anyAnswer: boolean): Promise<void> {
  const end = Date.now() + 60_000;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      if (anyAnswer ? await fetch(url) : (await fetch(`${url}/health`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

async function waitStoreOpen(url: string, token: string, child: ChildProcess, output: () => string): Promise<void> {
  const end = Date.now() + 120_000;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    const health = (await (await fetch(`${url}/health`, { headers: { authorization: `Bearer ${token}` } })).json()) as { store?: string };
    if (health.store === "open") return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server's database did not open:\n${output()}`);
}

/**
 * `detached`: its own process group, so a terminal's Ctrl-C reaches only the launcher, which stops
 * it in order (cluster/). `script`: another server to run the same way (the benchmarks' bare
 * Colyseus room, `anyAnswer` then, as it has no `/health`).
 */
export async function startServerProcess(
  env: Record<string, string> = {},
  {
    detached = false,
    nodeArgs = [] as string[],
    script = "server/src/main.ts",
    anyAnswer = false,
    wrap = [] as readonly string[],
    host = "127.0.0.1",
  } = {},
): Promise<ServerProcess> {
  // A restart test passes the port its first process had (the pages reconnect to the same address).
  const port = env["PORT"] ? Number(env["PORT"]) : await freePort();
  // One process (no tsx wrapper): signals, /proc and kill -9 reach the server itself. `wrap` runs it
  // through a command that execs it (`ip netns exec <ns>`: the same pid), listening on `host`.
  const [cmd, ...args] = [...wrap, process.execPath, ...nodeArgs, "--import", "tsx", script];
  // Its own table journals and embedded database (DATA_DIR, ~40 MB once the database opens),
  // removed when it stops, unless the caller shares one (a restart test), which is the caller's.
  const ownDir = env["DATA_DIR"] === undefined ? mkdtempSync(path.join(tmpdir(), "scat-data-")) : null;
  const child = spawn(cmd!, args, {
    cwd: ROOT,
    // The database opens at the first request that needs it unless the caller asks (STORE_AT_START):
    // most test processes seat anonymous players only, and PGlite's start costs seconds of CPU.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: host,
      LOG_LEVEL: "warn",
      BOT_DELAY_MS: "1-5",
      STORE_AT_START: "0",
      ...(ownDir ? { DATA_DIR: ownDir } : {}),
      METRICS_TOKEN: TEST_METRICS_TOKEN,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached,
  });
  let text = "";
  const keep = (d: Buffer) => {
    text = (text + d.toString()).slice(-200_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const url = `http://${host}:${port}`;
  await waitHealthy(url, child, () => text, anyAnswer);
  // A process that opens its database as it starts (STORE_AT_START=1) is ready once it is open:
  // a page's first request (its guest account) then never waits behind PGlite's first start.
  if (env["STORE_AT_START"] === "1") await waitStoreOpen(url, env["METRICS_TOKEN"] ?? TEST_METRICS_TOKEN, child, () => text);
  return {
    url,
    port,
    child,
    output: () => text,
    async rss() {
      const status = await readFile(`/proc/${child.pid}/status`, "utf8").catch(() => "");
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    },
    async metrics(token = env["METRICS_TOKEN"] ?? TEST_METRICS_TOKEN) {
      const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      return res.text();
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        await exited;
        clearTimeout(timer);
      }
      if (ownDir) await rm(ownDir, { recursive: true, force: true });
    },
  };
}

/** Sum of a Prometheus metric's samples whose labels include `labels` (e.g. `game="devils_scat"`). */
export function metricValue(text: string, name: string, labels = ""): number {
  let sum = 0;
  for (const line of text.split("\n")) {
    if (!line.startsWith(name)) continue;
    const rest = line.slice(name.length);
    if (rest[0] !== " " && rest[0] !== "{") continue;
    if (labels && !rest.includes(labels)) continue;
    sum += Number(line.split(" ").at(-1));
  }
  return sum;
}
