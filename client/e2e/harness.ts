/**
 * Browser-test plumbing: a real game server on a free loopback port, Chromium through
 * playwright-core with a fresh profile, and helpers that wait on `window.__scat` conditions.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type BrowserContext, type Page } from "playwright-core";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const SHOTS = fileURLToPath(new URL("./screenshots/", import.meta.url));

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
  readonly url: string;
  readonly log: () => string;
  stop(): Promise<void>;
}

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | null>): Promise<T> {
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

export async function startServer(env: Record<string, string> = {}): Promise<GameServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["server/src/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", BOT_DELAY_MS: "150", LOG_LEVEL: "warn", ...env },
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

export interface Player {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly errors: string[];
  close(): Promise<void>;
}

/** A browser with its own fresh profile (so its own playerId), at the given viewport. */
export async function launchPlayer(viewport: { width: number; height: number }): Promise<Player> {
  const dir = mkdtempSync(path.join(tmpdir(), "scat-e2e-"));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    viewport,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return {
    context,
    page,
    errors,
    async close() {
      await context.close().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SHOTS, { recursive: true });
  const file = path.join(SHOTS, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}
