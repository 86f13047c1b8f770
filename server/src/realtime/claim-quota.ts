/**
 * How much a client's claims may beat the server's own estimate, race after race (a lying
 * client's defence; like Lichess's lag-compensation quota). An honest claim beats the estimate
 * (arrival - reveal - round trip) by about the client's render time, plus whatever queueing
 * delayed this one message. A lying client that stays just inside every plausibility check
 * (the card "shown" as late as allowed, the press "made" as early as allowed) beats it by the
 * full tolerances, every time. So each claim gets `FREE_MS` (plus the client's jitter, capped)
 * for nothing; the excess is paid from a bucket that holds at most `BUCKET_MS`; once it is
 * empty, the claim counts only as far as the allowance and the bucket go (the reaction time is
 * raised to `estimate - allowance - bucket`).
 *
 * The bucket is earned, not given ("a quota a rejoin cannot refill"): a fresh
 * player's starts at `START_MS` (a fifth of it), and only an honest claim (one within the free
 * allowance) adds `REFILL_MS`. It belongs to the player at the table, not to a connection
 * (`ClaimQuotas`, kept by the table's `NetMonitor`): leaving and taking the seat back, a fresh
 * connection with the same playerId (the orphan-session takeover) or the same account from
 * another connection find the bucket, and the claim time withheld, where they left them. A new
 * identity (another account, another table) starts at `START_MS`, so it buys little either. A
 * liar's average gain is about the free allowance; an honest client rarely touches the bucket.
 */
export const FREE_MS = 8;
/**
 * The most jitter adds to the free allowance (ms). The jitter is the transport's
 * (`LatencyEstimator.transportJitter`: WebSocket ping frames the page cannot hold back, the
 * typical round trip's excess over the best, counted only after `JITTER_SAMPLES` of them on the
 * connection), so a liar gets more only on a link that really is that jittery, where an honest
 * player's claims beat the estimate by as much. At 4 ms, honest players at 20 ms of jitter drained
 * their buckets (bench:fairness: slaps judged right 87.5-89.6 %); at 16 ms they are whole (100 %), and
 * bench:cheat's worst liar (its own link made 20 ms jittery) gains 7.4 ms, and 1.1 % of races are won
 * against a player 30 ms faster (docs/FAIRNESS.md).
 */
export const JITTER_ALLOWANCE_MAX_MS = 16;
export const BUCKET_MS = 60;
export const REFILL_MS = 2;
/**
 * A fresh player's bucket (ms). Chosen by measurement (docs/FAIRNESS.md, "The claim quota's
 * lifecycle"): empty, honest players' first races at a table were judged wrong in 0.5 % of close
 * races at jitter up to 20 ms (their render time and jitter beat the allowance); 12 ms takes that
 * to 0.05-0.3 %, while a liar who comes as a new player to every race gains 4.7 ms on average (60:
 * 34 ms, and 32 % of races won against an honest player 30 ms faster).
 */
export const START_MS = 12;

export class ClaimQuota {
  private bucket: number;
  /** Total ms of claims not credited (for logs and the fair-play profile). */
  withheld = 0;

  constructor(startMs = START_MS) {
    this.bucket = Math.min(BUCKET_MS, Math.max(0, startMs));
  }

  get available(): number {
    return this.bucket;
  }

  /**
   * The reaction time to use for an accepted claim `claimedMs` against the server's estimate
   * `estimateMs`, spending the bucket (or, for an honest claim, adding to it).
   */
  settle(claimedMs: number, estimateMs: number, jitterMs: number): number {
    const allowance = FREE_MS + Math.min(Math.max(0, jitterMs), JITTER_ALLOWANCE_MAX_MS);
    const excess = estimateMs - claimedMs - allowance;
    if (excess <= 0) {
      this.bucket = Math.min(BUCKET_MS, this.bucket + REFILL_MS);
      return claimedMs;
    }
    const paid = Math.min(excess, this.bucket);
    this.bucket -= paid;
    this.withheld += excess - paid;
    return claimedMs + (excess - paid);
  }
}

/** Identities whose quotas a table keeps at most (the least recently seated go first; a forgotten player starts again at `START_MS`, as a new one does). */
export const QUOTAS_KEPT = 64;

/**
 * One table's claim quotas, by player (`playerKey`): what a seat's connections share, whichever
 * connection the player comes back on.
 */
export class ClaimQuotas {
  private readonly byPlayer = new Map<string, ClaimQuota>();

  /**
   * The player's quota: the one any of its identities (`playerKeys`: its account, its seat's
   * playerId) already has, else a fresh one; from then on every identity given finds it (a player
   * who drained it signed in cannot start afresh by taking the seat back signed out).
   */
  of(player: string | readonly string[]): ClaimQuota {
    const keys = typeof player === "string" ? [player] : player;
    let quota: ClaimQuota | undefined;
    for (const key of keys) quota ??= this.byPlayer.get(key);
    quota ??= new ClaimQuota();
    for (const key of keys) {
      this.byPlayer.delete(key);
      this.byPlayer.set(key, quota);
    }
    while (this.byPlayer.size > QUOTAS_KEPT) this.byPlayer.delete(this.byPlayer.keys().next().value!);
    return quota;
  }

  get size(): number {
    return this.byPlayer.size;
  }
}

/**
 * Who a seated connection is, for its quota: the account when the join brought one (a second
 * connection or playerId of the same account shares it), else the seat's playerId (the browser's
 * seat secret: a reclaim or takeover brings it back), else the connection alone.
 */
export function playerKeys(account: string | null, playerId: string | null, sessionId: string): string[] {
  const keys = [...(account !== null ? [`account:${account}`] : []), ...(playerId !== null ? [`player:${playerId}`] : [])];
  return keys.length > 0 ? keys : [`session:${sessionId}`];
}

/** The first of `playerKeys`. */
export function playerKey(account: string | null, playerId: string | null, sessionId: string): string {
  if (account !== null) return `account:${account}`;
  if (playerId !== null) return `player:${playerId}`;
  return `session:${sessionId}`;
}
