/**
 * Quick-play joins against many listed tables (`npm run bench:listing`): Colyseus's Redis driver
 * as shipped (every matchmaking query reads and parses the whole listing hash) beside the indexed
 * one (server/src/listing/), in one run. Each driver gets its own redis-server and its own real
 * server process (LISTING_DRIVER=stock | indexed); fake listings of other tables (other games and
 * quick-play keys, tables in play, locked tables of the same key: about 440 bytes each, as the
 * server writes them) are added to both, then SDK clients quick-play 4-seat Devil's Scat tables
 * at a fixed rate. A join counts as done when the server says which seat the client holds.
 * Beside it, the matchmaking query alone (what Colyseus asks the driver for each quick play),
 * sent at the same rate from this process: the part of a join the driver decides, which a busy
 * machine blurs less than a whole join. The two drivers take turns going first.
 *
 * Flags: --full (also 100,000 listed), --rate N (joins/s, default 30), --seconds N (per step,
 * default 5), --counts a,b,c (listed tables, default 0,2500,25000).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type { IRoomCache, MatchMakerDriver } from "@colyseus/core";
import { RedisDriver } from "@colyseus/redis-driver";
import { Client, type Room } from "@colyseus/sdk";
import { quickPlayKey } from "@scat/shared";
import { startRedis, type RedisProcess } from "../../../cluster/redis.ts";
import { IndexedRedisDriver } from "../../src/listing/indexed-driver.ts";
import { freePort, startServerProcess, type ServerProcess } from "../support/server-process.ts";
import { fmt, percentile } from "../../../loadtest/src/stats.ts";

const { values: flags } = parseArgs({
  options: {
    full: { type: "boolean", default: false },
    rate: { type: "string", default: "30" },
    seconds: { type: "string", default: "5" },
    counts: { type: "string", default: "0,2500,25000" },
  },
});
const RATE = Number(flags.rate);
const SECONDS = Number(flags.seconds);
const COUNTS = [...flags.counts!.split(",").map(Number), ...(flags.full ? [100_000] : [])].sort((a, b) => a - b);
const JOIN_TIMEOUT_MS = 120_000;
/** A process id no server has: its listings stand for tables hosted elsewhere. */
const FAKE_PROCESS = "bench-other-process";
const GAMES = ["devils_scat", "skit_scat", "dark_hand", "dark_hearts", "scatterbrain", "hit_the_deck"];

const base = { name: "Bench", seats: 4, bots: 0, turnSeconds: 120, variants: {} };
const options = { ...base, mode: quickPlayKey(base) };

/** The i-th fake listing: mostly tables in play (closed to quick play), other keys, a few locked tables of the benchmark's key. */
function fake(i: number): IRoomCache {
  const game = GAMES[i % GAMES.length]!;
  const seats = 2 + (i % 5);
  const mode =
    i % 10 === 0 ? options.mode : `${quickPlayKey({ ...base, seats, turnSeconds: 30 + (i % 4) * 30 })}${i % 3 === 0 ? "" : "#closed"}`;
  return {
    roomId: `fake${String(i).padStart(6, "0")}`,
    name: game,
    processId: FAKE_PROCESS,
    clients: seats,
    maxClients: seats + 20,
    locked: i % 10 === 0,
    private: false,
    unlisted: false,
    createdAt: new Date(Date.now() - 3_600_000 + i),
    publicAddress: "127.0.0.1:1",
    metadata: {
      mode,
      status: i % 3 === 0 ? "waiting" : "playing",
      seats,
      players: seats - 1,
      bots: 1,
      watching: 0,
      turnSeconds: 30,
      variants: { jokers: false, passing: "left", scoring: "classic", targetScore: 100, stackDraws: true },
      autoFillAt: 0,
    },
  } as IRoomCache;
}

interface Side {
  readonly label: string;
  readonly redis: RedisProcess;
  readonly server: ServerProcess;
  readonly driver: MatchMakerDriver;
  listed: number;
}

async function startSide(label: "stock" | "indexed"): Promise<Side> {
  const redis = await startRedis(await freePort(), mkdtempSync(path.join(tmpdir(), `scat-listing-${label}-`)));
  const server = await startServerProcess({
    REDIS_URL: redis.url,
    LISTING_DRIVER: label,
    MATCHMAKE_RATE_PER_SECOND: "100000",
    MATCHMAKE_BURST: "100000",
    LOG_LEVEL: "error",
  });
  const driver = label === "stock" ? new RedisDriver(redis.url) : new IndexedRedisDriver(redis.url, { processId: () => FAKE_PROCESS });
  return { label, redis, server, driver, listed: 0 };
}

async function listUpTo(side: Side, n: number): Promise<void> {
  for (let i = side.listed; i < n; i += 1000) {
    const batch = Array.from({ length: Math.min(1000, n - i) }, (_, k) => fake(i + k));
    await Promise.all(batch.map((l) => side.driver.persist(l, true)));
  }
  side.listed = Math.max(side.listed, n);
}

async function joinOnce(sdk: Client): Promise<{ ms: number; room: Room }> {
  const start = performance.now();
  const room = await sdk.joinOrCreate("devils_scat", options);
  room.onMessage("*", () => {});
  await new Promise<void>((resolve) => room.onMessage("seated", () => resolve()));
  return { ms: performance.now() - start, room };
}

/** Colyseus's quick-play query (findOneRoomAvailable) at RATE for `seconds`, timed one by one. */
async function queries(driver: MatchMakerDriver, seconds: number): Promise<number[]> {
  const total = Math.max(1, Math.round(RATE * seconds));
  const pending: Promise<number>[] = [];
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const wait = start + (i * 1000) / RATE - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const t = performance.now();
    pending.push(
      Promise.resolve(driver.findOne({ locked: false, name: "devils_scat", private: false, mode: options.mode })).then(
        () => performance.now() - t,
      ),
    );
  }
  return Promise.all(pending);
}

/** Joins at RATE for `seconds`; the rooms are left afterwards. */
async function joins(url: string, seconds: number): Promise<{ ms: number[]; failed: number; firstError: string }> {
  const sdk = new Client(url);
  const total = Math.max(1, Math.round(RATE * seconds));
  const pending: Promise<{ ms: number; room: Room }>[] = [];
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const wait = start + (i * 1000) / RATE - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(
      Promise.race([
        joinOnce(sdk),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`no seat within ${JOIN_TIMEOUT_MS / 1000} s`)), JOIN_TIMEOUT_MS),
        ),
      ]),
    );
  }
  const settled = await Promise.allSettled(pending);
  const ok = settled.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const errors = settled.flatMap((s) => (s.status === "rejected" ? [String(s.reason).slice(0, 100)] : []));
  await Promise.all(ok.map((j) => j.room.leave().catch(() => undefined)));
  return { ms: ok.map((j) => j.ms), failed: errors.length, firstError: errors[0] ?? "" };
}

process.on("unhandledRejection", () => undefined);
const sides: Side[] = [];
/** Stops what the run started (also on Ctrl-C or a timeout's SIGTERM: the redis-servers would outlive it). */
async function stopAll(): Promise<void> {
  for (const side of sides.splice(0)) {
    await Promise.resolve(side.driver.shutdown()).catch(() => undefined);
    await side.server.stop();
    await side.redis.stop();
  }
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void stopAll().finally(() => process.exit(130)));
sides.push(await startSide("stock"), await startSide("indexed"));
try {
  // Warm both processes up (first table of a game, JIT) before anything is measured.
  for (const side of sides) await joins(side.server.url, 1);
  console.log(`quick-play joins (4-seat Devil's Scat) at ${RATE}/s for ${SECONDS} s per step, one Redis and one server process per driver`);
  console.log(
    "| listed tables | stock join p50 ms | stock join p99 ms | indexed join p50 ms | indexed join p99 ms | indexed p99 / p99 at 0 | failed (stock / indexed) | stock query p50 / p99 ms | indexed query p50 / p99 ms |",
  );
  console.log("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  let indexedAtZero = Number.NaN;
  for (const [step, n] of COUNTS.entries()) {
    const row = new Map<string, { p50: number; p99: number; failed: number; err: string; q50: number; q99: number }>();
    for (const side of step % 2 === 0 ? sides : [...sides].reverse()) {
      await listUpTo(side, n);
      const r = await joins(side.server.url, SECONDS);
      const q = await queries(side.driver, SECONDS);
      row.set(side.label, {
        p50: percentile(r.ms, 50),
        p99: percentile(r.ms, 99),
        failed: r.failed,
        err: r.firstError,
        q50: percentile(q, 50),
        q99: percentile(q, 99),
      });
    }
    const stock = row.get("stock")!,
      indexed = row.get("indexed")!;
    if (n === 0) indexedAtZero = indexed.p99;
    console.log(
      `| ${n.toLocaleString("en")} | ${fmt(stock.p50)} | ${fmt(stock.p99)} | ${fmt(indexed.p50)} | ${fmt(indexed.p99)} | ${fmt(indexed.p99 / indexedAtZero, 2)}x | ${stock.failed} / ${indexed.failed} | ${fmt(stock.q50)} / ${fmt(stock.q99)} | ${fmt(indexed.q50)} / ${fmt(indexed.q99)} |`,
    );
    for (const [label, r] of row) if (r.err) console.log(`  ${label}, first error: ${r.err}`);
  }
} finally {
  await stopAll();
}
