/**
 * A race without a deadline, judged by reaction time (the Dark Hand call at the deal; issue 28):
 * a press is not applied when it arrives but held, adjudicated by the same `RaceCollector` as a
 * slap, while the race waits for presses still in flight that could be faster
 * (`RaceCollector.closeAt`: the reveal, plus the fastest held reaction, plus the round trip and
 * jitter of every seat not yet in, capped at `MAX_COLLECTION_MS`). Then every held press is
 * released, fastest first (ties: by arrival), and the game applies them in that order: the first
 * applied wins what the presses race for, and the others get the game's own refusal.
 *
 * Nothing here knows the game: the plugin says what a press is, who could still press, and how
 * to apply one; the room's clock runs the timer.
 */
import { HUMAN_FLOOR_MS, type SlapClaim } from "./adjudicate.ts";
import type { LatencyEstimator } from "./latency.ts";
import { RaceCollector, type RaceSlap } from "./race.ts";

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
  hold(seat: number, claim: SlapClaim | null, arrivedAt: number, net: LatencyEstimator | null, payload: T, waitingFor: readonly LatencyEstimator[]): RaceSlap {
    const slap = net === null ? this.collector.bot(seat, arrivedAt) : this.collector.press(seat, claim, arrivedAt, net);
    this.held.push({ slap, payload });
    const fastest = Math.min(...this.held.map((h) => h.slap.reactionMs));
    const closeAt = this.collector.closeAt(fastest, waitingFor, arrivedAt);
    if (closeAt < this.closesAt || this.timer === null) {
      this.timer?.clear();
      this.closesAt = closeAt;
      this.timer = this.setTimer(() => this.flush(), Math.max(0, closeAt - arrivedAt));
    }
    return slap;
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
      seat: record.seat, arrivedAt: this.revealAt + record.arrivedMs, reactionMs: record.reactionMs, source: record.source,
      estimateMs: record.estimateMs, suspicious: record.source !== "arrival" && record.reactionMs < HUMAN_FLOOR_MS,
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
    if (this.held.length === 0) return;
    const batch = this.held;
    this.held = [];
    const ordered = [...batch].sort((a, b) => a.slap.reactionMs - b.slap.reactionMs || a.slap.arrivedAt - b.slap.arrivedAt);
    const byArrival = [...batch].sort((a, b) => a.slap.arrivedAt - b.slap.arrivedAt).map((h) => h.slap.seat);
    const report: RaceReport = {
      presses: ordered.map((h) => ({
        seat: h.slap.seat, reactionMs: Math.round(h.slap.reactionMs), timing: h.slap.source,
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
  return { seat: slap.seat, action, reactionMs: slap.reactionMs, source: slap.source, estimateMs: slap.estimateMs, arrivedMs: slap.arrivedAt - revealAt };
}
