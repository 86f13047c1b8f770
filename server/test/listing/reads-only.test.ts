/**
 * A quick play, the lobby's list and the counts read only what they need: with 3,000 unrelated
 * listings in Redis, the commands Redis receives (MONITOR) hold no HGETALL of the listing hash,
 * and the listings they fetch are the open tables of the asked key only. The stock driver (set
 * LISTING_TEST_DRIVER=stock) fails this: each of its queries reads the whole hash.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { IRoomCache, MatchMakerDriver } from "@colyseus/core";
import { RedisDriver } from "@colyseus/redis-driver";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedis, type RedisProcess } from "../../../cluster/redis.ts";
import { IndexedRedisDriver } from "../../src/listing/indexed-driver.ts";
import { freePort } from "../helpers.ts";

const UNRELATED = 3_000;
let redis: RedisProcess;
let driver: MatchMakerDriver & { counts?: () => Promise<Record<string, number>> };

beforeAll(async () => {
  redis = await startRedis(await freePort(), mkdtempSync(path.join(tmpdir(), "scat-reads-")));
  driver =
    process.env.LISTING_TEST_DRIVER === "stock"
      ? new RedisDriver(redis.url)
      : new IndexedRedisDriver(redis.url, { processId: () => "procA" });
  const at = Date.UTC(2026, 0, 1);
  const rooms: IRoomCache[] = [];
  for (let i = 0; i < UNRELATED; i++) {
    rooms.push({
      roomId: `u${i}`,
      name: ["devils_scat", "skit_scat", "dark_hand"][i % 3]!,
      processId: "procA",
      clients: 2,
      maxClients: 10,
      locked: i % 7 === 0,
      private: false,
      unlisted: false,
      createdAt: new Date(at + i),
      metadata: { mode: `other-${i % 50}`, status: "playing" },
    } as IRoomCache);
  }
  rooms.push({
    roomId: "wanted",
    name: "devils_scat",
    processId: "procA",
    clients: 1,
    maxClients: 10,
    locked: false,
    private: false,
    unlisted: false,
    createdAt: new Date(at),
    metadata: { mode: "4p", status: "waiting" },
  } as IRoomCache);
  rooms.push({
    roomId: "hidden",
    name: "devils_scat",
    processId: "procA",
    clients: 1,
    maxClients: 10,
    locked: false,
    private: true,
    unlisted: false,
    createdAt: new Date(at),
    metadata: { mode: "4p", status: "waiting" },
  } as IRoomCache);
  for (let i = 0; i < rooms.length; i += 200) await Promise.all(rooms.slice(i, i + 200).map((r) => driver.persist(r, true)));
}, 60_000);
afterAll(async () => {
  await driver?.shutdown();
  await redis?.stop();
});

/** Every command Redis received while `work` ran (name and first argument). */
async function commandsDuring(work: () => Promise<unknown>): Promise<string[][]> {
  const client = new Redis(redis.url);
  const monitor = await client.monitor();
  const seen: string[][] = [];
  monitor.on("monitor", (_time: string, args: string[]) => {
    seen.push(args.map(String));
  });
  try {
    await work();
    // A marker command: once MONITOR shows it, every command before it was shown too.
    const probe = new Redis(redis.url);
    await probe.echo("monitor-marker");
    probe.disconnect();
    await new Promise<void>((resolve) => {
      const check = () => (seen.some((c) => c[0]?.toLowerCase() === "echo") ? resolve() : setTimeout(check, 5));
      check();
    });
  } finally {
    monitor.disconnect();
    client.disconnect();
  }
  return seen.filter((c) => c[0]?.toLowerCase() !== "echo");
}

const readsOfAll = (commands: string[][]) => commands.filter((c) => c[0]!.toLowerCase() === "hgetall" && c[1] === "roomcaches").length;
/** How many listings the commands fetched by id (HMGET/HGET of the listing hash). */
const listingsFetched = (commands: string[][]) =>
  commands.filter((c) => ["hmget", "hget"].includes(c[0]!.toLowerCase()) && c[1] === "roomcaches").reduce((n, c) => n + c.length - 2, 0);

describe(`matchmaking with ${UNRELATED} unrelated listings`, () => {
  it("a quick play reads only the open tables of its own key", async () => {
    let found: IRoomCache | undefined;
    const commands = await commandsDuring(async () => {
      found = await driver.findOne({ locked: false, name: "devils_scat", private: false, mode: "4p" });
    });
    expect(found?.roomId).toBe("wanted");
    expect(readsOfAll(commands)).toBe(0);
    expect(listingsFetched(commands)).toBe(1);
  });

  it("a quick play of a key with no open table reads no listing at all", async () => {
    const commands = await commandsDuring(() => driver.findOne({ locked: false, name: "devils_scat", private: false, mode: "2p" }));
    expect(readsOfAll(commands)).toBe(0);
    expect(listingsFetched(commands)).toBe(0);
  });

  it("the counts come from counters, and a page of the lobby's list reads only that page", async () => {
    const indexedDriver = driver as IndexedRedisDriver;
    let counts: Record<string, number> = {};
    const commands = await commandsDuring(async () => {
      counts = await indexedDriver.counts();
      const page = await indexedDriver.page(0, 20);
      expect(page.total).toBe(UNRELATED + 1);
      expect(page.rooms).toHaveLength(20);
    });
    expect(counts).toMatchObject({ rooms: UNRELATED + 2, "open:devils_scat:4p": 1, public: UNRELATED + 1 });
    expect(readsOfAll(commands)).toBe(0);
    expect(listingsFetched(commands)).toBe(20);
  });
});
