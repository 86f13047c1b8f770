/**
 * One real-time race as the server sees it: when the reveal went out, and each press's arrival
 * and adjudicated reaction time. The one adjudication path of every race: the Hit the Deck slap
 * (games/hit-the-deck-plugin.ts), the Dark Hand call at the deal (games/dark-hand-plugin.ts,
 * through `HeldRace`) and the slap-fairness lab.
 */
import { adjudicate, type Adjudication, type SlapClaim } from "./adjudicate.ts";
import type { LatencyEstimator } from "./latency.ts";
import { stallAround, stallSince } from "./loop-lag.ts";

export interface RaceSlap extends Adjudication {
  readonly seat: number;
  /** Server time the slap arrived. */
  readonly arrivedAt: number;
}

/** How long after the deadline, at most, the server waits for slaps still in flight (ms). */
export const MAX_COLLECTION_MS = 200;
/** A client's frame or two between receiving the reveal and showing it, plus timer slack (ms). */
const RENDER_MARGIN_MS = 30;

export class RaceCollector {
  readonly slaps: RaceSlap[] = [];

  /** The stalls that held this press or the reveal back (loop-lag.ts `stallAround`), for the claim quota. */
  private readonly stalledNear: (revealAt: number) => number;

  constructor(
    readonly revealAt: number,
    /** How long our own loop stalled since a time (loop-lag.ts); simulations pass their own (used for both). */
    private readonly stalled: (since: number) => number = stallSince,
    /** The stalls that held this press or the reveal back (default: loop-lag.ts's, or `stalled` when that is given). */
    stalledNear?: (revealAt: number) => number,
  ) {
    this.stalledNear = stalledNear ?? (stalled === stallSince ? stallAround : stalled);
  }

  has(seat: number): boolean {
    return this.slaps.some((s) => s.seat === seat);
  }

  /** Records a press (a slap, a call) and returns its adjudication (allowing for the server's own recent stalls). */
  press(seat: number, claim: SlapClaim | null, arrivedAt: number, net: LatencyEstimator): RaceSlap {
    const stall = this.stalled(this.revealAt);
    const slap = {
      seat,
      arrivedAt,
      ...adjudicate(claim, this.revealAt, arrivedAt, net, stall, Math.min(stall, this.stalledNear(this.revealAt))),
    };
    // Judged: its stream need not be probed any more in this race.
    net.stream.stop();
    this.slaps.push(slap);
    return slap;
  }

  /** The slap race's name for `press`. */
  slap(seat: number, claim: SlapClaim | null, arrivedAt: number, net: LatencyEstimator): RaceSlap {
    return this.press(seat, claim, arrivedAt, net);
  }

  /** A bot's press: it is on the server, so its reaction time is its arrival (timing "arrival"). */
  bot(seat: number, arrivedAt: number): RaceSlap {
    const reactionMs = Math.max(0, arrivedAt - this.revealAt);
    const slap: RaceSlap = { seat, arrivedAt, reactionMs, source: "arrival", estimateMs: reactionMs, suspicious: false };
    this.slaps.push(slap);
    return slap;
  }

  /** Fastest first by adjudicated reaction time (ties: by arrival). */
  byReaction(): RaceSlap[] {
    return [...this.slaps].sort((a, b) => a.reactionMs - b.reactionMs || a.arrivedAt - b.arrivedAt);
  }

  /** The naive order: by arrival at the server. */
  byArrival(): RaceSlap[] {
    return [...this.slaps].sort((a, b) => a.arrivedAt - b.arrivedAt);
  }

  /**
   * How long to wait past the deadline for slaps in flight from the seats that have not slapped:
   * their one-way delay plus jitter, capped.
   */
  collectionWindow(waitingFor: readonly LatencyEstimator[]): number {
    // A seat not measured yet (no pong: just joined) may be as far as anyone: the whole cap.
    const worst = Math.max(0, ...waitingFor.map((n) => (n.count === 0 ? Infinity : n.oneWay + n.jitter)));
    return Math.min(MAX_COLLECTION_MS, Math.ceil(worst) + 10);
  }

  /**
   * Until when (server ms) a race without a deadline waits for presses faster than
   * `reactionMs` from the seats not yet in: such a press was made at most `reactionMs` after its
   * client showed the reveal, i.e. after one way + render, and needs one way more to arrive; so
   * it arrives by reveal + reactionMs + round trip (+ jitter and a margin for the render). The
   * wait is capped at `MAX_COLLECTION_MS` past `now`; a seat with no measurement yet gets the cap.
   */
  closeAt(reactionMs: number, waitingFor: readonly LatencyEstimator[], now: number): number {
    // A seat not measured yet (no pong: a player who joined just before the deal) may be as far as anyone: the whole cap.
    const worst = Math.max(0, ...waitingFor.map((n) => (n.count === 0 ? Infinity : n.rtt + 2 * n.jitter)));
    return Math.min(now + MAX_COLLECTION_MS, this.revealAt + reactionMs + worst + RENDER_MARGIN_MS);
  }
}
