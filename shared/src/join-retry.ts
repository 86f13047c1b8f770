/**
 * A join by invite code (or a watch) that fails for a moment is tried again before the player
 * is told: the seat reservation's call to the table's process timed out on a busy or just-moved
 * host (Colyseus: "process … is not available", code 523), the table is moving or paused (503), the shared
 * store or the network was away. A full table, an unknown code or a table that cannot come back
 * is answered at once. The same transient failures as a reclaim (`transientJoinError`), less
 * those that mean something else to a newcomer ("already full", "not found", "locked").
 */
import { messageOf, rateLimited, transientJoinError } from "./reclaim.ts";

/** Waits before each further try: 4 tries within ~3.5 s plus the tries' own time. */
export const JOIN_RETRY_WAITS_MS: readonly number[] = [500, 1_000, 2_000];

export function retryableJoinError(err: unknown): boolean {
  // A 429 is the player's own pace: told at once (with its sentence), not tried again behind its back.
  return transientJoinError(err) && !rateLimited(err) && !/already full|not found|locked/i.test(messageOf(err));
}

/** `attempt`, tried again after each wait while it fails with a retryable error; the last error otherwise. */
export async function withJoinRetries<T>(
  attempt: () => Promise<T>,
  wait: (ms: number) => Promise<void>,
  waits: readonly number[] = JOIN_RETRY_WAITS_MS,
): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await attempt();
    } catch (err) {
      if (i >= waits.length || !retryableJoinError(err)) throw err;
      await wait(waits[i]!);
    }
  }
}
