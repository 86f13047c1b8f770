/**
 * Quick play seats habitual leavers together (docs/API.md, "Conduct"): an account whose recent
 * record is poor (policy.ts `poorConduct`: the same test the ranked queue groups by) is matched
 * only with tables of its own pool, by a suffix on the quick-play key (`mode`) that the server
 * sets at matchmaking and the client cannot remove. Nobody is banned from casual play; a guest, or
 * an account whose record the store cannot give at once, plays in the common pool.
 *
 * Looked up once a minute per account at most (a small cache), and never by starting embedded
 * PGlite from the matchmaking path (`Platform.identifyForTable`).
 */
import type { HeaderBag } from "../accounts/auth.ts";

/** The quick-play key suffix of the leavers' pool. */
export const LEAVERS_POOL = "|leavers";

/** The leavers' pool's key for a quick-play key (already in it: unchanged). */
export function leaversMode(mode: string): string {
  return mode.endsWith(LEAVERS_POOL) ? mode : mode + LEAVERS_POOL;
}

/** True when `mode` is the table's own key or its leavers'-pool key. */
export function modeMatches(joinMode: string, tableMode: string): boolean {
  return joinMode === tableMode || joinMode === tableMode + LEAVERS_POOL;
}

export interface PoolLookups {
  /** The account a matchmaking request carries (cookie or token), without starting PGlite. */
  account(headers: HeaderBag | undefined, token: unknown): Promise<string | null>;
  /** Whether that account's recent record is poor. */
  poor(accountId: string): Promise<boolean>;
}

const TTL_MS = 60_000;
const MAX_CACHED = 10_000;

export class QuickPlayPools {
  private readonly cache = new Map<string, { poor: boolean; until: number }>();

  constructor(
    private readonly lookups: PoolLookups,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when this request's player belongs to the leavers' pool; any failure: the common pool. */
  async isPoor(headers: HeaderBag | undefined, token: unknown): Promise<boolean> {
    try {
      const id = await this.lookups.account(headers, token);
      if (id === null) return false;
      const now = this.now();
      const hit = this.cache.get(id);
      if (hit && hit.until > now) return hit.poor;
      const poor = await this.lookups.poor(id);
      this.cache.delete(id);
      this.cache.set(id, { poor, until: now + TTL_MS });
      if (this.cache.size > MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
      return poor;
    } catch {
      return false;
    }
  }
}
