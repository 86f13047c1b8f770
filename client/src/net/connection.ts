/**
 * Joining tables: quick play, private tables, join by code, and resuming after a reload.
 * Every join passes the remembered name and playerId.
 */
import { Client, type Room } from "@colyseus/sdk";
import type { GameId } from "@scat/shared";
import { loadName, loadSeat, playerId, saveSeat } from "./storage.ts";
import { privateTableOptions, quickPlayOptions, type Identity, type TableOptions } from "./table-options.ts";
import type { WireState } from "./state-feed.ts";
import { TableSession } from "./table-session.ts";

export type TableRoom = Room<unknown, WireState>;

/** Same origin as the page, unless `?server=http://host:port` says otherwise (Vite dev: 2567). */
export function serverEndpoint(): string {
  const param = new URLSearchParams(location.search).get("server");
  if (param) return param;
  if (location.port === "5173") return `${location.protocol}//${location.hostname}:2567`;
  return location.origin;
}

let client: Client | null = null;

function sdk(): Client {
  client ??= new Client(serverEndpoint());
  return client;
}

export function identity(): Identity {
  return { name: loadName() || "Player", playerId: playerId() };
}

function seated(room: TableRoom, game: GameId | string, options: TableOptions): TableSession {
  const session = new TableSession(room, game, options);
  session.remember();
  return session;
}

export async function quickPlay(options: TableOptions): Promise<TableSession> {
  const room = await sdk().joinOrCreate<WireState>(options.game, quickPlayOptions(options, identity()));
  return seated(room, options.game, options);
}

export async function createPrivate(options: TableOptions): Promise<TableSession> {
  const room = await sdk().create<WireState>(options.game, privateTableOptions(options, identity()));
  return seated(room, options.game, options);
}

export async function joinByCode(code: string, options: TableOptions): Promise<TableSession> {
  const room = await sdk().joinById<WireState>(code.trim().toUpperCase(), identity());
  return seated(room, room.name || options.game, options);
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
  try {
    const room = await sdk().joinById<WireState>(saved.roomId, identity());
    return seated(room, saved.game, saved.options);
  } catch {
    saveSeat(null);
    return null;
  }
}

/** Matchmaking error codes (ErrorCode in @colyseus/shared-types) worth a plainer sentence. */
const PLAIN: Record<number, string> = {
  520: "That game is not available on this server yet.",
  522: "No open table has that code: check it, or the table may have ended.",
};

/** A join failure as a sentence: the server's message, and its code when it has one. */
export function describeJoinError(err: unknown): string {
  if (err instanceof Error) {
    const code = (err as Error & { code?: unknown }).code;
    const msg = err.message || err.name;
    if (/failed to fetch|networkerror|load failed/i.test(msg)) return "Cannot reach the game server. Is it running?";
    const plain = typeof code === "number" ? PLAIN[code] : undefined;
    if (plain) return `${plain} (${msg})`;
    return typeof code === "number" || typeof code === "string" ? `${msg} (${String(code)})` : msg;
  }
  if (typeof err === "string") return err;
  if (typeof err === "object" && err !== null && "message" in err) return String((err as { message: unknown }).message);
  return "Something went wrong.";
}
