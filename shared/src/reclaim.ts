/**
 * How a client takes its seat back when its table's connection drops (docs/OPERATIONS.md,
 * "Crash survival"). One policy for the page (client/src/net/connection.ts) and for
 * the resume tests and benchmark, so their figures are the page's:
 *
 * 1. The SDK retries the same socket a few times, quickly (a network blip: the process is alive
 *    and keeps the seat for its reconnection window). Set on each joined room:
 *    `room.reconnection.maxRetries = RECLAIM.socketRetries; room.reconnection.delay = RECLAIM.socketDelayMs`
 *    (the SDK waits 2^n x delay before try n, at least 100 ms: 100, 200, 400 ms).
 * 2. Then through matchmaking (`reclaimSeat`): the saved reconnection token once, then
 *    `joinById(roomId, { playerId })` every `retryMs` while the answer says the table is moving
 *    (its process died and a peer is resuming it; the server holds such a join until the table
 *    is back, for a few seconds) or paused, for at most `windowMs`. While the server cannot be
 *    reached at all (stopped for a restart: "Failed to fetch"), the tries back off up to
 *    `maxNetworkBackoffMs`. A 429 (players sharing an
 *    address, all reclaiming after a cluster-wide stop) is not an end: the next try waits as
 *    `retryDelayMs` says (the server's Retry-After at least, doubling with jitter up to
 *    `maxBackoffMs`).
 */
export const RECLAIM = {
  socketRetries: 3,
  socketDelayMs: 50,
  retryMs: 500,
  windowMs: 20_000,
  /** The longest wait between two tries after a 429 (a Retry-After longer than this is honoured, up to maxRetryAfterMs). */
  maxBackoffMs: 8_000,
  /**
   * The longest wait between two tries while the server cannot be reached at all ("Failed to
   * fetch": stopped for a restart): short, as the seat should come back soon after the server does.
   */
  maxNetworkBackoffMs: 2_000,
  /** A Retry-After longer than this is read as this (a broken or hostile header must not park the page for hours). */
  maxRetryAfterMs: 60_000,
} as const;

/** Start of the server's answer for a table that cannot come back (its process died and left no journal). */
export const TABLE_GONE = "table-gone";

/** Start of the server's answer (503) for a table whose host cannot reach Redis for the moment: try again shortly. */
export const TABLE_PAUSED = "table-paused";

/** Start of the server's answer for a table whose game was over when its process stopped. */
export const TABLE_ENDED = "table-ended";

/** The parts of an SDK client `reclaimSeat` uses, and the clock it keeps time by (shared/ reads none itself). */
export interface ReclaimClient<R> {
  reconnect(token: string): Promise<R>;
  joinById(roomId: string, options: Record<string, unknown>): Promise<R>;
  now(): number;
  wait(ms: number): Promise<void>;
  /** In [0, 1): the jitter of the back-off after a 429 (the caller's randomness: shared/ draws none). */
  random(): number;
}

export type ReclaimOutcome<R> = { readonly room: R } | { readonly failed: string; readonly gone: boolean; readonly ended: boolean };

/**
 * The text of a failed request (an Error's message, or the value itself). A join whose socket
 * closed before the seat was taken (the process stopped between the matchmaking answer and the
 * connection) comes from the SDK as the close code with no words: it is named so, and is
 * transient like any connection lost to a stopping server.
 */
export function messageOf(err: unknown): string {
  const raw = (err as { message?: unknown } | null)?.message ?? err;
  const text = raw === undefined || raw === null ? "" : String(raw);
  const code = (err as { code?: unknown } | null)?.code;
  // The socket's error event carries no code at all; its close event carries the close code.
  if (text.trim() === "" && (code === undefined || (typeof code === "number" && SOCKET_CLOSED.has(code))))
    return `connection closed (${String(code ?? "error")}) before the seat was taken`;
  return text;
}

/** WebSocket close codes of a connection lost under the join: abnormal, going away, server shutdown (Colyseus 4001), "may try reconnect". */
const SOCKET_CLOSED: ReadonlySet<number> = new Set([1001, 1005, 1006, 1011, 1012, 1013, 4001, 4010]);

/**
 * A failure worth another try: the table is moving or not back yet, its old host is silent, the
 * shared store is away, the network failed, or the seat reservation's call to a busy host timed
 * out (Colyseus words that "<roomId> is already full"; the seat is the player's own, so it is
 * not: a reclaim is for a seat the table holds for this player), or an empty answer from a
 * process closing its connections as it hands its tables over ("Unexpected end of JSON input"). `notFoundFinal`: the table cannot have been journalled
 * (no game was dealt), so "not found" means it is gone.
 */
export function transientJoinError(err: unknown, notFoundFinal = false): boolean {
  const text = messageOf(err);
  if (text.includes(TABLE_GONE) || text.includes(TABLE_ENDED)) return false;
  if (notFoundFinal && /not found/i.test(text)) return false;
  return (
    rateLimited(err) ||
    /not found|timed out|unavailable|not available|moving|paused|gateway|locked|fetch|network|already full|end of json|connection closed|50[234]/i.test(
      text,
    )
  );
}

/** The server could not be reached at all (no answer: it is stopped or restarting, or the network is down). */
export function unreachable(err: unknown): boolean {
  return /failed to fetch|fetch failed|networkerror|load failed|econnrefused|connection closed/i.test(messageOf(err));
}

/** A 429 answer (the SDK's error carries the status as `code`, and the response headers). */
export function rateLimited(err: unknown): boolean {
  const e = err as { code?: unknown; status?: unknown } | null;
  return e?.code === 429 || e?.status === 429 || /\(429\)|too many|rate-limited/i.test(messageOf(err));
}

/** The Retry-After of a failed request, in ms (seconds or an HTTP date), or null. */
export function retryAfterMs(err: unknown, now: number): number | null {
  const headers = (err as { headers?: { get?(name: string): string | null } | Record<string, unknown> } | null)?.headers;
  const raw =
    typeof headers?.get === "function" ? headers.get("retry-after") : (headers as Record<string, unknown> | undefined)?.["retry-after"];
  if (typeof raw !== "string" || raw.trim() === "") return null;
  const seconds = Number(raw);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(raw) - now;
  return Number.isFinite(ms) && ms >= 0 ? Math.min(ms, RECLAIM.maxRetryAfterMs) : null;
}

/**
 * How long to wait before try `n + 1` (n = 0 after the first failure) of a reclaim that failed
 * with `err`: `retryMs` for a table moving or paused (the server holds or answers at once); while
 * the server cannot be reached, doubling from `retryMs` with equal jitter up to
 * `maxNetworkBackoffMs` (a page does not hammer a stopped server, and is back soon after it); after
 * a 429, exponential from `retryMs` with "equal jitter" (half fixed, half random, so players
 * sharing an address spread out) up to `maxBackoffMs`, and never sooner than the server's
 * Retry-After. `random` in [0, 1).
 */
export function retryDelayMs(err: unknown, n: number, random: number, now = 0): number {
  if (unreachable(err)) {
    const exp = Math.min(RECLAIM.maxNetworkBackoffMs, RECLAIM.retryMs * 2 ** Math.min(n, 16));
    return Math.round(exp / 2 + random * (exp / 2));
  }
  if (!rateLimited(err)) return RECLAIM.retryMs;
  const exp = Math.min(RECLAIM.maxBackoffMs, RECLAIM.retryMs * 2 ** Math.min(n, 16));
  const jittered = exp / 2 + random * (exp / 2);
  return Math.round(Math.max(jittered, retryAfterMs(err, now) ?? 0));
}

/**
 * The page's resume loop around `reclaimSeat`: whether a reclaim that came back without a seat is
 * tried again (the table is moving or paused, the server is away or busy, or it said 429: the
 * next window backs off again), not given up (unknown, gone, ended, full).
 */
export function stillComing(failed: string): boolean {
  return (
    /moving|paused|unavailable|not available|gateway|fetch|network|connection closed|timed out|too many|rate-limited|\(429\)|50[234]/i.test(
      failed,
    ) && !new RegExp(`${TABLE_GONE}|${TABLE_ENDED}`).test(failed)
  );
}

/** Step 2 above: the seat back through matchmaking, or why not (`gone`: the table cannot come back). */
export async function reclaimSeat<R>(
  client: ReclaimClient<R>,
  seat: { readonly token?: string | null | undefined; readonly roomId: string },
  options: Record<string, unknown>,
  how: { readonly notFoundFinal?: boolean; readonly windowMs?: number } = {},
): Promise<ReclaimOutcome<R>> {
  if (seat.token) {
    try {
      return { room: await client.reconnect(seat.token) };
    } catch {
      // The token is only good on the process that gave it (alive, within the window); the seat
      // itself is found by playerId.
    }
  }
  for (let n = 0, end = client.now() + (how.windowMs ?? RECLAIM.windowMs); ; n++) {
    try {
      return { room: await client.joinById(seat.roomId, options) };
    } catch (err) {
      const text = messageOf(err);
      if (client.now() > end || !transientJoinError(err, how.notFoundFinal)) {
        return {
          failed: text,
          gone: text.includes(TABLE_GONE) || (how.notFoundFinal === true && /not found/i.test(text)),
          ended: text.includes(TABLE_ENDED),
        };
      }
      // A 429 backs off (and may outlast the window: the next try is still made once).
      await client.wait(retryDelayMs(err, rateLimited(err) || unreachable(err) ? n : 0, client.random(), client.now()));
    }
  }
}
