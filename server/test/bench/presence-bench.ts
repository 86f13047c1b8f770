/**
 * The cost of presence per online player (`npm run bench:presence`). Starts a
 * real redis-server, then for N players (env PLAYERS, default 10000) runs what one player costs
 * the shared store through server/src/social/seats.ts with Colyseus' RedisPresence:
 * the seat record written when it sits down (SETEX), the lobby's "Your game in progress" check
 * (GET) and the release at game over (GET + DEL). Prints Redis memory per held seat (INFO
 * memory, before and after) and the Redis commands per player of one game cycle (INFO
 * commandstats), from which operations per minute follow for a given game length.
 *
 * Then the lobby's online count (server/src/social/presence/online.ts): N browsers connected to
 * one process, marked seen (one ZADD), refreshed for a minute (3 refreshes), and the counts read:
 * Redis memory per online browser, commands per minute, and the time of one counts read.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { RedisPresence } from "@colyseus/redis-presence";
import { startRedis } from "../../../cluster/redis.ts";
import { freePort } from "../../../cluster/server-process.ts";
import { SeatRegistry } from "../../src/social/seats.ts";
import { OnlineCounter, RedisStore } from "../../src/social/presence/online.ts";

const PLAYERS = Number(process.env["PLAYERS"] ?? 10_000);
const redisProc = await startRedis(await freePort(), mkdtempSync(path.join(tmpdir(), "scat-presence-bench-")));
const redis = new Redis(redisProc.url);
const presence = new RedisPresence(redisProc.url);
const seats = new SeatRegistry(presence as never);

const usedMemory = async (): Promise<number> => Number(/used_memory:(\d+)/.exec(await redis.info("memory"))?.[1] ?? 0);
const commands = async (): Promise<number> => {
  const stats = await redis.info("commandstats");
  let total = 0;
  for (const m of stats.matchAll(/cmdstat_(\w+):calls=(\d+)/g)) if (m[1] !== "info" && m[1] !== "config") total += Number(m[2]);
  return total;
};

try {
  await redis.config("RESETSTAT");
  const mem0 = await usedMemory();
  const c0 = await commands();
  const ids = Array.from({ length: PLAYERS }, (_, i) => `bench-player-${String(i).padStart(8, "0")}`);
  const t0 = performance.now();
  for (let i = 0; i < PLAYERS; i += 500)
    await Promise.all(
      ids.slice(i, i + 500).map((id, k) => seats.held(id, { roomId: `ROOM${String((i + k) >> 2).padStart(6, "0")}`, game: "devils_scat" })),
    );
  const writeMs = performance.now() - t0;
  const mem1 = await usedMemory();
  const c1 = await commands();
  for (let i = 0; i < PLAYERS; i += 500) await Promise.all(ids.slice(i, i + 500).map((id) => seats.current(id)));
  const c2 = await commands();
  for (let i = 0; i < PLAYERS; i += 500)
    await Promise.all(ids.slice(i, i + 500).map((id, k) => seats.released(id, `ROOM${String((i + k) >> 2).padStart(6, "0")}`)));
  const c3 = await commands();
  const perSeatBytes = (mem1 - mem0) / PLAYERS;
  console.log(`presence benchmark: ${PLAYERS} players, Redis ${redisProc.url}`);
  console.log(
    `memory per held seat: ${perSeatBytes.toFixed(0)} B (Redis used_memory ${(mem0 / 1e6).toFixed(2)} -> ${(mem1 / 1e6).toFixed(2)} MB)`,
  );
  console.log(
    `commands per player: sit down ${((c1 - c0) / PLAYERS).toFixed(2)}, lobby check ${((c2 - c1) / PLAYERS).toFixed(2)}, release ${((c3 - c2) / PLAYERS).toFixed(2)}`,
  );
  console.log(`write throughput: ${(PLAYERS / (writeMs / 1000)).toFixed(0)} seat records/s (500 in flight)`);
  const perGame = (c3 - c0) / PLAYERS;
  console.log(
    `Redis operations per online player per minute, one game every 10 min and one lobby visit per game: ${(perGame / 10).toFixed(2)}`,
  );

  // The online count: N browsers on one process, a minute of refreshes, one counts read.
  const onlineRedis = new Redis(redisProc.url);
  let now = Date.now();
  const counter = new OnlineCounter(
    new RedisStore(onlineRedis),
    () => "bench-process",
    () => now,
  );
  const settle = async () => {
    for (let i = 0; i < 50 && (await onlineRedis.zcard("social:online")) < PLAYERS; i++) await new Promise((r) => setTimeout(r, 20));
  };
  const m0 = await usedMemory();
  const o0 = await commands();
  for (let i = 0; i < PLAYERS; i++) counter.connected(`session-${i}`, { playerId: `browser-${String(i).padStart(10, "0")}-x` });
  await settle();
  const m1 = await usedMemory();
  const o1 = await commands();
  for (let k = 0; k < 3; k++) {
    now += 20_000;
    counter.refresh();
    await new Promise((r) => setTimeout(r, 200));
  }
  const o2 = await commands();
  now += 5_000;
  const r0 = performance.now();
  const counts = await counter.counts();
  const readMs = performance.now() - r0;
  const o3 = await commands();
  console.log(
    `online count: ${counts.online} browsers online; Redis ${((m1 - m0) / PLAYERS).toFixed(0)} B per online browser (sorted set member)`,
  );
  console.log(
    `online count: commands to mark ${PLAYERS} connections ${o1 - o0} (one ZADD each, at connect), a minute of refreshes ${o2 - o1} (per refresh: ZADD of all, ZREMRANGEBYSCORE, HSET), one counts read ${o3 - o2} commands in ${readMs.toFixed(1)} ms`,
  );
  counter.close();
} finally {
  await redis.quit().catch(() => undefined);
  (presence as unknown as { shutdown?: () => void }).shutdown?.();
  await redisProc.stop();
}
process.exit(0);
