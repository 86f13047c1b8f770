/**
 * "Who is here": the lobby's players online and tables in play
 * (social/presence/online.ts). Online is a browser with a page connected in the last minute,
 * counted once however many sockets and processes it uses; tables in play are dealt and not
 * over, summed over processes. The store is in memory alone, one Redis sorted set and hash with
 * REDIS_URL (a real redis-server here).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ColyseusTestServer } from "@colyseus/testing";
import { ColyseusTestServer as TestServer } from "@colyseus/testing";
import type { Room } from "@colyseus/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedis, type RedisProcess } from "../../../cluster/redis.ts";
import { loadConfig } from "../../src/config.ts";
import { createServer } from "../../src/app.ts";
import { newRedis } from "../../src/redis-url/redis-url.ts";
import {
  MemoryStore,
  ONLINE_WINDOW_MS,
  OnlineCounter,
  RedisStore,
  STALE_TABLES_MS,
  type CountedTable,
  type OnlineStore,
} from "../../src/social/presence/online.ts";
import { freePort, until } from "../helpers.ts";

const table = (status: string): CountedTable => ({ status: () => status });

/** Two processes' counters on one store, on a clock the test moves. */
function counters(store: () => OnlineStore) {
  let now = 1_000_000;
  const clock = () => now;
  const a = new OnlineCounter(store(), () => "proc-a", clock);
  const b = new OnlineCounter(store(), () => "proc-b", clock);
  return {
    a,
    b,
    advance: (ms: number) => void (now += ms),
    close: () => {
      a.close();
      b.close();
    },
  };
}

const settle = () => new Promise((r) => setTimeout(r, 20));

describe("online counts: one process in memory", () => {
  it("counts a browser once over its sockets, for a minute after its last one closes", async () => {
    const { a, advance, close } = counters(() => new MemoryStore());
    a.connected("s1", { playerId: "browser-one-1" });
    a.connected("s2", { playerId: "browser-one-1" }); // the same page's table socket
    a.connected("s3", { playerId: "browser-two-2" });
    a.connected("s4", {}); // an SDK script without a playerId counts by its session
    a.connected("s5", { playerId: "<b>bad</b>" }); // not an id: counted by its session, never echoed
    expect((await a.counts()).online).toBe(4);
    a.disconnected("s2");
    a.disconnected("s3");
    a.disconnected("s3"); // twice: nothing more
    a.disconnected("never-connected");
    advance(ONLINE_WINDOW_MS - 1000);
    a.refresh();
    advance(5_000);
    // browser-two left 64 s ago; the others are still connected (marked by the refresh).
    expect((await a.counts()).online).toBe(3);
    close();
  });

  it("counts tables in play only (not waiting, not over) and caches the counts a few seconds", async () => {
    const { a, advance, close } = counters(() => new MemoryStore());
    const t1 = table("playing");
    let t2Status = "waiting";
    const t2 = { status: () => t2Status };
    a.tableOpened(t1);
    a.tableOpened(t2);
    a.tableOpened(table("ended"));
    expect((await a.counts()).tables).toBe(1);
    t2Status = "playing";
    expect((await a.counts()).tables).toBe(1); // cached
    advance(5_000);
    expect((await a.counts()).tables).toBe(2);
    a.tableClosed(t1);
    advance(5_000);
    expect((await a.counts()).tables).toBe(1);
    close();
  });
});

describe("online counts: processes sharing Redis", () => {
  let redis: RedisProcess;
  const clients: ReturnType<typeof newRedis>[] = [];
  beforeAll(async () => {
    redis = await startRedis(await freePort(), mkdtempSync(path.join(tmpdir(), "scat-online-redis-")));
  }, 30_000);
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await redis?.stop();
  });
  const redisStore = () => {
    const c = newRedis(redis.url);
    clients.push(c);
    return new RedisStore(c);
  };

  it("counts a browser on two processes once, sums the processes' tables, and drops a dead process", async () => {
    const { a, b, advance, close } = counters(redisStore);
    a.connected("a1", { playerId: "browser-one-1" });
    b.connected("b1", { playerId: "browser-one-1" }); // its table is on the other process
    b.connected("b2", { device: "browser-two-2" }); // the ranked queue's option
    a.tableOpened(table("playing"));
    b.tableOpened(table("playing"));
    b.tableOpened(table("playing"));
    a.refresh();
    await settle();
    expect(await b.counts()).toEqual({ online: 2, tables: 3 });
    // Process a dies: its connections lapse after the window, its tables once its count is stale.
    advance(Math.max(ONLINE_WINDOW_MS, STALE_TABLES_MS) + 1000);
    b.refresh();
    await settle();
    expect(await b.counts()).toEqual({ online: 2, tables: 2 });
    b.disconnected("b2");
    b.disconnected("b1");
    await settle();
    advance(ONLINE_WINDOW_MS + 1000);
    expect(await b.counts()).toEqual({ online: 0, tables: 2 });
    close();
  });
});

describe("online counts: the lobby and the API", () => {
  let colyseus: ColyseusTestServer;
  let base: string;
  beforeAll(async () => {
    const port = await freePort();
    const server = createServer(
      loadConfig({
        BOT_DELAY_MS: "1-5",
        LOG_LEVEL: "silent",
        MATCHMAKE_RATE_PER_SECOND: "10000",
        MATCHMAKE_BURST: "10000",
        PORT: String(port),
      }),
    );
    await server.listen(port, "127.0.0.1");
    colyseus = new TestServer(server);
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await colyseus.shutdown();
  });

  const countsOf = (room: Room) => {
    const seen: { online: number; tables: number }[] = [];
    room.onMessage("counts", (c) => seen.push(c));
    room.onMessage("*", () => undefined);
    return seen;
  };

  it("sends a lobby page the counts on joining, itself included, and the API answers the same", async () => {
    const first = await colyseus.sdk.joinOrCreate("lobby", { playerId: "lobby-browser-1" });
    const firstCounts = countsOf(first);
    expect(await until(() => firstCounts.at(-1), "counts on joining")).toEqual({ online: 1, tables: 0 });
    // The same browser at a table with a bot: one player, one table in play.
    const seat = await colyseus.sdk.joinOrCreate("devils_scat", { name: "Ann", playerId: "lobby-browser-1", seats: 2, bots: 1 });
    seat.onMessage("*", () => undefined);
    await until(() => seat.state.status === "playing", "the game dealt");
    const second = await colyseus.sdk.joinOrCreate("lobby", { playerId: "lobby-browser-2" });
    const secondCounts = countsOf(second);
    expect(await until(() => secondCounts.at(-1), "counts on joining")).toEqual({ online: 2, tables: 1 });
    const res = await fetch(`${base}/api/social/counts`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/max-age=5/);
    expect(await res.json()).toEqual({ online: 2, tables: 1 });
  });
});
