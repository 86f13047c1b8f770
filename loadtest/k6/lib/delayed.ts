/**
 * A simulated one-way network path: each message waits `base + jitter` ms and messages keep
 * their order, like TCP (a later one never overtakes an earlier one). Works on k6 and Node.
 */
export class DelayedPath {
  private lastAt = 0;
  /** How late (ms) the last delivered message came out of this path against its plan (a starved load generator's own stall). */
  lateMs = 0;

  constructor(
    readonly baseMs: number,
    readonly jitterMs: number,
    private readonly rnd: () => number,
  ) {}

  send(fn: () => void): void {
    if (this.baseMs <= 0 && this.jitterMs <= 0) return fn();
    const at = Math.max(this.lastAt, Date.now() + this.baseMs + this.rnd() * this.jitterMs);
    this.lastAt = at;
    setTimeout(
      () => {
        this.lateMs = Math.max(0, Date.now() - at);
        fn();
      },
      Math.max(0, at - Date.now()),
    );
  }
}
