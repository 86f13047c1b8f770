/**
 * One real-time race as the server sees it: when the reveal went out, and each slap's arrival
 * and adjudicated reaction time. Used by the Hit the Deck room and by the slap-fairness lab.
 */
import { adjudicate, type Adjudication, type SlapClaim } from "./adjudicate.ts";
import type { LatencyEstimator } from "./latency.ts";
import { stallSince } from "./loop-lag.ts";

export interface RaceSlap extends Adjudication {
  readonly seat: number;
  /** Server time the slap arrived. */
  readonly arrivedAt: number;
}

/** How long after the deadline, at most, the server waits for slaps still in flight (ms). */
export const MAX_COLLECTION_MS = 200;

export class RaceCollector {
  readonly slaps: RaceSlap[] = [];

  constructor(readonly revealAt: number) {}

  has(seat: number): boolean {
    return this.slaps.some((s) => s.seat === seat);
  }

  /** Records a slap and returns its adjudication (allowing for the server's own recent stalls). */
  slap(seat: number, claim: SlapClaim | null, arrivedAt: number, net: LatencyEstimator): RaceSlap {
    const stall = stallSince(this.revealAt);
    const slap = { seat, arrivedAt, ...adjudicate(claim, this.revealAt, arrivedAt, net, stall) };
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
    const worst = Math.max(0, ...waitingFor.map((n) => n.oneWay + n.jitter));
    return Math.min(MAX_COLLECTION_MS, Math.ceil(worst) + 10);
  }
}
