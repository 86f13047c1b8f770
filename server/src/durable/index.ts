/**
 * Starts crash survival for one process once it listens (main.ts): the file journal and the
 * resume of every table a previous run left (no Redis), or the Redis journal, its lease loop and
 * a matchmaking answer while Redis is away (REDIS_URL). `drain` hands every table over (SIGTERM).
 */
import { ErrorCode, ServerError, matchMaker } from "@colyseus/core";
import type { ServerConfig } from "../config.ts";
import { logger } from "../logger.ts";
import { matchmakeRefused, tablesHosted } from "../metrics.ts";
import { IN_MEMORY } from "../ranked/platform.ts";
import { Durability, setDurability } from "./durability.ts";
import { FileJournal } from "./file-journal.ts";
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

/** HTTP status of a matchmaking request refused while Redis is unreachable. */
const UNAVAILABLE = 503;

/**
 * While Redis is away, matchmaking answers at once with a clear error. A join by roomId whose
 * listing names a process that is gone (its table is being resumed elsewhere) is answered at once
 * too, instead of after Colyseus's 2 s call to the dead process; the client tries again.
 */
function gateMatchmaking(store: RedisJournal): void {
  const controller = matchMaker.controller as { invokeMethod: (method: string, roomId: string, ...rest: unknown[]) => Promise<unknown> };
  const invoke = controller.invokeMethod.bind(controller);
  controller.invokeMethod = async (method, roomId, ...rest) => {
    if (!store.available()) {
      matchmakeRefused.inc({ reason: "redis-unavailable" });
      throw new ServerError(UNAVAILABLE, "matchmaking-unavailable: the shared store (Redis) cannot be reached; tables in play go on, try again in a few seconds");
    }
    if (method === "joinById" || method === "reconnect") {
      const listing = await matchMaker.driver.findOne({ roomId }) as { processId?: string } | undefined;
      const host = listing?.processId;
      if (host && host !== matchMaker.processId && !await store.isConnected(host)) {
        matchmakeRefused.inc({ reason: "table-moving" });
        throw new ServerError(UNAVAILABLE, "table-moving: the table's process is gone and the table is being resumed on another one; try again in a moment (service unavailable)");
      }
    }
    return invoke(method, roomId, ...rest);
  };
}

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
  const beat = setInterval(() => { store.beat(); tablesHosted.set(durability.hosted); }, 1_000);
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
    async drain() { durability.keepJournals = true; },
    async stop() { clearInterval(beat); await store.close(); },
  };
}

async function startRedis(config: ServerConfig, url: string): Promise<DurableRuntime> {
  const store = new RedisJournal(url, matchMaker.processId, config.leaseMs);
  const durability = new Durability(store);
  setDurability(durability);
  gateMatchmaking(store);
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
    async stop() { takeover.stop(); await store.close(); },
  };
}
