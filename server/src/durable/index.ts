/**
 * Starts crash survival for one process once it listens (main.ts): the file journal and the
 * resume of every table a previous run left (no Redis), or the Redis journal, its lease loop and
 * matchmaking in front of moving tables and of Redis being away (REDIS_URL, moving.ts). `drain` hands every table over (SIGTERM).
 */
import { matchMaker } from "@colyseus/core";
import type { ServerConfig } from "../config.ts";
import { logger } from "../logger.ts";
import { tablesHosted } from "../metrics.ts";
import { IN_MEMORY } from "../ranked/platform.ts";
import { Durability, setDurability } from "./durability.ts";
import { isIndexedDriver, leaseLiveness } from "../listing/indexed-driver.ts";
import { fencedListings } from "./fenced-listings.ts";
import { FileJournal } from "./file-journal.ts";
import { MovingTables } from "./moving.ts";
import { RedisJournal } from "./redis-journal.ts";
import { Takeover } from "./takeover.ts";

export { durability } from "./durability.ts";

export interface DurableRuntime {
  readonly durability: Durability;
  /** Stops taking tables and hands the ones in play over (Redis), or keeps their journals for the restart (file). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

/** How often a process renews its lease and looks for tables to take over. */
const BEAT_MS = 250;

export async function startDurability(config: ServerConfig): Promise<DurableRuntime> {
  if (!config.journal) {
    const durability = new Durability(null);
    setDurability(durability);
    return { durability, drain: async () => undefined, stop: async () => undefined };
  }
  if (config.redisUrl !== null) return startRedis(config, config.redisUrl);
  // DATA_DIR=:memory: keeps nothing on disk (ranked/platform.ts): no file journal either.
  if (config.dataDir === IN_MEMORY) return startDurability({ ...config, journal: false });
  return startFile(config);
}

async function startFile(config: ServerConfig): Promise<DurableRuntime> {
  const store = new FileJournal(config.dataDir);
  const durability = new Durability(store);
  setDurability(durability);
  const lastBeat = store.lastBeat();
  const records = store.readAll();
  store.beat();
  const beat = setInterval(() => {
    store.beat();
    tablesHosted.set(durability.hosted);
  }, 1_000);
  beat.unref();
  for (const record of records) {
    try {
      await durability.resume(record, lastBeat > 0 ? Date.now() - lastBeat : 0, "restart", lastBeat || Date.now());
    } catch (err) {
      logger.error({ room: record.tableId, err }, "could not resume a table from its journal");
    }
  }
  if (records.length > 0) logger.info({ tables: records.length }, "tables of the previous run resumed");
  return {
    durability,
    async drain() {
      durability.keepJournals = true;
    },
    async stop() {
      clearInterval(beat);
      await store.close();
    },
  };
}

async function startRedis(config: ServerConfig, url: string): Promise<DurableRuntime> {
  const store = new RedisJournal(url, matchMaker.processId, config.leaseMs, config.redisWait);
  const durability = new Durability(store);
  setDurability(durability);
  new MovingTables(store, matchMaker.processId).install();
  fencedListings.install(matchMaker.driver as unknown as Parameters<typeof fencedListings.install>[0], matchMaker.processId);
  // A process whose lease ran out has its listings no longer offered, and removed.
  if (isIndexedDriver(matchMaker.driver)) matchMaker.driver.ownerAlive(leaseLiveness(store));
  const takeover = new Takeover(store, durability, Math.min(BEAT_MS, Math.max(100, Math.round(config.leaseMs / 4))));
  takeover.start();
  return {
    durability,
    async drain() {
      await matchMaker.stats.excludeProcess(matchMaker.processId);
      const moved = await durability.handOver((id) => store.release(id));
      logger.info({ tables: moved.length }, "drained: tables handed over");
      takeover.stop();
      await store.retire();
      durability.keepJournals = true;
    },
    async stop() {
      takeover.stop();
      await store.close();
    },
  };
}
