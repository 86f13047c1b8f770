/**
 * A running estimate of one client's network: round trip, one-way delay, jitter and the offset
 * of its clock from the server's. Fed by ping samples: the server sends its time `s`, the client
 * answers with its own time `c`, the server notes the answer's arrival `r`.
 *
 * Round trip = r - s. Assuming symmetric paths, the client read its clock at about s + rtt/2, so
 * offset = c - (s + rtt/2) (client clock minus server clock). Queueing only ever adds delay, so
 * the samples with the smallest round trips are the most accurate: the estimate takes the
 * median of the lowest half of a sliding window.
 *
 * Guarded against a lying client (docs/FAIRNESS.md, "Against a lying client"):
 * - the round trip used is never more than the transport's own (`addTransport`: WebSocket ping
 *   frames, answered by the client's network stack, not by page code) plus `APP_SLACK_MS`, so
 *   answering our pings late does not make a client look farther away than it is;
 * - after the first `SETTLED` samples, the round trip rises by at most `RISE_PER_SAMPLE_MS` per
 *   sample, and the clock offset moves by at most `OFFSET_SLEW_MS` per sample: a sudden change
 *   in pong timing or a clock shifted mid-game does not move the estimates at once (a fall in
 *   the round trip is taken at once: it only ever counts against the client);
 * - `quota`: how much its claims may beat the server's estimate (claim-quota.ts): a fresh, empty
 *   one until the table seats the connection, then its player's (`NetMonitor.seated`).
 * `stream`: evidence of a stalled TCP stream during a race (a retransmission; stream-probe.ts).
 */
import { ClaimQuota } from "./claim-quota.ts";
import { StreamProbes } from "./stream-probe.ts";

const WINDOW = 16;
/** Samples after which the estimates move only slowly. */
export const SETTLED = 4;
export const RISE_PER_SAMPLE_MS = 2;
export const OFFSET_SLEW_MS = 2;
/** How much later than the transport's round trip the page's own pong may come (event loop, timers), ms. */
export const APP_SLACK_MS = 6;
/** Transport round trips a connection needs before its jitter counts in the claim quota (`transportJitter`). */
export const JITTER_SAMPLES = 12;
/** The most a connection's jitter counts before `JITTER_SAMPLES` (ms): an honest new player's first race is not cut for its jitter. */
export const FRESH_JITTER_MAX_MS = 4;

export interface LatencySample {
  readonly rtt: number;
  readonly offset: number;
}

export class LatencyEstimator {
  /** The window as one flat list of doubles, `rtt, offset` per sample (no object per sample: one of these per client). */
  private readonly flat: number[] = [];
  /** Round trips of transport (WebSocket) pings, most recent last. */
  private readonly transport: number[] = [];
  private guardedRtt = 0;
  private guardedOffset = 0;
  /** The player's claim quota once seated (`NetMonitor.seated`); a connection's own, empty one before. */
  quota = new ClaimQuota();
  /** During a race: whether this client's TCP stream stalled (stream-probe.ts). */
  readonly stream = new StreamProbes();

  add(serverSent: number, clientTime: number, serverReceived: number): void {
    const rtt = serverReceived - serverSent;
    if (!Number.isFinite(rtt) || rtt < 0 || rtt > 10_000 || !Number.isFinite(clientTime)) return;
    this.flat.push(rtt, clientTime - (serverSent + rtt / 2));
    if (this.flat.length > WINDOW * 2) this.flat.splice(0, 2);
    this.guard();
  }

  /** A transport-level round trip (ms). */
  addTransport(rtt: number): void {
    if (!Number.isFinite(rtt) || rtt < 0 || rtt > 10_000) return;
    this.transport.push(rtt);
    if (this.transport.length > WINDOW) this.transport.shift();
    if (this.count > 0) this.guardedRtt = Math.min(this.guardedRtt, this.cappedRtt());
  }

  /** The page's round trip, no more than the transport's plus slack. */
  private cappedRtt(): number {
    const raw = median(this.best().map((s) => s.rtt));
    if (this.transport.length === 0) return raw;
    const sorted = [...this.transport].sort((a, b) => a - b);
    const floor = median(sorted.slice(0, Math.max(1, Math.ceil(sorted.length / 2))));
    return Math.min(raw, floor + APP_SLACK_MS);
  }

  /**
   * Tests that make a client distant after it joined (`NetMonitor.simulateTransport`): the
   * transport samples taken so far (loopback's) are forgotten and the estimates taken afresh from
   * the page's samples, which carried the simulated delay all along.
   */
  forgetTransport(): void {
    this.transport.length = 0;
    if (this.count === 0) return;
    const { rtt, offset } = this.fresh();
    this.guardedRtt = rtt;
    this.guardedOffset = offset;
  }

  /** The round trip and offset of the window as it stands, before the slow-move guard. */
  private fresh(): { rtt: number; offset: number } {
    const rtt = this.cappedRtt();
    // The offset of the best samples, each as if its round trip were no more than the capped one
    // (a pong held back after reading the clock would otherwise shift the offset by half the hold).
    const offset = median(this.best().map((s) => s.offset + (s.rtt - Math.min(s.rtt, rtt)) / 2));
    return { rtt, offset };
  }

  private guard(): void {
    const { rtt, offset } = this.fresh();
    if (this.count <= SETTLED) {
      this.guardedRtt = rtt;
      this.guardedOffset = offset;
      return;
    }
    this.guardedRtt = rtt <= this.guardedRtt ? rtt : Math.min(rtt, this.guardedRtt + RISE_PER_SAMPLE_MS);
    this.guardedOffset += Math.max(-OFFSET_SLEW_MS, Math.min(OFFSET_SLEW_MS, offset - this.guardedOffset));
  }

  get count(): number {
    return this.flat.length / 2;
  }

  private get samples(): LatencySample[] {
    const out: LatencySample[] = [];
    for (let i = 0; i < this.flat.length; i += 2) out.push({ rtt: this.flat[i]!, offset: this.flat[i + 1]! });
    return out;
  }

  private best(): LatencySample[] {
    const sorted = this.samples.sort((a, b) => a.rtt - b.rtt);
    return sorted.slice(0, Math.max(1, Math.ceil(sorted.length / 2)));
  }

  /** Round trip in ms (0 before any sample), guarded (see the file comment). */
  get rtt(): number {
    return this.count === 0 ? 0 : this.guardedRtt;
  }

  get oneWay(): number {
    return this.rtt / 2;
  }

  /** Client clock minus server clock, ms. */
  get offset(): number {
    return this.count === 0 ? 0 : this.guardedOffset;
  }

  /** Spread of the round trip (ms): the gap between the typical and the best samples. */
  get jitter(): number {
    // From the page's pongs: a client can widen it by answering irregularly, which only widens
    // the plausibility checks; the claim quota (claim-quota.ts) bounds what that buys.
    return spread(this.samples.map((s) => s.rtt));
  }

  /**
   * Jitter of the transport's round trips, for the claim quota's free allowance (claim-quota.ts):
   * the typical sample's excess over the best one. Only the transport's (ping frames the page
   * cannot hold back), never the page's pongs; at most `FRESH_JITTER_MAX_MS` until the
   * connection has `JITTER_SAMPLES` of them (about 10 s at the table: a liar who comes back as a
   * new connection for every race, to spend a fresh quota, never gets more). No max term: one
   * spike (an upload saturating the player's own link for a moment) does not widen it.
   */
  get transportJitter(): number {
    if (this.transport.length < 2) return 0;
    const sorted = [...this.transport].sort((a, b) => a - b);
    const jitter = Math.max(0, median(sorted) - sorted[0]!);
    return this.transport.length < JITTER_SAMPLES ? Math.min(jitter, FRESH_JITTER_MAX_MS) : jitter;
  }
}

function spread(all: number[]): number {
  if (all.length < 2) return 0;
  all.sort((a, b) => a - b);
  return Math.max(0, median(all) - all[0]!) + (all[all.length - 1]! - all[0]!) / 4;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
