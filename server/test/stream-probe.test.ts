/**
 * The evidence of a retransmission (realtime/stream-probe.ts) and what adjudication does with it,
 * in simulated time: a late press is honoured only when the client's stream visibly stalled and
 * the claim puts the press no earlier than the stall; the reveal may be late by what the probe
 * behind it was held. retransmission.test.ts does it through the real room and socket.
 */
import { describe, expect, it } from "vitest";
import { adjudicate } from "../src/realtime/adjudicate.ts";
import { BUCKET_MS, ClaimQuota } from "../src/realtime/claim-quota.ts";
import { LatencyEstimator } from "../src/realtime/latency.ts";
import { MAX_COLLECTION_MS, RaceCollector } from "../src/realtime/race.ts";
import { PROBE_GAP_MS } from "../src/realtime/stream-probe.ts";

const OFFSET = 3_000;
const ONE_WAY = 50;

/**
 * A client 50 ms away each way, clock 3 s ahead, measured by 12 pings before `t0`, whose honest
 * races have filled its claim quota (a fresh player's holds only START_MS: what the stall
 * evidence does not credit, its PROBE_SLACK_MS, would then be cut from its first races).
 */
function client(t0: number): LatencyEstimator {
  const net = new LatencyEstimator();
  net.quota = new ClaimQuota(BUCKET_MS);
  for (let i = 12; i > 0; i--) {
    const s = t0 - i * 1_000;
    net.add(s, s + ONE_WAY + OFFSET, s + 2 * ONE_WAY);
  }
  return net;
}

/** Probes every 20 ms from `from` to `to` (server time), answered after the usual round trip (`rtt`) unless sent in [`heldFrom`, `heldUntil`): those come back at `heldUntil` + the round trip, or not yet. */
function probe(net: LatencyEstimator, from: number, to: number, rtt: number, held?: { from: number; until: number | null }): void {
  net.stream.start(from);
  for (let s = from; s < to; s += PROBE_GAP_MS) {
    net.stream.sent(s);
    if (held && s + rtt >= held.from) {
      if (held.until !== null) net.stream.answered(s, Math.max(s + rtt, held.until));
    } else net.stream.answered(s, s + rtt);
  }
}

describe("a press TCP had to retransmit", () => {
  const reveal = 100_000;
  const reaction = 300;
  const shownAt = reveal + ONE_WAY + 10 + OFFSET;
  const pressedAt = shownAt + reaction;
  const honestArrival = pressedAt - OFFSET + ONE_WAY;

  it("is judged by its claim when the stream stalled from before it was sent until it arrived", () => {
    const net = client(reveal);
    const arrived = honestArrival + 240;
    // The stream stalls 10 ms before the press would have arrived; the probes behind it are still held.
    probe(net, reveal, arrived, 1, { from: honestArrival - 10, until: null });
    const verdict = adjudicate({ shownAt, pressedAt }, reveal, arrived, net);
    expect(verdict.source).toBe("claim");
    // Not charged to the quota: the reaction is the claim.
    expect(verdict.reactionMs).toBeCloseTo(reaction, 5);
  });

  it("is not charged to the quota when a wide tolerance (a jittery client) would have let it fit anyway", () => {
    const net = new LatencyEstimator();
    // Round trips 100-460 ms: a jitter estimate over 100 ms, so a tolerance over 240 ms.
    for (let i = 12; i > 0; i--) {
      const s = reveal - i * 1_000,
        extra = i % 2 ? 0 : 360;
      net.add(s, s + ONE_WAY + OFFSET, s + 2 * ONE_WAY + extra);
    }
    expect(net.jitter).toBeGreaterThan(100);
    const arrived = honestArrival + 200;
    probe(net, reveal, arrived, 1, { from: honestArrival - 10, until: null });
    const verdict = adjudicate({ shownAt, pressedAt }, reveal, arrived, net);
    expect(verdict.source).toBe("claim");
    expect(verdict.reactionMs).toBeCloseTo(reaction, 5);
  });

  it("is refused without a stall (a lie looks the same from the claim alone)", () => {
    const net = client(reveal);
    const arrived = honestArrival + 240;
    probe(net, reveal, arrived, 1);
    expect(adjudicate({ shownAt, pressedAt }, reveal, arrived, net).source).toBe("estimate");
  });

  it("is refused when the claimed press is earlier than the stall began", () => {
    const net = client(reveal);
    const arrived = honestArrival + 240;
    probe(net, reveal, arrived, 1, { from: honestArrival + 100, until: null });
    expect(adjudicate({ shownAt, pressedAt }, reveal, arrived, net).source).toBe("estimate");
  });

  it("a reveal held back: the card may be shown as late as the probe behind it was held", () => {
    const net = client(reveal);
    const late = 220;
    const lateShown = shownAt + late;
    const lateArrival = honestArrival + late;
    // The probe right behind the reveal comes back 220 ms late; the rest on time.
    probe(net, reveal, lateArrival, 1, { from: reveal, until: reveal + late + 1 });
    const verdict = adjudicate({ shownAt: lateShown, pressedAt: lateShown + reaction }, reveal, lateArrival, net);
    expect(verdict.source).toBe("claim");
    expect(verdict.reactionMs).toBeCloseTo(reaction, 5);
    // Without the held probe, the same claim is refused.
    const plain = client(reveal);
    probe(plain, reveal, lateArrival, 1);
    expect(adjudicate({ shownAt: lateShown, pressedAt: lateShown + reaction }, reveal, lateArrival, plain).source).toBe("estimate");
  });
});

describe("waiting for presses in flight", () => {
  it("a seat not measured yet (no pong) gets the whole cap, not a round trip of 0", () => {
    const race = new RaceCollector(1_000, () => 0);
    const now = 1_400;
    expect(race.closeAt(300, [new LatencyEstimator()], now)).toBe(now + MAX_COLLECTION_MS);
    expect(race.collectionWindow([new LatencyEstimator()])).toBe(MAX_COLLECTION_MS);
    expect(race.closeAt(300, [client(1_000)], now)).toBeLessThan(now + MAX_COLLECTION_MS);
  });
});
