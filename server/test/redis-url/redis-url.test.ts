import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { colyseusRedisOptions, parseRedisUrl } from "../../src/redis-url/redis-url.ts";

describe("REDIS_URL", () => {
  it("a plain URL stays as it is", () => {
    expect(parseRedisUrl("redis://127.0.0.1:6379/2")).toEqual({ kind: "url", url: "redis://127.0.0.1:6379/2" });
    expect(colyseusRedisOptions("rediss://h:1")).toBe("rediss://h:1");
  });

  it("a Sentinel group names its sentinels and master", () => {
    expect(parseRedisUrl("redis+sentinel://10.0.0.1:26379,s2:26380,s3/scat")).toEqual({
      kind: "sentinel",
      options: {
        sentinels: [
          { host: "10.0.0.1", port: 26379 },
          { host: "s2", port: 26380 },
          { host: "s3", port: 26379 },
        ],
        name: "scat",
        db: 0,
        role: "master",
      },
    });
    expect(parseRedisUrl("redis+sentinel://s1:1/m/3")).toMatchObject({ options: { name: "m", db: 3 } });
  });

  it("a malformed one is refused with the form it must take", () => {
    expect(() => parseRedisUrl("redis+sentinel://s1:1")).toThrow(/mastername/);
    expect(() => parseRedisUrl("redis+sentinel://s1:99999/m")).toThrow(/bad sentinel address/);
    expect(() => loadConfig({ REDIS_URL: "redis+sentinel://s1:1" })).toThrow(/Sentinel group/);
    expect(loadConfig({ REDIS_URL: "redis+sentinel://s1:1,s2:2/scat" }).redisUrl).toBe("redis+sentinel://s1:1,s2:2/scat");
  });
});
