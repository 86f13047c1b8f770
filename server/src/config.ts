/** Server configuration from environment variables (README "Configuration" lists them). */
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { PROVISIONAL_GAMES } from "./ranked/rating.ts";

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(2567),
  HOST: z.string().default("0.0.0.0"),
  /** Bot "thinking" delay range in ms: "min" or "min-max". */
  BOT_DELAY_MS: z.string().regex(/^\d+(-\d+)?$/).default("700-1600"),
  CLIENT_DIST: z.string().default(fileURLToPath(new URL("../../client/dist", import.meta.url))),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Messages a client may send per second on average before they are rejected. */
  RATE_LIMIT_PER_SECOND: z.coerce.number().positive().default(10),
  RATE_LIMIT_BURST: z.coerce.number().int().positive().default(20),
  /** Spectators allowed per table. */
  MAX_SPECTATORS: z.coerce.number().int().min(0).default(20),
  /** "1" registers the `slap_lab` room used by `npm run bench:slap`. */
  SLAP_LAB: z.enum(["0", "1"]).default("0"),
  /** Seconds a matchmaking seat reservation waits for its WebSocket; an unjoined table closes then. */
  SEAT_RESERVATION_SECONDS: z.coerce.number().int().min(2).max(120).default(15),
  /** Matchmaking HTTP requests per second an address may make on average, and at once. */
  MATCHMAKE_RATE_PER_SECOND: z.coerce.number().positive().default(5),
  MATCHMAKE_BURST: z.coerce.number().int().positive().default(20),
  /** Comma-separated origins allowed to call the HTTP API from another page ("*" = any); the page's own origin always may. */
  ALLOWED_ORIGINS: z.string().default("http://localhost:5173,http://127.0.0.1:5173"),
  /** When set, /metrics (and detailed /health) answer on the public port with `Authorization: Bearer <token>`; unset: not there at all. */
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
  /** "1" behind a reverse proxy: the client address is the last X-Forwarded-For hop the proxy added. */
  TRUST_PROXY: z.enum(["0", "1"]).default("0"),
  /** Set: presence and matchmaking go through this Redis, so several processes share tables, codes and the lobby. */
  REDIS_URL: z.string().regex(/^rediss?:\/\/\S+$/, "REDIS_URL must be redis://host:port[/db] or rediss://...").optional(),
  /**
   * Where clients open the WebSocket to this process, without a scheme (`host[:port][/path]`):
   * the SDK connects to `ws(s)://<PUBLIC_ADDRESS>/<processId>/<roomId>`, so a proxy routes on it.
   */
  /**
   * Ranked play (docs/API.md): embedded PGlite's files go under DATA_DIR unless DATABASE_URL names
   * a PostgreSQL server. Without REDIS_URL the table journals live in DATA_DIR/tables too.
   */
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\/\S+$/, "DATABASE_URL must be postgres://user@host:port/db").optional(),
  /** Signs account tokens (at least 32 characters); unset: a random one kept in DATA_DIR. Every process of a cluster needs the same. */
  TOKEN_SECRET: z.string().min(32, "TOKEN_SECRET must be at least 32 characters").optional(),
  /** Days a browser session lasts after its last use (sliding). */
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** The site's public URL (e.g. https://cards.example.com): https makes cookies Secure and turns on HSTS. */
  PUBLIC_URL: z.string().regex(/^https?:\/\/[^\s/]+\/?$/, "PUBLIC_URL must be http(s)://host[:port]").optional(),
  /** A second listener for /metrics and detailed /health, on METRICS_HOST (loopback by default); unset: none. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().default("127.0.0.1"),
  /** "production" (npm start, the cluster, docker-compose): errors without stack traces or paths, no source maps served. */
  NODE_ENV: z.string().default("development"),
  /** The leaderboards list accounts with a rated game in the last this many days (and not provisional). */
  LEADERBOARD_ACTIVE_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Rated games an account needs in a game to be on its board (default: no longer provisional, ranked/rating.ts). */
  LEADERBOARD_MIN_GAMES: z.coerce.number().int().min(0).max(1000).default(PROVISIONAL_GAMES),
  /** Accounts (guest or named) one address may create per hour. */
  ACCOUNTS_PER_HOUR: z.coerce.number().int().positive().default(20),
  PUBLIC_ADDRESS: z.string().regex(/^[A-Za-z0-9.[\]:-]+(\/[A-Za-z0-9._~-]+)*$/, "PUBLIC_ADDRESS is host[:port][/path], no scheme, no trailing slash").optional(),
  /** "0" turns the table journal off (no crash survival; tables die with their process). */
  JOURNAL: z.enum(["0", "1"]).default("1"),
  /**
   * With REDIS_URL: ms a process's lease on its tables lasts without a heartbeat (it beats every
   * 250 ms). A process that died is noticed sooner, when its Redis connection is gone.
   */
  LEASE_MS: z.coerce.number().int().min(400).max(60_000).default(5000),
});

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  readonly botDelayMs: readonly [number, number];
  readonly clientDist: string;
  readonly logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  readonly rateLimit: { readonly perSecond: number; readonly burst: number };
  readonly maxSpectators: number;
  readonly slapLab: boolean;
  readonly seatReservationSeconds: number;
  readonly matchmakeRate: { readonly perSecond: number; readonly burst: number };
  readonly allowedOrigins: readonly string[];
  readonly metricsToken: string | null;
  readonly trustProxy: boolean;
  readonly redisUrl: string | null;
  readonly publicAddress: string | null;
  readonly dataDir: string;
  readonly databaseUrl: string | null;
  readonly tokenSecret: string | null;
  readonly accountsPerHour: number;
  readonly leaderboardActiveDays: number;
  readonly leaderboardMinGames: number;
  readonly sessionDays: number;
  /** Served over TLS (PUBLIC_URL https): Secure cookies, HSTS. */
  readonly secureCookies: boolean;
  readonly metricsPort: number | null;
  readonly metricsHost: string;
  readonly production: boolean;
  readonly journal: boolean;
  readonly leaseMs: number;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`bad configuration:\n  ${lines.join("\n  ")}`);
  }
  const e = parsed.data;
  const [lo, hi] = e.BOT_DELAY_MS.split("-").map(Number) as [number, number | undefined];
  return {
    port: e.PORT,
    host: e.HOST,
    botDelayMs: [lo, Math.max(lo, hi ?? lo)],
    clientDist: e.CLIENT_DIST,
    logLevel: e.LOG_LEVEL,
    rateLimit: { perSecond: e.RATE_LIMIT_PER_SECOND, burst: e.RATE_LIMIT_BURST },
    maxSpectators: e.MAX_SPECTATORS,
    slapLab: e.SLAP_LAB === "1",
    seatReservationSeconds: e.SEAT_RESERVATION_SECONDS,
    matchmakeRate: { perSecond: e.MATCHMAKE_RATE_PER_SECOND, burst: e.MATCHMAKE_BURST },
    allowedOrigins: e.ALLOWED_ORIGINS.split(",").map((o) => o.trim()).filter(Boolean),
    metricsToken: e.METRICS_TOKEN ?? null,
    trustProxy: e.TRUST_PROXY === "1",
    redisUrl: e.REDIS_URL ?? null,
    publicAddress: e.PUBLIC_ADDRESS ?? null,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL ?? null,
    tokenSecret: e.TOKEN_SECRET ?? null,
    accountsPerHour: e.ACCOUNTS_PER_HOUR,
    leaderboardActiveDays: e.LEADERBOARD_ACTIVE_DAYS,
    leaderboardMinGames: e.LEADERBOARD_MIN_GAMES,
    sessionDays: e.SESSION_DAYS,
    secureCookies: e.PUBLIC_URL?.startsWith("https://") ?? false,
    metricsPort: e.METRICS_PORT ?? null,
    metricsHost: e.METRICS_HOST,
    production: e.NODE_ENV === "production",
    journal: e.JOURNAL === "1",
    leaseMs: e.LEASE_MS,
  };
}
