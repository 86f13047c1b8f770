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
 *    is back, for a few seconds), for at most `windowMs`.
 */
export const RECLAIM = {
  socketRetries: 3,
  socketDelayMs: 50,
  retryMs: 500,
  windowMs: 20_000,
} as const;

/** Start of the server's answer for a table that cannot come back (its process died and left no journal). */
export const TABLE_GONE = "table-gone";

/** Start of the server's answer for a table whose game was over when its process stopped. */
export const TABLE_ENDED = "table-ended";

/** The parts of an SDK client `reclaimSeat` uses, and the clock it keeps time by (shared/ reads none itself). */
export interface ReclaimClient<R> {
  reconnect(token: string): Promise<R>;
  joinById(roomId: string, options: Record<string, unknown>): Promise<R>;
  now(): number;
  wait(ms: number): Promise<void>;
}

export type ReclaimOutcome<R> = { readonly room: R } | { readonly failed: string; readonly gone: boolean; readonly ended: boolean };

/** The text of a failed request (an Error's message, or the value itself). */
export function messageOf(err: unknown): string {
  return String((err as { message?: unknown } | null)?.message ?? err);
}

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
  return /not found|timed out|unavailable|not available|moving|gateway|locked|fetch|network|already full|end of json|50[234]/i.test(text);
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
  for (const end = client.now() + (how.windowMs ?? RECLAIM.windowMs); ;) {
    try {
      return { room: await client.joinById(seat.roomId, options) };
    } catch (err) {
      const text = messageOf(err);
      if (client.now() > end || !transientJoinError(err, how.notFoundFinal)) {
        return { failed: text, gone: text.includes(TABLE_GONE) || (how.notFoundFinal === true && /not found/i.test(text)), ended: text.includes(TABLE_ENDED) };
      }
      await client.wait(RECLAIM.retryMs);
    }
  }
}
