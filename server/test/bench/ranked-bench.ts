/**
 * Ranked storage and queue figures (docs/benchmarks/ranked.md, "Ranked"): `npm run bench:ranked`.
 * 1. Leaderboard and profile reads with 100,000 seeded players, on PGlite and on a PostgreSQL
 *    server started here: p50/p99 of the top 100 + own rank + neighbours, and of a profile
 *    (ratings, recent matches, rating history).
 * 2. Rating updates per second (a 4-player match written and rated per update).
 * 3. Queue time to a match with 200 accounts of spread ratings queueing at once (in-process server).
 * Env: BENCH_PLAYERS (100000), BENCH_READS (400), BENCH_MATCHES (300), BENCH_QUEUE (200).
 */
import { loadavg } from "node:os";
import { Client } from "@colyseus/sdk";
import { sql } from "kysely";
import { GAME_LOG_FORMAT, type GameLog } from "@scat/shared/fairness/game-log.ts";
import { percentile, fmt } from "../../../loadtest/src/stats.ts";
import { openStore, type Db } from "../../src/db/database.ts";
import { appMigrations } from "../../src/migrations.ts";
import { TOP, TopCache, aroundPlayer, boardRule, historyOf, ratingsOf, recentMatches, topPlayers } from "../../src/ranked/queries.ts";
import { recordRankedMatch } from "../../src/ranked/record-match.ts";
import { standingsOf } from "@scat/shared/standings.ts";
import { loadConfig } from "../../src/config.ts";
import { createServer } from "../../src/app.ts";
import { TableRoom } from "../../src/table/table-room.ts";
import { RANKED_FORMATS } from "../../src/ranked/formats.ts";
import { freePort } from "../support/server-process.ts";
import { startPostgres } from "../support/postgres-server.ts";

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 100_000);
const READS = Number(process.env.BENCH_READS ?? 400);
const MATCHES = Number(process.env.BENCH_MATCHES ?? 300);
const QUEUE = Number(process.env.BENCH_QUEUE ?? 200);
const GAME = "devils_scat";
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");

/** 100,000 players with normal-ish spread ratings; 25,000 past 4-player matches with history. */
async function seed(db: Db): Promise<void> {
  await sql`insert into players (id, display_name, created_at) select 'p' || g, 'Player ' || g, 0 from generate_series(1, ${PLAYERS}) g`.execute(
    db,
  );
  await sql`insert into ratings (player_id, game, mu, sigma, rating, games, wins, updated_at)
    select 'p' || g, ${GAME}, m, 4, round(m * 60), 10 + g % 50, g % 17, ${Date.now()}
    from (select g, 25 + 5 * (random() + random() + random() - 1.5) * 2 as m from generate_series(1, ${PLAYERS}) g) s`.execute(db);
  await sql`insert into rating_counts (game, rating, players) select game, rating, count(*) from ratings group by game, rating`.execute(db);
  const matches = Math.floor(PLAYERS / 4);
  await sql`insert into matches (id, game, seed, options, started_at, ended_at, standings, log)
    select 'm' || g, ${GAME}, 'ab', '{}'::jsonb, g * 1000, g * 1000 + 500, '[]'::jsonb, '{}'::jsonb from generate_series(1, ${matches}) g`.execute(
    db,
  );
  await sql`insert into match_players (match_id, seat, player_id, place, rating_before, rating_after)
    select 'm' || g, s, 'p' || (1 + (g * 4 + s * 7919) % ${PLAYERS}), s + 1, 1500, 1500 + 10 - s * 7 from generate_series(1, ${matches}) g, generate_series(0, 3) s`.execute(
    db,
  );
  await sql`insert into rating_history (player_id, game, match_id, at, rating, mu, sigma)
    select mp.player_id, ${GAME}, mp.match_id, m.ended_at, mp.rating_after, 25, 4 from match_players mp join matches m on m.id = mp.match_id
    on conflict do nothing`.execute(db);
  await sql`analyze`.execute(db);
}

async function timed(n: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    out.push(performance.now() - t);
  }
  return out;
}

const line = (what: string, ms: number[]) =>
  `${what}: p50 ${fmt(percentile(ms, 50), 2)} ms, p99 ${fmt(percentile(ms, 99), 2)} ms, max ${fmt(Math.max(...ms), 2)} ms (${ms.length} requests)`;

function fakeLog(id: string): GameLog {
  const hex = "ab".repeat(16);
  return {
    format: GAME_LOG_FORMAT,
    matchId: id,
    game: GAME,
    options: { seats: 4 },
    startedAt: 0,
    seed: hex,
    salt: hex,
    commitment: "c".repeat(64),
    steps: [],
    outcome: { winners: [0], ranking: [0, 1, 2, 3], scores: [4, 3, 2, 1] },
  };
}

async function storeBench(kind: "pglite" | "postgres", url: string | null): Promise<void> {
  const store = await openStore({ databaseUrl: url, dataDir: null, migrations: appMigrations });
  const t0 = performance.now();
  await seed(store.db);
  console.log(`\n[${kind}] seeded ${PLAYERS} players in ${fmt((performance.now() - t0) / 1000)} s (load ${load()})`);
  const pick = (i: number) => `p${1 + ((i * 7_919) % PLAYERS)}`;
  // The routes' rule: established (10+ games, all seeded players) and active in the last 30 days.
  const rule = boardRule(30);
  await timed(20, (i) => topPlayers(store.db, GAME, TOP, rule).then(() => aroundPlayer(store.db, GAME, pick(i), rule)));
  const tops = new TopCache();
  const board = await timed(READS, (i) =>
    Promise.all([
      tops.get(store.db, GAME, rule),
      tops.counts(store.db, GAME, rule).then((b) => aroundPlayer(store.db, GAME, pick(i), rule, b)),
    ]),
  );
  console.log(`[${kind}] ${line("leaderboard as served (top 100 cached 2 s + live own rank + 10 neighbours)", board)}`);
  const cold = await timed(Math.min(READS, 100), () => topPlayers(store.db, GAME, TOP, rule));
  console.log(`[${kind}] ${line("top 100 uncached (one query)", cold)}`);
  const profile = await timed(READS, (i) =>
    Promise.all([ratingsOf(store.db, pick(i)), recentMatches(store.db, pick(i)), historyOf(store.db, pick(i), GAME)]),
  );
  console.log(`[${kind}] ${line("profile (ratings, 20 recent matches, rating history)", profile)}`);
  const t1 = performance.now();
  for (let i = 0; i < MATCHES; i++) {
    const seats = [0, 1, 2, 3].map((s) => ({ seat: s, playerId: pick(i * 4 + s + 17), name: "x" }));
    const log = fakeLog(`bench-${kind}-${i}`);
    await recordRankedMatch(store.db, log, seats, standingsOf(log.outcome, new Set()), Date.now());
  }
  const secs = (performance.now() - t1) / 1000;
  console.log(
    `[${kind}] rating updates: ${MATCHES} four-player matches in ${fmt(secs, 2)} s = ${fmt(MATCHES / secs)} matches/s, ${fmt((MATCHES * 4) / secs)} player ratings/s, one at a time (load ${load()})`,
  );
  await store.close();
}

/**
 * 200 accounts with spread ratings queue for a 2-seat ranked game at once: time to a seat, with
 * the queue's rules in force (docs/API.md, "Who plays ranked"): each account on its own address
 * (X-Forwarded-For behind TRUST_PROXY) and device, every offer accepted by its clients, the pair
 * and conduct rules applied; only the saved-account and casual-games gates are off (guests).
 */
async function queueBench(game: string): Promise<void> {
  const port = await freePort();
  const server = createServer(
    loadConfig({
      RANKED_GUESTS: "1",
      RANKED_MIN_GAMES: "0",
      TRUST_PROXY: "1",
      LOG_LEVEL: "silent",
      DATA_DIR: ":memory:",
      ACCOUNTS_PER_HOUR: "100000",
      READS_PER_SECOND: "100000",
      READS_BURST: "100000",
      PROCESS_READS_PER_SECOND: "100000",
      MATCHMAKE_RATE_PER_SECOND: "100000",
      MATCHMAKE_BURST: "100000",
      PORT: String(port),
    }),
  );
  await server.listen(port, "127.0.0.1");
  const base = `http://127.0.0.1:${port}`;
  const db = await TableRoom.platform.db();
  const accounts = [];
  for (let i = 0; i < QUEUE; i++) {
    const res = await fetch(`${base}/api/accounts/guest`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: `Q${i}`, token: true }),
    });
    const a = (await res.json()) as { token: string; player: { id: string } };
    // Spread ratings: 1000..2000, evenly.
    const rating = Math.round(1000 + (1000 * i) / (QUEUE - 1));
    await db
      .insertInto("ratings")
      .values({ player_id: a.player.id, game, mu: rating / 60, sigma: 4, rating, games: 20, wins: 5, updated_at: 0 })
      .execute();
    accounts.push({ ...a, rating, i });
  }
  const start = performance.now();
  const results = await Promise.all(
    accounts.map(async (a) => {
      const address = `2001:db8:${a.i.toString(16)}::1`;
      const sdk = new Client(base, { headers: { "x-forwarded-for": address } });
      const q = await sdk.joinOrCreate(`ranked_${game}`, { token: a.token, device: `bench-device-${a.i}` });
      q.onMessage("queueStatus", () => undefined);
      q.onMessage("clients", () => undefined);
      q.onMessage("matchFound", () => q.send("accept"));
      const joined = performance.now();
      return new Promise<{ wait: number; rating: number; roomId: string }>((resolve) => {
        q.onMessage("seat", (r: { roomId?: string; room?: { roomId: string } }) => {
          const roomId = r.room?.roomId ?? r.roomId ?? "";
          resolve({ wait: performance.now() - joined, rating: a.rating, roomId });
          void q.leave();
        });
      });
    }),
  );
  const all = (performance.now() - start) / 1000;
  const byRoom = new Map<string, number[]>();
  for (const r of results) byRoom.set(r.roomId, [...(byRoom.get(r.roomId) ?? []), r.rating]);
  const gaps = [...byRoom.values()].map((rs) => Math.max(...rs) - Math.min(...rs));
  const waits = results.map((r) => r.wait / 1000);
  console.log(
    `\n[queue] ${QUEUE} accounts, ratings 1000-2000 evenly, ranked ${game} (${RANKED_FORMATS[game as keyof typeof RANKED_FORMATS].seats} seats): all seated in ${fmt(all)} s; time to a seat p50 ${fmt(percentile(waits, 50))} s, p95 ${fmt(percentile(waits, 95))} s, max ${fmt(Math.max(...waits))} s; ${byRoom.size} tables, rating gap within a table p50 ${percentile(gaps, 50)}, max ${Math.max(...gaps)} (load ${load()})`,
  );
  await server.gracefullyShutdown(false);
}

console.log(`ranked bench: ${PLAYERS} players, ${READS} reads per figure, load ${load()} on ${process.env.HOSTNAME ?? "this machine"}`);
const only = process.argv[2];
if (!only || only === "pglite") await storeBench("pglite", null);
if (!only || only === "postgres") {
  const pg = await startPostgres();
  try {
    await storeBench("postgres", pg.url);
  } finally {
    await pg.stop();
  }
}
if (!only || only === "queue") for (const game of ["devils_scat", "dark_hand"]) await queueBench(game);
process.exit(0);
