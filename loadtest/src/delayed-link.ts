/**
 * A simulated network path for a bench client: every message waits `base + jitter` ms, and
 * messages keep their order (like TCP), so a later message never overtakes an earlier one.
 */
export class DelayedLink {
  private lastAt = 0;

  constructor(
    readonly baseMs: number,
    readonly jitterMs: number,
    private readonly random: () => number,
  ) {}

  send(fn: () => void): void {
    const at = Math.max(this.lastAt, performance.now() + this.baseMs + this.random() * this.jitterMs);
    this.lastAt = at;
    setTimeout(fn, Math.max(0, at - performance.now()));
  }
}
