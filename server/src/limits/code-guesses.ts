/**
 * Guessing private tables' invite codes (table/invite-code.ts) by looking them up: joining by code
 * (POST /matchmake/joinById/<code>) or reading a table by code (GET /api/social/tables/<code>).
 * Only misses count, so players who join their friends' tables are never held back:
 *
 * - per address (IPv6 by /64): `after` misses, then each further one makes the address wait
 *   1, 2, 4 … s (up to `maxMs`) before its next lookup by code, hit or miss; forgotten after
 *   `windowMs` without a miss. A hit does not reset it (a guesser could join its own table).
 * - for all addresses together: a budget of misses (GCRA over the key "*", in Redis for the whole
 *   cluster when limits use Redis). When it is spent, addresses that have missed before wait
 *   until it refills; one that never missed still looks its code up.
 *
 * With Redis, both live there (one Lua script per call); a Redis that does not answer counts the
 * miss in this process's tables.
 */
import type { Redis } from "ioredis";
import { LRUCache } from "lru-cache";
import { lockFor, type LockSettings } from "./account-lock.ts";
import { limitRedisFailures, within, type KeyedLimiter, type Verdict } from "./gcra.ts";

interface MissCount {
  n: number;
  until: number;
  seen: number;
}

const MISS_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local n = redis.call('HINCRBY', KEYS[1], 'n', 1)
local after = tonumber(ARGV[1])
if n >= after then
  redis.call('HSET', KEYS[1], 'u', string.format('%d', now + math.min(tonumber(ARGV[2]), 1000 * 2 ^ math.min(n - after, 40))))
end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return n
`;
const WAIT_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local v = redis.call('HMGET', KEYS[1], 'n', 'u')
return {tonumber(v[1] or 0), math.max(0, tonumber(v[2] or 0) - now)}
`;
type MissRedis = Redis & {
  scatCodeMiss(key: string, after: number, maxMs: number, windowMs: number): Promise<number>;
  scatCodeWait(key: string): Promise<[number, number]>;
};

export class CodeGuesses {
  private readonly local: LRUCache<string, MissCount>;
  /** Until when this process saw the budget for all addresses spent. */
  private closedUntil = 0;

  constructor(
    private readonly s: LockSettings,
    /** Misses of all addresses together: taken once per miss under the key "*". */
    private readonly all: KeyedLimiter,
    maxKeys: number,
    private readonly redis: Redis | null = null,
    private readonly timeoutMs = 250,
    private readonly now: () => number = Date.now,
  ) {
    this.local = new LRUCache({ max: maxKeys });
    if (redis && !("scatCodeMiss" in redis)) {
      redis.defineCommand("scatCodeMiss", { numberOfKeys: 1, lua: MISS_LUA });
      redis.defineCommand("scatCodeWait", { numberOfKeys: 1, lua: WAIT_LUA });
    }
  }

  /** May `address` look a code up now? A refusal says how long to wait. */
  async before(address: string): Promise<Verdict> {
    const [misses, waitMs] = await this.state(address);
    if (waitMs > 0) return { ok: false, retryAfterMs: waitMs };
    const closed = this.closedUntil - this.now();
    if (misses > 0 && closed > 0) return { ok: false, retryAfterMs: closed };
    return { ok: true, retryAfterMs: 0 };
  }

  /** `address` looked up a code no table has. */
  async missed(address: string): Promise<void> {
    const all = await this.all.take("*");
    if (!all.ok) this.closedUntil = Math.max(this.closedUntil, this.now() + all.retryAfterMs);
    if (this.redis) {
      try {
        await within(
          (this.redis as MissRedis).scatCodeMiss(this.key(address), this.s.after, this.s.maxMs, this.s.windowMs),
          this.timeoutMs,
        );
        return;
      } catch {
        limitRedisFailures.inc({ limit: "code-guesses" });
      }
    }
    const now = this.now();
    let entry = this.local.get(address);
    if (entry && entry.seen < now - this.s.windowMs) entry = undefined;
    const n = (entry?.n ?? 0) + 1;
    this.local.set(address, { n, until: now + lockFor(n, this.s), seen: now });
  }

  private key(address: string): string {
    return `scat:code-miss:${address}`;
  }

  /** [misses, ms to wait] of `address`. */
  private async state(address: string): Promise<[number, number]> {
    if (this.redis) {
      try {
        const [n, wait] = await within((this.redis as MissRedis).scatCodeWait(this.key(address)), this.timeoutMs);
        if (Number(n) > 0) return [Number(n), Number(wait)];
      } catch {
        limitRedisFailures.inc({ limit: "code-guesses" });
      }
    }
    const now = this.now();
    const entry = this.local.get(address);
    if (!entry || entry.seen < now - this.s.windowMs) return [0, 0];
    return [entry.n, Math.max(0, entry.until - now)];
  }
}
