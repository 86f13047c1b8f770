/** Starts one server process: rooms, client page and /health on one port. */
import { loadConfig } from "./config.ts";
import { createServer } from "./app.ts";
import { logger } from "./logger.ts";

const config = loadConfig();
const server = createServer(config);
await server.listen(config.port, config.host);
logger.info({ port: config.port, host: config.host }, `card tables listening on http://localhost:${config.port}`);
