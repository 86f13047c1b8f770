/**
 * Who is here: the lobby's "N players online · M tables in play".
 *
 * - **Online** is a browser (its page's `playerId`; a connection without one counts by its
 *   session) that had a page connected to the lobby, a table (playing or watching) or a ranked
 *   queue in the last `ONLINE_WINDOW_MS` (60 s). Each process keeps the ids of its own
 *   connections; it marks a new one seen at once and all of them every `REFRESH_MS`, and marks
 *   an id seen once more when its last connection here closes (so it lapses 60 s after leaving).
 *   With REDIS_URL the marks are one sorted set (member: id, score: last seen) that every
 *   process writes with ZADD and counts with ZREMRANGEBYSCORE + ZCARD (no scan of keys); without
 *   it, a Map in insertion order of last seen, pruned from its oldest end.
 * - **Tables in play** are game tables dealt and not over (status `playing`), private ones
 *   included (a count shows nobody's table). Each process counts its own rooms and, with
 *   REDIS_URL, writes the count every `REFRESH_MS` into one hash field of its own
 *   (`processId` -> `count:ms`); the sum leaves out fields older than `STALE_TABLES_MS` (a
 *   process that died).
 *
 * Counts are cached `COUNTS_CACHE_MS` per process: the lobby rooms push them to their clients
 * (net/lobby-room.ts) and `GET /api/social/counts` reads the same cache.
 */
import type { Redis } from "ioredis";
import { newRedis } from "../../redis-url/redis-url.ts";
import { logger } from "../../logger.ts";
import type { RoomKit } from "../../table/table-room.ts";

export const ONLINE_WINDOW_MS = 60_000;
export const REFRESH_MS = 20_000;
export const COUNTS_CACHE_MS = 5_000;
/** A process whose count is older than this is gone (it writes every REFRESH_MS). */
export const STALE_TABLES_MS = 3 * REFRESH_MS;

const ONLINE_KEY = "social:online";
const TABLES_KEY = "social:tables-in-play";
/** ZADD members per command: one command for a process's usual few thousand ids, chunks beyond. */
const ZADD_CHUNK = 1000;

export interface Counts {
  readonly online: number;
  readonly tables: number;
}

/** Where the marks live: one process's memory, or Redis shared by all. */
export interface OnlineStore {
  seen(ids: readonly string[], now: number): Promise<void>;
  /** Ids seen at or after `since` (older ones are dropped). */
  count(since: number): Promise<number>;
  reportTables(processId: string, tables: number, now: number): Promise<void>;
  /** Tables in play over every process that reported since `since`. */
  tables(since: number, local: number): Promise<number>;
  close(): void;
}

export class MemoryStore implements OnlineStore {
  /** id -> last seen; re-inserted on each mark, so the oldest come first. */
  private readonly marks = new Map<string, number>();

  async seen(ids: readonly string[], now: number): Promise<void> {
    for (const id of ids) {
      this.marks.delete(id);
      this.marks.set(id, now);
    }
  }

  async count(since: number): Promise<number> {
    for (const [id, at] of this.marks) {
      if (at >= since) break;
      this.marks.delete(id);
    }
    return this.marks.size;
  }

  async reportTables(): Promise<void> {}
  async tables(_since: number, local: number): Promise<number> {
    return local;
  }
  close(): void {
    this.marks.clear();
  }
}

export class RedisStore implements OnlineStore {
  constructor(private readonly redis: Redis) {}

  async seen(ids: readonly string[], now: number): Promise<void> {
    for (let i = 0; i < ids.length; i += ZADD_CHUNK) {
      const args = ids.slice(i, i + ZADD_CHUNK).flatMap((id) => [now, id]);
      await this.redis.zadd(ONLINE_KEY, ...args);
    }
  }

  async count(since: number): Promise<number> {
    const res = await this.redis.multi().zremrangebyscore(ONLINE_KEY, "-inf", `(${since}`).zcard(ONLINE_KEY).exec();
    const card = res?.[1];
    if (!card || card[0]) throw card?.[0] ?? new Error("online count: no reply");
    return Number(card[1]);
  }

  async reportTables(processId: string, tables: number, now: number): Promise<void> {
    await this.redis.hset(TABLES_KEY, processId, `${tables}:${now}`);
  }

  async tables(since: number): Promise<number> {
    const all = await this.redis.hgetall(TABLES_KEY);
    let sum = 0;
    const stale: string[] = [];
    for (const [pid, v] of Object.entries(all)) {
      const [n, at] = v.split(":").map(Number);
      if (Number.isFinite(at) && at! >= since && Number.isFinite(n)) sum += n!;
      else if (!Number.isFinite(at) || at! < since - 10 * STALE_TABLES_MS) stale.push(pid);
    }
    if (stale.length > 0) await this.redis.hdel(TABLES_KEY, ...stale);
    return sum;
  }

  close(): void {
    this.redis.disconnect();
  }
}

/** A table as the counter sees it (the table room). */
export interface CountedTable {
  status(): string;
}

/**
 * A connection's online id: the browser's id when it sent a sane one (`device`: the ranked queue's
 * and, from it, the ranked table's, whose `playerId` is the account's; else `playerId`), else its
 * session.
 */
export function onlineId(options: unknown, sessionId: string): string {
  const o = options as { playerId?: unknown; device?: unknown } | null | undefined;
  const id = typeof o?.device === "string" ? o.device : typeof o?.playerId === "string" ? o.playerId : null;
  return id !== null && /^[A-Za-z0-9_-]{8,64}$/.test(id) ? `p:${id}` : `s:${sessionId}`;
}

export class OnlineCounter {
  /** This process's connections by online id (a page may hold a lobby and a table socket for a moment). */
  private readonly here = new Map<string, number>();
  private readonly sessions = new Map<string, string>();
  private readonly tablesHere = new Set<CountedTable>();
  private cached: { counts: Counts; at: number } | null = null;
  private reading: Promise<Counts> | null = null;
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    private readonly store: OnlineStore,
    private readonly processId: () => string,
    private readonly now: () => number = Date.now,
  ) {
    this.timer = setInterval(() => this.refresh(), REFRESH_MS);
    this.timer.unref();
  }

  /** A page's connection opened here: its join options name its browser (`onlineId`). */
  connected(sessionId: string, options: unknown): void {
    const id = onlineId(options, sessionId);
    this.sessions.set(sessionId, id);
    const n = this.here.get(id) ?? 0;
    this.here.set(id, n + 1);
    if (n > 0) return;
    this.cached = null;
    this.store.seen([id], this.now()).catch(warn);
  }

  /** That connection closed: its id stays online for the window after its last connection here. */
  disconnected(sessionId: string): void {
    const id = this.sessions.get(sessionId);
    if (id === undefined) return;
    this.sessions.delete(sessionId);
    const n = this.here.get(id) ?? 0;
    if (n <= 1) {
      this.here.delete(id);
      if (n === 1) this.store.seen([id], this.now()).catch(warn);
    } else this.here.set(id, n - 1);
  }

  tableOpened(table: CountedTable): void {
    this.tablesHere.add(table);
  }
  tableClosed(table: CountedTable): void {
    this.tablesHere.delete(table);
  }

  private localTables(): number {
    let n = 0;
    for (const t of this.tablesHere) if (t.status() === "playing") n++;
    return n;
  }

  /** Marks every id connected here seen now, drops lapsed ones (also with no lobby open), and reports this process's tables. */
  refresh(): void {
    const now = this.now();
    this.store
      .seen([...this.here.keys()], now)
      .then(() => this.store.count(now - ONLINE_WINDOW_MS))
      .catch(warn);
    this.store.reportTables(this.processId(), this.localTables(), now).catch(warn);
  }

  /** The counts, at most COUNTS_CACHE_MS old; one read at a time however many ask. */
  async counts(): Promise<Counts> {
    const now = this.now();
    if (this.cached && now - this.cached.at < COUNTS_CACHE_MS) return this.cached.counts;
    this.reading ??= this.read(now).finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  private async read(now: number): Promise<Counts> {
    try {
      const local = this.localTables();
      // This process's own count is reported before it is read, so a new table shows at once.
      await this.store.reportTables(this.processId(), local, now);
      const [online, tables] = await Promise.all([
        this.store.count(now - ONLINE_WINDOW_MS),
        this.store.tables(now - STALE_TABLES_MS, local),
      ]);
      const counts = { online, tables };
      this.cached = { counts, at: now };
      return counts;
    } catch (err) {
      warn(err);
      // Redis away: the last counts known, or this process's own.
      return this.cached?.counts ?? { online: this.here.size, tables: this.localTables() };
    }
  }

  close(): void {
    clearInterval(this.timer);
    this.store.close();
  }
}

function warn(err: unknown): void {
  logger.debug({ err: err instanceof Error ? err.message : String(err) }, "online counts: store error");
}

/** One counter per process; in-process until the server sets the shared one (`useOnline`). */
let current: OnlineCounter | null = null;

export function online(): OnlineCounter {
  current ??= new OnlineCounter(new MemoryStore(), () => "local");
  return current;
}

/** The server's counter: Redis-backed with `redisUrl`, in memory otherwise. */
export function startOnline(redisUrl: string | null, processId: () => string): OnlineCounter {
  current?.close();
  const store = redisUrl === null ? new MemoryStore() : new RedisStore(redisClient(redisUrl));
  current = new OnlineCounter(store, processId);
  return current;
}

function redisClient(url: string): Redis {
  const redis = newRedis(url, { maxRetriesPerRequest: 1, commandTimeout: 1000 });
  redis.on("error", (err: Error) => logger.debug({ err: err.message }, "online counts: redis error"));
  return redis;
}

export function stopOnline(counter: OnlineCounter): void {
  counter.close();
  if (current === counter) current = null;
}

/** Adds the counts of players online and tables in play to a server's tables. */
export function onlineAtTables(kit: RoomKit): void {
  kit.events.on("created", ({ room }) => online().tableOpened(room));
  kit.events.on("connected", ({ client, options }) => online().connected(client.sessionId, options));
  kit.events.on("left", ({ sessionId }) => online().disconnected(sessionId));
  kit.events.on("disposed", ({ room }) => online().tableClosed(room));
}
