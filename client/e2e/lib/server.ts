/** A real game server (`server/src/main.ts` through tsx) on a free loopback port. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The monorepo root. */
export const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface GameServer {
  /** `http://127.0.0.1:<port>`: serves client/dist at `/` and the rooms. */
  readonly url: string;
  readonly log: () => string;
  stop(): Promise<void>;
}

/** Polls `probe` every 100 ms until it returns non-null. */
export async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | null>): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: unknown = null;
  while (Date.now() < end) {
    try {
      const v = await probe();
      if (v !== null) return v;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ""}`);
}

/** Starts the server (bots act after 150 ms); `env` adds or overrides variables. */
export async function startServer(env: Record<string, string> = {}): Promise<GameServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["server/src/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", BOT_DELAY_MS: "150", LOG_LEVEL: "warn", DATA_DIR: mkdtempSync(path.join(tmpdir(), "scat-e2e-data-")), MATCHMAKE_RATE_PER_SECOND: "1000", MATCHMAKE_BURST: "1000", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await until(`the server on ${port} (log: ${output.slice(-400)})`, 60_000, async () => {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    const res = await fetch(`${url}/health`);
    return res.ok ? true : null;
  });
  return {
    url,
    log: () => output,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
