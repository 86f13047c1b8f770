/**
 * Per-account throttling, whatever address the attempts come from: the first `after - 1`
 * sign-in attempts for a username go through; from the `after`-th on, each attempt locks the
 * username for 2^(n - after) seconds (n: attempts since the last success, capped at `maxMs`)
 * *before* its password is checked, so many addresses firing at once still get one guess per
 * period. A success clears the count; a count idle for `windowMs` is forgotten.
 *
 * The key is the lower-cased username as typed, whether or not such an account exists: an unknown
 * username is locked exactly like a known one, so the lock says nothing about existence.
 *
 * In memory: an LRU table of at most `maxKeys` usernames. With Redis: one Lua script per attempt,
 * shared by every process; a Redis that does not answer in time refuses (`unavailable`: 503).
 */
import type { Redis } from "ioredis";
import { LRUCache } from "lru-cache";
import { limitRedisFailures, within, type Verdict } from "./gcra.ts";

export interface LockSettings {
  /** Attempts without a success before each further one locks the username. */
  readonly after: number;
  /** The longest lock. */
  readonly maxMs: number;
  /** An attempt count untouched this long is forgotten. */
  readonly windowMs: number;
}

export interface AccountLock {
  attempt(username: string): Promise<Verdict>;
  succeeded(username: string): Promise<void>;
}

export const usernameKey = (username: string): string => username.normalize("NFKC").trim().toLowerCase();

/** The lock that the n-th attempt since the last success sets, in ms (0: none). */
export function lockFor(n: number, s: LockSettings): number {
  return n < s.after ? 0 : Math.min(s.maxMs, 1000 * 2 ** Math.min(n - s.after, 40));
}

export class MemoryAccountLock implements AccountLock {
  private readonly table: LRUCache<string, { n: number; until: number; seen: number }>;
  constructor(
    private readonly s: LockSettings,
    maxKeys: number,
    private readonly now: () => number = Date.now,
  ) {
    this.table = new LRUCache({ max: maxKeys });
  }

  attempt(username: string): Promise<Verdict> {
    return Promise.resolve(this.attemptNow(username));
  }

  attemptNow(username: string): Verdict {
    const key = usernameKey(username);
    const now = this.now();
    let entry = this.table.get(key);
    if (entry && entry.seen < now - this.s.windowMs) entry = undefined;
    if (entry && now < entry.until) return { ok: false, retryAfterMs: entry.until - now };
    const n = (entry?.n ?? 0) + 1;
    this.table.set(key, { n, until: now + lockFor(n, this.s), seen: now });
    return { ok: true, retryAfterMs: 0 };
  }

  succeeded(username: string): Promise<void> {
    this.table.delete(usernameKey(username));
    return Promise.resolve();
  }
}

const ATTEMPT_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local locked = tonumber(redis.call('HGET', KEYS[1], 'u') or 0)
if now < locked then return {0, math.ceil(locked - now)} end
local n = redis.call('HINCRBY', KEYS[1], 'n', 1)
local after = tonumber(ARGV[1])
if n >= after then
  local lock = math.min(tonumber(ARGV[2]), 1000 * 2 ^ math.min(n - after, 40))
  redis.call('HSET', KEYS[1], 'u', string.format('%d', now + lock))
end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return {1, 0}
`;

type LockRedis = Redis & { scatAccountAttempt(key: string, after: number, maxMs: number, windowMs: number): Promise<[number, number]> };

export class RedisAccountLock implements AccountLock {
  constructor(
    private readonly s: LockSettings,
    private readonly redis: Redis,
    private readonly timeoutMs: number,
  ) {
    if (!("scatAccountAttempt" in redis)) redis.defineCommand("scatAccountAttempt", { numberOfKeys: 1, lua: ATTEMPT_LUA });
  }

  private key(username: string): string {
    return `scat:lock:${usernameKey(username)}`;
  }

  async attempt(username: string): Promise<Verdict> {
    try {
      const [ok, wait] = await within(
        (this.redis as LockRedis).scatAccountAttempt(this.key(username), this.s.after, this.s.maxMs, this.s.windowMs),
        this.timeoutMs,
      );
      return { ok: ok === 1, retryAfterMs: Number(wait) };
    } catch {
      limitRedisFailures.inc({ limit: "account-lock" });
      return { ok: false, retryAfterMs: 1000, unavailable: true };
    }
  }

  async succeeded(username: string): Promise<void> {
    // A reset that does not arrive leaves the count to expire: the account is not unlocked by a failure of Redis.
    await within(this.redis.del(this.key(username)), this.timeoutMs).catch(() => limitRedisFailures.inc({ limit: "account-lock" }));
  }
}
