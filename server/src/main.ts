/** Starts one server process: rooms, client page and /health on one port. */
import { matchMaker } from "@colyseus/core";
import { loadConfig } from "./config.ts";
import { createServer } from "./app.ts";
import { startDurability } from "./durable/index.ts";
import { logger } from "./logger.ts";
import { processErrors } from "./metrics.ts";
import { startOperatorListener } from "./ops/operator-endpoints.ts";

const config = loadConfig();
const server = createServer(config, { openStore: config.storeAtStart });

// A fault that escapes every room is logged and counted; the process and its tables go on.
process.on("uncaughtException", (err) => {
  processErrors.inc({ kind: "uncaughtException" });
  logger.error({ err }, "uncaught exception");
});
process.on("unhandledRejection", (reason) => {
  processErrors.inc({ kind: "unhandledRejection" });
  logger.error({ err: reason }, "unhandled rejection");
});

await server.listen(config.port, config.host);
const operator = await startOperatorListener(config);
const durable = await startDurability(config);

// With Redis, Colyseus picks a new table's process from a shared room-count table. A peer whose
// health check misses this process (a stall, or a check sent while it was still booting) removes
// it there, and Colyseus re-adds it only on its next room change or after a minute, so an idle
// process could get no new tables for that long. Re-announcing every few seconds bounds that.
const announce =
  config.redisUrl === null
    ? null
    : setInterval(() => {
        void Promise.resolve(matchMaker.stats.persist(true)).catch(() => undefined);
      }, 3_000);
announce?.unref();

// SIGTERM drains: no new tables here, every table in play handed to a peer (Redis) or kept in
// its journal for the restart (file), then Colyseus's own shutdown (docs/OPERATIONS.md).
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    logger.info({ signal }, "draining, then shutting down");
    if (announce) clearInterval(announce);
    operator?.close();
    void durable
      .drain()
      .catch((err: unknown) => logger.error({ err }, "drain failed"))
      .then(() => server.gracefullyShutdown(true));
  });
}
logger.info({ port: config.port, host: config.host }, `card tables listening on http://localhost:${config.port}`);
