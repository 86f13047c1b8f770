/**
 * Matchmaking in front of tables that move (docs/OPERATIONS.md, "Crash survival"). Colyseus
 * answers a join by roomId by calling the process its listing names; when that process was just
 * killed, the call waits out a 2 s timeout and a 2 s health check. Here:
 *
 * - while Redis is away or does not answer (a connection that hangs), matchmaking answers at
 *   once (503 `matchmaking-unavailable`);
 * - a join to a table whose host's lease has lapsed (`RedisJournal.hostState`: killed, or cut
 *   off past its lease), or a peer owns it now, or that turns out so while the call is under
 *   way, is not left waiting for the old host: if the table has a journal (a game in play, or
 *   players seated while it waits), the join is held until a survivor has it open again (a few
 *   seconds at most), then made there; otherwise the table cannot come back and the answer
 *   says so at once (522 `table-gone`);
 * - a join to a table whose host is paused (none of its lease renewals reached Redis for a
 *   second, its lease still running: cut off from Redis, stalled, or killed a moment ago), or
 *   turns out paused while the call is under way, is not sent to it (the call would only time
 *   out and come back as Colyseus's "already full"): it is held until the host is live again or
 *   a peer has the table (its lease lapsed), at most HOLD_MS, then made there; past that it is
 *   answered 503 `table-paused` (try again shortly);
 * - a join to a journalled table not listed at the moment (being resumed) is held the same way.
 *
 * Held joins are watched by one poll of the listings every 50 ms, whatever their number.
 */
import { ErrorCode, ServerError, matchMaker } from "@colyseus/core";
import { TABLE_ENDED, TABLE_GONE, TABLE_PAUSED } from "@scat/shared/reclaim.ts";
import { matchmakeRefused } from "../metrics.ts";
import type { RedisJournal } from "./redis-journal.ts";

/** HTTP status of a matchmaking request refused while Redis is unreachable or a table is moving. */
const UNAVAILABLE = 503;
/** How long a join to a moving table is held before the client is told to try again. */
export const HOLD_MS = 3_000;
const POLL_MS = 50;
/**
 * A seat reservation refused after this long was a call to the host that timed out (Colyseus
 * waits COLYSEUS_PRESENCE_SHORT_TIMEOUT, 2 s by default), not a full table (answered at once).
 */
const TIMED_OUT_MS = 0.9 * Number(process.env.COLYSEUS_PRESENCE_SHORT_TIMEOUT || 2_000);

type Invoke = (method: string, roomId: string, ...rest: unknown[]) => Promise<unknown>;
type Listing = { processId?: string } | undefined;

const unavailable = () =>
  new ServerError(UNAVAILABLE, "matchmaking-unavailable: the shared store (Redis) cannot be reached; try again in a few seconds");
const moving = () =>
  new ServerError(
    UNAVAILABLE,
    "table-moving: the table's process is gone and the table is being resumed on another one; try again in a moment (service unavailable)",
  );
const paused = (roomId: string) =>
  new ServerError(
    UNAVAILABLE,
    `${TABLE_PAUSED}: the server of table "${roomId}" cannot reach the shared store (Redis) right now; its game is paused, not lost: try again shortly (service unavailable)`,
  );
const ended = (roomId: string) =>
  new ServerError(
    ErrorCode.MATCHMAKE_INVALID_ROOM_ID,
    `${TABLE_ENDED}: the game at table "${roomId}" was over when its process stopped; start or join another table`,
  );
const gone = (roomId: string) =>
  new ServerError(
    ErrorCode.MATCHMAKE_INVALID_ROOM_ID,
    `${TABLE_GONE}: table "${roomId}" closed with its process and left no journal (nobody had taken a seat), so it cannot come back; start or join another table`,
  );

export class MovingTables {
  private readonly waiters = new Map<string, { dead: string | null; resolve: (ok: boolean) => void; until: number }[]>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: RedisJournal,
    private readonly me: string,
  ) {}

  /** Wraps Colyseus's matchmaking controller (once, at start). */
  install(): void {
    const controller = matchMaker.controller as { invokeMethod: Invoke };
    const invoke = controller.invokeMethod.bind(controller) as Invoke;
    controller.invokeMethod = (method, roomId, ...rest) => this.invoke(invoke, method, roomId, rest);
  }

  /** A call that fails because Redis went away while it ran answers as one refused at once. */
  private async invoke(invoke: Invoke, method: string, roomId: string, rest: unknown[]): Promise<unknown> {
    try {
      return await this.route(invoke, method, roomId, rest);
    } catch (err) {
      if ((await this.store.reachable()) || (err as { code?: unknown }).code === UNAVAILABLE) throw err;
      matchmakeRefused.inc({ reason: "redis-unavailable" });
      throw unavailable();
    }
  }

  private async route(invoke: Invoke, method: string, roomId: string, rest: unknown[]): Promise<unknown> {
    if (!(await this.store.reachable())) {
      matchmakeRefused.inc({ reason: "redis-unavailable" });
      throw unavailable();
    }
    if (method !== "joinById" && method !== "reconnect") return invoke(method, roomId, ...rest);
    const host = ((await matchMaker.driver.findOne({ roomId })) as Listing)?.processId;
    if (host === this.me) return invoke(method, roomId, ...rest);
    if (!host) {
      // Not listed: a table being resumed (it has a journal) is waited for; anything else is Colyseus's "not found".
      // A peer that timed out calling a paused host drops its listings: its tables are paused, not moving.
      const owner = method === "joinById" ? await this.store.owner(roomId) : null;
      if (owner !== null && owner !== this.me && (await this.store.hostState(owner)) === "paused")
        return this.held(invoke, method, roomId, rest);
      if (owner !== null) await this.listed(roomId, null);
      return invoke(method, roomId, ...rest);
    }
    const now = await this.verdict(host, roomId);
    if (now === "moved") return this.moved(invoke, method, roomId, rest, host);
    if (now === "paused") return this.held(invoke, method, roomId, rest);
    // A live host: call it, but stop waiting the moment it turns out paused or dead, or the table is a peer's now.
    const call = this.reserve(invoke, method, roomId, rest, () => this.verdict(host, roomId)).then((value) => ({ value }));
    const changed = this.changeOf(host, roomId, call);
    const first = await Promise.race([call, changed]);
    if ("value" in first) return first.value;
    call.catch(() => undefined);
    if (first.now === "paused") return this.held(invoke, method, roomId, rest);
    return this.moved(invoke, method, roomId, rest, host);
  }

  /**
   * The table's host is paused: the join waits until a live process lists the table (the host
   * back, or a peer that took it once the lease lapsed), then is made there; else `table-paused`.
   * A reconnection token is only good at its host: answered at once.
   */
  private async held(invoke: Invoke, method: string, roomId: string, rest: unknown[]): Promise<unknown> {
    if (method === "reconnect" || !(await this.listed(roomId, null))) throw this.paused(roomId);
    return this.reserve(invoke, method, roomId, rest, async () => "live");
  }

  /**
   * The call to the table's host. Colyseus answers "already full" when that call timed out (the
   * host cut off a moment ago, or still; or just back while its pub/sub connection is not yet):
   * not a full table, a paused one, and so answered. A full table answers at once.
   */
  private reserve(invoke: Invoke, method: string, roomId: string, rest: unknown[], verdict: () => Promise<string>): Promise<unknown> {
    const sent = Date.now();
    return invoke(method, roomId, ...rest).catch(async (err: unknown) => {
      const timedOut = /already full/i.test(String((err as { message?: unknown })?.message)) && Date.now() - sent >= TIMED_OUT_MS;
      if (timedOut || (await verdict().catch(() => "live")) === "paused") throw this.paused(roomId);
      throw err;
    });
  }

  private paused(roomId: string): ServerError {
    matchmakeRefused.inc({ reason: "table-paused" });
    return paused(roomId);
  }

  /** The table's host is dead: hold the join until a survivor has the table, or say it cannot come back. */
  private async moved(invoke: Invoke, method: string, roomId: string, rest: unknown[], dead: string): Promise<unknown> {
    if ((await this.store.owner(roomId)) === null) {
      if (await this.store.endedRecently(roomId)) {
        matchmakeRefused.inc({ reason: "table-ended" });
        throw ended(roomId);
      }
      matchmakeRefused.inc({ reason: "table-gone" });
      throw gone(roomId);
    }
    // A reconnection token is only good on the process that issued it: the seat is taken back by playerId.
    if (method === "reconnect" || !(await this.listed(roomId, dead))) {
      matchmakeRefused.inc({ reason: "table-moving" });
      throw moving();
    }
    return invoke(method, roomId, ...rest);
  }

  /**
   * Whether the table's listed host can seat anyone: `moved` when a peer owns the table's journal
   * now or the host's lease has lapsed (a peer will claim it); `paused` while the host's lease
   * runs but it is not renewing it (cut off from Redis, stalled); else `live`.
   */
  private async verdict(host: string, roomId: string): Promise<"live" | "paused" | "moved"> {
    const owner = await this.store.owner(roomId);
    if (owner !== null && owner !== host) return "moved";
    const state = await this.store.hostState(host);
    return state === "lapsed" ? "moved" : state;
  }

  /** Resolves once `host` is no longer live for `roomId` (`verdict`), unless `settled` settles first. */
  private async changeOf(host: string, roomId: string, settled: Promise<unknown>): Promise<{ now: "paused" | "moved" }> {
    let done = false;
    settled.then(
      () => {
        done = true;
      },
      () => {
        done = true;
      },
    );
    for (;;) {
      await new Promise((r) => setTimeout(r, POLL_MS));
      if (done) return new Promise<never>(() => undefined);
      const now = await this.verdict(host, roomId).catch(() => "live" as const);
      if (now !== "live") return { now };
    }
  }

  /** True once `roomId` is listed on a live process other than `dead`, false after HOLD_MS. */
  listed(roomId: string, dead: string | null): Promise<boolean> {
    return new Promise((resolve) => {
      const list = this.waiters.get(roomId) ?? [];
      list.push({ dead, resolve, until: Date.now() + HOLD_MS });
      this.waiters.set(roomId, list);
      this.timer ??= setTimeout(() => void this.poll(), POLL_MS);
    });
  }

  private async poll(): Promise<void> {
    try {
      const ids = [...this.waiters.keys()];
      const listings = ids.length > 0 ? ((await matchMaker.driver.findByIds(ids)) as Map<string, Listing>) : new Map<string, Listing>();
      const now = Date.now();
      for (const id of ids) {
        const host = listings.get(id)?.processId;
        const up = host !== undefined && (host === this.me || (await this.store.hostState(host)) === "live");
        const left = (this.waiters.get(id) ?? []).filter((w) => {
          if (up && host !== w.dead) w.resolve(true);
          else if (now >= w.until) w.resolve(false);
          else return true;
          return false;
        });
        if (left.length > 0) this.waiters.set(id, left);
        else this.waiters.delete(id);
      }
    } catch {
      // Redis away: the held joins time out and are answered "try again".
      const now = Date.now();
      for (const [id, list] of this.waiters) {
        const left = list.filter((w) => (now >= w.until ? (w.resolve(false), false) : true));
        if (left.length > 0) this.waiters.set(id, left);
        else this.waiters.delete(id);
      }
    } finally {
      this.timer = this.waiters.size > 0 ? setTimeout(() => void this.poll(), POLL_MS) : null;
    }
  }
}
