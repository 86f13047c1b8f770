/**
 * The HTTP server every request and upgrade passes through first: cross-origin rules (no
 * credentials, only allowed origins), a body-size cap and a per-address rate limit on
 * matchmaking and on API reads (server/src/limits/), and matchmaking options that must be a
 * JSON object. Colyseus registers its own request listeners later; checking in `emit` puts this
 * gate before all of them.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { ErrorCode, ServerError, matchMaker } from "@colyseus/core";
import type { ServerConfig } from "../config.ts";
import { matchmakeRefused } from "../metrics.ts";
import { admitRead, isApiRead, limitsFor } from "../limits/index.ts";
import { ReadCache } from "./read-cache.ts";
import { withQuickPlayKey } from "../table/table-options.ts";
import { SCHEME_HEADER, header, sameOrigin, type HeaderBag } from "../accounts/auth.ts";
import { addressKey } from "../limits/address-key.ts";
import type { CodeGuesses } from "../limits/code-guesses.ts";
import { leaversMode, type QuickPlayPools } from "../conduct/quick-play-pool.ts";
import { hasApart, joinApart, stripServerOptions, type QuickPlayApart } from "../social/quick-play-apart.ts";
import { GAMES } from "../games.ts";
import { clientAddress } from "./client-address.ts";

/**
 * How long an idle keep-alive connection stays open (Node's default is 5 s). A client that stalls
 * for seconds (a busy phone, a starved load generator) between its matchmaking reply and its
 * WebSocket may send the upgrade on its pooled connection after the server has closed it: the
 * join then fails as a network error with no status, which the SDK reports with no code and no
 * message ("refused joins"). Clients close idle connections first (undici a little
 * before the server's advertised `Keep-Alive: timeout`), so a long timeout closes that window.
 */
export const KEEP_ALIVE_MS = 65_000;

/** Matchmaking bodies are join options: a few hundred bytes. */
export const MAX_MATCHMAKE_BODY = 4096;

/**
 * The header that carries the client's address, as this server determined it, into places that
 * see only headers (a room's `onAuth` context): set on every request and upgrade, overwriting
 * whatever a client sent under that name. Colyseus's own `context.ip` believes the first
 * `X-Forwarded-For` hop, which any client can write.
 */
export const PEER_HEADER = "x-scat-peer";

/** https when PUBLIC_URL says so, the connection is TLS, or a trusted proxy says the client used TLS; else http. */
export function requestScheme(req: IncomingMessage, config: Pick<ServerConfig, "secureCookies" | "trustProxy">): "http" | "https" {
  if (config.secureCookies || (req.socket as { encrypted?: boolean }).encrypted === true) return "https";
  const proto = config.trustProxy ? req.headers["x-forwarded-proto"] : undefined;
  return typeof proto === "string" && proto.split(",").at(-1)?.trim().toLowerCase() === "https" ? "https" : "http";
}

function stampPeer(req: IncomingMessage, config: ServerConfig): void {
  req.headers[PEER_HEADER] = clientAddress(req, config.trustProxy);
  req.headers[SCHEME_HEADER] = requestScheme(req, config);
}

/** Same-origin pages (scheme, host and port), listed origins, or any origin when "*" is listed. */
export function originAllowed(origin: string, host: string | undefined, allowed: readonly string[], scheme?: string): boolean {
  if (allowed.includes("*") || allowed.includes(origin)) return true;
  return sameOrigin(origin, host, scheme);
}

function refuse(res: ServerResponse, status: number, reason: string, error: string): void {
  matchmakeRefused.inc({ reason });
  res.writeHead(status, { "content-type": "application/json", connection: "close" });
  res.end(JSON.stringify({ code: status, error }));
}

/** Replaces Colyseus's permissive CORS (any origin, with credentials) by the configured rule. */
function configureCors(config: ServerConfig): void {
  const controller = matchMaker.controller as {
    DEFAULT_CORS_HEADERS: Record<string, string>;
    getCorsHeaders(h: Headers): Record<string, string>;
  };
  controller.DEFAULT_CORS_HEADERS = {
    "Access-Control-Allow-Headers": "Origin, X-Requested-With, Content-Type, Accept, Authorization",
    "Access-Control-Allow-Methods": "GET,HEAD,POST",
    "Access-Control-Max-Age": "600",
  };
  controller.getCorsHeaders = (headers: Headers) => {
    const origin = headers.get("origin");
    if (!origin || !originAllowed(origin, headers.get("host") ?? undefined, config.allowedOrigins, headers.get(SCHEME_HEADER) ?? undefined))
      return { Vary: "Origin" };
    return { "Access-Control-Allow-Origin": origin, Vary: "Origin" };
  };
}

/**
 * Matchmaking options must be a JSON object (not an array, a number, null...). Quick-play joins
 * for the same game and options run one after another in this process: concurrent ones would
 * all pick the same table, all but its open seats would be refused, and Colyseus would retry
 * them after a random back-off of up to seconds. In turn, each finds the next open table at once.
 */
function guardMatchmaking(pools: QuickPlayPools | null, apart: QuickPlayApart | null, guesses: CodeGuesses): void {
  const controller = matchMaker.controller as {
    invokeMethod: (method: string, room: string, options: unknown, auth?: { headers?: HeaderBag }) => Promise<unknown>;
  };
  const invoke = controller.invokeMethod.bind(controller);
  const queues = new Map<string, Promise<unknown>>();
  controller.invokeMethod = (method, room, options, auth) => {
    if (options === null || typeof options !== "object" || Array.isArray(options)) {
      matchmakeRefused.inc({ reason: "options-not-object" });
      return Promise.reject(new ServerError(ErrorCode.APPLICATION_ERROR, "bad join options: the request body must be a JSON object"));
    }
    // Who a join is and whom it is kept apart from is the server's to say (social/quick-play-apart.ts).
    options = stripServerOptions(options as Record<string, unknown>);
    if (method === "joinById") return byCode(room, options as Record<string, unknown>, auth);
    if (method === "join") options = withQuickPlayKey(room, options as Record<string, unknown>);
    if (method !== "joinOrCreate")
      return who(method, room, options as Record<string, unknown>, auth, false).then((o) => invoke(method, room, o, auth));
    options = withQuickPlayKey(room, options as Record<string, unknown>);
    return pooled(options as Record<string, unknown>, auth)
      .then((pooledOptions) => who(method, room, pooledOptions, auth, true))
      .then((o) => (hasApart(o) ? joinApart(room, o, auth) : inTurn(room, o, auth)));
  };
  /** A table join (`joinById` names a room, not a game: any may be a table) gets its `__who`. */
  const who = async (
    method: string,
    room: string,
    options: Record<string, unknown>,
    auth: { headers?: HeaderBag } | undefined,
    quick: boolean,
  ): Promise<Record<string, unknown>> => {
    if (apart === null || (method !== "joinById" && !Object.hasOwn(GAMES, room))) return options;
    return apart.options(options, auth?.headers, auth?.headers ? header(auth.headers, PEER_HEADER) : undefined, quick);
  };
  /**
   * A join by a table's id or invite code: an address that keeps naming tables that do not exist
   * (guessing private tables' codes) waits before it may look one up again (limits/code-guesses.ts).
   */
  const byCode = async (roomId: string, options: Record<string, unknown>, auth: { headers?: HeaderBag } | undefined): Promise<unknown> => {
    const address = addressKey(String((auth?.headers && header(auth.headers, PEER_HEADER)) ?? "unknown"));
    const verdict = await guesses.before(address);
    if (!verdict.ok) {
      matchmakeRefused.inc({ reason: "code-guesses" });
      throw new ServerError(
        429,
        `too many unknown table codes from this address: try again in ${Math.max(1, Math.ceil(verdict.retryAfterMs / 1000))} s`,
      );
    }
    try {
      return await invoke("joinById", roomId, await who("joinById", roomId, options, auth, false), auth);
    } catch (err) {
      if (err instanceof ServerError && err.code === ErrorCode.MATCHMAKE_INVALID_ROOM_ID && /not found/.test(err.message))
        await guesses.missed(address);
      throw err;
    }
  };
  /** Habitual leavers' quick play matches only their own pool's tables (conduct/quick-play-pool.ts). */
  const pooled = async (options: Record<string, unknown>, auth: { headers?: HeaderBag } | undefined): Promise<Record<string, unknown>> => {
    if (pools === null || typeof options["mode"] !== "string" || options["spectate"] === true) return options;
    return (await pools.isPoor(auth?.headers, options["token"])) ? { ...options, mode: leaversMode(options["mode"]) } : options;
  };
  const inTurn = (room: string, options: Record<string, unknown>, auth: { headers?: HeaderBag } | undefined): Promise<unknown> => {
    const method = "joinOrCreate";
    const key = `${room}\n${String((options as { mode?: unknown }).mode ?? "")}`;
    const turn = (queues.get(key) ?? Promise.resolve()).catch(() => undefined).then(() => invoke(method, room, options, auth));
    queues.set(key, turn);
    void turn
      .catch(() => undefined)
      .finally(() => {
        if (queues.get(key) === turn) queues.delete(key);
      });
    return turn;
  };
}

export function createGatedHttpServer(
  config: ServerConfig,
  pools: QuickPlayPools | null = null,
  apart: QuickPlayApart | null = null,
): Server {
  configureCors(config);
  const limits = limitsFor(config);
  guardMatchmaking(pools, apart, limits.codeGuesses);
  const readCache = new ReadCache(config.readCacheMs);
  const tooMany = "too many matchmaking requests from this address: wait a moment";

  /** True: pass on; false: refused; a promise: the shared (Redis) limit decides. */
  const admit = (req: IncomingMessage, res: ServerResponse, pass: () => void): boolean | Promise<boolean> => {
    if (isApiRead(req)) return admitRead(limits, req, res, readCache, pass);
    if (req.method !== "POST" || !req.url?.startsWith("/matchmake/")) return true;
    if (req.headers["content-length"] === undefined) {
      refuse(res, 411, "no-length", "matchmaking requests need a Content-Length");
      return false;
    }
    if (Number(req.headers["content-length"]) > MAX_MATCHMAKE_BODY) {
      refuse(res, 413, "body-too-large", `matchmaking options are limited to ${MAX_MATCHMAKE_BODY} bytes`);
      return false;
    }
    const verdict = limits.matchmake.take(limits.keyOf(req));
    const decide = (v: Awaited<typeof verdict>): boolean => {
      if (v.ok) return true;
      res.setHeader("retry-after", String(Math.max(1, Math.ceil(v.retryAfterMs / 1000))));
      refuse(res, 429, "rate-limited", tooMany);
      return false;
    };
    return verdict instanceof Promise ? verdict.then(decide) : decide(verdict);
  };

  const server = createServer();
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  const emit = server.emit.bind(server) as (event: string, ...args: unknown[]) => boolean;
  server.emit = ((event: string, ...args: unknown[]) => {
    if (event === "request" || event === "upgrade") stampPeer(args[0] as IncomingMessage, config);
    if (event !== "request") return emit(event, ...args);
    const admitted = admit(args[0] as IncomingMessage, args[1] as ServerResponse, () => emit(event, ...args));
    if (admitted === true) return emit(event, ...args);
    if (admitted !== false)
      void admitted.then((ok) => {
        if (ok) emit(event, ...args);
      });
    return true;
  }) as Server["emit"];
  return server;
}
