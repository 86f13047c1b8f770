/**
 * The cost of presence per online player, end to end (`npm run
 * bench:presence:server`): a real redis-server and one server process with REDIS_URL (as in the
 * cluster), and 0, then 500, then 1000 online players, each a guest's page with the lobby open
 * (`joinOrCreate("lobby", { playerId })`, as client/src/net/connection.ts does: the online count
 * of social/presence/online.ts, the lobby's listing and counts). At each level, after a settle:
 *
 * - the server's memory after two full collections (V8 heap used; resident set, VmRSS);
 * - Redis commands per minute over a measured window (INFO commandstats deltas, the bench's own
 *   INFO calls left out; WINDOW_S seconds, default 60, scaled to a minute when shorter)
 *   and Redis used_memory;
 * - the Redis commands a player's connecting cost (once per lobby visit).
 *
 * The per-player figures are the differences between levels divided by the players added.
 * A saved account's page also pings its friends' presence (POST /api/friends/ping every 5 s,
 * 2 commands: `npm run bench:friends`), not included: guests are most players.
 *
 * Env: LEVELS ("0,500,1000"), WINDOW_S (60), SETTLE_S (5).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client, type Room } from "@colyseus/sdk";
import { connect as connectTcp } from "node:net";
import { startRedis } from "../../cluster/redis.ts";
import { inspect } from "../src/inspector.ts";
import { freePort, startServerProcess } from "../../cluster/server-process.ts";
import { SERVER_ENV } from "../k6/run.ts";

const LEVELS = (process.env.LEVELS ?? "0,500,1000")
  .split(",")
  .map(Number)
  .sort((a, b) => a - b);
const WINDOW_S = Number(process.env.WINDOW_S ?? 60);
const SETTLE_S = Number(process.env.SETTLE_S ?? 5);
const BATCH = 50;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

const redisProc = await startRedis(await freePort(), mkdtempSync(path.join(tmpdir(), "scat-presence-server-")));

/** One INFO section over a raw socket (an inline command; the reply is one bulk string). */
function info(section: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connectTcp(redisProc.port, "127.0.0.1");
    let data = Buffer.alloc(0);
    socket.setTimeout(5000, () => {
      socket.destroy();
      reject(new Error("INFO timed out"));
    });
    socket.once("error", reject);
    socket.once("connect", () => socket.write(`INFO ${section}\r\n`));
    socket.on("data", (d: Buffer) => {
      data = Buffer.concat([data, d]);
      const head = data.indexOf("\r\n");
      if (head < 0) return;
      const length = Number(data.subarray(1, head).toString());
      if (data.length < head + 2 + length) return;
      socket.destroy();
      resolve(data.subarray(head + 2, head + 2 + length).toString());
    });
  });
}
const server = await startServerProcess({ ...SERVER_ENV, REDIS_URL: redisProc.url }, { nodeArgs: ["--inspect=127.0.0.1:0"] });
const inspector = await inspect(server.output());

/** Commands Redis ran, by command, leaving out what this bench itself sends (INFO, CONFIG). */
async function commandStats(): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const m of (await info("commandstats")).matchAll(/cmdstat_([\w|]+):calls=(\d+)/g)) {
    if (m[1] !== "info" && m[1] !== "config") out.set(m[1]!, Number(m[2]));
  }
  return out;
}
const total = (s: Map<string, number>) => [...s.values()].reduce((a, b) => a + b, 0);
const diff = (a: Map<string, number>, b: Map<string, number>) =>
  new Map(
    [...b]
      .map(([k, v]) => [k, v - (a.get(k) ?? 0)] as [string, number])
      .filter(([, v]) => v > 0)
      .sort((x, y) => y[1] - x[1]),
  );
const usedMemory = async () => Number(/used_memory:(\d+)/.exec(await info("memory"))?.[1] ?? 0);

/** The server's V8 heap used and resident set after two full collections, bytes. */
async function serverMemory(): Promise<{ heap: number; rss: number }> {
  await inspector.call("HeapProfiler.collectGarbage");
  await inspector.call("HeapProfiler.collectGarbage");
  await sleep(300);
  const usage = (await inspector.call("Runtime.getHeapUsage")) as { usedSize: number };
  return { heap: usage.usedSize, rss: await server.rss() };
}

const sdk = new Client(server.url);
const online: Room[] = [];
async function connect(n: number): Promise<void> {
  for (let i = 0; i < n; i += BATCH) {
    online.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(BATCH, n - i) }, async () => {
          const room = await sdk.joinOrCreate("lobby", { playerId: randomBytes(12).toString("base64url") });
          room.onMessage("*", () => undefined);
          return room;
        }),
      )),
    );
  }
}

interface Level {
  players: number;
  heap: number;
  rss: number;
  redisMemory: number;
  perMinute: number;
  byCommand: Map<string, number>;
  connectCommands: number;
  connectBy: string;
}

let code = 0;
try {
  const loadBefore = load();
  console.log(
    `presence cost (server): one process with Redis ${redisProc.url}, levels ${LEVELS.join(", ")} lobby pages, window ${WINDOW_S} s, load average ${loadBefore}`,
  );
  // What a process loads once (the lobby room, the SDK paths) is not a player's cost.
  await connect(20);
  await Promise.all(online.splice(0).map((r) => r.leave().catch(() => undefined)));
  await sleep(SETTLE_S * 1000);
  const levels: Level[] = [];
  for (const players of LEVELS) {
    const before = await commandStats();
    await connect(players - online.length);
    const connected = await commandStats();
    const added = players - (levels.at(-1)?.players ?? 0);
    await sleep(SETTLE_S * 1000);
    const memory = await serverMemory();
    const redisMemory = await usedMemory();
    const w0 = await commandStats();
    await sleep(WINDOW_S * 1000);
    const w1 = await commandStats();
    const perMinute = ((total(w1) - total(w0)) * 60) / WINDOW_S;
    const level = {
      players,
      ...memory,
      redisMemory,
      perMinute,
      byCommand: diff(w0, w1),
      connectCommands: added > 0 ? (total(connected) - total(before)) / added : 0,
      connectBy: [...diff(before, connected)]
        .slice(0, 6)
        .map(([k, v]) => `${k} ${(v / Math.max(1, added)).toFixed(1)}`)
        .join(", "),
    };
    levels.push(level);
    const top = [...level.byCommand]
      .slice(0, 6)
      .map(([k, v]) => `${k} ${((v * 60) / WINDOW_S).toFixed(0)}`)
      .join(", ");
    console.log(
      `${String(players).padStart(5)} online: server heap ${(level.heap / 2 ** 20).toFixed(1)} MiB, RSS ${(level.rss / 2 ** 20).toFixed(1)} MiB; Redis ${(redisMemory / 2 ** 20).toFixed(2)} MiB, ${perMinute.toFixed(0)} commands/min (${top || "none"})${added > 0 ? `; connecting: ${level.connectCommands.toFixed(1)} commands per player (${level.connectBy})` : ""}`,
    );
  }
  const first = levels[0]!;
  console.log("\nper online player (difference from the first level):");
  for (const l of levels.slice(1)) {
    const n = l.players - first.players;
    console.log(
      `  at ${l.players}: server heap ${((l.heap - first.heap) / n / 1024).toFixed(2)} KiB, RSS ${((l.rss - first.rss) / n / 1024).toFixed(2)} KiB; Redis ${((l.redisMemory - first.redisMemory) / n).toFixed(0)} B, ${((l.perMinute - first.perMinute) / n).toFixed(3)} commands/min`,
    );
  }
  console.log(
    `Redis commands/min are ${WINDOW_S < 60 ? `a ${WINDOW_S} s window scaled to a minute` : `over ${WINDOW_S} s`}; the online set is refreshed every 20 s (one ZADD per 1,000 ids), the counts read at most every 5 s. Load average before ${loadBefore}, after ${load()}.`,
  );
} catch (err) {
  console.error(err);
  code = 1;
} finally {
  await Promise.all(online.map((r) => r.leave().catch(() => undefined)));
  inspector.close();
  await server.stop();
  await redisProc.stop();
}
process.exit(code);
