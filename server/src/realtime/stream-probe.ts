/**
 * Evidence that a client's TCP stream stalled during a race (a lost segment that TCP had to
 * retransmit), so that a press or a reveal made late by the network is not taken for a lie
 * (docs/FAIRNESS.md, "Packet loss").
 *
 * From the reveal until the seat's press is judged, the server sends that client a WebSocket
 * ping frame every `PROBE_GAP_MS` (`NetMonitor.probe`). The client's network stack answers each
 * at once (page code never sees them, so a lying page cannot hold them back), and TCP delivers
 * in order: while a segment of the stream is lost and waiting for its retransmission, every
 * probe answered after it is held behind it. So
 * - a probe that should have come back long ago (its send time plus the probes' usual round trip
 *   plus slack) and has not, when a press arrives: the client's stream is stalled since about
 *   that probe, and a press that would have arrived after that moment arrives only now
 *   (`stalledSince`);
 * - the first probe sent after the reveal (right behind it on the same stream) coming back late
 *   by `h` ms: the reveal may have reached the client up to `h` ms late (`holdAfter`).
 * A press is a single small message, usually the only one in flight, and is lost like any
 * other; 1 % loss each way spoils about one race in fifty without this (docs/BENCHMARKS.md).
 *
 * What a lying client can do with it: nothing without a real stall of its own stream (page code
 * cannot delay its network stack's pongs); when its stream really stalls, it can claim a press as
 * early as the stall's start, which it could do on no other race. A client that controls its own
 * TCP stack can fake a stall, as it can fake its delay (the documented limit).
 */

/** Gap between probes while a race waits for the seat's press (ms). */
export const PROBE_GAP_MS = 20;
/** Probing stops this long after the reveal at the latest (ms). */
export const PROBE_MAX_MS = 3_000;
/** How much later than its usual round trip a probe may come back without counting as held (ms). */
export const PROBE_SLACK_MS = 15;
/** A probe answered this close before the press counts as delivered with it (ms). */
const BURST_MS = 2;
/** Probe round trips remembered for the usual one. */
const RTT_WINDOW = 32;

interface Probe {
  readonly sentAt: number;
  answeredAt: number | null;
}

export class StreamProbes {
  private probes: Probe[] = [];
  private readonly rtts: number[] = [];
  /** Probing wanted until this server time (set by `start`, cleared by `stop`). */
  activeUntil = 0;

  /** A race opened: probe from now until `stop` (or `PROBE_MAX_MS`). */
  start(now: number): void {
    this.activeUntil = now + PROBE_MAX_MS;
    // Older probes say nothing about this race.
    this.probes = this.probes.filter((p) => p.sentAt >= now - PROBE_MAX_MS);
  }

  /** The seat's press is judged (or the race is over): no more probes for it. */
  stop(): void {
    this.activeUntil = 0;
  }

  active(now: number): boolean {
    return now < this.activeUntil;
  }

  sent(at: number): void {
    this.probes.push({ sentAt: at, answeredAt: null });
    if (this.probes.length > 4 * RTT_WINDOW) this.probes.shift();
  }

  answered(sentAt: number, at: number): void {
    const p = this.probes.find((x) => x.sentAt === sentAt);
    if (!p || p.answeredAt !== null) return;
    p.answeredAt = at;
    this.rtts.push(at - sentAt);
    if (this.rtts.length > RTT_WINDOW) this.rtts.shift();
  }

  /** The usual round trip of a probe: the median of the lower half of the recent ones (ms), or null before any. */
  get usualRtt(): number | null {
    if (this.rtts.length === 0) return null;
    const s = [...this.rtts].sort((a, b) => a - b);
    const low = s.slice(0, Math.max(1, Math.ceil(s.length / 2)));
    return low[low.length >> 1]!;
  }

  /**
   * When the stream stalled, as seen at server time `now`: the time the earliest probe sent at or
   * after `since` should have come back by (its send time + usual round trip + slack), when that
   * probe is still unanswered at `now`; null when no probe is overdue.
   */
  stalledSince(since: number, now: number, loopStallMs = 0): number | null {
    const rtt = this.usualRtt;
    if (rtt === null) return null;
    for (const p of this.probes) {
      if (p.sentAt < since) continue;
      // Our own loop stalling holds every answer back too: not the client's stream.
      const due = p.sentAt + rtt + PROBE_SLACK_MS + loopStallMs;
      if (due >= now) return null;
      // Unanswered, or answered in the same burst as the press now being judged (delivered behind it).
      if (p.answeredAt === null || p.answeredAt > now - BURST_MS) return p.sentAt + rtt;
    }
    return null;
  }

  /**
   * How much later than usual the first probe sent at or after `since` came back (or has not yet,
   * at `now`), beyond the slack: how late something sent right then may have reached the client (ms).
   */
  holdAfter(since: number, now: number, loopStallMs = 0): number {
    const rtt = this.usualRtt;
    const p = this.probes.find((x) => x.sentAt >= since && x.sentAt <= since + PROBE_GAP_MS + 5);
    if (rtt === null || !p) return 0;
    const back = p.answeredAt !== null && p.answeredAt <= now ? p.answeredAt : now;
    return Math.max(0, back - p.sentAt - rtt - PROBE_SLACK_MS - loopStallMs);
  }
}
