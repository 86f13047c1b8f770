export { createServer, roomDefinitions } from "./app.ts";
export { loadConfig, type ServerConfig } from "./config.ts";
export { TableRoom } from "./table/table-room.ts";
