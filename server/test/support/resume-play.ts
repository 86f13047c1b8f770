/**
 * Client-side play for the resume tests and benchmark: a seated player acts on every decision its
 * seat gets (Continue first, else a legal choice that varies with the version), and takes its seat
 * back after its process went away exactly as the page does (shared/src/reclaim.ts): the SDK
 * retries the socket a few times, then the reconnection token, then `joinById(roomId, { playerId })`
 * every 500 ms while the table is moving.
 */
import { Client, type Room } from "@colyseus/sdk";
import { replaySteps } from "@scat/shared";
import { RECLAIM, reclaimSeat, type ReclaimClient } from "@scat/shared/reclaim.ts";
import { expect } from "vitest";
import { GAMES } from "../../src/games.ts";
import { mine, until } from "../helpers.ts";

export interface Player {
  room: Room;
  readonly roomId: string;
  readonly name: string;
  readonly playerId: string;
  seat: number;
  /** The highest state version this player has seen (a resumed table must be at least there). */
  seen: number;
  /** The game log received at the end (seed revealed). */
  gameLog: { steps: unknown[] } | null;
  rejected: number;
}

const status = (room: Room) => String((room.state as { status?: string }).status ?? "");
const version = (room: Room) => Number((room.state as { version?: number }).version ?? 0);

const leaves = new WeakMap<Room, Promise<number>>();

/** Resolves with the close code once the room is left for good (the SDK gave up its socket retries, or a leave). */
export function left(room: Room): Promise<number> {
  return leaves.get(room) ?? Promise.reject(new Error("room not attached"));
}

/**
 * Watches a joined room: answers pings, keeps the highest version seen, the game log and
 * rejections; its socket retries follow the page's policy.
 */
export function attach(p: Player): void {
  const room = p.room;
  room.reconnection.maxRetries = RECLAIM.socketRetries;
  room.reconnection.delay = RECLAIM.socketDelayMs;
  leaves.set(room, new Promise((resolve) => room.onLeave((code) => resolve(code))));
  room.onMessage("*", () => undefined);
  room.onMessage("ping", (m: { s?: number }) => room.send("pong", { s: m?.s, c: Date.now() }));
  room.onMessage("gameLog", (log: { steps: unknown[] }) => { p.gameLog = log; });
  room.onMessage("rejected", () => { p.rejected++; });
  room.onStateChange(() => { p.seen = Math.max(p.seen, version(room)); });
}

const lastSent = new WeakMap<Player, number>();

/** Sends one action if the seat has a decision at a version it has not acted on; true when the game is over. */
export function step(p: Player, acted: Map<Player, number>): boolean {
  if (status(p.room) === "ended") return true;
  const m = mine(p.room, p.seat);
  const v = version(p.room);
  // A rejected action (a stale view, a slap that lost) is tried again at the same version, but at
  // most every 150 ms: a client flooding rejected actions is rate-limited and then disconnected.
  const key = v * 1_000 + p.rejected;
  if (!m || m.legal.length === 0 || acted.get(p) === key) return false;
  const now = Date.now();
  if (now - (lastSent.get(p) ?? 0) < 150) return false;
  lastSent.set(p, now);
  acted.set(p, key);
  // Varied choices (two naive players taking the first choice can circle forever).
  p.room.send("action", m.legal.find((a) => a.type === "continue") ?? m.legal[(v * 7 + p.seat * 3 + p.rejected) % m.legal.length]);
  return false;
}

/** An SDK client as `reclaimSeat` takes it. */
export function sdkOf(endpoint: string): ReclaimClient<Room> {
  const sdk = new Client(endpoint);
  const clock = { now: () => Date.now(), wait: (ms: number) => new Promise<void>((r) => setTimeout(r, ms)) };
  if (!process.env.BENCH_TRACE) return { reconnect: (token) => sdk.reconnect(token), joinById: (roomId, options) => sdk.joinById(roomId, options), ...clock };
  const traced = <R>(what: string, id: string, call: () => Promise<R>): Promise<R> => {
    const t = Date.now();
    return call().then(
      (r) => { console.log(`attempt ${id} ${what} ${t} ok ${Date.now()}`); return r; },
      (e: unknown) => { console.log(`attempt ${id} ${what} ${t} err ${Date.now()} ${String((e as Error)?.message ?? e).slice(0, 40)}`); throw e; });
  };
  return { reconnect: (token) => traced("reconnect", "-", () => sdk.reconnect(token)), joinById: (roomId, options) => traced("joinById", roomId, () => sdk.joinById(roomId, options)), ...clock };
}

/** Takes the seat back through matchmaking as the page does: the token once, then joinById by playerId. */
export async function reclaim(endpoint: string, p: Player, timeoutMs = 15_000): Promise<Room> {
  const token = (p as { room?: Room }).room?.reconnectionToken;
  const outcome = await reclaimSeat(sdkOf(endpoint), { token, roomId: p.roomId }, { name: p.name, playerId: p.playerId }, { windowMs: timeoutMs });
  if ("room" in outcome) return outcome.room;
  throw new Error(`${p.roomId}: could not take the seat back: ${outcome.failed}`);
}

/** After the player's process died: waits for the SDK to give the socket up, then `reclaim`, as the page does. */
export async function reclaimAfterDrop(endpoint: string, p: Player, timeoutMs = 15_000): Promise<Room> {
  await left(p.room);
  return reclaim(endpoint, p, timeoutMs);
}

/** Plays `players` until each game is over and its log came; checks each log replays. */
export async function playOut(players: Player[], what: string, timeoutMs = 180_000): Promise<void> {
  const acted = new Map<Player, number>();
  await until(() => players.map((p) => step(p, acted)).every(Boolean) && players.every((p) => p.gameLog), what, timeoutMs).catch((err: unknown) => {
    const stuck = players.filter((p) => !p.gameLog).map((p) => ({ room: p.roomId, game: p.room.name, seat: p.seat, status: status(p.room), seen: p.seen, rejected: p.rejected, phase: (p.room.state as { phase?: string }).phase, awaiting: [...((p.room.state as { awaiting?: number[] }).awaiting ?? [])], deadline: (p.room.state as { deadline?: number }).deadline, now: Date.now() }));
    throw new Error(`${String(err)}: ${JSON.stringify(stuck)}`);
  });
  for (const p of players) {
    expect(status(p.room)).toBe("ended");
    const log = p.gameLog as unknown as { game: string; options: unknown; seed: string; startedAt: number; steps: never[] };
    expect(replaySteps(GAMES[log.game as keyof typeof GAMES]!.game, log.options, log.seed, log.startedAt, log.steps).ok).toBe(true);
    // Every step this player saw is in the log.
    expect(log.steps.length).toBeGreaterThanOrEqual(p.seen);
  }
}

export { status, version };
