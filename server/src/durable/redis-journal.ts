/**
 * Journals with Redis: a stream per table (`scat:journal:<roomId>`), and who hosts each table
 * (`scat:tables`, roomId -> processId) next to a lease per process (`scat:lease:<processId>`,
 * renewed every beat, expiring after LEASE_MS). Every write checks, inside Redis, that this
 * process still owns the table (a process that stalled past its lease and lost its tables to a
 * peer cannot write behind the new host's back: its write answers "fenced"). A claim moves a
 * table from an owner whose lease is gone (or who released it) to the claimer, atomically.
 */
import type { Redis } from "ioredis";
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
 * A process whose Redis connection is gone and whose last beat is older than this is dead: the
 * kernel closed its sockets. Two beats of 250 ms: a live process whose connection blipped
 * reconnects and beats again within about 100 ms, so it is not mistaken for a dead one; a
 * stalled live process keeps its connection and is judged by its lease.
 */
const QUIET_MS = 500;

/**
 * Matchmaking's quicker verdict (`isDead`): connection gone and no beat for this long. It only
 * decides whether a join waits on the old host; claiming the tables waits for QUIET_MS.
 */
const GONE_MS = 400;

/** The share of LEASE_MS the local lease ends early by (clock rate differences, timer lateness). */
const LEASE_MARGIN = 0.1;

/** No renewal answered for this long (they go every 250 ms at most): Redis counts as unreachable (matchmaking answers 503 at once). */
const STALL_MS = 1_000;
/** How long a PING may take before Redis counts as unreachable (once no renewal was answered for STALL_MS). */
const PROBE_MS = 300;

/** How long a table whose game ended is remembered as ended (for late reclaims). */
const ENDED_MEMORY_MS = 10 * 60_000;

interface Liveness {
  readonly connected: Set<string> | null;
  readonly beats: Record<string, string>;
}

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

// KEYS[1] tables; ARGV[1] tableId, ARGV[2] expected owner, ARGV[3] me, ARGV[4] lease key of the owner,
// ARGV[5] "1" when the owner's connection is gone (dead though its lease has not expired yet).
const CLAIM = `
if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] then return 0 end
if ARGV[2] ~= '${RELEASED}' and ARGV[5] ~= '1' and redis.call('EXISTS', ARGV[4]) == 1 then return 0 end
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

  constructor(url: string, readonly me: string, private readonly leaseMs: number, private readonly waitFor: { readonly replicas: number; readonly ms: number } = { replicas: 0, ms: 1000 }) {
    // A process starts with no lease in Redis: its first write makes one (WRITE), its first beat renews it.
    this.leaseUntil = Date.now() + leaseMs - Math.ceil(leaseMs * LEASE_MARGIN);
    // No offline queue: while Redis is away a write fails at once and the table pauses; its
    // journal is rewritten whole once Redis is back (durability.ts), and then its effects go out.
    this.redis = newRedis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectionName: `scat-journal-${me}`, retryStrategy: (n) => Math.min(50 * n, 1000) }) as Redis & Scripts;
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
      const ok = await this.writer.journalWrite(KEYS.tables, KEYS.journal(tableId), KEYS.lease(this.me), KEYS.ended(tableId), tableId, this.me, mode, String(this.leaseMs), ...entries.map((e) => JSON.stringify(e)));
      if (ok !== 1) return "fenced";
      // A failover promotes a replica: the entry counts as journalled only once enough replicas have it
      // (WAIT covers every write this connection made before it). Short of that the table pauses and retries.
      // A primary with fewer replicas connected than asked for (just after a failover: none until the old primary
      // comes back as a replica) waits for those it has: play goes on, as with no replica configured.
      const need = Math.min(this.waitFor.replicas, this.replicasNow);
      if (need > 0 && await this.writer.wait(need, this.waitFor.ms) < need) return "offline";
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
      this.redis.ping().then(() => { this.answeredAt = Math.max(this.answeredAt, Date.now()); return true; }, () => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), PROBE_MS).unref()),
    ]).then((ok) => {
      if (!ok) this.probeFailedAt = Date.now();
      return ok;
    }).finally(() => { this.probe = null; });
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
      await this.redis.multi().set(KEYS.lease(this.me), String(now), "PX", this.leaseMs).hset(KEYS.beats, this.me, String(now)).sadd(KEYS.processes, this.me).exec();
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

  /** Tables whose owner's lease is gone or that were handed over, grouped by owner; and the live process count. */
  async orphans(): Promise<{ byOwner: Map<string, string[]>; alive: number }> {
    const tables = await this.redis.hgetall(KEYS.tables);
    const owners = [...new Set([...Object.values(tables), ...await this.redis.smembers(KEYS.processes)])].filter((o) => o !== RELEASED);
    const live = owners.length === 0 ? [] : await this.redis.pipeline(owners.map((o) => ["exists", KEYS.lease(o)])).exec();
    const connected = await this.connectedProcesses();
    const beats = owners.length === 0 ? [] : await this.redis.hmget(KEYS.beats, ...owners);
    const dead = new Set<string>([RELEASED]);
    const now = Date.now();
    owners.forEach((o, i) => {
      // Lease gone; or, sooner, the process's Redis connection is gone (the kernel closes it when
      // the process dies) and it has missed a beat (a connection blip alone does not count).
      const quiet = now - Number(beats[i] ?? 0) > Math.min(this.leaseMs / 2, QUIET_MS);
      if (live?.[i]?.[1] !== 1 || (connected !== null && !connected.has(o) && quiet)) dead.add(o);
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

  private livenessCache: { at: number; view: Promise<Liveness> } | null = null;

  /**
   * True when `pid` is dead for all we can tell: its journal connection is gone (the kernel
   * closes it when a process dies) and its last beat is older than GONE_MS (a live process
   * whose connection blipped reconnects and beats within about 100 ms). Unknown processes (no
   * beat, e.g. just after a Redis restart) are not judged dead. Listed at most every 50 ms.
   * Matchmaking uses it to stop waiting on a killed process (moving.ts).
   */
  async isDead(pid: string, now = Date.now()): Promise<boolean> {
    if (!this.livenessCache || now - this.livenessCache.at > 50) this.livenessCache = { at: now, view: this.liveness() };
    const { connected, beats } = await this.livenessCache.view;
    const beat = beats[pid];
    return connected !== null && !connected.has(pid) && beat !== undefined && now - Number(beat) > GONE_MS;
  }

  private async liveness(): Promise<Liveness> {
    const [connected, beats] = await Promise.all([this.connectedProcesses(), this.redis.hgetall(KEYS.beats).catch(() => ({}))]);
    return { connected, beats };
  }

  /** The process hosting a table in play (journalled), or null: no game in play under that id. */
  async owner(tableId: string): Promise<string | null> {
    return await this.redis.hget(KEYS.tables, tableId);
  }

  /** Processes with a journal connection open now (null when CLIENT LIST is not allowed). */
  private async connectedProcesses(): Promise<Set<string> | null> {
    try {
      const list = String(await this.redis.client("LIST"));
      return new Set([...list.matchAll(/name=scat-journal-(\S+)/g)].map((m) => m[1]!));
    } catch {
      return null;
    }
  }

  /** Removes the room listings (Colyseus's `roomcaches`) that still name `dead`; returns how many. */
  async sweepListings(dead: string): Promise<number> {
    const all = await this.redis.hgetall(ROOMCACHES);
    const mark = `"processId":"${dead}"`;
    const ids = Object.entries(all).filter(([, v]) => v.includes(mark)).map(([id]) => id);
    let n = 0;
    for (let i = 0; i < ids.length; i += 500) n += await this.redis.journalSweep(ROOMCACHES, dead, ...ids.slice(i, i + 500));
    return n;
  }

  /** Takes one table from `owner` (dead or released); true when this process now owns it. */
  async claim(tableId: string, owner: string): Promise<boolean> {
    return (await this.redis.journalClaim(KEYS.tables, tableId, owner, this.me, KEYS.lease(owner), "1")) === 1;
  }

  /** When the owner was last seen alive (for a handed-over table: when it was handed over). */
  async lastSeen(owner: string, tableId: string): Promise<number> {
    const at = owner === RELEASED ? await this.redis.hget(KEYS.released, tableId) : await this.redis.hget(KEYS.beats, owner);
    return Number(at ?? 0);
  }

  async read(tableId: string): Promise<TableRecord> {
    const rows = await this.redis.xrange(KEYS.journal(tableId), "-", "+");
    return decodeJournal(tableId, rows.map(([, fields]) => JSON.parse(fields[1] ?? "null") as JournalEntry));
  }

  /** Hands a table over (drain): its owner becomes RELEASED, claimable by any peer at once. */
  async release(tableId: string, now = Date.now()): Promise<boolean> {
    return (await this.redis.journalRelease(KEYS.tables, KEYS.released, tableId, this.me, String(now))) === 1;
  }

  /** A process that will not come back: its lease and beat go, so peers take its tables at once. */
  async retire(): Promise<void> {
    if (!this.ready) return;
    await this.redis.multi().del(KEYS.lease(this.me)).hdel(KEYS.beats, this.me).srem(KEYS.processes, this.me).exec().catch(() => undefined);
  }

  async close(): Promise<void> {
    this.redis.disconnect();
    if (this.writer !== this.redis) this.writer.disconnect();
  }
}
