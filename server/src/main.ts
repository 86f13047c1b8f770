/** Starts one server process: rooms, client page and /health on one port. */
import { matchMaker } from "@colyseus/core";
import { loadConfig } from "./config.ts";
import { createServer } from "./app.ts";
import { logger } from "./logger.ts";
import { processErrors } from "./metrics.ts";

const config = loadConfig();
const server = createServer(config);

// A fault that escapes every room is logged and counted; the process and its tables go on.
process.on("uncaughtException", (err) => {
  processErrors.inc({ kind: "uncaughtException" });
  logger.error({ err }, "uncaught exception");
});
process.on("unhandledRejection", (reason) => {
  processErrors.inc({ kind: "unhandledRejection" });
  logger.error({ err: reason }, "unhandled rejection");
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    logger.info({ signal }, "shutting down");
    void server.gracefullyShutdown(true);
  });
}

await server.listen(config.port, config.host);

// With Redis, Colyseus picks a new table's process from a shared room-count table. A peer whose
// health check misses this process (a stall, or a check sent while it was still booting) removes
// it there, and Colyseus re-adds it only on its next room change or after a minute, so an idle
// process could get no new tables for that long. Re-announcing every few seconds bounds that.
if (config.redisUrl !== null) {
  setInterval(() => { void Promise.resolve(matchMaker.stats.persist(true)).catch(() => undefined); }, 3_000).unref();
}
logger.info({ port: config.port, host: config.host }, `card tables listening on http://localhost:${config.port}`);
