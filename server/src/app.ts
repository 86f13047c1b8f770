/** The server definition: one table room per game, the built client, and health checks. */
import { existsSync } from "node:fs";
import path from "node:path";
import { defineRoom, defineServer, matchMaker, type Server } from "@colyseus/core";
import { RedisDriver } from "@colyseus/redis-driver";
import { RedisPresence } from "@colyseus/redis-presence";
import { colyseusRedisOptions } from "./redis-url/redis-url.ts";
import { IndexedRedisDriver } from "./listing/indexed-driver.ts";
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
import { TableRoom, composedTable, type RoomKit } from "./table/table-room.ts";
import { composeTables } from "./compose.ts";
import { accountRoutes } from "./accounts/routes.ts";
import { PASSKEY_BODY_LIMIT } from "./accounts/passkeys.ts";
import { Platform } from "./ranked/platform.ts";
import { QuickPlayPools } from "./conduct/quick-play-pool.ts";
import { RankedQueueRoom } from "./ranked/queue-room.ts";
import { queueRoomName } from "./ranked/formats.ts";
import { apiCors } from "./ranked/api-cors.ts";
import { rankedRoutes } from "./ranked/routes.ts";
import { limitsFor } from "./limits/index.ts";
import { BlockCache } from "./social/blocks.ts";
import { QuickPlayApart } from "./social/quick-play-apart.ts";
import { REPORT_BODY_LIMIT, blockRoutes } from "./social/block-routes.ts";
import { chatServices } from "./social/chat/services.ts";
import { operatorRoutes } from "./moderation/routes.ts";
import { shareReflections } from "./shared-reflection.ts";
import { mountOperatorEndpoints } from "./ops/operator-endpoints.ts";
import { securityHeaders } from "./web/security-headers.ts";
import { apiNotFound, jsonErrors, noSourceMaps } from "./web/errors.ts";
import { StaggeredPingTransport } from "./net/staggered-ping.ts";
import { socialRoutes } from "./social/routes.ts";
import { friendsRoutes } from "./social/friends/routes.ts";
import { preferencesRoutes } from "./preferences/routes.ts";
import { startOnline, stopOnline } from "./social/presence/online.ts";

/** `kit`: the tables' features (compose.ts); without one, tables with none. */
export function roomDefinitions(config: ServerConfig, kit: RoomKit | null = null) {
  const Table = kit ? composedTable(kit) : TableRoom;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const rooms: Record<string, any> = Object.fromEntries(
    Object.keys(GAMES).map((name) => [name, defineRoom(Table).filterBy(["mode"]).enableRealtimeListing()]),
  );
  // The live list of public tables (docs/PROTOCOL.md, "Lobby").
  rooms.lobby = defineRoom(TableLobbyRoom);
  // One ranked queue per game (docs/API.md, "Ranked queue").
  for (const game of Object.keys(GAMES)) rooms[queueRoomName(game)] = defineRoom(RankedQueueRoom);
  if (config.slapLab) {
    SlapLabRoom.delaySimulated = config.delaySimulated;
    rooms.slap_lab = defineRoom(SlapLabRoom);
  }
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
 * (docs/OPERATIONS.md). The listing is indexed (listing/indexed-driver.ts) so a quick play reads
 * only the open tables of its key; `LISTING_DRIVER=stock` keeps Colyseus's driver as shipped (to
 * compare, bench:listing).
 */
function scaleOut(config: ServerConfig) {
  if (config.redisUrl === null) return config.publicAddress === null ? {} : { publicAddress: config.publicAddress };
  return {
    presence: new RedisPresence(colyseusRedisOptions(config.redisUrl)),
    driver:
      config.listingDriver === "stock"
        ? freshReadsById(new RedisDriver(colyseusRedisOptions(config.redisUrl)))
        : new IndexedRedisDriver(colyseusRedisOptions(config.redisUrl)),
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

/** Who a table join is and whom it is kept apart from (social/quick-play-apart.ts). */
function keepApart(platform: Platform, blocks: BlockCache): QuickPlayApart {
  return new QuickPlayApart(
    {
      account: async (headers, token) => {
        const who = await platform.identifyForTable(headers, token);
        return who ? { id: who.player.id, saved: who.player.username !== null } : null;
      },
      traces: () => platform.tracesIfOpen(),
    },
    blocks,
  );
}

/**
 * The server for one process. Colyseus's own shutdown-on-uncaught-exception is off: a fault in
 * one table must not end the others (main.ts logs and counts process-level errors and drains on
 * SIGTERM/SIGINT itself).
 */
export function createServer(config: ServerConfig, { openStore = false } = {}): Server {
  shareReflections();
  TableRoom.config = config;
  const platform = new Platform(config);
  TableRoom.platform = RankedQueueRoom.platform = platform;
  // Blocked pairs (social/): kept apart by quick play and the ranked queue; the queue loads a player's list when it queues.
  const blocks = new BlockCache(() => platform.db());
  RankedQueueRoom.blocked = (a, b) => blocks.apart(a, b);
  RankedQueueRoom.loadBlocks = (id) => blocks.load(id);
  TableRoom.chatServices = chatServices(config, () => platform.db(), blocks);
  // A process started to serve players opens its store now (main.ts): a visitor's first request
  // then finds it open or opening, instead of starting it (config.ts, `storeAtStart`).
  if (openStore) {
    const started = Date.now();
    void platform.store().then(
      () => logger.info({ ms: Date.now() - started }, "database open"),
      (err: unknown) => logger.error({ err }, "the database did not open"),
    );
  }
  logger.level = config.logLevel;
  // Players online and tables in play, for the lobby (social/presence/online.ts).
  const onlineCounter = startOnline(config.redisUrl, () => matchMaker.processId);
  const server = defineServer({
    ...scaleOut(config),
    rooms: roomDefinitions(config, composeTables({ db: () => platform.db(), whenOpen: (write) => platform.whenOpen(write), blocks })),
    transport: new StaggeredPingTransport({
      server: createGatedHttpServer(config, quickPlayPools(platform), keepApart(platform, blocks)),
      maxPayload: FRAME_LIMITS.maxPayloadBytes,
    }),
    greet: false,
    gracefullyShutdown: false,
    express: (app: express.Application) => {
      app.disable("x-powered-by");
      app.use(securityHeaders(config));
      mountOperatorEndpoints(app, config, () => platform.storeState);
      // A report carries its game log and chat lines: a larger body than the rest of the API.
      app.use("/api/reports", apiCors(config), express.json({ limit: REPORT_BODY_LIMIT }));
      // A new passkey's answer carries its public key and authenticator data twice over (accounts/passkeys.ts).
      app.use("/api/me/passkeys", apiCors(config), express.json({ limit: PASSKEY_BODY_LIMIT }));
      app.use(
        "/api",
        apiCors(config),
        express.json({ limit: "4kb" }),
        refuseUnstorableText,
        accountRoutes(platform, config),
        preferencesRoutes(platform),
        blockRoutes(platform, blocks),
        friendsRoutes(
          platform,
          {
            requests: limitsFor(config).friendRequests,
            requestsDaily: limitsFor(config).friendRequestsDaily,
            invites: limitsFor(config).invites,
          },
          () => matchMaker.presence,
        ),
        rankedRoutes(platform, config),
        operatorRoutes(platform, { sharedAddress: async (a, b) => (await platform.addresses()).shared(a, b) }),
        socialRoutes(() => matchMaker.presence, limitsFor(config)),
        apiNotFound(),
      );
      if (config.production) app.use(noSourceMaps());
      mountClient(app, config.clientDist);
      app.use(jsonErrors());
    },
  }) as unknown as Server;
  server.onShutdown(() => platform.close());
  server.onShutdown(() => stopOnline(onlineCounter));
  server.onShutdown(() => limitsFor(config).close());
  return server;
}
