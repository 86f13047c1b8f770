/**
 * One browser-test file's setup: `const t = useBrowserSuite()` at the top level starts the server
 * before the tests and, after them, closes every player it launched and stops the server.
 */
import { afterAll, beforeAll } from "vitest";
import { launchPlayer, type Player, type Viewport } from "./browser.ts";
import { openLobby } from "./lobby.ts";
import { startServer, type GameServer } from "./server.ts";

export interface BrowserSuite {
  /** The running server (after `beforeAll`). */
  readonly server: GameServer;
  /** A new player (own profile), closed after the file's tests; `enforceCsp` keeps the page's CSP in force. */
  player(viewport?: Viewport, options?: { enforceCsp?: boolean }): Promise<Player>;
  /** A new player already in the lobby with its name typed. */
  lobbyPlayer(name: string, viewport?: Viewport): Promise<Player>;
}

export function useBrowserSuite(env: Record<string, string> = {}): BrowserSuite {
  let server: GameServer | null = null;
  const players: Player[] = [];
  beforeAll(async () => {
    server = await startServer(env);
  });
  afterAll(async () => {
    for (const p of players) await p.close().catch(() => undefined);
    await server?.stop();
  });
  const suite: BrowserSuite = {
    get server(): GameServer {
      if (!server) throw new Error("the server starts in beforeAll");
      return server;
    },
    async player(viewport, options) {
      const p = await launchPlayer(viewport, options);
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
