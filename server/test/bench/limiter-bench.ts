/**
 * `npm run bench:limiter`: what one rate-limit decision costs with 10 k, 100 k and 1 M addresses
 * making requests (docs/benchmarks/accounts.md, "Accounts under attack"; target: flat). Per size: the limiter of
 * server/src/limits in memory as a process runs it (its table bounded at LIMIT_TABLE_SIZE, 100,000
 * by default: past that the least recently seen address is dropped), requests spread over all the
 * addresses; the same limiter with a table as large as the size, filled first (every request of
 * the run a tracked address, then a run of new addresses that each evict the least recent), its
 * IPv6 /64 key included; the same in a real redis-server (one Lua script per request, sequential round trips);
 * and the per-address table the account routes had before (a scan of the whole map on every request
 * once past 10,000 addresses), for comparison.
 *
 * In-memory figures are CPU time per request (this process's user + system), Redis's the wall time
 * of a round trip. Env: SIZES (default "10000,100000,1000000"), REQUESTS (per measurement, 200000 in memory; Redis and
 * the old table do fewer).
 */
import { mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { startRedis } from "../../../cluster/redis.ts";
import { freePort } from "../../../cluster/server-process.ts";
import { fmt } from "../../../loadtest/src/stats.ts";
import { addressKey } from "../../src/limits/address-key.ts";
import { MemoryLimiter, RedisLimiter } from "../../src/limits/gcra.ts";
import { RateLimiter } from "../../src/table/rate-limit.ts";

const SIZES = (process.env.SIZES ?? "10000,100000,1000000").split(",").map(Number);
/** The product's default table size (server/src/config.ts, LIMIT_TABLE_SIZE). */
const TABLE = Number(process.env.LIMIT_TABLE_SIZE ?? 100_000);
const REQUESTS = Number(process.env.REQUESTS ?? 200_000);
const rate = { perSecond: 10 / 60, burst: 10 };

/** The account routes' per-address table before the shared limiter (server/src/accounts/routes.ts, AddressLimit). */
class OldAddressLimit {
  private readonly buckets = new Map<string, { limiter: RateLimiter; seen: number }>();
  take(address: string, now = Date.now()): boolean {
    if (this.buckets.size > 10_000) for (const [k, b] of this.buckets) if (b.seen < now - 3_600_000) this.buckets.delete(k);
    let b = this.buckets.get(address);
    if (!b) this.buckets.set(address, (b = { limiter: new RateLimiter(rate.perSecond, rate.burst, now), seen: now }));
    b.seen = now;
    return b.limiter.take(now);
  }
  /** Tracks `address` as if it had just made a request (filling the table without a scan per entry). */
  track(address: string, now: number): void {
    this.buckets.set(address, { limiter: new RateLimiter(rate.perSecond, rate.burst, now), seen: now });
  }
}

/** A distinct IPv6 address in its own /64 for each i. */
const v6 = (i: number) => `2001:db8:${(i >>> 16).toString(16)}:${(i & 0xffff).toString(16)}:1:2:3:4`;

/** CPU time (user + system) per call in ns: on a shared machine wall time also counts other processes' turns. */
function nsPer(n: number, fn: (i: number) => void): number {
  const t0 = process.cpuUsage();
  for (let i = 0; i < n; i++) fn(i);
  const t = process.cpuUsage(t0);
  return ((t.user + t.system) * 1000) / n;
}

async function nsPerAsync(n: number, fn: (i: number) => Promise<unknown>): Promise<number> {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await fn(i);
  return Number(process.hrtime.bigint() - t0) / n;
}

const rows: string[] = [];
const redisProc = await startRedis(await freePort(), mkdtempSync(path.join(tmpdir(), "scat-limiter-bench-")));
const redis = new Redis(redisProc.url);
try {
  console.log(
    `limiter benchmark: ${REQUESTS} requests per in-memory measurement; load average at start ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  for (const size of SIZES) {
    const bounded = new MemoryLimiter("bench", rate, TABLE);
    for (let i = 0; i < size; i++) bounded.take(addressKey(v6(i)));
    const asRun = nsPer(REQUESTS, (i) => bounded.take(addressKey(v6((i * 7919) % size))));

    const memory = new MemoryLimiter("bench", rate, size);
    for (let i = 0; i < size; i++) memory.take(addressKey(v6(i)));
    const tracked = nsPer(REQUESTS, (i) => memory.take(addressKey(v6((i * 7919) % size))));
    const fresh = nsPer(REQUESTS, (i) => memory.take(addressKey(v6(size + i))));
    const heapMb = process.memoryUsage().heapUsed / 2 ** 20;

    await redis.flushall();
    const limiter = new RedisLimiter("bench", rate, redis, "closed", memory, 1000);
    for (let i = 0; i < size; i += 10_000) {
      const pipe = redis.pipeline();
      for (let k = i; k < Math.min(size, i + 10_000); k++)
        pipe.set(`scat:limit:bench:${addressKey(v6(k))}`, String(Date.now() + 6000), "PX", 600_000);
      await pipe.exec();
    }
    const redisKeys = await redis.dbsize();
    const viaRedis = await nsPerAsync(5_000, (i) => limiter.take(addressKey(v6((i * 7919) % size))));

    const old = new OldAddressLimit();
    const now = Date.now();
    for (let i = 0; i < size; i++) old.track(v6(i), now);
    const oldRequests = size > 10_000 ? Math.max(20, Math.round(2e8 / size / 100)) : REQUESTS;
    const before = nsPer(oldRequests, (i) => old.take(v6((i * 7919) % size), now));

    rows.push(
      `| ${size.toLocaleString("en")} | ${fmt(asRun / 1000, 2)} | ${fmt(tracked / 1000, 2)} | ${fmt(fresh / 1000, 2)} | ${memory.size.toLocaleString("en")} | ${fmt(heapMb, 0)} | ${fmt(viaRedis / 1000, 1)} (${redisKeys.toLocaleString("en")} keys) | ${fmt(before / 1000, 2)} |`,
    );
    console.log(rows.at(-1));
  }
} finally {
  redis.disconnect();
  await redisProc.stop();
}
console.log(
  `\n| addresses | as a process runs it (table of ${TABLE.toLocaleString("en")}): µs/request | table as large as the addresses: µs/request, tracked address (/64 key included) | same: µs/request, new address (evicts one) | table size after | heap MB | Redis: µs/request, sequential round trips | before (scan past 10 k): µs/request |`,
);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
for (const r of rows) console.log(r);
console.log(
  `load average at end ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
process.exit(0);
