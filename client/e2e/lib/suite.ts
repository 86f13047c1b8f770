/**
 * One browser-test file's setup: `const t = useBrowserSuite()` at the top level starts the server
 * before the tests and, after them, closes every player it launched and stops the server.
 */
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { launchPlayer, type Player, type Viewport } from "./browser.ts";
import { openLobby } from "./lobby.ts";
import { SHOTS } from "./page.ts";
import { startServer, type GameServer } from "./server.ts";

/**
 * A page's state for a failure report, its shortest fields first and cut at 3,000 characters:
 * what a race or a link was doing (small objects) comes before the hand, the legal moves and
 * the seats, which used to fill the report on their own.
 */
export function brief(state: unknown): string {
  if (state === null || typeof state !== "object" || Array.isArray(state)) return String(JSON.stringify(state)).slice(0, 3000);
  const fields = Object.entries(state).map(([k, v]) => `${JSON.stringify(k)}:${String(JSON.stringify(v))}`);
  fields.sort((a, b) => a.length - b.length);
  return `{${fields.join(",")}}`.slice(0, 3000);
}

export interface BrowserSuite {
  /** The running server (after `beforeAll`). */
  readonly server: GameServer;
  /** A new player (own profile), closed after the file's tests; `enforceCsp` keeps the page's CSP in force. */
  player(viewport?: Viewport, options?: { enforceCsp?: boolean }): Promise<Player>;
  /** Whether this file's players render with WebGL (`useBrowserSuite(env, { webgl: true })`); else Canvas (lib/browser.ts). */
  readonly webgl: boolean;
  /** A new player already in the lobby with its name typed. */
  lobbyPlayer(name: string, viewport?: Viewport): Promise<Player>;
}

export function useBrowserSuite(env: Record<string, string> = {}, { webgl = false } = {}): BrowserSuite {
  let server: GameServer | null = null;
  const players: Player[] = [];
  beforeAll(async () => {
    server = await startServer(env);
  });
  afterAll(async () => {
    for (const p of players) await p.close().catch(() => undefined);
    await server?.stop();
  });
  // The server never ends during a file's tests: if it did (a crash, a kill), every test from then
  // on fails with a page that cannot connect. Say so, with how it ended and its last lines, in
  // the failure summary itself (a CI log may keep only the summary).
  afterEach(() => {
    const ended = server?.exited();
    if (ended) throw new Error(`the game server has ended (${ended}); its last lines:\n${server!.log().split("\n").slice(-40).join("\n")}`);
  });
  // A failed test leaves what its pages showed: a screenshot of each open page
  // (e2e/screenshots/failed/), its state as the test hook reads it, and its last console lines.
  beforeEach(({ task, onTestFailed }) => {
    const from = players.length;
    onTestFailed(async () => {
      const name = task.name.replace(/[^a-z0-9]+/gi, "-").slice(0, 60);
      for (const [i, p] of players.slice(from).entries()) {
        if (p.page.isClosed()) continue;
        const file = path.join(SHOTS, "failed", `${name}-${i}.png`);
        await p.page.screenshot({ path: file, timeout: 5_000 }).catch(() => undefined);
        const state = await p.page
          .evaluate(() => (window as { __scat?: { state(): unknown } }).__scat?.state() ?? null)
          .then(brief, (e: unknown) => String(e));
        console.error(`page ${i} of the failed test (${file}): ${p.page.url()}\nstate: ${state}\n${p.console.join("\n")}`);
      }
      // And what the server said meanwhile (its last 60 lines).
      if (server) console.error(`server log, last lines:\n${server.log().split("\n").slice(-60).join("\n")}`);
    });
  });
  const suite: BrowserSuite = {
    webgl,
    get server(): GameServer {
      if (!server) throw new Error("the server starts in beforeAll");
      return server;
    },
    async player(viewport, options) {
      const p = await launchPlayer(viewport, { ...options, webgl });
      players.push(p);
      return p;
    },
    async lobbyPlayer(name, viewport) {
      const p = await suite.player(viewport);
      await openLobby(p.page, suite.server.url, name);
      return p;
    },
  };
  return suite;
}
