/**
 * How much a client's claims may beat the server's own estimate, race after race (issue 28
 * item 3; like Lichess's lag-compensation quota). An honest claim beats the estimate
 * (arrival - reveal - round trip) by about the client's render time, plus whatever queueing
 * delayed this one message. A lying client that stays just inside every plausibility check
 * (the card "shown" as late as allowed, the press "made" as early as allowed) beats it by the
 * full tolerances, every time. So each claim gets `FREE_MS` (plus the client's jitter, capped)
 * for nothing; the excess is paid from a bucket that holds `BUCKET_MS` and refills `REFILL_MS`
 * per press; once it is empty, the claim counts only as far as the allowance and the bucket go
 * (the reaction time is raised to `estimate - allowance - bucket`). An honest client rarely
 * touches the bucket; a liar's average gain is about the allowance plus the refill.
 */
export const FREE_MS = 8;
/** The most jitter adds to the free allowance (ms). */
export const JITTER_ALLOWANCE_MAX_MS = 4;
export const BUCKET_MS = 60;
export const REFILL_MS = 2;

export class ClaimQuota {
  private bucket = BUCKET_MS;
  /** Total ms of claims not credited (for logs and the fair-play profile). */
  withheld = 0;

  get available(): number {
    return this.bucket;
  }

  /**
   * The reaction time to use for an accepted claim `claimedMs` against the server's estimate
   * `estimateMs`, spending (or refilling) the bucket.
   */
  settle(claimedMs: number, estimateMs: number, jitterMs: number): number {
    const allowance = FREE_MS + Math.min(Math.max(0, jitterMs), JITTER_ALLOWANCE_MAX_MS);
    const excess = estimateMs - claimedMs - allowance;
    this.bucket = Math.min(BUCKET_MS, this.bucket + REFILL_MS);
    if (excess <= 0) return claimedMs;
    const paid = Math.min(excess, this.bucket);
    this.bucket -= paid;
    this.withheld += excess - paid;
    return claimedMs + (excess - paid);
  }
}
