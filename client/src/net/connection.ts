/**
 * Joining tables: quick play, private tables, join by code, and resuming after a reload.
 * Every join passes the remembered name and playerId.
 */
import { Client, SchemaSerializer, type Room } from "@colyseus/sdk";
import type { GameId } from "@scat/shared";
import { withJoinRetries } from "@scat/shared/join-retry.ts";
import { RECLAIM, reclaimSeat, stillComing } from "@scat/shared/reclaim.ts";
import { joinByIdWithin, SILENCE } from "@scat/shared/silence/silence.ts";
import { freshStateOnRejoin } from "@scat/shared/wire/fresh-rejoin.ts";
import { loadName, loadSeat, playerId, saveHosting, saveSeat } from "./storage.ts";
import { privateTableOptions, quickPlayOptions, type Identity, type TableOptions } from "./table-options.ts";
import { serverEndpoint, type TableRoom } from "./endpoint.ts";
import type { WireState } from "./state-feed.ts";
import { TableSession } from "./table-session.ts";
import { rankedRejoin } from "../account/ranked-queue.ts";

export type { TableRoom } from "./endpoint.ts";

// The SDK's own reconnection decodes its full state onto a fresh state (shared/src/wire/fresh-rejoin.ts).
freshStateOnRejoin(SchemaSerializer);

let client: Client | null = null;

function sdk(): Client {
  client ??= new Client(serverEndpoint());
  return client;
}

export function identity(): Identity {
  return { name: loadName() || "Player", playerId: playerId(), shuffle: true };
}

/**
 * The SDK retries a dropped socket at the same process; a table whose process died comes back
 * on another one (docs/OPERATIONS.md, "Crash survival"), reached only through matchmaking. So
 * the SDK gives up after a few quick tries (about 0.7 s) and `resume` takes the seat back by
 * playerId: one policy with the resume tests and benchmark (shared/src/reclaim.ts).
 */
function seated(room: TableRoom, game: GameId | string, options: TableOptions, watching = false): TableSession {
  room.reconnection.maxRetries = RECLAIM.socketRetries;
  room.reconnection.delay = RECLAIM.socketDelayMs;
  const session = new TableSession(room, game, options, watching);
  session.remember();
  return session;
}

/** The live list of public tables (docs/PROTOCOL.md, "Lobby"); the playerId counts this browser online once. */
export function joinLobbyRoom(): Promise<Room> {
  return sdk().joinOrCreate("lobby", { playerId: playerId() });
}

export async function quickPlay(options: TableOptions): Promise<TableSession> {
  const room = await sdk().joinOrCreate<WireState>(options.game, quickPlayOptions(options, identity()));
  return seated(room, options.game, options);
}

export async function createPrivate(options: TableOptions): Promise<TableSession> {
  const room = await sdk().create<WireState>(options.game, privateTableOptions(options, identity()));
  saveHosting(room.roomId);
  return seated(room, options.game, options);
}

/** Invite codes are upper case; quick-play room ids are case-sensitive and pass unchanged. */
export function normalizeCode(code: string): string {
  const c = code.trim();
  return /^[a-z2-9]{6}$/i.test(c) ? c.toUpperCase() : c;
}

const pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A failure of a moment (a busy or just-moved host) is tried again before the player is told (shared/src/join-retry.ts). */
export async function joinByCode(code: string, options: TableOptions): Promise<TableSession> {
  const room = await withJoinRetries(() => sdk().joinById<WireState>(normalizeCode(code), identity()), pause);
  return seated(room, room.name || options.game, options);
}

/** Watches a table without a seat (docs/PROTOCOL.md: `joinById(roomId, {spectate: true})`). */
export async function watchTable(code: string, options: TableOptions): Promise<TableSession> {
  const room = await withJoinRetries(() => sdk().joinById<WireState>(normalizeCode(code), { ...identity(), spectate: true }), pause);
  return seated(room, room.name || options.game, options, true);
}

/** How long the page keeps trying to reclaim a seat whose table is moving or whose server is away. */
export const RESUME_PATIENCE_MS = 5 * 60_000;

/** Why `resume` came back without a seat: `gone` when the table cannot come back. */
export let resumeFailure: { readonly gone: boolean; readonly ended: boolean } | null = null;

/** A matchmaking call of the page's own, given up after `SILENCE.tryTimeoutMs` (after a silence: it may have reached the silent process). */
function joinByIdSoon(roomId: string, o: Record<string, unknown>): Promise<TableRoom> {
  const post = (path: string, body: string, signal: AbortSignal) =>
    fetch(serverEndpoint() + path, {
      method: "POST",
      body,
      signal,
      credentials: "include",
      headers: { "content-type": "application/json", accept: "application/json" },
    });
  return joinByIdWithin(post, (r) => sdk().consumeSeatReservation<WireState>(r), roomId, o, SILENCE.tryTimeoutMs);
}

/**
 * After a reload or a lost connection: the saved reconnection token, else the seat by playerId
 * while the table is moving (its process died and a peer resumes it), else nothing.
 * `afterSilence`: the page left a process that went silent (shared/src/silence/): no token (it
 * is only good at that process), and each matchmaking try is given up after a while.
 * `keepSeat`: a failure keeps the saved seat (the page tries again).
 * `notFoundFinal`: the table was listed a moment ago (the lobby's Return): not found is final.
 */
export async function resume(
  how: { afterSilence?: boolean; keepSeat?: boolean; progress?: (note: string) => void; notFoundFinal?: boolean } = {},
): Promise<TableSession | null> {
  const progress = how.progress ?? (() => undefined);
  resumeFailure = null;
  const saved = loadSeat();
  if (saved === null) return null;
  // A spectator comes back as a spectator: never take a free seat by reloading.
  const via = {
    reconnect: (token: string) => sdk().reconnect<WireState>(token),
    joinById: how.afterSilence ? joinByIdSoon : (roomId: string, o: Record<string, unknown>) => sdk().joinById<WireState>(roomId, o),
    now: () => Date.now(),
    wait: (ms: number) => new Promise<void>((r) => setTimeout(r, ms)),
    random: Math.random,
  };
  const seat = how.afterSilence ? { ...saved, token: null } : saved;
  const options = { ...identity(), ...rankedRejoin(saved.roomId), ...(saved.watching ? { spectate: true } : {}) };
  // A table being resumed elsewhere (table-moving), or a server away for a restart, is tried
  // for RESUME_PATIENCE_MS, not the reclaim's 20 s window: the page says what it is doing.
  const started = Date.now();
  // `notFoundFinal`: the server has just listed the table, so "not found" means it closed since.
  let outcome = await reclaimSeat<TableRoom>(via, seat, options, { notFoundFinal: how.notFoundFinal === true });
  while (!("room" in outcome) && stillComing(outcome.failed) && Date.now() - started < RESUME_PATIENCE_MS) {
    const why = /moving/i.test(outcome.failed)
      ? "Your table is being moved to another server"
      : /paused/i.test(outcome.failed)
        ? "Your table's server is paused for a moment"
        : /too many|rate-limited|429/i.test(outcome.failed)
          ? "Many players are reconnecting from your network"
          : "The server is not answering";
    progress(`Reconnecting… ${why}: still trying to take your seat back (${Math.round((Date.now() - started) / 1000)} s)…`);
    outcome = await reclaimSeat<TableRoom>(via, { roomId: saved.roomId }, options);
  }
  if ("room" in outcome) return seated(outcome.room, saved.game, saved.options, saved.watching === true);
  resumeFailure = { gone: outcome.gone, ended: outcome.ended };
  if (!how.keepSeat || outcome.gone || outcome.ended) saveSeat(null);
  return null;
}

/** Links that open straight into a table: `?table=CODE` to sit down, `?watch=CODE` to watch. */
export function tableLink(code: string, mode: "table" | "watch" = "table"): string {
  const url = new URL(location.href);
  url.search = "";
  url.hash = "";
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
