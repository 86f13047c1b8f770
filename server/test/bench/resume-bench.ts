/**
 * `npm run bench:resume`: resume time for TABLES tables (default 300) on a killed process
 * (docs/BENCHMARKS.md). Redis and process A on free ports; A hosts every table (one player and
 * bots each, all six games, bots at their production pace); process B starts beside it; A is
 * killed with SIGKILL and every player takes the seat back through B (`joinById` by playerId,
 * retried every 100 ms). Prints the time from the kill until B had resumed all tables (its
 * `scat_tables_resumed_total`) and each player's seat-back time (p50/p99/max).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@colyseus/sdk";
import { quickPlayKey } from "@scat/shared";
import { startRedis } from "../../../cluster/redis.ts";
import { freePort, metricValue, startServerProcess } from "../../../loadtest/src/server-process.ts";
import { fmt, percentile } from "../../../loadtest/src/stats.ts";
import { GAMES } from "../../src/games.ts";
import { attach, reclaim, type Player } from "../support/resume-play.ts";

const TABLES = Number(process.env.TABLES ?? 300);
const load = () => loadavg().map((l) => l.toFixed(1)).join(" ");

const dir = mkdtempSync(path.join(tmpdir(), "scat-resume-bench-"));
const redis = await startRedis(await freePort(), dir);
const env = { REDIS_URL: redis.url, LOG_LEVEL: "warn", BOT_DELAY_MS: "700-1600", MATCHMAKE_RATE_PER_SECOND: "10000", MATCHMAKE_BURST: "10000" };
const a = await startServerProcess(env);
const started: { stop(): Promise<void> }[] = [a];
try {
  const games = Object.keys(GAMES);
  const players: Player[] = [];
  for (let i = 0; i < TABLES; i += 25) {
    await Promise.all(Array.from({ length: Math.min(25, TABLES - i) }, async (_, k) => {
      const n = i + k;
      const name = games[n % games.length]!;
      const game = GAMES[name as keyof typeof GAMES]!.game;
      const base = { name: `B${n}`, seats: game.minSeats, bots: game.minSeats - 1, turnSeconds: 60, variants: {}, autoFillSeconds: 0 };
      const playerId = `bench-player-${n}`;
      const room = await new Client(a.url).joinOrCreate(name, { ...base, mode: quickPlayKey(base), playerId });
      const p: Player = { room, roomId: room.roomId, name: base.name, playerId, seat: 0, seen: 0, gameLog: null, rejected: 0 };
      attach(p);
      players.push(p);
    }));
  }
  while (players.some((p) => p.seen < 1)) await new Promise((r) => setTimeout(r, 100));
  const b = await startServerProcess(env);
  started.push(b);
  console.log(`${players.length} tables on process A, B started; load average ${load()}`);
  const killedAt = Date.now();
  a.child.kill("SIGKILL");
  let allResumed = NaN;
  const watch = (async () => {
    while (Date.now() - killedAt < 120_000) {
      if (metricValue(await b.metrics().catch(() => ""), "scat_tables_resumed_total") >= players.length) return void (allResumed = Date.now() - killedAt);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const seatBack = await Promise.all(players.map(async (p) => {
    p.room = await reclaim(b.url, p, 120_000);
    attach(p);
    return Date.now() - killedAt;
  }));
  await watch;
  const text = await b.metrics();
  const serverMean = metricValue(text, "scat_resume_seconds_sum") / Math.max(1, metricValue(text, "scat_resume_seconds_count"));
  console.log(`all ${players.length} tables resumed on B ${fmt(allResumed / 1000, 2)} s after the kill (mean per table from A's last beat: ${fmt(serverMean, 2)} s)`);
  console.log(`seat back (kill -> joinById succeeded): p50 ${fmt(percentile(seatBack, 50) / 1000, 2)} s  p99 ${fmt(percentile(seatBack, 99) / 1000, 2)} s  max ${fmt(Math.max(...seatBack) / 1000, 2)} s; load average ${load()}`);
  await Promise.all(players.map((p) => p.room.leave().catch(() => undefined)));
} finally {
  await Promise.all(started.map((s) => s.stop()));
  await redis.stop();
  rmSync(dir, { recursive: true, force: true });
}
