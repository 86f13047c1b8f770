/**
 * One process's limits (docs/SECURITY.md): every per-address limit (sign-in, account creation,
 * matchmaking, API reads) through one implementation keyed by `addressKey` (IPv6 by /64), the
 * per-account lock, and the password hasher. Without REDIS_URL they live in bounded LRU tables in
 * this process; with it in Redis, shared by every process.
 *
 * Made once per ServerConfig (`limitsFor`), so the HTTP gate, the account routes and the read
 * routes share the same tables without passing them around.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { newRedis } from "../redis-url/redis-url.ts";
import type { ServerConfig } from "../config.ts";
import { logger } from "../logger.ts";
import { clientAddress } from "../net/client-address.ts";
import { MemoryAccountLock, RedisAccountLock } from "./account-lock.ts";
import { SignInLock } from "./sign-in-lock.ts";
import { CodeGuesses } from "./code-guesses.ts";
import { addressKey } from "./address-key.ts";
import { MemoryLimiter, RedisLimiter, limitRefused, type FailureMode, type KeyedLimiter, type Rate, type Verdict } from "./gcra.ts";
import { PasswordsBusy, configurePasswords, passwordBusy, type PasswordHasher } from "./passwords.ts";
import { passwordProblem } from "./password-policy.ts";
import type { ReadCache } from "../net/read-cache.ts";

export { addressKey } from "./address-key.ts";
export { PasswordsBusy } from "./passwords.ts";
export { passwordProblem } from "./password-policy.ts";

export interface Limits {
  readonly signIn: KeyedLimiter;
  readonly accounts: KeyedLimiter;
  readonly matchmake: KeyedLimiter;
  readonly reads: KeyedLimiter;
  /** Table chat lines per account (social/chat/): 5 at once, then one every 2 s. */
  readonly chat: KeyedLimiter;
  /** Friend requests per account (social/friends/): 10 at once, then one every 3 minutes. */
  readonly friendRequests: KeyedLimiter;
  /** Friend requests per account and day (social/friends/): 20, refilling over a day. */
  readonly friendRequestsDaily: KeyedLimiter;
  /** Invitations to a table per account (social/friends/): 5 at once, then one every 10 s. */
  readonly invites: KeyedLimiter;
  /** New personal tokens and sessions from old signed tokens, per account: 20 at once, then 30 an hour. */
  readonly sessionMints: KeyedLimiter;
  /** All reads this process serves, whatever their addresses: what a botnet's many allowances add up to. */
  readonly processReads: MemoryLimiter;
  readonly accountLock: SignInLock;
  /** Lookups of unknown table codes, per address and for all (code-guesses.ts). */
  readonly codeGuesses: CodeGuesses;
  readonly passwords: PasswordHasher;
  /** The limit key of a request's client address. */
  keyOf(req: IncomingMessage): string;
  close(): Promise<void>;
}

/** Chat lines per account: a short burst, then one every two seconds. */
export const CHAT_RATE: Rate = { perSecond: 0.5, burst: 5 };
/** Friend requests per account: a burst of 10, then 20 an hour. */
export const FRIEND_REQUEST_RATE: Rate = { perSecond: 1 / 180, burst: 10 };
/** Friend requests per account and day, on top of FRIEND_REQUEST_RATE: 20, refilling over a day. */
export const FRIEND_REQUEST_DAILY_RATE: Rate = { perSecond: 20 / 86_400, burst: 20 };
/** Invitations per account: a burst of 5, then one every 10 s. */
export const INVITE_RATE: Rate = { perSecond: 0.1, burst: 5 };
/** New sessions and tokens per account: a burst of 20, then 30 an hour. */
export const SESSION_MINT_RATE: Rate = { perSecond: 30 / 3600, burst: 20 };

const made = new WeakMap<ServerConfig, Limits>();

export function limitsFor(config: ServerConfig): Limits {
  let limits = made.get(config);
  if (!limits) made.set(config, (limits = createLimits(config)));
  return limits;
}

function createLimits(config: ServerConfig): Limits {
  const s = config.limits;
  const redis =
    config.redisUrl === null
      ? null
      : newRedis(config.redisUrl, { maxRetriesPerRequest: 1, commandTimeout: s.redisTimeoutMs, lazyConnect: false });
  redis?.on("error", (err: Error) => logger.debug({ err: err.message }, "limits: redis error"));
  const limiter = (name: string, rate: Rate, failure: FailureMode): KeyedLimiter => {
    const memory = new MemoryLimiter(name, rate, s.tableSize);
    return redis ? new RedisLimiter(name, rate, redis, failure, memory, s.redisTimeoutMs) : memory;
  };
  const lockSettings = { after: s.lockAfter, maxMs: s.lockMaxSeconds * 1000, windowMs: 24 * 3_600_000 };
  const ceilingSettings = { ...lockSettings, after: s.lockGlobalAfter };
  const passwords = configurePasswords({ concurrency: s.hashConcurrency, queue: s.hashQueue, nice: 19 });
  void passwords.start().catch((err: unknown) => logger.error({ err }, "limits: the password hasher did not start"));
  // zxcvbn builds its dictionaries on first use (~0.3 s): once at start, not in a player's request.
  setTimeout(() => passwordProblem("warm up the dictionaries", {}, 0), 0).unref();
  return {
    signIn: limiter("sign-in", { perSecond: s.signInsPerMinute / 60, burst: Math.max(1, Math.round(s.signInsPerMinute)) }, "closed"),
    accounts: limiter("accounts", { perSecond: config.accountsPerHour / 3600, burst: config.accountsPerHour }, "open"),
    matchmake: limiter("matchmake", config.matchmakeRate, "open"),
    reads: limiter("reads", s.reads, "open"),
    chat: limiter("chat", CHAT_RATE, "open"),
    friendRequests: limiter("friend-requests", FRIEND_REQUEST_RATE, "open"),
    friendRequestsDaily: limiter("friend-requests-daily", FRIEND_REQUEST_DAILY_RATE, "open"),
    invites: limiter("friend-invites", INVITE_RATE, "open"),
    sessionMints: limiter("session-mints", SESSION_MINT_RATE, "open"),
    processReads: new MemoryLimiter("process-reads", s.processReads, 1),
    accountLock: redis
      ? new SignInLock(
          new RedisAccountLock(lockSettings, redis, s.redisTimeoutMs),
          new RedisAccountLock(ceilingSettings, redis, s.redisTimeoutMs),
        )
      : new SignInLock(new MemoryAccountLock(lockSettings, s.tableSize), new MemoryAccountLock(ceilingSettings, s.tableSize)),
    codeGuesses: new CodeGuesses(
      { after: config.codeMisses.after, maxMs: s.lockMaxSeconds * 1000, windowMs: 3_600_000 },
      limiter("code-misses", { perSecond: config.codeMisses.perSecond, burst: Math.ceil(config.codeMisses.perSecond * 10) }, "open"),
      s.tableSize,
      redis,
      s.redisTimeoutMs,
    ),
    passwords,
    keyOf: (req) => addressKey(clientAddress(req, config.trustProxy)),
    async close() {
      made.delete(config);
      await passwords.close();
      redis?.disconnect();
    },
  };
}

function send(res: ServerResponse, status: number, retryAfterMs: number, body: { error: string; message: string }): void {
  res.writeHead(status, { "content-type": "application/json", "retry-after": String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });
  res.end(JSON.stringify(body));
}

/** The refusal a limit's verdict calls for (429 or, when its store did not answer, 503), with Retry-After. */
export function refuseRequest(res: ServerResponse, limit: string, verdict: Verdict, message: string): void {
  limitRefused.inc({ limit, why: verdict.unavailable ? "unavailable" : "limited" });
  if (verdict.unavailable)
    send(res, 503, verdict.retryAfterMs, {
      error: "unavailable",
      message: "The server cannot check limits right now: try again in a moment",
    });
  else send(res, 429, verdict.retryAfterMs, { error: "rate-limited", message });
}

/** Takes one request from `limiter` for the client's address; false (and the response sent) when refused. */
export async function admitted(
  limits: Limits,
  limiter: KeyedLimiter,
  req: IncomingMessage,
  res: ServerResponse,
  message: string,
): Promise<boolean> {
  const verdict = await limiter.take(limits.keyOf(req));
  if (verdict.ok) return true;
  refuseRequest(res, limiter.name, verdict, message);
  return false;
}

/** How long a refused read's 429 is held back. */
const READ_REFUSAL_DELAY_MS = 1000;
const MAX_HELD = 1000;
let held = 0;

/** API reads: GET or HEAD under /api/. */
export const isApiRead = (req: IncomingMessage): boolean =>
  (req.method === "GET" || req.method === "HEAD") && req.url !== undefined && req.url.startsWith("/api/");

/**
 * An API read's limits, checked in the HTTP gate before Express sees the request (a refused
 * flood costs the parse and this, nothing more): the address's (429, held back a second),
 * then, unless `cache` answers it (a public page read moments ago: net/read-cache.ts), the
 * process's budget for reads from all addresses (503 past it). True: serve it; a promise when
 * Redis decides. `pass` sends on through Express a request that waited for a read in flight
 * whose answer could not be kept.
 */
export function admitRead(
  limits: Limits,
  req: IncomingMessage,
  res: ServerResponse,
  cache: ReadCache | null = null,
  pass: () => void = () => undefined,
): boolean | Promise<boolean> {
  const decide = (v: Verdict): boolean => {
    if (!v.ok) {
      // Answered after a second (Retry-After still says when the next read may come): a client flooding over keep-alive connections slows itself down.
      const answer = () => {
        if (!res.destroyed && !res.headersSent) refuseRequest(res, limits.reads.name, v, "Too many requests from this address: slow down");
      };
      // At most MAX_HELD at once: an open-loop flood is answered at once rather than holding ever more sockets.
      if (v.unavailable || held >= MAX_HELD) return (answer(), false);
      held++;
      setTimeout(() => {
        held--;
        answer();
      }, READ_REFUSAL_DELAY_MS).unref();
      return false;
    }
    // A public page kept in memory costs no database query and no Express: answered before the process's budget is spent.
    if (cache?.answer(req, res, pass)) return false;
    const all = limits.processReads.take("*");
    if (all.ok) {
      cache?.fill(req, res);
      return true;
    }
    limitRefused.inc({ limit: "process-reads", why: "busy" });
    send(res, 503, all.retryAfterMs, { error: "busy", message: "The server is answering too many requests: try again in a moment" });
    return false;
  };
  const verdict = limits.reads.take(limits.keyOf(req));
  return verdict instanceof Promise ? verdict.then(decide) : decide(verdict);
}

/**
 * A sign-in attempt's limits, in order: the address's (IPv6: its /64), then the username's lock
 * (sign-in-lock.ts: from this address or this browser's device cookie `device`, then the
 * username-wide ceiling unless the browser has one; unknown usernames alike). False, with the
 * 429/503 sent, when either refuses.
 */
export async function signInAllowed(
  limits: Limits,
  req: IncomingMessage,
  res: ServerResponse,
  username: string,
  device: string | null,
): Promise<boolean> {
  if (!(await admitted(limits, limits.signIn, req, res, "Too many attempts from this address: try again later"))) return false;
  // A full hashing queue answers before the username's count or the database are touched.
  if (limits.passwords.saturated) {
    passwordBusy.inc();
    throw new PasswordsBusy(1);
  }
  const verdict = await limits.accountLock.attempt(username, { address: limits.keyOf(req), device });
  if (verdict.ok) return true;
  refuseRequest(res, "account-lock", verdict, "Too many attempts for this username: try again later");
  return false;
}
