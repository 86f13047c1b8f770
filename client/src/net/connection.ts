/**
 * Joining tables: quick play, private tables, join by code, and resuming after a reload.
 * Every join passes the remembered name and playerId.
 */
import { Client, type Room } from "@colyseus/sdk";
import type { GameId } from "@scat/shared";
import { loadName, loadSeat, playerId, saveSeat } from "./storage.ts";
import { privateTableOptions, quickPlayOptions, type Identity, type TableOptions } from "./table-options.ts";
import { serverEndpoint, type TableRoom } from "./endpoint.ts";
import type { WireState } from "./state-feed.ts";
import { TableSession } from "./table-session.ts";
import { rankedRejoin } from "../account/ranked-queue.ts";

export type { TableRoom } from "./endpoint.ts";

let client: Client | null = null;

function sdk(): Client {
  client ??= new Client(serverEndpoint());
  return client;
}

export function identity(): Identity {
  return { name: loadName() || "Player", playerId: playerId() };
}

/**
 * The SDK retries a dropped socket at the same process; a table whose process died comes back
 * on another one (docs/OPERATIONS.md, "Crash survival"), reached only through matchmaking. So
 * the SDK gives up after a few quick tries (about 3 s) and `resume` takes the seat back by playerId.
 */
const SOCKET_RETRIES = 4;
/** How long `resume` keeps trying while a table is being resumed elsewhere. */
const RESUME_WINDOW_MS = 20_000;

function seated(room: TableRoom, game: GameId | string, options: TableOptions, watching = false): TableSession {
  room.reconnection.maxRetries = SOCKET_RETRIES;
  const session = new TableSession(room, game, options, watching);
  session.remember();
  return session;
}

/** The live list of public tables (docs/PROTOCOL.md, "Lobby"). */
export function joinLobbyRoom(): Promise<Room> {
  return sdk().joinOrCreate("lobby", {});
}

export async function quickPlay(options: TableOptions): Promise<TableSession> {
  const room = await sdk().joinOrCreate<WireState>(options.game, quickPlayOptions(options, identity()));
  return seated(room, options.game, options);
}

export async function createPrivate(options: TableOptions): Promise<TableSession> {
  const room = await sdk().create<WireState>(options.game, privateTableOptions(options, identity()));
  return seated(room, options.game, options);
}

/** Invite codes are upper case; quick-play room ids are case-sensitive and pass unchanged. */
export function normalizeCode(code: string): string {
  const c = code.trim();
  return /^[a-z2-9]{6}$/i.test(c) ? c.toUpperCase() : c;
}

export async function joinByCode(code: string, options: TableOptions): Promise<TableSession> {
  const room = await sdk().joinById<WireState>(normalizeCode(code), identity());
  return seated(room, room.name || options.game, options);
}

/** Watches a table without a seat (docs/PROTOCOL.md: `joinById(roomId, {spectate: true})`). */
export async function watchTable(code: string, options: TableOptions): Promise<TableSession> {
  const room = await sdk().joinById<WireState>(normalizeCode(code), { ...identity(), spectate: true });
  return seated(room, room.name || options.game, options, true);
}

/** After a reload: the saved reconnection token, else the seat by playerId, else nothing. */
export async function resume(): Promise<TableSession | null> {
  const saved = loadSeat();
  if (saved === null) return null;
  try {
    const room = await sdk().reconnect<WireState>(saved.token);
    return seated(room, saved.game, saved.options);
  } catch {
    // The token expired or the server restarted; try to take the seat back by playerId.
  }
  // A spectator comes back as a spectator: never take a free seat by reloading. While its process
  // is replaced the table is briefly not found (or its old host does not answer): try again.
  for (const end = Date.now() + RESUME_WINDOW_MS; ;) {
    try {
      const room = await sdk().joinById<WireState>(saved.roomId, { ...identity(), ...rankedRejoin(saved.roomId), ...(saved.watching ? { spectate: true } : {}) });
      return seated(room, saved.game, saved.options, saved.watching === true);
    } catch (err) {
      if (Date.now() > end || !transient(err)) {
        saveSeat(null);
        return null;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/** Errors of a table that is moving (not found yet, old host silent, store away), worth another try. */
function transient(err: unknown): boolean {
  const text = String((err as { message?: unknown })?.message ?? err);
  return /not found|timed out|unavailable|not available|moving|gateway|locked|fetch|network|50[234]/i.test(text);
}

/** Links that open straight into a table: `?table=CODE` to sit down, `?watch=CODE` to watch. */
export function tableLink(code: string, mode: "table" | "watch" = "table"): string {
  const url = new URL(location.href);
  url.search = "";
  url.hash = "";
  const server = new URLSearchParams(location.search).get("server");
  if (server) url.searchParams.set("server", server);
  url.searchParams.set(mode, code);
  return url.toString();
}

/** The invitation this page was opened with, if any. */
export function linkedTable(): { code: string; watch: boolean } | null {
  const params = new URLSearchParams(location.search);
  const watch = params.get("watch");
  if (watch) return { code: watch, watch: true };
  const table = params.get("table");
  return table ? { code: table, watch: false } : null;
}

/** Drops `?table=`/`?watch=` from the address bar once used (a reload then resumes the seat). */
export function forgetLinkedTable(): void {
  const url = new URL(location.href);
  if (!url.searchParams.has("table") && !url.searchParams.has("watch")) return;
  url.searchParams.delete("table");
  url.searchParams.delete("watch");
  history.replaceState(null, "", url.toString());
}
