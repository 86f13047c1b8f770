/** The server definition: one table room per game, the built client, and health checks. */
import { existsSync } from "node:fs";
import path from "node:path";
import { defineRoom, defineServer, type Server } from "@colyseus/core";
import { WebSocketTransport } from "@colyseus/ws-transport";
import express from "express";
import type { ServerConfig } from "./config.ts";
import { GAMES } from "./games.ts";
import { logger } from "./logger.ts";
import { registry } from "./metrics.ts";
import { SlapLabRoom } from "./realtime/slap-lab-room.ts";
import { TableRoom } from "./room/table-room.ts";

export function roomDefinitions(config: ServerConfig) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const rooms: Record<string, any> = Object.fromEntries(
    Object.keys(GAMES).map((name) => [name, defineRoom(TableRoom).filterBy(["mode"])]),
  );
  if (config.slapLab) rooms.slap_lab = defineRoom(SlapLabRoom);
  return rooms;
}

function mountClient(app: express.Application, dist: string): void {
  if (!existsSync(path.join(dist, "index.html"))) {
    app.get("/", (_req, res) => {
      res.status(503).type("text/plain").send("The client is not built yet: run `npm run build` (or `npm start`).");
    });
    return;
  }
  app.use(express.static(dist, { index: "index.html", maxAge: "1h" }));
}

export function createServer(config: ServerConfig): Server {
  TableRoom.config = config;
  logger.level = config.logLevel;
  return defineServer({
    rooms: roomDefinitions(config),
    transport: new WebSocketTransport({ maxPayload: 16 * 1024 }),
    greet: false,
    express: (app: express.Application) => {
      app.get("/health", (_req, res) => {
        res.json({ ok: true, games: Object.keys(GAMES), uptime: Math.round(process.uptime()) });
      });
      app.get("/metrics", async (_req, res) => {
        res.type(registry.contentType).send(await registry.metrics());
      });
      mountClient(app, config.clientDist);
    },
  }) as unknown as Server;
}
