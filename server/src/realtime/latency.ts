/**
 * A running estimate of one client's network: round trip, one-way delay, jitter and the offset
 * of its clock from the server's. Fed by ping samples: the server sends its time `s`, the client
 * answers with its own time `c`, the server notes the answer's arrival `r`.
 *
 * Round trip = r - s. Assuming symmetric paths, the client read its clock at about s + rtt/2, so
 * offset = c - (s + rtt/2) (client clock minus server clock). Queueing only ever adds delay, so
 * the samples with the smallest round trips are the most accurate: the estimate takes the
 * median of the lowest half of a sliding window.
 */
const WINDOW = 16;

export interface LatencySample {
  readonly rtt: number;
  readonly offset: number;
}

export class LatencyEstimator {
  /** The window as one flat list of doubles, `rtt, offset` per sample (no object per sample: one of these per client). */
  private readonly flat: number[] = [];

  add(serverSent: number, clientTime: number, serverReceived: number): void {
    const rtt = serverReceived - serverSent;
    if (!Number.isFinite(rtt) || rtt < 0 || rtt > 10_000 || !Number.isFinite(clientTime)) return;
    this.flat.push(rtt, clientTime - (serverSent + rtt / 2));
    if (this.flat.length > WINDOW * 2) this.flat.splice(0, 2);
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

  /** Round trip in ms (0 before any sample). */
  get rtt(): number {
    return median(this.best().map((s) => s.rtt));
  }

  get oneWay(): number {
    return this.rtt / 2;
  }

  /** Client clock minus server clock, ms. */
  get offset(): number {
    return median(this.best().map((s) => s.offset));
  }

  /** Spread of the round trip (ms): the gap between the typical and the best samples. */
  get jitter(): number {
    if (this.count < 2) return 0;
    const all = this.samples.map((s) => s.rtt).sort((a, b) => a - b);
    return Math.max(0, median(all) - all[0]!) + (all[all.length - 1]! - all[0]!) / 4;
  }
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
