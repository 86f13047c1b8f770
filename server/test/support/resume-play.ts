/**
 * Client-side play for the resume tests and benchmark: a seated player acts on every decision its
 * seat gets (Continue first; in Skit Scat and Dark Hand a play toward the hand's end, `towardEnd`;
 * else, or after a rejection, a legal choice that varies with the version), and takes its seat
 * back after its process went away exactly as the page does (shared/src/reclaim.ts): the SDK
 * retries the socket a few times, then the reconnection token, then `joinById(roomId, { playerId })`
 * every 500 ms while the table is moving.
 */
import { Client, type Room } from "@colyseus/sdk";
import { replaySteps } from "@scat/shared";
import type { Shade } from "@scat/shared/dark-deck.ts";
import { dealSeedOf } from "@scat/shared/fairness/game-log.ts";
import { completingFaces, faceOf, meldIn, shadesOf } from "@scat/shared/games/dark-hand/melds.ts";
import { RECLAIM, reclaimSeat, type ReclaimClient } from "@scat/shared/reclaim.ts";
import { joinByIdWithin, leaveSilentRoom, SILENCE, SILENT_CLOSE, watchSilence, type SilencePolicy } from "@scat/shared/silence/silence.ts";
import { plainOf } from "@scat/shared/wire-state.ts";
import { expect } from "vitest";
import { GAMES } from "../../src/games.ts";
import { mine, until, type SeatSnapshot } from "../helpers.ts";

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
 * Whether (and after how long) the tools leave a silent table, as the page does
 * (shared/src/silence/). Off unless a test turns it on (the chaos tests): a test that plays games
 * out without reclaiming must not lose a player to a stall of its loaded machine.
 */
export const silence: { enabled: boolean; policy: SilencePolicy; tryTimeoutMs: number } = {
  enabled: false,
  policy: SILENCE,
  tryTimeoutMs: SILENCE.tryTimeoutMs,
};
/** Rooms left because their process went silent: their reclaim skips the token (it would wait on that process). */
const silent = new WeakSet<Room>();

/**
 * Watches a joined room: answers pings, keeps the highest version seen, the game log and
 * rejections; its socket retries follow the page's policy, and (`silence.enabled`) it leaves a
 * silent process (`left` then resolves with SILENT_CLOSE) as the page does.
 */
export function attach(p: Player): void {
  const room = p.room;
  room.reconnection.maxRetries = RECLAIM.socketRetries;
  room.reconnection.delay = RECLAIM.socketDelayMs;
  const watch = silence.enabled
    ? watchSilence(
        room,
        () => {
          silent.add(room);
          leaveSilentRoom(room as never);
        },
        Date.now,
        silence.policy,
      )
    : { stop: () => undefined };
  leaves.set(
    room,
    new Promise((resolve) =>
      room.onLeave((code) => {
        watch.stop();
        resolve(code);
      }),
    ),
  );
  room.onMessage("*", () => undefined);
  room.onMessage("ping", (m: { s?: number }) => room.send("pong", { s: m?.s, c: Date.now() }));
  room.onMessage("gameLog", (log: { steps: unknown[] }) => {
    p.gameLog = log;
  });
  room.onMessage("rejected", () => {
    p.rejected++;
  });
  room.onStateChange(() => {
    p.seen = Math.max(p.seen, version(room));
    changedAt.set(room, Date.now());
  });
}

/** When each room's state last changed (a stuck game's report tells a silent table from a slow one). */
const changedAt = new WeakMap<Room, number>();

const lastSent = new WeakMap<Player, number>();
const roomNumbers = new WeakMap<Room, number>();
let rooms = 0;
/** A number for each room object a player has been in (a reclaim is a new one). */
function roomNumber(room: Room): number {
  let n = roomNumbers.get(room);
  if (n === undefined) roomNumbers.set(room, (n = ++rooms));
  return n;
}
const triedAt = new WeakMap<Player, number>();

type Legal = SeatSnapshot["legal"][number] & { shade?: string };

/**
 * Skit Scat and Dark Hand, played toward the hand's end as the bot plays (varied choices there
 * rarely make a Skit or Scat, so hands run long and, with the bots, a game could outlast the
 * test's wait): declare whenever it may (a Scat first), keep the three cards nearest a Skit or
 * Scat (in the called shade once called), take the top discard when it brings the hand nearer,
 * and in Dark Hand call the best shade at once (a caller who loses pays 2, so the game takes
 * fewer hands). Only ever one of `m.legal`; null when it has no preference.
 */
function towardEnd(room: Room, m: SeatSnapshot): Legal | null {
  const legal = m.legal as Legal[];
  const hand = m.hand;
  const called = typeof m.info.called === "string" ? (m.info.called as Shade) : null;
  const shades = called ? [called] : shadesOf(room.name === "dark_hand");
  const worth = (cards: readonly string[], among: readonly Shade[] = shades) =>
    Math.max(
      ...among.map((shade) => {
        const kind = cards.length === 3 ? meldIn(cards, shade) : null;
        return kind === "scat" ? 1_100 : kind === "skit" ? 1_000 : 10 * completingFaces(cards.map((c) => faceOf(c, shade))).size;
      }),
    );
  const best = (type: string, score: (a: Legal) => number) =>
    legal
      .filter((a) => a.type === type)
      .reduce<{ a: Legal | null; s: number }>(
        (b, a) => {
          const s = score(a);
          return s > b.s ? { a, s } : b;
        },
        { a: null, s: -Infinity },
      ).a;
  const declare = best("declare", (a) => worth(hand, [(a.shade ?? "light") as Shade]));
  const discard = best("discard", (a) => worth(hand.filter((c) => c !== a.card)));
  const call = hand.length === 3 ? best("call", (a) => worth(hand, [a.shade as Shade])) : null;
  if (declare ?? discard ?? call) return declare ?? discard ?? call;
  const pile = plainOf((room.state as { piles?: unknown }).piles) as Record<string, { cards?: string[] | null }> | null;
  const top = pile?.discard?.cards?.at(-1);
  const take = legal.find((a) => a.type === "drawDiscard");
  if (take && top && Math.max(...hand.map((c) => worth([...hand.filter((x) => x !== c), top]))) > worth(hand) + 5) return take;
  return legal.find((a) => a.type === "drawDeck") ?? take ?? null;
}

const PLAY_TOWARD_END: Record<string, (room: Room, m: SeatSnapshot) => Legal | null> = { skit_scat: towardEnd, dark_hand: towardEnd };

/** Sends one action if the seat has a decision at a version it has not acted on; true when the game is over. */
export function step(p: Player, acted: Map<Player, number>): boolean {
  if (status(p.room) === "ended") return true;
  const m = mine(p.room, p.seat);
  const v = version(p.room);
  // A rejected action (a stale view, a slap that lost) is tried again at the same version, but at
  // most every 150 ms: a client flooding rejected actions is rate-limited and then disconnected.
  // One sent into a room that had already gone (its process died) is sent again at the room the
  // player takes the seat back in, at the same version.
  const key = roomNumber(p.room) * 1e9 + v * 1_000 + p.rejected;
  if (!m || m.legal.length === 0 || acted.get(p) === key) return false;
  const now = Date.now();
  if (now - (lastSent.get(p) ?? 0) < 150) return false;
  lastSent.set(p, now);
  acted.set(p, key);
  // The game's play toward the end on the first try at a version; else varied choices (two naive
  // players taking the first choice can circle forever; a rejected choice is not sent again).
  const first = triedAt.get(p) !== v;
  triedAt.set(p, v);
  const planned = first ? PLAY_TOWARD_END[p.room.name]?.(p.room, m) : null;
  p.room.send(
    "action",
    m.legal.find((a) => a.type === "continue") ?? planned ?? m.legal[(v * 7 + p.seat * 3 + p.rejected) % m.legal.length],
  );
  return false;
}

/** An SDK client as `reclaimSeat` takes it. */
export function sdkOf(endpoint: string): ReclaimClient<Room> {
  const sdk = new Client(endpoint);
  const clock = { now: () => Date.now(), wait: (ms: number) => new Promise<void>((r) => setTimeout(r, ms)), random: Math.random };
  if (!process.env.BENCH_TRACE)
    return { reconnect: (token) => sdk.reconnect(token), joinById: (roomId, options) => sdk.joinById(roomId, options), ...clock };
  const traced = <R>(what: string, id: string, call: () => Promise<R>): Promise<R> => {
    const t = Date.now();
    return call().then(
      (r) => {
        console.log(`attempt ${id} ${what} ${t} ok ${Date.now()}`);
        return r;
      },
      (e: unknown) => {
        console.log(`attempt ${id} ${what} ${t} err ${Date.now()} ${String((e as Error)?.message ?? e).slice(0, 40)}`);
        throw e;
      },
    );
  };
  return {
    reconnect: (token) => traced("reconnect", "-", () => sdk.reconnect(token)),
    joinById: (roomId, options) => traced("joinById", roomId, () => sdk.joinById(roomId, options)),
    ...clock,
  };
}

/** Takes the seat back through matchmaking as the page does: the token once, then joinById by playerId. */
export async function reclaim(endpoint: string, p: Player, timeoutMs = 15_000): Promise<Room> {
  const old = (p as { room?: Room }).room;
  const afterSilence = old !== undefined && silent.has(old);
  const client = sdkOf(endpoint);
  // After a silence each try is given up after a while: the matchmaking call may have reached the silent process.
  const sdk = new Client(endpoint);
  const post = (path: string, body: string, signal: AbortSignal) =>
    fetch(endpoint + path, { method: "POST", body, signal, headers: { "content-type": "application/json", accept: "application/json" } });
  const via: ReclaimClient<Room> = afterSilence
    ? { ...client, joinById: (id, o) => joinByIdWithin(post, (r) => sdk.consumeSeatReservation(r), id, o, silence.tryTimeoutMs) }
    : client;
  const outcome = await reclaimSeat(
    via,
    { token: afterSilence ? null : old?.reconnectionToken, roomId: p.roomId },
    { name: p.name, playerId: p.playerId },
    { windowMs: timeoutMs },
  );
  if ("room" in outcome) return outcome.room;
  throw new Error(`${p.roomId}: could not take the seat back: ${outcome.failed}`);
}

/** After the player's process died: waits for the SDK to give the socket up, then `reclaim`, as the page does. */
export async function reclaimAfterDrop(endpoint: string, p: Player, timeoutMs = 15_000): Promise<Room> {
  await left(p.room);
  return reclaim(endpoint, p, timeoutMs);
}

/**
 * Plays `players` until each game is over and its log came; checks each log replays. With an
 * `endpoint`, a player whose table closes on them meanwhile (the process hosting it lost its
 * lease on a starved machine and stopped its tables: MOVED_CLOSE_CODE, or it died) takes the
 * seat back through matchmaking and plays on, as the page does (client/src/net/connection.ts).
 * Returns what those players went through (empty when no table closed on them).
 */
export async function playOut(players: Player[], what: string, timeoutMs = 180_000, endpoint: string | null = null): Promise<string[]> {
  const acted = new Map<Player, number>();
  let over = false;
  const moves: string[] = [];
  const follow = (p: Player): void => {
    const room = p.room;
    void left(room)
      .then(async (code) => {
        if (over || !endpoint || p.room !== room || p.gameLog || status(room) === "ended") return;
        moves.push(`${p.roomId}#${p.seat} closed ${code}`);
        p.room = await reclaim(endpoint, p, 30_000);
        attach(p);
        moves.push(`${p.roomId}#${p.seat} back`);
        follow(p);
      })
      .catch((err: unknown) => {
        moves.push(`${p.roomId}#${p.seat} not back: ${String(err).slice(0, 200)}`);
      });
  };
  players.forEach(follow);
  await until(() => players.map((p) => step(p, acted)).every(Boolean) && players.every((p) => p.gameLog), what, timeoutMs)
    .finally(() => {
      over = true;
      if (moves.length > 0) console.log(`${what}: seats taken back during play: ${moves.join("; ")}`);
    })
    .catch((err: unknown) => {
      const state = (p: Player) =>
        p.room.state as { phase?: string; round?: number; awaiting?: number[]; deadline?: number; seats?: Iterable<{ score?: number }> };
      const stuck = players
        .filter((p) => !p.gameLog)
        .map((p) => ({
          room: p.roomId,
          game: p.room.name,
          seat: p.seat,
          status: status(p.room),
          seen: p.seen,
          rejected: p.rejected,
          phase: state(p).phase,
          round: state(p).round,
          scores: [...(state(p).seats ?? [])].map((s) => s.score),
          awaiting: [...(state(p).awaiting ?? [])],
          deadline: state(p).deadline,
          open: p.room.connection.isOpen,
          quietMs: Date.now() - (changedAt.get(p.room) ?? 0),
          host: String(
            (p.room as unknown as { connection: { transport: { ws?: { url?: string } } } }).connection.transport.ws?.url ?? "",
          ).split("/")[3],
        }));
      const longest = players.filter((p) => p.gameLog).sort((a, b) => b.gameLog!.steps.length - a.gameLog!.steps.length)[0];
      throw new Error(
        `${String(err)}: ${JSON.stringify(stuck)}; longest game over: ${longest ? `${longest.room.name} ${longest.gameLog!.steps.length} steps` : "none"}`,
      );
    });
  for (const p of players) {
    expect(status(p.room)).toBe("ended");
    const log = p.gameLog as unknown as { game: string; options: unknown; seed: string; startedAt: number; steps: never[] };
    expect(replaySteps(GAMES[log.game as keyof typeof GAMES]!.game, log.options, dealSeedOf(log), log.startedAt, log.steps).ok).toBe(true);
    // Every step this player saw is in the log.
    expect(log.steps.length).toBeGreaterThanOrEqual(p.seen);
  }
  return moves;
}

export { status, version, SILENT_CLOSE };
