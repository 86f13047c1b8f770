/**
 * Per-key rate limits (GCRA, the generic cell rate algorithm: a token bucket kept as one number,
 * the theoretical arrival time of the next request). `burst` requests may come at once, then
 * `perSecond` on average.
 *
 * In memory the keys live in an LRU table of at most `maxKeys` entries (lru-cache: O(1) per
 * request, the least recently seen key is dropped when the table is full; never a scan). With
 * Redis one Lua script decides atomically for every process, so an address gets the limit once,
 * not once per process. A Redis that does not answer within `timeoutMs` (or errors) is handled in
 * the direction the limit was made with: `open` falls back to this process's memory table (reads,
 * matchmaking, account creation keep working, limited per process), `closed` refuses with
 * `unavailable` (sign-in: a 503 rather than unlimited guessing).
 */
import type { Redis } from "ioredis";
import { LRUCache } from "lru-cache";
import { Counter } from "prom-client";
import { registry } from "../metrics.ts";

export interface Rate {
  readonly perSecond: number;
  readonly burst: number;
}
export interface Verdict {
  readonly ok: boolean;
  readonly retryAfterMs: number;
  readonly unavailable?: boolean;
}
export type FailureMode = "open" | "closed";

export interface KeyedLimiter {
  readonly name: string;
  take(key: string): Verdict | Promise<Verdict>;
}

export const limitRefused = new Counter({
  name: "scat_limit_refused_total",
  help: "Requests refused by a rate limit (limit: sign-in, accounts, matchmake, reads, account-lock; why: limited or unavailable)",
  labelNames: ["limit", "why"],
  registers: [registry],
});
export const limitRedisFailures = new Counter({
  name: "scat_limit_redis_failures_total",
  help: "Rate-limit decisions Redis did not answer in time (or answered with an error)",
  labelNames: ["limit"],
  registers: [registry],
});

export class MemoryLimiter implements KeyedLimiter {
  private readonly tat: LRUCache<string, number>;
  private readonly interval: number;
  private readonly tolerance: number;

  constructor(
    readonly name: string,
    rate: Rate,
    maxKeys: number,
  ) {
    this.interval = 1000 / rate.perSecond;
    this.tolerance = this.interval * rate.burst;
    this.tat = new LRUCache({ max: maxKeys });
  }

  take(key: string, now = Date.now()): Verdict {
    const next = Math.max(this.tat.get(key) ?? now, now) + this.interval;
    const allowAt = next - this.tolerance;
    if (now < allowAt) return { ok: false, retryAfterMs: allowAt - now };
    this.tat.set(key, next);
    return { ok: true, retryAfterMs: 0 };
  }

  /** Keys tracked now (never more than `maxKeys`). */
  get size(): number {
    return this.tat.size;
  }
}

const GCRA_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local interval = tonumber(ARGV[1])
local tolerance = tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or now)
if tat < now then tat = now end
local nxt = tat + interval
local allowAt = nxt - tolerance
if now < allowAt then return {0, math.ceil(allowAt - now)} end
redis.call('SET', KEYS[1], string.format('%d', nxt), 'PX', math.max(1, math.ceil(nxt - now)))
return {1, 0}
`;

type GcraRedis = Redis & { scatGcra(key: string, interval: number, tolerance: number): Promise<[number, number]> };

/** Defines the limits' Lua scripts on a client once (ioredis runs them by EVALSHA, loading them when missing). */
export function withLimitScripts(redis: Redis): Redis {
  if (!("scatGcra" in redis)) redis.defineCommand("scatGcra", { numberOfKeys: 1, lua: GCRA_LUA });
  return redis;
}

/** Rejects when `promise` has not settled within `ms`. */
export function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export class RedisLimiter implements KeyedLimiter {
  private readonly interval: number;
  private readonly tolerance: number;

  constructor(
    readonly name: string,
    rate: Rate,
    private readonly redis: Redis,
    private readonly failure: FailureMode,
    private readonly fallback: MemoryLimiter,
    private readonly timeoutMs: number,
  ) {
    this.interval = Math.max(1, Math.round(1000 / rate.perSecond));
    this.tolerance = this.interval * rate.burst;
    withLimitScripts(redis);
  }

  async take(key: string): Promise<Verdict> {
    try {
      const [ok, wait] = await within(
        (this.redis as GcraRedis).scatGcra(`scat:limit:${this.name}:${key}`, this.interval, this.tolerance),
        this.timeoutMs,
      );
      return { ok: ok === 1, retryAfterMs: Number(wait) };
    } catch {
      limitRedisFailures.inc({ limit: this.name });
      return this.failure === "open" ? this.fallback.take(key) : { ok: false, retryAfterMs: 1000, unavailable: true };
    }
  }
}
