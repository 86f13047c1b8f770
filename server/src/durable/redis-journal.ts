/**
 * Journals with Redis: a stream per table (`scat:journal:<roomId>`), and who hosts each table
 * (`scat:tables`, roomId -> processId) next to a lease per process (`scat:lease:<processId>`,
 * renewed every beat, expiring after LEASE_MS). Every write checks, inside Redis, that this
 * process still owns the table (a process that stalled past its lease and lost its tables to a
 * peer cannot write behind the new host's back: its write answers "fenced"). A claim moves a
 * table from an owner whose lease is gone (or who released it) to the claimer, atomically.
 */
import type { Redis } from "ioredis";
import { matchMaker } from "@colyseus/core";
import { isIndexedDriver } from "../listing/indexed-driver.ts";
import { newRedis } from "../redis-url/redis-url.ts";
import { logger } from "../logger.ts";
import { decodeJournal, type JournalEntry, type JournalStore, type TableRecord, type WriteOutcome } from "./journal.ts";

export const KEYS = {
  tables: "scat:tables",
  beats: "scat:beats",
  released: "scat:released",
  processes: "scat:processes",
  lease: (pid: string) => `scat:lease:${pid}`,
  journal: (tableId: string) => `scat:journal:${tableId}`,
  ended: (tableId: string) => `scat:ended:${tableId}`,
} as const;

/**
 * A host none of whose lease renewals (every 250 ms) reached Redis for this long is paused for
 * matchmaking (`hostState`): cut off from Redis or stalled, with its lease still running. Its
 * tables do not move until the lease lapses; a join is told to try again shortly.
 */
const PAUSED_MS = 1_000;
/** The share of LEASE_MS the local lease ends early by (clock rate differences, timer lateness). */
const LEASE_MARGIN = 0.1;

/** No renewal answered for this long (they go every 250 ms at most): Redis counts as unreachable (matchmaking answers 503 at once). */
const STALL_MS = 1_000;
/** How long a PING may take before Redis counts as unreachable (once no renewal was answered for STALL_MS). */
const PROBE_MS = 300;

/** How long a table whose game ended is remembered as ended (for late reclaims). */
const ENDED_MEMORY_MS = 10 * 60_000;

/** What matchmaking can tell of a table's host (`RedisJournal.hostState`). */
export type HostState = "live" | "paused" | "lapsed";

/** Colyseus's RedisDriver keeps every room's listing in this hash (roomId -> JSON). */
const ROOMCACHES = "roomcaches";

/** The owner of a table its host handed over (drain): claimable at once. */
export const RELEASED = "-";

// KEYS[1] tables, KEYS[2] stream, KEYS[3] the writer's lease, KEYS[4] the table's "ended" mark;
// ARGV[1] tableId, ARGV[2] me, ARGV[3] "0" append, "1" fresh, "2" rewrite of a table this process
// held when it lost touch (refused if the game ended elsewhere meanwhile), ARGV[4] lease ms,
// ARGV[5..] entries. A fresh table's owner always has a lease (a table written before the
// process's first beat must not look orphaned).
const WRITE = `
local owner = redis.call('HGET', KEYS[1], ARGV[1])
if ARGV[3] ~= '0' then
  if owner and owner ~= ARGV[2] then return 0 end
  if ARGV[3] == '2' and redis.call('EXISTS', KEYS[4]) == 1 then return 0 end
  redis.call('DEL', KEYS[2])
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
  if redis.call('EXISTS', KEYS[3]) == 0 then redis.call('SET', KEYS[3], '0', 'PX', ARGV[4]) end
elseif owner ~= ARGV[2] then
  return 0
end
for i = 5, #ARGV do redis.call('XADD', KEYS[2], '*', 'e', ARGV[i]) end
return 1`;

// KEYS[1] tables; ARGV[1] tableId, ARGV[2] expected owner, ARGV[3] me, ARGV[4] lease key of the owner.
// A table moves only from an owner that handed it over or whose lease has lapsed in Redis: a live
// owner whose connection blipped keeps its tables, whatever its peers think of it.
const CLAIM = `
if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] then return 0 end
if ARGV[2] ~= '${RELEASED}' and redis.call('EXISTS', ARGV[4]) == 1 then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
return 1`;

// KEYS[1] tables, KEYS[2] released; ARGV[1] tableId, ARGV[2] me, ARGV[3] now.
const RELEASE = `
if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], '${RELEASED}')
redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
return 1`;

// KEYS[1] tables, KEYS[2] stream; ARGV[1] tableId, ARGV[2] me.
const REMOVE = `
if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] then return 0 end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('DEL', KEYS[2])
return 1`;

// KEYS[1] Colyseus's listings (hash roomcaches); ARGV[1] the dead process, ARGV[2..] roomIds.
// Removes each listing that still names the dead process: one a peer has just re-created for a
// resumed table (same roomId, its own processId) stays.
const SWEEP = `
local n = 0
local mark = '"processId":"' .. ARGV[1] .. '"'
for i = 2, #ARGV do
  local v = redis.call('HGET', KEYS[1], ARGV[i])
  if v and string.find(v, mark, 1, true) then
    redis.call('HDEL', KEYS[1], ARGV[i])
    n = n + 1
  end
end
return n`;

type Scripts = {
  journalSweep(k1: string, ...args: string[]): Promise<number>;
  journalWrite(k1: string, k2: string, k3: string, k4: string, ...args: string[]): Promise<number>;
  journalClaim(k1: string, ...args: string[]): Promise<number>;
  journalRelease(k1: string, k2: string, ...args: string[]): Promise<number>;
  journalRemove(k1: string, k2: string, ...args: string[]): Promise<number>;
};

function defineScripts(redis: Redis): Redis & Scripts {
  redis.defineCommand("journalWrite", { numberOfKeys: 4, lua: WRITE });
  redis.defineCommand("journalClaim", { numberOfKeys: 1, lua: CLAIM });
  redis.defineCommand("journalRelease", { numberOfKeys: 2, lua: RELEASE });
  redis.defineCommand("journalRemove", { numberOfKeys: 2, lua: REMOVE });
  redis.defineCommand("journalSweep", { numberOfKeys: 1, lua: SWEEP });
  return redis as Redis & Scripts;
}

export class RedisJournal implements JournalStore {
  readonly kind = "redis";
  readonly redis: Redis & Scripts;
  /** The connection journal writes go on (this.redis unless replicas must acknowledge them). */
  private readonly writer: Redis & Scripts;
  private ready = false;
  /** Bumped on every (re)connection: the store may have lost everything meanwhile. */
  epoch = 0;
  onReconnect: (() => void) | null = null;

  constructor(
    url: string,
    readonly me: string,
    private readonly leaseMs: number,
    private readonly waitFor: { readonly replicas: number; readonly ms: number } = { replicas: 0, ms: 1000 },
  ) {
    // A process starts with no lease in Redis: its first write makes one (WRITE), its first beat renews it.
    this.leaseUntil = Date.now() + leaseMs - Math.ceil(leaseMs * LEASE_MARGIN);
    // No offline queue: while Redis is away a write fails at once and the table pauses; its
    // journal is rewritten whole once Redis is back (durability.ts), and then its effects go out.
    this.redis = newRedis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectionName: `scat-journal-${me}`,
      retryStrategy: (n) => Math.min(50 * n, 1000),
    }) as Redis & Scripts;
    defineScripts(this.redis);
    // WAIT blocks the connection it runs on, and covers the writes that connection made: with
    // replicas to wait for, journal writes get a connection of their own, so lease renewals and
    // reads never queue behind a WAIT.
    this.writer = waitFor.replicas > 0 ? defineScripts(this.redis.duplicate() as Redis & Scripts) : this.redis;
    this.writer.on("error", () => undefined);
    this.redis.on("ready", () => {
      this.ready = true;
      this.answeredAt = Date.now();
      if (this.waitFor.replicas > 0) void this.countReplicas();
      this.epoch++;
      if (this.epoch > 1) {
        logger.warn("journal: Redis is back; rewriting the journals of this process's tables");
        this.onReconnect?.();
      }
    });
    this.redis.on("close", () => {
      if (this.ready) logger.warn("journal: Redis connection lost; tables pause until their steps are journalled again");
      this.ready = false;
    });
    this.redis.on("error", () => undefined);
  }

  available(): boolean {
    return this.ready;
  }

  async write(tableId: string, entries: readonly JournalEntry[], fresh: boolean | "rewrite"): Promise<WriteOutcome> {
    if (!this.ready) return "offline";
    const mode = fresh === "rewrite" ? "2" : fresh ? "1" : "0";
    try {
      const ok = await this.writer.journalWrite(
        KEYS.tables,
        KEYS.journal(tableId),
        KEYS.lease(this.me),
        KEYS.ended(tableId),
        tableId,
        this.me,
        mode,
        String(this.leaseMs),
        ...entries.map((e) => JSON.stringify(e)),
      );
      if (ok !== 1) return "fenced";
      // A failover promotes a replica: the entry counts as journalled only once enough replicas have it
      // (WAIT covers every write this connection made before it). Short of that the table pauses and retries.
      // A primary with fewer replicas connected than asked for (just after a failover: none until the old primary
      // comes back as a replica) waits for those it has: play goes on, as with no replica configured.
      const need = Math.min(this.waitFor.replicas, this.replicasNow);
      if (need > 0 && (await this.writer.wait(need, this.waitFor.ms)) < need) return "offline";
      return "ok";
    } catch {
      return "offline";
    }
  }

  /**
   * The local lease (docs/OPERATIONS.md, "Consistency"): the process may apply steps until
   * `leaseUntil`, counted from the *send* time of its last renewal Redis acknowledged, less
   * LEASE_MARGIN of the lease. Redis counts the same lease from when the renewal arrived (later),
   * so the process always stops before a peer may claim its tables, whatever the network delays;
   * the margin covers clocks that run at slightly different rates.
   */
  leaseUntil: number;
  /** When Redis last answered a renewal (or the connection became ready). */
  private answeredAt = 0;

  /** True while this process may apply steps on its tables. */
  leaseValid(now = Date.now()): boolean {
    return now < this.leaseUntil;
  }

  /**
   * True while Redis answers: connected, and a renewal answered within the last STALL_MS (a
   * connection that hangs, as through a network cut, looks connected). Past that, one PING
   * decides within PROBE_MS (a renewal's answer may only be waiting behind a busy event loop).
   */
  async reachable(now = Date.now()): Promise<boolean> {
    if (!this.ready) return false;
    if (now - this.answeredAt < STALL_MS) return true;
    // A probe that failed a moment ago answers for the next PROBE_MS too (no wait per request while cut off).
    if (now - this.probeFailedAt < PROBE_MS) return false;
    this.probe ??= Promise.race([
      this.redis.ping().then(
        () => {
          this.answeredAt = Math.max(this.answeredAt, Date.now());
          return true;
        },
        () => false,
      ),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), PROBE_MS).unref()),
    ])
      .then((ok) => {
        if (!ok) this.probeFailedAt = Date.now();
        return ok;
      })
      .finally(() => {
        this.probe = null;
      });
    return this.probe;
  }

  private probe: Promise<boolean> | null = null;
  private probeFailedAt = 0;

  remove(tableId: string, ended = false): void {
    if (!this.ready) return;
    void this.redis.journalRemove(KEYS.tables, KEYS.journal(tableId), tableId, this.me).catch(() => undefined);
    // A player whose socket dropped as the game ended (e.g. its process died right after) is told
    // the game is over rather than that the table cannot come back.
    if (ended) void this.redis.set(KEYS.ended(tableId), "1", "PX", ENDED_MEMORY_MS).catch(() => undefined);
  }

  /** Whether this table's game ended (within the last ten minutes). */
  async endedRecently(tableId: string): Promise<boolean> {
    return (await this.redis.exists(KEYS.ended(tableId)).catch(() => 0)) === 1;
  }

  /** Renews this process's lease; false when Redis did not take it. On success the local lease runs from `now`, its send time. */
  async beat(now = Date.now()): Promise<boolean> {
    if (!this.ready) return false;
    try {
      await this.redis
        .multi()
        .set(KEYS.lease(this.me), String(now), "PX", this.leaseMs)
        .hset(KEYS.beats, this.me, String(now))
        .sadd(KEYS.processes, this.me)
        .exec();
      if (this.waitFor.replicas > 0) void this.countReplicas();
      this.leaseUntil = Math.max(this.leaseUntil, now + this.leaseMs - Math.ceil(this.leaseMs * LEASE_MARGIN));
      this.answeredAt = Math.max(this.answeredAt, Date.now());
      return true;
    } catch {
      return false;
    }
  }

  /** Replicas connected to the primary now (ROLE), as of the last beat; journal writes wait for up to REDIS_WAIT_REPLICAS of them. */
  private replicasNow = 0;
  private async countReplicas(): Promise<void> {
    try {
      const role = (await this.redis.call("ROLE")) as [string, number, unknown[]];
      this.replicasNow = role[0] === "master" && Array.isArray(role[2]) ? role[2].length : 0;
    } catch {
      // Unanswered: the count stands until the next beat.
    }
  }

  /**
   * Tables whose owner's lease has lapsed in Redis or that were handed over, grouped by owner; and
   * the live process count. Only the lease decides: a process whose connection is gone for a
   * moment (a Redis restart, a proxy or network blip, a Sentinel failover) renews it once it is
   * back, and a dead one stops renewing it; telling the two apart sooner is a guess that, when
   * wrong, moves every table of a live process for nothing.
   */
  async orphans(): Promise<{ byOwner: Map<string, string[]>; alive: number }> {
    const tables = await this.redis.hgetall(KEYS.tables);
    const owners = [...new Set([...Object.values(tables), ...(await this.redis.smembers(KEYS.processes))])].filter((o) => o !== RELEASED);
    const live = owners.length === 0 ? [] : await this.redis.pipeline(owners.map((o) => ["exists", KEYS.lease(o)])).exec();
    const dead = new Set<string>([RELEASED]);
    owners.forEach((o, i) => {
      if (live?.[i]?.[1] !== 1) dead.add(o);
    });
    const gone = [...dead].filter((o) => o !== RELEASED);
    if (gone.length > 0) await this.redis.srem(KEYS.processes, ...gone);
    const byOwner = new Map<string, string[]>();
    for (const [tableId, owner] of Object.entries(tables)) {
      if (owner === this.me || !dead.has(owner)) continue;
      byOwner.set(owner, [...(byOwner.get(owner) ?? []), tableId]);
    }
    return { byOwner, alive: owners.length - gone.length };
  }

  private readonly states = new Map<string, { at: number; state: Promise<HostState> }>();

  /**
   * A table's host as matchmaking sees it: `lapsed` once its lease is gone in Redis (killed, or
   * cut off past its lease: its tables move to a peer); `paused` while no renewal of it reached
   * Redis for PAUSED_MS though the lease still runs (cut off, stalled, or killed a moment ago: a
   * join is told to try again shortly); else `live`. Judged by the lease's remaining time in
   * Redis (every process runs with the same LEASE_MS), so no two clocks are compared. A process
   * Redis knows nothing of (no beat, e.g. just after Redis restarted empty) counts as live.
   * Asked of Redis at most every 50 ms per host.
   */
  async hostState(pid: string, now = Date.now()): Promise<HostState> {
    const cached = this.states.get(pid);
    if (cached && now - cached.at <= 50) return cached.state;
    const state = this.redis
      .multi()
      .pttl(KEYS.lease(pid))
      .hexists(KEYS.beats, pid)
      .exec()
      .then((r): HostState => {
        const ttl = Number(r?.[0]?.[1] ?? -2);
        const known = Number(r?.[1]?.[1] ?? 0) === 1;
        if (ttl === -2) return known ? "lapsed" : "live";
        return ttl >= 0 && this.leaseMs - ttl > PAUSED_MS ? "paused" : "live";
      });
    this.states.set(pid, { at: now, state });
    if (this.states.size > 1_000) for (const [k, v] of this.states) if (now - v.at > 50) this.states.delete(k);
    return state;
  }

  /** The process hosting a table in play (journalled), or null: no game in play under that id. */
  async owner(tableId: string): Promise<string | null> {
    return await this.redis.hget(KEYS.tables, tableId);
  }

  /** Removes the room listings (Colyseus's `roomcaches`) that still name `dead`; returns how many. */
  async sweepListings(dead: string): Promise<number> {
    // The indexed driver finds a process's listings in its own set, and keeps its indexes whole.
    const driver = matchMaker.driver as unknown;
    if (isIndexedDriver(driver)) return driver.removeOf(dead);
    const all = await this.redis.hgetall(ROOMCACHES);
    const mark = `"processId":"${dead}"`;
    const ids = Object.entries(all)
      .filter(([, v]) => v.includes(mark))
      .map(([id]) => id);
    let n = 0;
    for (let i = 0; i < ids.length; i += 500) n += await this.redis.journalSweep(ROOMCACHES, dead, ...ids.slice(i, i + 500));
    return n;
  }

  /** Takes one table from `owner` (dead or released); true when this process now owns it. */
  async claim(tableId: string, owner: string): Promise<boolean> {
    return (await this.redis.journalClaim(KEYS.tables, tableId, owner, this.me, KEYS.lease(owner))) === 1;
  }

  /** When the owner was last seen alive (for a handed-over table: when it was handed over). */
  async lastSeen(owner: string, tableId: string): Promise<number> {
    const at = owner === RELEASED ? await this.redis.hget(KEYS.released, tableId) : await this.redis.hget(KEYS.beats, owner);
    return Number(at ?? 0);
  }

  async read(tableId: string): Promise<TableRecord> {
    const rows = await this.redis.xrange(KEYS.journal(tableId), "-", "+");
    return decodeJournal(
      tableId,
      rows.map(([, fields]) => JSON.parse(fields[1] ?? "null") as JournalEntry),
    );
  }

  /** Hands a table over (drain): its owner becomes RELEASED, claimable by any peer at once. */
  async release(tableId: string, now = Date.now()): Promise<boolean> {
    return (await this.redis.journalRelease(KEYS.tables, KEYS.released, tableId, this.me, String(now))) === 1;
  }

  /** A process that will not come back: its lease and beat go, so peers take its tables at once. */
  async retire(): Promise<void> {
    if (!this.ready) return;
    await this.redis
      .multi()
      .del(KEYS.lease(this.me))
      .hdel(KEYS.beats, this.me)
      .srem(KEYS.processes, this.me)
      .exec()
      .catch(() => undefined);
  }

  async close(): Promise<void> {
    this.redis.disconnect();
    if (this.writer !== this.redis) this.writer.disconnect();
  }
}
