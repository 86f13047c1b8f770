/**
 * Colyseus's Redis driver, with indexes: matchmaking reads only the listings it may offer.
 *
 * The driver as shipped answers every query (a quick play, the lobby's list, a process's cleanup)
 * by reading the whole listing hash and parsing it in the process: with 25,000 tables listed a
 * quick-play join waited seconds. This one keeps, beside that hash, sorted sets of roomIds per
 * room name, per quick-play key (open tables only), for the lobby and per process, and counters
 * (keys.ts); each write updates them in one script (scripts.ts). A query reads the narrowest set
 * its conditions allow, then only those listings (HMGET), and filters them as the stock driver
 * does; a quick play without a sort reads one page at a time and stops at the first table that fits.
 *
 * Also here, so they hold on the same script:
 * - a write or removal of one of this process's rooms is applied only while the listing there
 *   names this process (a table that moved to a peer keeps the peer's listing);
 * - a listing whose process's lease has run out is not offered, and that process's listings are
 *   removed (`ownerAlive`, wired to the lease by durable/; checked on each read and every few
 *   seconds for every process with listings).
 */
import { matchMaker, type IRoomCache, type SortOptions } from "@colyseus/core";
import { RedisDriver } from "@colyseus/redis-driver";
import type { Cluster, Redis, RedisOptions } from "ioredis";
import {
  COUNTS,
  LISTINGS,
  PROCS,
  PROC_PREFIX,
  PUBLIC,
  WHERE,
  entriesOf,
  keyOf,
  nameKey,
  openKey,
  procKey,
  scoreOf,
  type Listing,
} from "./keys.ts";
import { PUT, REMOVE } from "./scripts.ts";

/** Listings read per round trip while looking for a table that fits. */
const PAGE = 32;
/** Listings read per HMGET when a query needs all of a set. */
const CHUNK = 500;
/** How long an owner's lease state is believed. */
const ALIVE_CACHE_MS = 1_000;
const SWEEP_MS = 5_000;

type Scripts = {
  listingPut(k1: string, k2: string, k3: string, k4: string, ...argv: string[]): Promise<number>;
  listingRemove(k1: string, k2: string, k3: string, k4: string, ...argv: string[]): Promise<number>;
};
type Client = (Redis | Cluster) & Scripts;
type Conditions = Record<string, unknown>;
const SCRIPT_KEYS = [LISTINGS, WHERE, COUNTS, PROCS] as const;

export interface IndexedDriverOptions {
  /** The fields (handler `filterBy`) whose values make a quick-play key. */
  keyFields?: readonly string[];
  /** This process's id (its rooms' writes are fenced on it); default Colyseus's. */
  processId?: () => string | undefined;
  /** How long an owner's lease state is believed (ms). */
  aliveCacheMs?: number;
}

export class IndexedRedisDriver extends RedisDriver {
  /** Marks a driver whose listings are indexed (durable/ sweeps through it). */
  readonly indexed = true;
  private readonly keyFields: readonly string[];
  private readonly me: () => string | undefined;
  private alive: ((processId: string) => Promise<boolean>) | null = null;
  private readonly aliveCache = new Map<string, { at: number; alive: Promise<boolean> }>();
  private sweepTimer: NodeJS.Timeout | null = null;
  private readonly aliveCacheMs: number;

  constructor(redis: string | RedisOptions | Redis, options: IndexedDriverOptions = {}) {
    super(redis as never);
    this.keyFields = options.keyFields ?? ["mode"];
    this.me = options.processId ?? (() => matchMaker.processId);
    this.aliveCacheMs = options.aliveCacheMs ?? ALIVE_CACHE_MS;
    this.client.defineCommand("listingPut", { numberOfKeys: 4, lua: PUT });
    this.client.defineCommand("listingRemove", { numberOfKeys: 4, lua: REMOVE });
  }

  private get client(): Client {
    return (this as unknown as { _client: Client })._client;
  }

  /**
   * Whether a process still holds its lease. Listings of one that does not are never offered,
   * and are removed (once per lapse) here and by a sweep every few seconds.
   */
  ownerAlive(check: (processId: string) => Promise<boolean>): void {
    this.alive = check;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = setInterval(() => void this.sweepDead().catch(() => undefined), SWEEP_MS);
    this.sweepTimer.unref();
  }

  /** Removes the listings of every process with listings whose lease is gone; returns how many. */
  async sweepDead(): Promise<number> {
    let n = 0;
    for (const pid of await this.client.smembers(PROCS)) if (!(await this.isAlive(pid))) n += await this.removeOf(pid);
    return n;
  }

  private isAlive(pid: string | undefined, now = Date.now()): Promise<boolean> {
    if (!this.alive || !pid || pid === this.me()) return Promise.resolve(true);
    const cached = this.aliveCache.get(pid);
    if (cached && now - cached.at < this.aliveCacheMs) return cached.alive;
    const alive = this.alive(pid).catch(() => true);
    this.aliveCache.set(pid, { at: now, alive });
    if (this.aliveCache.size > 1_000) for (const [k, v] of this.aliveCache) if (now - v.at >= this.aliveCacheMs) this.aliveCache.delete(k);
    void alive.then((ok) => {
      if (!ok) void this.removeOf(pid).catch(() => undefined);
    });
    return alive;
  }

  // ---- writes -------------------------------------------------------------------------------

  private async put(listing: Listing, how: "create" | "own"): Promise<boolean> {
    if (!listing.roomId) return false;
    const mark = `"processId":"${listing.processId ?? this.me() ?? ""}"`;
    return (
      (await this.client.listingPut(
        ...SCRIPT_KEYS,
        PROC_PREFIX,
        listing.roomId,
        JSON.stringify(listing),
        entriesOf(listing, this.keyFields),
        String(scoreOf(listing)),
        how,
        mark,
      )) === 1
    );
  }

  override async persist(room: IRoomCache, create = false): Promise<boolean> {
    return this.put(room as unknown as Listing, create ? "create" : "own");
  }

  override async update(room: IRoomCache, operations: Partial<{ $set: Partial<IRoomCache>; $inc: Partial<IRoomCache> }>): Promise<boolean> {
    // As the stock driver: the operations change the local listing, which is then written whole.
    const r = room as unknown as Record<string, unknown>;
    for (const [field, value] of Object.entries(operations.$set ?? {})) r[field] = value;
    for (const [field, by] of Object.entries(operations.$inc ?? {})) r[field] = (r[field] as number) + (by as number);
    return this.put(room as unknown as Listing, "own");
  }

  override async remove(roomId: string): Promise<boolean> {
    // Colyseus clears the roomId of a room it discards as a duplicate: nothing of its is listed.
    if (!roomId) return false;
    const me = this.me();
    return (await this.removeIds([roomId], me ? `"processId":"${me}"` : "")) > 0;
  }

  private async removeIds(ids: readonly string[], mark: string): Promise<number> {
    let n = 0;
    for (let i = 0; i < ids.length; i += CHUNK)
      n += await this.client.listingRemove(...SCRIPT_KEYS, PROC_PREFIX, mark, ...ids.slice(i, i + CHUNK));
    return n;
  }

  /** Removes the listings that still name `processId` (one a peer re-created for a resumed table stays). */
  async removeOf(processId: string): Promise<number> {
    return this.removeIds(await this.client.zrange(procKey(processId), 0, -1), `"processId":"${processId}"`);
  }

  override async cleanup(processId: string): Promise<void> {
    await this.removeOf(processId);
  }

  override async clear(): Promise<void> {
    const keys = [LISTINGS, WHERE, COUNTS, PROCS];
    let cursor = "0";
    do {
      const [next, found] = await this.client.scan(cursor, "MATCH", "{roomcaches}:*", "COUNT", 1000);
      cursor = next;
      keys.push(...found);
    } while (cursor !== "0");
    await this.client.del(...new Set(keys));
  }

  override async shutdown(): Promise<void> {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    await super.shutdown();
  }

  /**
   * Indexes the listings already in the hash that have no entries (written by the stock driver
   * before this one took over), so a rolling switch loses no table. Nothing to do (two HLENs)
   * when every listing is indexed.
   */
  async boot(): Promise<void> {
    const [listed, indexed] = await Promise.all([this.client.hlen(LISTINGS), this.client.hlen(WHERE)]);
    if (listed === indexed) return;
    let cursor = "0";
    do {
      const [next, flat] = await this.client.hscan(LISTINGS, cursor, "COUNT", 500);
      cursor = next;
      const ids = flat.filter((_, i) => i % 2 === 0);
      const known = ids.length > 0 ? await this.client.hmget(WHERE, ...ids) : [];
      for (let i = 0; i < ids.length; i++) if (known[i] === null) await this.put(JSON.parse(flat[2 * i + 1]!) as Listing, "create");
    } while (cursor !== "0");
  }

  // ---- reads --------------------------------------------------------------------------------

  /** The narrowest index that holds every listing the conditions can match, or null (none does). */
  private indexFor(c: Conditions): string | null {
    const name = typeof c["name"] === "string" ? c["name"] : undefined;
    if (name !== undefined && c["locked"] === false && c["private"] === false) {
      const key = this.keyFields.every((f) => Object.hasOwn(c, f)) ? keyOf(c as Listing, this.keyFields) : undefined;
      return openKey(name, key);
    }
    if (typeof c["processId"] === "string") return procKey(c["processId"]);
    if (name !== undefined) return nameKey(name);
    if (c["private"] === false && c["unlisted"] === false) return PUBLIC;
    return null;
  }

  /** The listings of these ids that still exist (entries whose listing is gone are undone). */
  private async read(ids: readonly string[]): Promise<IRoomCache[]> {
    if (ids.length === 0) return [];
    const found = await this.findByIds(ids as string[]);
    const gone = ids.filter((id) => !found.has(id));
    if (gone.length > 0) void this.removeIds(gone, "").catch(() => undefined);
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  /** The matching listings of live owners, in index order. */
  private async keep(rooms: IRoomCache[], c: Conditions): Promise<IRoomCache[]> {
    const fit = rooms.filter((r) => matches(r, c));
    const alive = await Promise.all(fit.map((r) => this.isAlive(r.processId)));
    return fit.filter((_, i) => alive[i]);
  }

  override async query(conditions: Conditions, sortOptions?: SortOptions): Promise<IRoomCache[]> {
    const c = conditions ?? {};
    if (typeof c["roomId"] === "string") {
      const room = (await this.findByIds([c["roomId"]])).get(c["roomId"]);
      return room && matches(room, c) ? [room] : [];
    }
    const index = this.indexFor(c);
    if (index === null) return super.query(c as never, sortOptions);
    const rooms: IRoomCache[] = [];
    for (let start = 0; ; start += CHUNK) {
      const ids = await this.client.zrange(index, start, start + CHUNK - 1);
      rooms.push(...(await this.keep(await this.read(ids), c)));
      if (ids.length < CHUNK) break;
    }
    return sortRooms(rooms, sortOptions);
  }

  override findOne(conditions: Conditions, sortOptions?: SortOptions): Promise<IRoomCache> {
    return this.first(conditions ?? {}, sortOptions) as Promise<IRoomCache>;
  }

  private async first(c: Conditions, sortOptions?: SortOptions): Promise<IRoomCache | undefined> {
    if (typeof c["roomId"] === "string" && Object.keys(c).length === 1) return super.findOne(c as never);
    if (typeof c["roomId"] === "string" || this.indexFor(c) === null || (sortOptions && Object.keys(sortOptions).length > 0)) {
      return (await this.query(c, sortOptions))[0];
    }
    const index = this.indexFor(c)!;
    for (let start = 0; ; start += PAGE) {
      const ids = await this.client.zrange(index, start, start + PAGE - 1);
      const [room] = await this.keep(await this.read(ids), c);
      if (room) return room;
      if (ids.length < PAGE) return undefined;
    }
  }

  /** One page of the lobby's list (or of one room name's), oldest first, and how many there are in all. */
  async page(offset: number, limit: number, name?: string): Promise<{ total: number; rooms: IRoomCache[] }> {
    const index = name === undefined ? PUBLIC : nameKey(name);
    const [ids, total] = await Promise.all([this.client.zrange(index, offset, offset + limit - 1), this.client.zcard(index)]);
    return { total, rooms: await this.read(ids) };
  }

  /**
   * Counters, read without a scan: `rooms`, `clients`, `public` over all, `rooms:<name>`,
   * `clients:<name>`, `open:<name>` (tables a quick play could be offered) and `open:<name>:<key>`.
   */
  async counts(): Promise<Record<string, number>> {
    const raw = await this.client.hgetall(COUNTS);
    return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Number(v)]));
  }
}

/** As the stock driver's filter: each condition is a listing field, else a metadata field, and equal. */
export function matches(room: IRoomCache, c: Conditions): boolean {
  const r = room as unknown as Record<string, unknown>;
  for (const [field, value] of Object.entries(c)) {
    if (Object.hasOwn(r, field)) {
      if (r[field] !== value) return false;
    } else if (room.metadata && Object.hasOwn(room.metadata, field)) {
      if (room.metadata[field] !== value) return false;
    } else return false;
  }
  return true;
}

function sortRooms(rooms: IRoomCache[], sortOptions?: SortOptions): IRoomCache[] {
  const order = Object.entries(sortOptions ?? {}).map(([f, d]) => [f, d === 1 || d === "asc" || d === "ascending" ? 1 : -1] as const);
  if (order.length === 0) return rooms;
  const get = (r: IRoomCache, f: string) =>
    (Object.hasOwn(r, f) ? (r as unknown as Record<string, unknown>)[f] : r.metadata?.[f]) as number;
  return rooms.sort((a, b) => {
    for (const [f, d] of order) {
      const x = get(a, f),
        y = get(b, f);
      if (x > y) return d;
      if (x < y) return -d;
    }
    return 0;
  });
}

/** A process is alive for matchmaking until its lease lapsed (durable/redis-journal.ts `hostState`). */
export function leaseLiveness(journal: { hostState(pid: string): Promise<string> }): (processId: string) => Promise<boolean> {
  return async (pid) => (await journal.hostState(pid)) !== "lapsed";
}

export function isIndexedDriver(driver: unknown): driver is IndexedRedisDriver {
  return (driver as { indexed?: unknown } | null)?.indexed === true;
}
