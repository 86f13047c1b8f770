/**
 * What operators read (docs/OPERATIONS.md, "Metrics and health"). On the public port `/health`
 * says only that the process is alive; `/metrics` and the detailed health (process id, public
 * address, games, uptime) answer there only to `Authorization: Bearer <METRICS_TOKEN>`, and are
 * not there at all without a token. METRICS_PORT opens a second listener on METRICS_HOST
 * (loopback by default) that serves both without a token, for a scraper on the same machine.
 */
import { timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import { matchMaker } from "@colyseus/core";
import type express from "express";
import type { ServerConfig } from "../config.ts";
import { GAMES } from "../games.ts";
import { logger } from "../logger.ts";
import { registry } from "../metrics.ts";

/** True when the request carries the configured bearer token (never when none is configured). */
export function operatorAuthorized(config: ServerConfig, header: string | undefined): boolean {
  if (config.metricsToken === null) return false;
  const given = Buffer.from(header ?? "");
  const wanted = Buffer.from(`Bearer ${config.metricsToken}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export function healthDetail(config: ServerConfig, store?: () => string) {
  // The process id and public address tell an operator (and the cluster tests) which process answered.
  return {
    ok: true,
    games: Object.keys(GAMES),
    uptime: Math.round(process.uptime()),
    process: matchMaker.processId,
    publicAddress: config.publicAddress,
    ...(store ? { store: store() } : {}),
  };
}

/** `store`: where the database is ("closed", "opening", "open"), for the operator's /health. */
export function mountOperatorEndpoints(app: express.Application, config: ServerConfig, store?: () => string): void {
  app.get("/health", (req, res) => {
    res.set("cache-control", "no-store");
    res.json(operatorAuthorized(config, req.headers.authorization) ? healthDetail(config, store) : { ok: true });
  });
  app.get("/metrics", async (req, res) => {
    if (config.metricsToken === null) {
      res.status(404).json({ error: "not-found", message: "No such route" });
      return;
    }
    if (!operatorAuthorized(config, req.headers.authorization)) {
      res
        .status(401)
        .set("www-authenticate", "Bearer")
        .json({ error: "unauthorized", message: "metrics need the operator's bearer token" });
      return;
    }
    res.type(registry.contentType).send(await registry.metrics());
  });
}

/** The loopback listener for METRICS_PORT, or null when none is configured. */
export async function startOperatorListener(config: ServerConfig): Promise<Server | null> {
  if (config.metricsPort === null) return null;
  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path === "/metrics") {
      void registry.metrics().then(
        (text) => {
          res.writeHead(200, { "content-type": registry.contentType });
          res.end(text);
        },
        () => {
          res.writeHead(500).end();
        },
      );
    } else if (path === "/health") {
      res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
      res.end(JSON.stringify(healthDetail(config)));
    } else {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: "not-found" }));
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.metricsPort!, config.metricsHost, resolve);
  });
  logger.info({ host: config.metricsHost, port: config.metricsPort }, "operator endpoints listening");
  return server;
}
