/** The server definition: one table room per game, the built client, and health checks. */
import { existsSync } from "node:fs";
import path from "node:path";
import { defineRoom, defineServer, matchMaker, type Server } from "@colyseus/core";
import { RedisDriver } from "@colyseus/redis-driver";
import { RedisPresence } from "@colyseus/redis-presence";
import express from "express";
import type { ServerConfig } from "./config.ts";
import { GAMES } from "./games.ts";
import { logger } from "./logger.ts";
import { FRAME_LIMITS } from "./net/frame-limits.ts";
import { freshReadsById } from "./net/fresh-room-reads.ts";
import { TableLobbyRoom } from "./net/lobby-room.ts";
import { createGatedHttpServer } from "./net/http-gate.ts";
import { refuseUnstorableText } from "./net/text-guard.ts";
import { SlapLabRoom } from "./realtime/slap-lab-room.ts";
import { TableRoom } from "./room/table-room.ts";
import { accountRoutes } from "./accounts/routes.ts";
import { Platform } from "./ranked/platform.ts";
import { QuickPlayPools } from "./conduct/quick-play-pool.ts";
import { RankedQueueRoom } from "./ranked/queue-room.ts";
import { queueRoomName } from "./ranked/formats.ts";
import { apiCors } from "./ranked/api-cors.ts";
import { rankedRoutes } from "./ranked/routes.ts";
import { limitsFor } from "./limits/index.ts";
import { operatorRoutes } from "./moderation/routes.ts";
import { shareReflections } from "./shared-reflection.ts";
import { mountOperatorEndpoints } from "./ops/operator-endpoints.ts";
import { securityHeaders } from "./web/security-headers.ts";
import { apiNotFound, jsonErrors, noSourceMaps } from "./web/errors.ts";
import { StaggeredPingTransport } from "./net/staggered-ping.ts";

export function roomDefinitions(config: ServerConfig) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const rooms: Record<string, any> = Object.fromEntries(
    Object.keys(GAMES).map((name) => [name, defineRoom(TableRoom).filterBy(["mode"]).enableRealtimeListing()]),
  );
  // The live list of public tables (docs/PROTOCOL.md, "Lobby").
  rooms.lobby = defineRoom(TableLobbyRoom);
  // One ranked queue per game (docs/API.md, "Ranked queue").
  for (const game of Object.keys(GAMES)) rooms[queueRoomName(game)] = defineRoom(RankedQueueRoom);
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
  // `extensions`: /operator serves operator.html (the operator page, docs/API.md "Operators").
  app.use(express.static(dist, { index: "index.html", maxAge: "1h", extensions: ["html"] }));
}

/**
 * Without REDIS_URL: Colyseus's in-process presence and driver (one process, nothing else to
 * run). With it: presence (invite codes, the lobby channel, cross-process room calls) and the
 * room listing live in Redis, so any process can answer matchmaking for any table
 * (docs/OPERATIONS.md).
 */
function scaleOut(config: ServerConfig) {
  if (config.redisUrl === null) return config.publicAddress === null ? {} : { publicAddress: config.publicAddress };
  return {
    presence: new RedisPresence(config.redisUrl),
    driver: freshReadsById(new RedisDriver(config.redisUrl)),
    ...(config.publicAddress === null ? {} : { publicAddress: config.publicAddress }),
  };
}

/** Quick play's pools by conduct, from the accounts and the conduct record the platform holds. */
function quickPlayPools(platform: Platform): QuickPlayPools {
  return new QuickPlayPools({
    account: async (headers, token) => (await platform.identifyForTable(headers, token))?.player.id ?? null,
    poor: async (id) => (await (await platform.conduct()).standing(id)).poor,
  });
}

/**
 * The server for one process. Colyseus's own shutdown-on-uncaught-exception is off: a fault in
 * one table must not end the others (main.ts logs and counts process-level errors and drains on
 * SIGTERM/SIGINT itself).
 */
export function createServer(config: ServerConfig): Server {
  shareReflections();
  TableRoom.config = config;
  const platform = new Platform(config);
  TableRoom.platform = RankedQueueRoom.platform = platform;
  logger.level = config.logLevel;
  const server = defineServer({
    ...scaleOut(config),
    rooms: roomDefinitions(config),
    transport: new StaggeredPingTransport({ server: createGatedHttpServer(config, quickPlayPools(platform)), maxPayload: FRAME_LIMITS.maxPayloadBytes }),
    greet: false,
    gracefullyShutdown: false,
    express: (app: express.Application) => {
      app.disable("x-powered-by");
      app.use(securityHeaders(config));
      mountOperatorEndpoints(app, config);
      app.use("/api", apiCors(config), express.json({ limit: "4kb" }), refuseUnstorableText, accountRoutes(platform, config), rankedRoutes(platform, config), operatorRoutes(platform, { sharedAddress: async (a, b) => (await platform.addresses()).shared(a, b) }), apiNotFound());
      if (config.production) app.use(noSourceMaps());
      mountClient(app, config.clientDist);
      app.use(jsonErrors());
    },
  }) as unknown as Server;
  server.onShutdown(() => platform.close());
  server.onShutdown(() => limitsFor(config).close());
  return server;
}
