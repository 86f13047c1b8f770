/**
 * Issue 27 item 10: the cost of presence per online player (`npm run bench:presence`). Starts a
 * real redis-server, then for N players (env PLAYERS, default 10000) runs what one player costs
 * the shared store through server/src/social/seats.ts with Colyseus' RedisPresence:
 * the seat record written when it sits down (SETEX), the lobby's "Your game in progress" check
 * (GET) and the release at game over (GET + DEL). Prints Redis memory per held seat (INFO
 * memory, before and after) and the Redis commands per player of one game cycle (INFO
 * commandstats), from which operations per minute follow for a given game length.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { RedisPresence } from "@colyseus/redis-presence";
import { startRedis } from "../../../cluster/redis.ts";
import { freePort } from "../../../loadtest/src/server-process.ts";
import { SeatRegistry } from "../../src/social/seats.ts";

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
  for (let i = 0; i < PLAYERS; i += 500) await Promise.all(ids.slice(i, i + 500).map((id, k) => seats.held(id, { roomId: `ROOM${String((i + k) >> 2).padStart(6, "0")}`, game: "devils_scat" })));
  const writeMs = performance.now() - t0;
  const mem1 = await usedMemory();
  const c1 = await commands();
  for (let i = 0; i < PLAYERS; i += 500) await Promise.all(ids.slice(i, i + 500).map((id) => seats.current(id)));
  const c2 = await commands();
  for (let i = 0; i < PLAYERS; i += 500) await Promise.all(ids.slice(i, i + 500).map((id, k) => seats.released(id, `ROOM${String((i + k) >> 2).padStart(6, "0")}`)));
  const c3 = await commands();
  const perSeatBytes = (mem1 - mem0) / PLAYERS;
  console.log(`presence benchmark: ${PLAYERS} players, Redis ${redisProc.url}`);
  console.log(`memory per held seat: ${perSeatBytes.toFixed(0)} B (Redis used_memory ${(mem0 / 1e6).toFixed(2)} -> ${(mem1 / 1e6).toFixed(2)} MB)`);
  console.log(`commands per player: sit down ${((c1 - c0) / PLAYERS).toFixed(2)}, lobby check ${((c2 - c1) / PLAYERS).toFixed(2)}, release ${((c3 - c2) / PLAYERS).toFixed(2)}`);
  console.log(`write throughput: ${(PLAYERS / (writeMs / 1000)).toFixed(0)} seat records/s (500 in flight)`);
  const perGame = (c3 - c0) / PLAYERS;
  console.log(`Redis operations per online player per minute, one game every 10 min and one lobby visit per game: ${(perGame / 10).toFixed(2)}`);
} finally {
  await redis.quit().catch(() => undefined);
  (presence as unknown as { shutdown?: () => void }).shutdown?.();
  await redisProc.stop();
}
process.exit(0);
