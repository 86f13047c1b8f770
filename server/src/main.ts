/** Starts one server process: rooms, client page and /health on one port. */
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
logger.info({ port: config.port, host: config.host }, `card tables listening on http://localhost:${config.port}`);
