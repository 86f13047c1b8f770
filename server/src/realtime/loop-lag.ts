/**
 * How late this process's event loop has been running, recently. A message that reached the
 * socket while the loop was busy (a long step, a garbage collection) is handled, and stamped,
 * up to that long after it arrived; the slap adjudication allows for it instead of judging an
 * honest, late-stamped claim implausible. One sampler per process, started on first use.
 */
const SAMPLE_MS = 20;
const KEEP_MS = 3_000;

/** Sample times (server epoch ms) and how late each sample fired. */
const at: number[] = [];
const lag: number[] = [];
let timer: ReturnType<typeof setInterval> | null = null;
let last = 0;

const now = (): number => performance.timeOrigin + performance.now();

function sample(): void {
  const t = now();
  at.push(t);
  lag.push(Math.max(0, t - last - SAMPLE_MS));
  last = t;
  while (at.length > 0 && at[0]! < t - KEEP_MS) {
    at.shift();
    lag.shift();
  }
}

function start(): void {
  if (timer) return;
  last = now();
  timer = setInterval(sample, SAMPLE_MS);
  timer.unref();
}

/**
 * The longest the loop stalled between `since` and now (server epoch ms), including a stall
 * still in progress (the time since the last sample beyond one interval).
 */
export function stallSince(since: number): number {
  start();
  let worst = Math.max(0, now() - last - SAMPLE_MS);
  for (let i = at.length - 1; i >= 0 && at[i]! >= since; i--) worst = Math.max(worst, lag[i]!);
  return worst;
}

/** How soon after a reveal is stamped it leaves in the next patch (the table's clock ticks every 16 ms), with slack (ms). */
export const REVEAL_FLUSH_MS = 40;

/**
 * The stalls that can have made one press's timing late, for the claim quota (claim-quota.ts): one
 * that began while the reveal stamped at `revealAt` was still on its way out (within
 * `REVEAL_FLUSH_MS`), plus one that held this press back before it was handled, i.e. still in
 * progress now or ended within the last two samples. Not a stall in between, which held back
 * neither: `stallSince` (the plausibility checks' allowance) counts that too, and a lying client
 * could otherwise claim its whole length.
 */
export function stallAround(revealAt: number): number {
  start();
  const t = now();
  let atArrival = Math.max(0, t - last - SAMPLE_MS);
  let atReveal = 0;
  for (let i = at.length - 1; i >= 0 && at[i]! >= revealAt; i--) {
    if (at[i]! >= t - 2 * SAMPLE_MS) atArrival = Math.max(atArrival, lag[i]!);
    // The stall this sample measured began when the previous sample should have fired.
    if (at[i]! - lag[i]! - SAMPLE_MS <= revealAt + REVEAL_FLUSH_MS) atReveal = Math.max(atReveal, lag[i]!);
  }
  // A press handled while the reveal was still going out: one stall held back both.
  return t <= revealAt + REVEAL_FLUSH_MS ? Math.max(atReveal, atArrival) : atReveal + atArrival;
}
