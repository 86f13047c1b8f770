/**
 * What friends' presence costs the shared store (`npm run bench:friends`).
 * Starts a real redis-server; for N online saved accounts (env PLAYERS, default 10000) runs one
 * ping each (social/friends/presence.ts through Colyseus' RedisPresence: SETEX of the online key,
 * HGETALL of the invitations), one invitation per account to another, and the lobby's friends
 * list of one account with F friends (env FRIENDS, default 50; GET online + GET seat per friend).
 * Prints Redis memory per online account and per waiting invitation, Redis commands per ping and
 * per list, and what that makes per minute at the page's pace (a ping every 5 s; the lobby's list
 * every 10 s).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { RedisPresence } from "@colyseus/redis-presence";
import { startRedis } from "../../../cluster/redis.ts";
import { freePort } from "../../../cluster/server-process.ts";
import { FriendsPresence } from "../../src/social/friends/presence.ts";

const PLAYERS = Number(process.env["PLAYERS"] ?? 10_000);
const FRIENDS = Number(process.env["FRIENDS"] ?? 50);
const redisProc = await startRedis(await freePort(), mkdtempSync(path.join(tmpdir(), "scat-friends-bench-")));
const redis = new Redis(redisProc.url);
const presence = new RedisPresence(redisProc.url);
const friends = new FriendsPresence(presence as never);

const usedMemory = async (): Promise<number> => Number(/used_memory:(\d+)/.exec(await redis.info("memory"))?.[1] ?? 0);
const commands = async (): Promise<number> => {
  let total = 0;
  for (const m of (await redis.info("commandstats")).matchAll(/cmdstat_(\w+):calls=(\d+)/g))
    if (m[1] !== "info" && m[1] !== "config") total += Number(m[2]);
  return total;
};
const inBatches = async (n: number, f: (i: number) => Promise<unknown>) => {
  for (let i = 0; i < n; i += 500) await Promise.all(Array.from({ length: Math.min(500, n - i) }, (_, k) => f(i + k)));
};
const account = (i: number) => `bench-account-${String(i).padStart(8, "0")}`;

try {
  await redis.config("RESETSTAT");
  const mem0 = await usedMemory();
  const c0 = await commands();
  const t0 = performance.now();
  await inBatches(PLAYERS, async (i) => {
    await friends.seen(account(i), `browser-${i}-xxxxxxxx`);
    await friends.pending(account(i));
  });
  const pingMs = performance.now() - t0;
  const mem1 = await usedMemory();
  const c1 = await commands();
  await inBatches(PLAYERS, (i) =>
    friends.invite(
      account((i + 1) % PLAYERS),
      { id: account(i), name: `Player ${i}`, username: `player_${i}` },
      { roomId: "ABCDEF", game: "devils_scat" },
    ),
  );
  const mem2 = await usedMemory();
  const c2 = await commands();
  const t1 = performance.now();
  const LISTS = 200;
  for (let l = 0; l < LISTS; l++) {
    await Promise.all(
      Array.from({ length: FRIENDS }, async (_, k) => {
        const browser = await friends.online(account((l * FRIENDS + k) % PLAYERS));
        return browser === null ? null : friends.whereabouts(browser);
      }),
    );
  }
  const listMs = (performance.now() - t1) / LISTS;
  const c3 = await commands();
  const perPing = (c1 - c0) / PLAYERS;
  const perList = (c3 - c2) / LISTS;
  console.log(`friends presence benchmark: ${PLAYERS} online accounts, lists of ${FRIENDS} friends, Redis ${redisProc.url}`);
  console.log(
    `memory per online account: ${((mem1 - mem0) / PLAYERS).toFixed(0)} B; per waiting invitation: ${((mem2 - mem1) / PLAYERS).toFixed(0)} B`,
  );
  console.log(
    `commands: per ping ${perPing.toFixed(2)}, per invitation ${((c2 - c1) / PLAYERS).toFixed(2)}, per friends list ${perList.toFixed(1)} (${FRIENDS} friends, none seated)`,
  );
  console.log(
    `per online account per minute: pings ${(perPing * 12).toFixed(0)} commands; with the lobby's Friends section open ${(perPing * 12 + perList * 6).toFixed(0)}`,
  );
  console.log(
    `time: ${(PLAYERS / (pingMs / 1000)).toFixed(0)} pings/s (500 in flight); a ${FRIENDS}-friend list's presence reads ${listMs.toFixed(2)} ms`,
  );
} finally {
  await redis.quit().catch(() => undefined);
  (presence as unknown as { shutdown?: () => void }).shutdown?.();
  await redisProc.stop();
}
process.exit(0);
