/** A token bucket per client: `burst` messages at once, refilled at `perSecond`. */
export class RateLimiter {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    now: number,
  ) {
    this.tokens = burst;
    this.last = now;
  }

  /** True when a message could pass now (spends nothing). */
  peek(now: number): boolean {
    return Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond) >= 1;
  }

  /** True when a message may pass now (and spends a token). */
  take(now: number): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
