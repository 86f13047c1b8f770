/**
 * A room's listing read by id is fresh (server/src/net/fresh-room-reads.ts): Colyseus' Redis
 * driver shares one in-flight read of all listings among its queries, so a lobby's read of a
 * changed room could return the listing from before the change. Real redis-server.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { RedisDriver } from "@colyseus/redis-driver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedis, type RedisProcess } from "../../cluster/redis.ts";
import { freshReadsById } from "../src/net/fresh-room-reads.ts";
import { freePort } from "./helpers.ts";

const KEY = "roomcaches";
let redis: RedisProcess;
beforeAll(async () => {
  redis = await startRedis(await freePort(), mkdtempSync(path.join(tmpdir(), "scat-fresh-")));
});
afterAll(async () => {
  await redis?.stop();
});

/** A listing written after a read of all listings was sent, then the room read by id. */
async function readAfterChange(driver: RedisDriver): Promise<unknown> {
  const client = (driver as unknown as { _client: { hset(k: string, f: string, v: string): Promise<number> } })._client;
  await client.hset(KEY, "room1", JSON.stringify({ roomId: "room1", name: "skit_scat", metadata: { players: 0 } }));
  const everything = driver.query({});
  // The same connection: Redis runs the read of everything first, then this write.
  const written = client.hset(KEY, "room1", JSON.stringify({ roomId: "room1", name: "skit_scat", metadata: { players: 1 } }));
  const one = await driver.query({ roomId: "room1" });
  await Promise.all([everything, written]);
  return (one[0] as { metadata?: { players?: number } } | undefined)?.metadata?.players;
}

describe("a room read by id", () => {
  it("is read after a change written meanwhile, not from a read of every room already under way", async () => {
    const plain = new RedisDriver(redis.url);
    const fresh = freshReadsById(new RedisDriver(redis.url));
    try {
      // The driver as shipped answers from the shared read: the listing from before the change.
      expect(await readAfterChange(plain)).toBe(0);
      expect(await readAfterChange(fresh)).toBe(1);
      // Other queries are the driver's own.
      expect((await fresh.query({ name: "skit_scat" })).map((r) => r.roomId)).toEqual(["room1"]);
      expect(await fresh.query({ roomId: "nope" })).toEqual([]);
    } finally {
      await Promise.all([plain.shutdown(), fresh.shutdown()]);
    }
  });
});
