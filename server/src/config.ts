/** Server configuration from environment variables (README "Configuration" lists them). */
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { REDIS_URL_PATTERN } from "./redis-url/redis-url.ts";
import { MIN_OPPONENTS, PROVISIONAL_GAMES } from "./ranked/rating.ts";
import { DEFAULT_TABLE_WAITS, parseTableWaits, type TableWaits } from "./ranked/forming.ts";

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(2567),
  HOST: z.string().default("0.0.0.0"),
  /** Bot "thinking" delay range in ms: "min" or "min-max". */
  BOT_DELAY_MS: z
    .string()
    .regex(/^\d+(-\d+)?$/)
    .default("700-1600"),
  CLIENT_DIST: z.string().default(fileURLToPath(new URL("../../client/dist", import.meta.url))),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Messages a client may send per second on average before they are rejected. */
  RATE_LIMIT_PER_SECOND: z.coerce.number().positive().default(10),
  RATE_LIMIT_BURST: z.coerce.number().int().positive().default(20),
  /** Spectators allowed per table. */
  MAX_SPECTATORS: z.coerce.number().int().min(0).default(20),
  /** "1" registers the `slap_lab` room used by `npm run bench:slap`. */
  SLAP_LAB: z.enum(["0", "1"]).default("0"),
  /**
   * "1" for load tests that inject network delay inside the client process (k6, the swarm,
   * bench:slap): WebSocket ping frames do not see that delay, so the transport round trip must not
   * cap the page's (realtime/latency.ts). Never in production: it lets a page pose as far away
   * (and its `simulateLink` message, honoured only then, lets a client declare its own link).
   */
  DELAY_SIMULATED: z.enum(["0", "1"]).default("0"),
  /** Seconds a matchmaking seat reservation waits for its WebSocket; an unjoined table closes then. */
  SEAT_RESERVATION_SECONDS: z.coerce.number().int().min(2).max(120).default(15),
  /** How long the deal waits for the seated players' shuffle values (docs/FAIRNESS.md, "Players' entropy"). */
  SHUFFLE_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(1500),
  /** Matchmaking HTTP requests per second an address may make on average, and at once. */
  MATCHMAKE_RATE_PER_SECOND: z.coerce.number().positive().default(5),
  MATCHMAKE_BURST: z.coerce.number().int().positive().default(20),
  /** Lookups of a table code no table has, per address, before each further lookup by code from there waits 1, 2, 4 … s (limits/code-guesses.ts). */
  CODE_MISSES_AFTER: z.coerce.number().int().min(1).default(10),
  /** Lookups of unknown table codes per second from all addresses together (the cluster's, with Redis): past it, addresses that missed before wait. */
  CODE_MISSES_PER_SECOND: z.coerce.number().positive().default(20),
  /** Comma-separated origins allowed to call the HTTP API from another page ("*" = any); the page's own origin always may. */
  ALLOWED_ORIGINS: z.string().default("http://localhost:5173,http://127.0.0.1:5173"),
  /** When set, /metrics (and detailed /health) answer on the public port with `Authorization: Bearer <token>`; unset: not there at all. */
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
  /** "1" behind a reverse proxy: the client address is the last X-Forwarded-For hop the proxy added. */
  TRUST_PROXY: z.enum(["0", "1"]).default("0"),
  /** Set: presence and matchmaking go through this Redis, so several processes share tables, codes and the lobby. */
  REDIS_URL: z
    .string()
    .regex(
      REDIS_URL_PATTERN,
      "REDIS_URL must be redis://host:port[/db], rediss://..., or a Sentinel group redis+sentinel://host:port,host:port/mastername",
    )
    .optional(),
  /**
   * Where clients open the WebSocket to this process, without a scheme (`host[:port][/path]`):
   * the SDK connects to `ws(s)://<PUBLIC_ADDRESS>/<processId>/<roomId>`, so a proxy routes on it.
   */
  /**
   * Ranked play (docs/API.md): embedded PGlite's files go under DATA_DIR unless DATABASE_URL names
   * a PostgreSQL server. Without REDIS_URL the table journals live in DATA_DIR/tables too.
   */
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, "DATABASE_URL must be postgres://user@host:port/db")
    .optional(),
  /** Signs account tokens (at least 32 characters); unset: a random one kept in DATA_DIR. Every process of a cluster needs the same. */
  TOKEN_SECRET: z.string().min(32, "TOKEN_SECRET must be at least 32 characters").optional(),
  /** Days a browser session lasts after its last use (sliding). */
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** The site's public URL (e.g. https://cards.example.com): https makes cookies Secure and turns on HSTS. */
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/]+\/?$/, "PUBLIC_URL must be http(s)://host[:port]")
    .optional(),
  /** A second listener for /metrics and detailed /health, on METRICS_HOST (loopback by default); unset: none. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().default("127.0.0.1"),
  /** "production" (npm start, the cluster, docker-compose): errors without stack traces or paths, no source maps served. */
  NODE_ENV: z.string().default("development"),
  /** Ranked play (docs/API.md, "Who plays ranked"): finished casual games an account needs first. */
  RANKED_MIN_GAMES: z.coerce.number().int().min(0).max(100).default(3),
  /** Seconds every matched player has to accept a ranked match. */
  RANKED_ACCEPT_SECONDS: z.coerce.number().int().min(3).max(60).default(10),
  /** Times a day the same accounts may be rated against each other; then they are grouped with others. */
  RANKED_PAIR_GAMES_PER_DAY: z.coerce.number().int().min(1).max(100).default(3),
  /** A ranked game left by anyone before this many steps is aborted, unrated for all. */
  RANKED_ABORT_STEPS: z.coerce.number().int().min(0).max(200).default(6),
  /** Seconds before players of poor conduct may be grouped with the others (until then, with each other only). */
  RANKED_POOL_MIX_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** "1" lets guest accounts queue for ranked play (an event, or tests of the queue itself); "0": saved accounts only. */
  RANKED_GUESTS: z.enum(["0", "1"]).default("0"),
  /** When a ranked queue accepts a smaller table than its format's (ranked/forming.ts): `size:seconds,...`, then `;game=size:seconds,...` per game. */
  RANKED_TABLE_WAITS: z
    .string()
    .default(DEFAULT_TABLE_WAITS)
    .refine((v) => {
      try {
        parseTableWaits(v);
        return true;
      } catch {
        return false;
      }
    }, "RANKED_TABLE_WAITS is size:seconds,... then ;game=size:seconds,... (e.g. 3:45,2:90;dark_hand=3:30)"),
  /** "1" lets accounts that share an address or device be grouped (an operator's event on one network). */
  RANKED_SAME_ADDRESS: z.enum(["0", "1"]).default("0"),
  /** The leaderboards list accounts with a rated game in the last this many days (and not provisional). */
  LEADERBOARD_ACTIVE_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Rated games an account needs in a game to be on its board (default: no longer provisional, ranked/rating.ts). */
  LEADERBOARD_MIN_GAMES: z.coerce.number().int().min(0).max(1000).default(PROVISIONAL_GAMES),
  /** Distinct opponents an account must have met while they were established to be on a board or podium (ranked/queries.ts). */
  LEADERBOARD_MIN_OPPONENTS: z.coerce.number().int().min(0).max(1000).default(MIN_OPPONENTS),
  /** Accounts (guest or named) one address may create per hour. */
  ACCOUNTS_PER_HOUR: z.coerce.number().int().positive().default(20),
  /** Display-name changes one account may make in any 24 hours. */
  RENAMES_PER_DAY: z.coerce.number().int().positive().max(1000).default(3),
  PUBLIC_ADDRESS: z
    .string()
    .regex(/^[A-Za-z0-9.[\]:-]+(\/[A-Za-z0-9._~-]+)*$/, "PUBLIC_ADDRESS is host[:port][/path], no scheme, no trailing slash")
    .optional(),
  /** "0" turns the table journal off (no crash survival; tables die with their process). */
  JOURNAL: z.enum(["0", "1"]).default("1"),
  STORE_AT_START: z.enum(["0", "1"]).default("1"),
  /**
   * With REDIS_URL: ms a process's lease on its tables lasts without a heartbeat (it beats every
   * 250 ms). A process that died is noticed sooner, when its Redis connection is gone.
   */
  LEASE_MS: z.coerce.number().int().min(400).max(60_000).default(5000),
  /**
   * With REDIS_URL: replicas that must acknowledge a journal entry (Redis WAIT) before its effects
   * go out, so a failover cannot lose an acknowledged step. 0 (the default, and with no replica):
   * the primary's answer is enough. REDIS_WAIT_MS bounds the wait; a shortfall pauses the table.
   */
  REDIS_WAIT_REPLICAS: z.coerce.number().int().min(0).max(8).default(0),
  REDIS_WAIT_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  /** With REDIS_URL: `indexed` (matchmaking reads only the tables it may offer) or `stock` (Colyseus's driver as shipped, to compare). */
  LISTING_DRIVER: z.enum(["indexed", "stock"]).default("indexed"),
  /** Limits (docs/SECURITY.md, "A password guesser", "A botnet"): sign-in attempts per address (IPv6: per /64) per minute, on average and at once. */
  SIGN_INS_PER_MINUTE: z.coerce.number().positive().default(10),
  /** API reads (leaderboard, profiles, history, match logs, /api/me) per address per second, on average and at once. */
  READS_PER_SECOND: z.coerce.number().positive().default(10),
  READS_BURST: z.coerce.number().int().positive().default(50),
  /** API reads one process serves per second from all addresses together (a botnet's many allowances); past it 503. */
  PROCESS_READS_PER_SECOND: z.coerce.number().positive().default(100),
  /** Anonymous public reads (leaderboards, profiles, match logs) are answered from memory for this many ms (net/read-cache.ts); 0 turns it off. */
  READ_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /** Sign-in attempts for one username from one address (or one browser that signed in to it before) before each further one from there waits 2^n s, up to ACCOUNT_LOCK_MAX_SECONDS. */
  ACCOUNT_LOCK_AFTER: z.coerce.number().int().min(1).default(5),
  /** Sign-in attempts for one username from all addresses together, browsers that signed in to it before aside, before each further one waits 2^n s (limits/sign-in-lock.ts). */
  ACCOUNT_LOCK_GLOBAL_AFTER: z.coerce.number().int().min(1).default(20),
  ACCOUNT_LOCK_MAX_SECONDS: z.coerce.number().int().min(1).default(900),
  /** Addresses (or usernames) each in-memory limit table tracks at most; the least recently seen are dropped. */
  LIMIT_TABLE_SIZE: z.coerce.number().int().min(100).default(100_000),
  /** With REDIS_URL: ms a limit waits for Redis; then sign-in answers 503, other limits fall back to this process's table. */
  LIMITS_REDIS_TIMEOUT_MS: z.coerce.number().int().min(1).default(250),
  /** Password hashes (argon2id) run at once, off the event loop, and how many more may wait; past that: 503. */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).default(16),
  /** Least zxcvbn score (0-4) a new password needs (besides NIST's length ≥ 8 and no username or site name). */
  PASSWORD_MIN_SCORE: z.coerce.number().int().min(0).max(4).default(3),
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
  readonly delaySimulated: boolean;
  readonly seatReservationSeconds: number;
  /** Longest wait, after the commitment, for the players' shuffle values before dealing without them. */
  readonly shuffleWaitMs: number;
  readonly matchmakeRate: { readonly perSecond: number; readonly burst: number };
  /** Unknown table codes looked up: per address before backing off, and per second from all addresses. */
  readonly codeMisses: { readonly after: number; readonly perSecond: number };
  readonly allowedOrigins: readonly string[];
  readonly metricsToken: string | null;
  readonly trustProxy: boolean;
  readonly redisUrl: string | null;
  readonly listingDriver: "indexed" | "stock";
  readonly publicAddress: string | null;
  readonly dataDir: string;
  readonly databaseUrl: string | null;
  readonly tokenSecret: string | null;
  readonly accountsPerHour: number;
  readonly leaderboardActiveDays: number;
  readonly leaderboardMinGames: number;
  readonly leaderboardMinOpponents: number;
  readonly sessionDays: number;
  readonly ranked: {
    readonly guests: boolean;
    readonly minGames: number;
    readonly acceptSeconds: number;
    readonly pairGamesPerDay: number;
    readonly abortSteps: number;
    readonly sameAddress: boolean;
    readonly poolMixMs: number;
    readonly tableWaits: TableWaits;
  };
  /** Served over TLS (PUBLIC_URL https): Secure cookies, HSTS. */
  readonly secureCookies: boolean;
  /** PUBLIC_URL's origin (scheme, host, port), or null: passkeys are bound to its host (accounts/passkeys.ts). */
  readonly publicUrl: string | null;
  readonly metricsPort: number | null;
  readonly metricsHost: string;
  readonly production: boolean;
  readonly renamesPerDay: number;
  readonly journal: boolean;
  /**
   * Whether the process opens its database (and migrates it) as it starts, rather than at the
   * first request that needs it. On: a page's first request makes a guest account, and embedded
   * PGlite's first start takes seconds (tens on a busy machine), so the first visitor waited for
   * it behind "Finding a table…". Off (STORE_AT_START=0) for processes that only ever seat
   * anonymous players, as the load tests' do.
   */
  readonly storeAtStart: boolean;
  readonly leaseMs: number;
  /** Replicas that acknowledge each journal entry before its effects (0: none), and how long that may take. */
  readonly redisWait: { readonly replicas: number; readonly ms: number };
  readonly limits: LimitSettings;
  /** Anonymous public reads answered from memory for this long (READ_CACHE_MS; 0: off). */
  readonly readCacheMs: number;
}

export interface LimitSettings {
  readonly signInsPerMinute: number;
  readonly reads: { readonly perSecond: number; readonly burst: number };
  readonly processReads: { readonly perSecond: number; readonly burst: number };
  readonly lockAfter: number;
  readonly lockGlobalAfter: number;
  readonly lockMaxSeconds: number;
  readonly tableSize: number;
  readonly redisTimeoutMs: number;
  readonly hashConcurrency: number;
  readonly hashQueue: number;
  readonly passwordMinScore: number;
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
    delaySimulated: e.DELAY_SIMULATED === "1",
    seatReservationSeconds: e.SEAT_RESERVATION_SECONDS,
    shuffleWaitMs: e.SHUFFLE_WAIT_MS,
    matchmakeRate: { perSecond: e.MATCHMAKE_RATE_PER_SECOND, burst: e.MATCHMAKE_BURST },
    codeMisses: { after: e.CODE_MISSES_AFTER, perSecond: e.CODE_MISSES_PER_SECOND },
    allowedOrigins: e.ALLOWED_ORIGINS.split(",")
      .map((o) => o.trim())
      .filter(Boolean),
    metricsToken: e.METRICS_TOKEN ?? null,
    trustProxy: e.TRUST_PROXY === "1",
    redisUrl: e.REDIS_URL ?? null,
    listingDriver: e.LISTING_DRIVER,
    publicAddress: e.PUBLIC_ADDRESS ?? null,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL ?? null,
    tokenSecret: e.TOKEN_SECRET ?? null,
    accountsPerHour: e.ACCOUNTS_PER_HOUR,
    leaderboardActiveDays: e.LEADERBOARD_ACTIVE_DAYS,
    leaderboardMinGames: e.LEADERBOARD_MIN_GAMES,
    leaderboardMinOpponents: e.LEADERBOARD_MIN_OPPONENTS,
    sessionDays: e.SESSION_DAYS,
    ranked: {
      guests: e.RANKED_GUESTS === "1",
      minGames: e.RANKED_MIN_GAMES,
      acceptSeconds: e.RANKED_ACCEPT_SECONDS,
      pairGamesPerDay: e.RANKED_PAIR_GAMES_PER_DAY,
      abortSteps: e.RANKED_ABORT_STEPS,
      sameAddress: e.RANKED_SAME_ADDRESS === "1",
      poolMixMs: e.RANKED_POOL_MIX_SECONDS * 1000,
      tableWaits: parseTableWaits(e.RANKED_TABLE_WAITS),
    },
    secureCookies: e.PUBLIC_URL?.startsWith("https://") ?? false,
    publicUrl: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : null,
    metricsPort: e.METRICS_PORT ?? null,
    metricsHost: e.METRICS_HOST,
    production: e.NODE_ENV === "production",
    renamesPerDay: e.RENAMES_PER_DAY,
    readCacheMs: e.READ_CACHE_MS,
    journal: e.JOURNAL === "1",
    storeAtStart: e.STORE_AT_START === "1",
    leaseMs: e.LEASE_MS,
    redisWait: { replicas: e.REDIS_WAIT_REPLICAS, ms: e.REDIS_WAIT_MS },
    limits: {
      signInsPerMinute: e.SIGN_INS_PER_MINUTE,
      reads: { perSecond: e.READS_PER_SECOND, burst: e.READS_BURST },
      processReads: { perSecond: e.PROCESS_READS_PER_SECOND, burst: Math.max(10, Math.round(e.PROCESS_READS_PER_SECOND * 2)) },
      lockAfter: e.ACCOUNT_LOCK_AFTER,
      lockGlobalAfter: e.ACCOUNT_LOCK_GLOBAL_AFTER,
      lockMaxSeconds: e.ACCOUNT_LOCK_MAX_SECONDS,
      tableSize: e.LIMIT_TABLE_SIZE,
      redisTimeoutMs: e.LIMITS_REDIS_TIMEOUT_MS,
      hashConcurrency: e.PASSWORD_HASH_CONCURRENCY,
      hashQueue: e.PASSWORD_HASH_QUEUE,
      passwordMinScore: e.PASSWORD_MIN_SCORE,
    },
  };
}
