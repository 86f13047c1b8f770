/**
 * `npm run bench:resume`: resume time for TABLES tables (default 300) on a killed process
 * (docs/BENCHMARKS.md). Redis and process A on free ports; A hosts every table (one player and
 * bots each, all six games, bots at their production pace); process B starts beside it; A is
 * killed with SIGKILL and every player takes the seat back through B exactly as the page does
 * (shared/src/reclaim.ts: the SDK retries the socket 3 times, about 0.7 s, then the reconnection
 * token, then `joinById` by playerId every 500 ms while the table is moving). Prints the time
 * from the kill until B had resumed all tables (its `scat_tables_resumed_total`) and each
 * player's seat-back time (p50/p99/max), with the part spent before the SDK gave the socket up.
 * Each stage is printed as it starts; past BENCH_TIMEOUT_MS (default 300 s) the bench says which
 * stage it was in, stops what it started and exits with status 1.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import path from "node:path";
import { Client } from "@colyseus/sdk";
import { Redis } from "ioredis";
import { quickPlayKey } from "@scat/shared";
import { startRedis } from "../../../cluster/redis.ts";
import { freePort, metricValue, startServerProcess } from "../../../cluster/server-process.ts";
import { fmt, percentile } from "../../../loadtest/src/stats.ts";
import { GAMES } from "../../src/games.ts";
import { attach, left, reclaimAfterDrop, status, type Player } from "../support/resume-play.ts";

const TABLES = Number(process.env.TABLES ?? 300);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 300_000);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
const t0 = Date.now();
let stage = "starting";
const say = (what: string) => {
  stage = what;
  console.log(`[${fmt((Date.now() - t0) / 1000, 1)} s] ${what}`);
};

const dir = mkdtempSync(path.join(tmpdir(), "scat-resume-bench-"));
const started: { stop(): Promise<void> }[] = [];
const stopAll = () =>
  Promise.all(
    started
      .splice(0)
      .reverse()
      .map((s) => s.stop().catch(() => undefined)),
  );
const watchdog = setTimeout(() => {
  console.error(`bench:resume gave up after ${TIMEOUT_MS / 1000} s while: ${stage}`);
  void stopAll().finally(() => process.exit(1));
}, TIMEOUT_MS);
say("redis-server");
const redis = await startRedis(await freePort(), dir);
started.push(redis);
const env = {
  REDIS_URL: redis.url,
  LOG_LEVEL: "warn",
  BOT_DELAY_MS: "700-1600",
  MATCHMAKE_RATE_PER_SECOND: "10000",
  MATCHMAKE_BURST: "10000",
};
say("process A");
const a = await startServerProcess(env);
started.push(a);
try {
  const games = Object.keys(GAMES);
  const players: Player[] = [];
  say(`${TABLES} tables on A (one player and bots each)`);
  for (let i = 0; i < TABLES; i += 25) {
    await Promise.all(
      Array.from({ length: Math.min(25, TABLES - i) }, async (_, k) => {
        const n = i + k;
        const name = games[n % games.length]!;
        const game = GAMES[name as keyof typeof GAMES]!.game;
        const base = { name: `B${n}`, seats: game.minSeats, bots: game.minSeats - 1, turnSeconds: 60, variants: {}, autoFillSeconds: 0 };
        const playerId = `bench-player-${n}`;
        const room = await new Client(a.url).joinOrCreate(name, { ...base, mode: quickPlayKey(base), playerId });
        const p: Player = { room, roomId: room.roomId, name: base.name, playerId, seat: 0, seen: 0, gameLog: null, rejected: 0 };
        attach(p);
        players.push(p);
      }),
    );
  }
  // Dealt (its journal begun): the players do not act, so their turns hold the games meanwhile.
  say("every table dealt");
  while (players.some((p) => status(p.room) !== "playing")) await new Promise((r) => setTimeout(r, 100));
  // The SDK skips its socket retries for a room joined less than 5 s before the drop; a page in
  // a running game has been in its room longer, so the kill waits until every room is older.
  const joinedAt = Date.now();
  say("process B");
  // CPU_PROF=dir: B runs with --cpu-prof (a .cpuprofile written there when B exits).
  const b = await startServerProcess(env, {
    nodeArgs: process.env.CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.CPU_PROF}`] : [],
  });
  started.push(b);
  await new Promise((r) => setTimeout(r, Math.max(0, 5_500 - (Date.now() - joinedAt))));
  say(`kill -9 A with ${players.length} tables; every player takes the seat back through B; load average ${load()}`);
  const probe = new Redis(redis.url);
  const hostA = /"processId":"([^"]+)"/.exec(String(await probe.hget("roomcaches", players[0]!.roomId)))?.[1] ?? "?";
  const killedAt = Date.now();
  if (process.env.BENCH_TRACE) console.log(`killedAt ${killedAt}`);
  a.child.kill("SIGKILL");
  let allResumed = NaN;
  // Event-loop delay while the seats come back: B's (max per metrics scrape) and this process's (300 clients).
  const lagB: number[] = [];
  const lagHere = monitorEventLoopDelay({ resolution: 10 });
  lagHere.enable();
  // When each table is listed on B (Colyseus's roomcaches names B), polled every 50 ms.
  const listedAt = new Map<string, number>();
  const listing = (async () => {
    const ids = players.map((p) => p.roomId);
    while (listedAt.size < ids.length && Date.now() - killedAt < 120_000) {
      const rows = await probe.hmget("roomcaches", ...ids);
      const at = Date.now() - killedAt;
      rows.forEach((row, i) => {
        if (row && !row.includes(`"processId":"${hostA}"`) && !listedAt.has(ids[i]!)) listedAt.set(ids[i]!, at);
      });
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const watch = (async () => {
    while (Date.now() - killedAt < 120_000) {
      const text = await b.metrics().catch(() => "");
      lagB.push(metricValue(text, "nodejs_eventloop_lag_max_seconds"));
      if (metricValue(text, "scat_tables_resumed_total") >= players.length) return void (allResumed = Date.now() - killedAt);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const gaveUp: number[] = [];
  const seatBack = await Promise.all(
    players.map(async (p) => {
      void left(p.room).then(() => gaveUp.push(Date.now() - killedAt));
      p.room = await reclaimAfterDrop(b.url, p, 120_000);
      attach(p);
      return Date.now() - killedAt;
    }),
  );
  lagHere.disable();
  await listing;
  console.log(
    `event-loop delay while reclaiming: B max per 50 ms scrape p50 ${fmt(percentile(lagB, 50) * 1000, 0)} ms  max ${fmt(Math.max(...lagB) * 1000, 0)} ms; bench process (its ${players.length} clients) p50 ${fmt(lagHere.percentile(50) / 1e6, 0)} ms  p99 ${fmt(lagHere.percentile(99) / 1e6, 0)} ms  max ${fmt(lagHere.max / 1e6, 0)} ms`,
  );
  probe.disconnect();
  // Seat back after the table's own listing on B: what the join waited once its table was back.
  const lag = players.map((p, i) => seatBack[i]! - (listedAt.get(p.roomId) ?? NaN)).filter(Number.isFinite);
  const listed = [...listedAt.values()];
  console.log(
    `listed on B (kill -> its listing names B): first ${fmt(Math.min(...listed) / 1000, 2)} s  p50 ${fmt(percentile(listed, 50) / 1000, 2)} s  last ${fmt(Math.max(...listed) / 1000, 2)} s`,
  );
  console.log(
    `seat back after its own table was listed: p50 ${fmt(percentile(lag, 50) / 1000, 2)} s  p99 ${fmt(percentile(lag, 99) / 1000, 2)} s  max ${fmt(Math.max(...lag) / 1000, 2)} s`,
  );
  if (process.env.BENCH_TRACE)
    for (const [i, p] of players.entries()) console.log(`trace ${p.roomId} listed ${listedAt.get(p.roomId)} seatBack ${seatBack[i]}`);
  say("waiting for B's resume count");
  await watch;
  const text = await b.metrics();
  const serverMean = metricValue(text, "scat_resume_seconds_sum") / Math.max(1, metricValue(text, "scat_resume_seconds_count"));
  console.log(
    `all ${players.length} tables resumed on B ${fmt(allResumed / 1000, 2)} s after the kill (mean per table from A's last beat: ${fmt(serverMean, 2)} s)`,
  );
  console.log(
    `socket given up by the SDK (kill -> onLeave): p50 ${fmt(percentile(gaveUp, 50) / 1000, 2)} s  max ${fmt(Math.max(...gaveUp) / 1000, 2)} s`,
  );
  console.log(
    `seat back (kill -> joinById succeeded): p50 ${fmt(percentile(seatBack, 50) / 1000, 2)} s  p99 ${fmt(percentile(seatBack, 99) / 1000, 2)} s  max ${fmt(Math.max(...seatBack) / 1000, 2)} s; load average ${load()}`,
  );
  say("leaving");
  await Promise.all(players.map((p) => Promise.race([left(p.room), p.room.leave()]).catch(() => undefined)));
} finally {
  say("stopping");
  await stopAll();
  rmSync(dir, { recursive: true, force: true });
  clearTimeout(watchdog);
}
// Open SDK sockets or timers must not keep the bench alive.
process.exit(0);
