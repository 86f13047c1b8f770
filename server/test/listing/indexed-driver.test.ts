/**
 * The indexed listing driver (server/src/listing/indexed-driver.ts) against a real redis-server:
 * matchmaking's queries find the right table and read only what they may offer, the lobby and
 * the counters agree with the listings, a moved table's late write is fenced, and a process
 * whose lease ran out has its listings withdrawn.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { IRoomCache } from "@colyseus/core";
import { RedisDriver } from "@colyseus/redis-driver";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startRedis, type RedisProcess } from "../../../cluster/redis.ts";
import { RedisJournal } from "../../src/durable/redis-journal.ts";
import { IndexedRedisDriver, leaseLiveness } from "../../src/listing/indexed-driver.ts";
import { freePort } from "../helpers.ts";

let redis: RedisProcess;
let plain: Redis;
const drivers: { shutdown(): Promise<void> }[] = [];
beforeAll(async () => {
  redis = await startRedis(await freePort(), mkdtempSync(path.join(tmpdir(), "scat-listing-")));
  plain = new Redis(redis.url);
});
afterEach(async () => {
  await Promise.all(drivers.splice(0).map((d) => d.shutdown()));
  await plain.flushall();
});
afterAll(async () => {
  plain?.disconnect();
  await redis?.stop();
});

/** The driver of process `pid` (its writes are fenced on that id). */
function indexed(pid = "procA", aliveCacheMs?: number): IndexedRedisDriver {
  const d = new IndexedRedisDriver(redis.url, { processId: () => pid, ...(aliveCacheMs === undefined ? {} : { aliveCacheMs }) });
  drivers.push(d);
  return d;
}

let seq = 0;
function listing(over: Partial<IRoomCache> & { mode?: string; extra?: string }): IRoomCache {
  const { mode = "4p", extra, ...rest } = over;
  seq++;
  return {
    roomId: `r${seq}`,
    name: "devils_scat",
    processId: "procA",
    clients: 0,
    maxClients: 10,
    locked: false,
    private: false,
    unlisted: false,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, seq)),
    metadata: { mode, status: "waiting", ...(extra === undefined ? {} : { extra }) },
    ...rest,
  } as IRoomCache;
}

/** What Colyseus's findOneRoomAvailable asks for a quick play of `mode`. */
const quick = (mode: string, name = "devils_scat") => ({ locked: false, name, private: false, mode });

describe("the indexed listing driver", () => {
  it("offers a quick play the oldest open table of its own game and key, never a locked, full, private or closed one", async () => {
    const d = indexed();
    const other = listing({ name: "skit_scat" });
    const otherKey = listing({ mode: "2p" });
    const locked = listing({ locked: true });
    const full = listing({ clients: 10, locked: true });
    const priv = listing({ private: true });
    const closed = listing({ mode: "4p#closed" });
    const a = listing({});
    const b = listing({});
    for (const l of [other, otherKey, locked, full, priv, closed, b, a]) await d.persist(l, true);
    expect((await d.findOne(quick("4p"))).roomId).toBe(a.roomId);
    expect((await d.query(quick("4p"))).map((r) => r.roomId)).toEqual([a.roomId, b.roomId]);
    expect((await d.findOne(quick("2p"))).roomId).toBe(otherKey.roomId);
    expect((await d.findOne(quick("4p", "skit_scat"))).roomId).toBe(other.roomId);
    // The oldest table fills and locks: the next one is offered; it unlocks: offered again.
    await d.update(a, { $set: { locked: true }, $inc: { clients: 4 } });
    expect((await d.findOne(quick("4p"))).roomId).toBe(b.roomId);
    await d.update(a, { $set: { locked: false } });
    expect((await d.findOne(quick("4p"))).roomId).toBe(a.roomId);
    // Gone: not offered; nothing left of that key: nothing offered.
    await d.remove(a.roomId);
    await d.remove(b.roomId);
    expect(await d.findOne(quick("4p"))).toBeUndefined();
    expect(await d.findOne(quick("3p"))).toBeUndefined();
    // By id, as before.
    expect((await d.findOne({ roomId: priv.roomId })).roomId).toBe(priv.roomId);
    expect((await d.query({ roomId: locked.roomId })).map((r) => r.roomId)).toEqual([locked.roomId]);
    expect(await d.has(full.roomId)).toBe(true);
  });

  it("holds every condition of a query, sorts as asked, and lists the lobby's tables in pages", async () => {
    const d = indexed();
    const x = listing({ extra: "x", clients: 1 });
    const y = listing({ extra: "y", clients: 3 });
    const hidden = listing({ unlisted: true });
    const priv = listing({ private: true });
    for (const l of [x, y, hidden, priv]) await d.persist(l, true);
    expect((await d.findOne({ ...quick("4p"), extra: "y" })).roomId).toBe(y.roomId);
    expect(await d.findOne({ ...quick("4p"), extra: "z" })).toBeUndefined();
    expect((await d.findOne(quick("4p"), { clients: -1 })).roomId).toBe(y.roomId);
    expect((await d.query({ name: "devils_scat" })).map((r) => r.roomId)).toEqual([x.roomId, y.roomId, hidden.roomId, priv.roomId]);
    const lobby = await d.query({ private: false, unlisted: false });
    expect(lobby.map((r) => r.roomId)).toEqual([x.roomId, y.roomId]);
    expect(await d.page(1, 10)).toMatchObject({ total: 2, rooms: [{ roomId: y.roomId }] });
  });

  it("keeps its counters equal to what the listings say, through creates, updates, removals and cleanups", async () => {
    const d = indexed();
    const rooms = Array.from({ length: 40 }, (_, i) =>
      listing({
        name: i % 3 === 0 ? "skit_scat" : "devils_scat",
        mode: `${i % 2}p`,
        processId: i % 4 === 0 ? "procB" : "procA",
        private: i % 5 === 0,
        clients: i % 4,
      }),
    );
    for (const r of rooms) await d.persist(r, true);
    for (const r of rooms.slice(0, 15)) await d.update(r, { $inc: { clients: 1 }, $set: { locked: r.clients >= 3 } });
    for (const r of rooms.slice(10, 20)) await d.remove(r.roomId);
    await d.cleanup("procB");
    const all = Object.values(await plain.hgetall("roomcaches")).map((v) => JSON.parse(v) as IRoomCache & { metadata: { mode: string } });
    const expected: Record<string, number> = {};
    const add = (k: string, n: number) => {
      if (n !== 0) expected[k] = (expected[k] ?? 0) + n;
    };
    for (const r of all) {
      add("rooms", 1);
      add(`rooms:${r.name}`, 1);
      add("clients", r.clients);
      add(`clients:${r.name}`, r.clients);
      if (!r.locked && !r.private) {
        add(`open:${r.name}`, 1);
        add(`open:${r.name}:${r.metadata.mode}`, 1);
      }
      if (!r.private && !r.unlisted) add("public", 1);
    }
    expect(all.length).toBeGreaterThan(10);
    expect(all.some((r) => r.processId === "procB")).toBe(false);
    expect(await d.counts()).toEqual(expected);
  });

  it("leaves a listing that names another process alone: a moved table's late write or removal", async () => {
    const mine = indexed("procA");
    const peer = indexed("procB");
    const t = listing({ processId: "procA" });
    await mine.persist(t, true);
    // The table resumed on procB under the same roomId.
    await peer.persist({ ...t, processId: "procB" } as IRoomCache, true);
    expect(await mine.update({ ...t } as IRoomCache, { $set: { locked: true } })).toBe(false);
    expect(await mine.remove(t.roomId)).toBe(false);
    expect((await peer.findOne(quick("4p"))).processId).toBe("procB");
    expect(await peer.remove(t.roomId)).toBe(true);
    expect(await peer.counts()).toEqual({});
  });

  it("withdraws the listings of a process whose lease ran out, and no query offers them meanwhile", async () => {
    const d = indexed("procA");
    const dead = new Set<string>();
    d.ownerAlive(async (pid) => !dead.has(pid));
    const gone = listing({ processId: "procDead" });
    const live = listing({ processId: "procA" });
    for (const l of [gone, live]) await d.persist(l, true);
    dead.add("procDead");
    expect((await d.findOne(quick("4p"))).roomId).toBe(live.roomId);
    expect((await d.query({ private: false, unlisted: false })).map((r) => r.roomId)).toEqual([live.roomId]);
    // The reads above already began removing them; the sweep finishes it either way.
    await d.sweepDead();
    expect(await plain.hexists("roomcaches", gone.roomId)).toBe(0);
    expect(await d.counts()).toMatchObject({ rooms: 1, "rooms:devils_scat": 1, public: 1 });
    expect(await plain.smembers("{roomcaches}:procs")).toEqual(["procA"]);
  });

  it("withdraws a process's listings once its lease in Redis lapses, not before", async () => {
    const LEASE_MS = 300;
    const deadJournal = new RedisJournal(redis.url, "procDead", LEASE_MS);
    const ownJournal = new RedisJournal(redis.url, "procA", LEASE_MS);
    try {
      const d = indexed("procA", 0);
      d.ownerAlive(leaseLiveness(ownJournal));
      // Beat once the journal's connection is up (it refuses to beat before).
      const start = Date.now();
      while (!(await deadJournal.beat())) {
        expect(Date.now() - start).toBeLessThan(5_000);
        await new Promise((r) => setTimeout(r, 10));
      }
      const theirs = listing({ processId: "procDead" });
      await d.persist(theirs, true);
      // Its lease runs: offered.
      expect((await d.findOne(quick("4p")))?.roomId).toBe(theirs.roomId);
      // It stops beating (kill -9): once Redis lets the lease lapse, no longer offered, and removed.
      await deadJournal.close();
      while ((await ownJournal.hostState("procDead")) !== "lapsed") {
        expect(Date.now() - start).toBeLessThan(5_000);
        await new Promise((r) => setTimeout(r, 25));
      }
      expect(await d.findOne(quick("4p"))).toBeUndefined();
      await d.sweepDead();
      expect(await plain.hlen("roomcaches")).toBe(0);
      expect(await d.counts()).toEqual({});
    } finally {
      await ownJournal.close();
    }
  });

  it("indexes at boot the listings the stock driver wrote before it", async () => {
    const stock = new RedisDriver(redis.url);
    drivers.push(stock);
    const old = listing({});
    await stock.persist(old, true);
    const d = indexed();
    await d.boot();
    expect((await d.findOne(quick("4p"))).roomId).toBe(old.roomId);
    expect(await d.counts()).toMatchObject({ rooms: 1, "open:devils_scat:4p": 1 });
  });
});
