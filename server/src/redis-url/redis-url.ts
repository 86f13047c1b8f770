/**
 * REDIS_URL (docs/OPERATIONS.md, "Redis without a single point of failure"): one Redis, or a
 * Sentinel group, for everything the processes share (presence, room listings, journal, leases,
 * limits, queues).
 *
 * - `redis://host:port[/db]` or `rediss://…`: that server;
 * - `redis+sentinel://host:port,host:port,…/mastername[/db]`: the group's current primary, asked
 *   of the sentinels, and asked again after a failover (ioredis does it: `sentinels` + `name`).
 *
 * Every client is made from `redisOptions`, so all of them follow a failover the same way.
 */
import { Redis, type RedisOptions } from "ioredis";

export const REDIS_URL_PATTERN = /^(rediss?:\/\/\S+|redis\+sentinel:\/\/[^/\s]+\/[A-Za-z0-9_.-]+(\/\d+)?)$/;

export type RedisTarget = { readonly kind: "url"; readonly url: string } | { readonly kind: "sentinel"; readonly options: RedisOptions };

/** What REDIS_URL names; throws a clear error on a malformed Sentinel URL. */
export function parseRedisUrl(url: string): RedisTarget {
  if (!url.startsWith("redis+sentinel://")) return { kind: "url", url };
  const m = /^redis\+sentinel:\/\/([^/]+)\/([A-Za-z0-9_.-]+)(?:\/(\d+))?$/.exec(url);
  if (!m) throw new Error(`REDIS_URL: a Sentinel group is redis+sentinel://host:port,host:port/mastername[/db], not ${url}`);
  const sentinels = m[1]!.split(",").map((hp) => {
    const at = hp.lastIndexOf(":");
    const host = at > 0 ? hp.slice(0, at) : hp;
    const port = at > 0 ? Number(hp.slice(at + 1)) : 26379;
    if (!host || !Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`REDIS_URL: bad sentinel address "${hp}"`);
    return { host, port };
  });
  return { kind: "sentinel", options: { sentinels, name: m[2]!, db: m[3] ? Number(m[3]) : 0, role: "master" } };
}

/** A client of what `url` names, with the caller's options (timeouts, retries, names). */
export function newRedis(url: string, extra: RedisOptions = {}): Redis {
  const target = parseRedisUrl(url);
  return target.kind === "url" ? new Redis(target.url, extra) : new Redis({ ...target.options, ...extra });
}

/** What Colyseus's RedisPresence and RedisDriver take: the URL as it is, or the Sentinel options. */
export function colyseusRedisOptions(url: string): string | RedisOptions {
  const target = parseRedisUrl(url);
  return target.kind === "url" ? target.url : target.options;
}
