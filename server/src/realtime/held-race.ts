/**
 * A race without a deadline, judged by reaction time (the Dark Hand call at the deal):
 * a press is not applied when it arrives but held, adjudicated by the same `RaceCollector` as a
 * slap, while the race waits for presses still in flight that could be faster
 * (`RaceCollector.closeAt`: the reveal, plus the fastest held reaction, plus the round trip and
 * jitter of every seat not yet in, capped at `MAX_COLLECTION_MS`; longer, up to
 * `RETRANSMIT_WAIT_MS` more, while one of them has a stalled stream: a retransmission). Then every held press is
 * released, fastest first (ties: by arrival), and the game applies them in that order: the first
 * applied wins what the presses race for, and the others get the game's own refusal.
 *
 * Nothing here knows the game: the plugin says what a press is, who could still press, and how
 * to apply one; the room's clock runs the timer.
 */
import { HUMAN_FLOOR_MS, type SlapClaim } from "./adjudicate.ts";
import type { LatencyEstimator } from "./latency.ts";
import { MAX_COLLECTION_MS, RaceCollector, type RaceSlap } from "./race.ts";
import { PROBE_GAP_MS } from "./stream-probe.ts";

/** How much longer than `MAX_COLLECTION_MS` a race waits for a seat whose stream has stalled (a retransmission, 200 ms or more; ms). */
export const RETRANSMIT_WAIT_MS = 400;

export interface HeldPress<T> {
  readonly slap: RaceSlap;
  /** What to apply when released (the game's action and whatever the sender needs). */
  readonly payload: T;
}

/** The closed race as players see it: each press fastest first, and the order by arrival. */
export interface RaceReport {
  readonly presses: readonly { seat: number; reactionMs: number; timing: RaceSlap["source"]; arrivedMs: number }[];
  readonly byArrival: readonly number[];
  /** The reaction-time order differs from the arrival order: latency compensation changed who won. */
  readonly compensated: boolean;
}

/**
 * A held press as the table's journal keeps it (durable/journal.ts): its adjudication was made
 * when it arrived, from that connection's estimates, which die with the process; a table resumed
 * from the journal judges it with the rest from these figures.
 */
export interface HeldPressRecord {
  readonly seat: number;
  /** The game's action, as it will be applied. */
  readonly action: { readonly type: string };
  readonly reactionMs: number;
  readonly source: RaceSlap["source"];
  readonly estimateMs: number;
  /** Arrival, ms after the reveal (the reveal's server time is the journal's). */
  readonly arrivedMs: number;
}

export interface Timer {
  clear(): void;
}

export class HeldRace<T> {
  private held: HeldPress<T>[] = [];
  private timer: Timer | null = null;
  private closesAt = Infinity;
  /** The latest `waitingFor` (those who could still press), and when the first press was held. */
  private waitingFor: readonly LatencyEstimator[] = [];
  private firstHeldAt = Infinity;
  /** Every press so far (released ones too), for the report. */
  readonly collector: RaceCollector;

  constructor(
    revealAt: number,
    private readonly setTimer: (fn: () => void, ms: number) => Timer,
    /** Applies the released presses, fastest first, with the report of this batch. */
    private readonly release: (ordered: readonly HeldPress<T>[], report: RaceReport) => void,
    stalled?: (since: number) => number,
  ) {
    this.collector = new RaceCollector(revealAt, stalled);
  }

  get revealAt(): number {
    return this.collector.revealAt;
  }

  get pending(): number {
    return this.held.length;
  }

  heldSeat(seat: number): boolean {
    return this.held.some((h) => h.slap.seat === seat);
  }

  /**
   * Holds a press: `net` null is a bot (reaction = arrival). `waitingFor`: the delay estimates of
   * the people who could still press in this race.
   */
  hold(
    seat: number,
    claim: SlapClaim | null,
    arrivedAt: number,
    net: LatencyEstimator | null,
    payload: T,
    waitingFor: readonly LatencyEstimator[],
  ): RaceSlap {
    const slap = net === null ? this.collector.bot(seat, arrivedAt) : this.collector.press(seat, claim, arrivedAt, net);
    this.held.push({ slap, payload });
    this.waitingFor = waitingFor;
    this.firstHeldAt = Math.min(this.firstHeldAt, arrivedAt);
    const fastest = Math.min(...this.held.map((h) => h.slap.reactionMs));
    const closeAt = this.collector.closeAt(fastest, waitingFor, arrivedAt);
    if (closeAt < this.closesAt || this.timer === null) this.arm(closeAt, arrivedAt);
    return slap;
  }

  private arm(at: number, now: number): void {
    this.timer?.clear();
    this.closesAt = at;
    this.timer = this.setTimer(() => this.expire(at), Math.max(0, at - now));
  }

  /**
   * The wait is over, unless the stream of someone who could still press has visibly stalled (a
   * lost segment TCP is retransmitting; stream-probe.ts): their press may be behind it, so the
   * race waits on in `PROBE_GAP_MS` steps, at most `RETRANSMIT_WAIT_MS` past the usual cap.
   */
  private expire(at: number): void {
    const limit = this.firstHeldAt + MAX_COLLECTION_MS + RETRANSMIT_WAIT_MS;
    const stalled = this.waitingFor.some((n) => n.stream.stalledSince(this.revealAt, at) !== null);
    if (stalled && at < limit) {
      this.timer = null;
      this.arm(Math.min(limit, at + PROBE_GAP_MS), at);
      return;
    }
    this.flush();
  }

  /** The held presses as the journal keeps them (`action`: how each one's payload is applied). */
  records(action: (payload: T) => { readonly type: string }): HeldPressRecord[] {
    return this.held.map((h) => recordOf(h.slap, action(h.payload), this.revealAt));
  }

  /** The journal's record of a press `hold` took. */
  recordOf(slap: RaceSlap, action: { readonly type: string }): HeldPressRecord {
    return recordOf(slap, action, this.revealAt);
  }

  /**
   * A press held when the table's process died, from its journal record: held again as it was
   * judged then (no timer: the resumed table flushes when it is ready).
   */
  restore(record: HeldPressRecord, payload: T): RaceSlap {
    const slap: RaceSlap = {
      seat: record.seat,
      arrivedAt: this.revealAt + record.arrivedMs,
      reactionMs: record.reactionMs,
      source: record.source,
      estimateMs: record.estimateMs,
      suspicious: record.source !== "arrival" && record.reactionMs < HUMAN_FLOOR_MS,
    };
    this.collector.slaps.push(slap);
    this.held.push({ slap, payload });
    return slap;
  }

  /** Releases every held press now, fastest first (the timer; or another step must go first). */
  flush(): void {
    this.timer?.clear();
    this.timer = null;
    this.closesAt = Infinity;
    this.firstHeldAt = Infinity;
    if (this.held.length === 0) return;
    const batch = this.held;
    this.held = [];
    const ordered = [...batch].sort((a, b) => a.slap.reactionMs - b.slap.reactionMs || a.slap.arrivedAt - b.slap.arrivedAt);
    const byArrival = [...batch].sort((a, b) => a.slap.arrivedAt - b.slap.arrivedAt).map((h) => h.slap.seat);
    const report: RaceReport = {
      presses: ordered.map((h) => ({
        seat: h.slap.seat,
        reactionMs: Math.round(h.slap.reactionMs),
        timing: h.slap.source,
        arrivedMs: Math.round(h.slap.arrivedAt - this.revealAt),
      })),
      byArrival,
      compensated: ordered.some((h, i) => h.slap.seat !== byArrival[i]),
    };
    this.release(ordered, report);
  }

  /** Drops the held presses and the timer (the room is going away). */
  dispose(): void {
    this.timer?.clear();
    this.timer = null;
    this.held = [];
  }
}

function recordOf(slap: RaceSlap, action: { readonly type: string }, revealAt: number): HeldPressRecord {
  return {
    seat: slap.seat,
    action,
    reactionMs: slap.reactionMs,
    source: slap.source,
    estimateMs: slap.estimateMs,
    arrivedMs: slap.arrivedAt - revealAt,
  };
}
