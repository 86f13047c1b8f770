/**
 * The claim quota's free allowance follows the client's transport jitter (up to
 * JITTER_ALLOWANCE_MAX_MS, realtime/claim-quota.ts): an honest player on a jittery link beats the
 * server's estimate by its render time plus that race's share of the jitter, so with a fixed
 * 12 ms allowance the excess drained its bucket and its later claims were cut (bench:fairness,
 * jitter 20 ms: honest slaps judged right 87.5 % and 89.6 % at loss 0 and 1 %; 100 % with the
 * allowance following the jitter). The transport's jitter comes from WebSocket ping frames the
 * page cannot hold back, counts beyond FRESH_JITTER_MAX_MS only after JITTER_SAMPLES of them on the connection (a
 * liar who comes back as a new connection for every race never gets more) and is robust to one spike; a liar
 * who makes its own link jittery gets what an honest player on that link gets (bench:cheat).
 */
import { describe, expect, it } from "vitest";
import { ClaimQuota, FREE_MS, JITTER_ALLOWANCE_MAX_MS } from "../src/realtime/claim-quota.ts";
import { FRESH_JITTER_MAX_MS, JITTER_SAMPLES, LatencyEstimator } from "../src/realtime/latency.ts";

/** A seeded uniform draw in [0, 1). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0) / 2 ** 32;
}

describe("the claim quota on a jittery link", () => {
  it("credits an honest player's claims whole at 20 ms of jitter", () => {
    const draw = random(20);
    const quota = new ClaimQuota();
    let cut = 0;
    for (let race = 0; race < 500; race++) {
      const claimed = 250 + 60 * draw();
      // The estimate is late by a few ms of render and early or late by this race's jitter.
      const estimate = claimed + 4 + (draw() * 2 - 1) * 20;
      if (quota.settle(claimed, estimate, 20) !== claimed) cut++;
    }
    expect(cut).toBe(0);
  });

  it("gives a client with a steady link no more than before", () => {
    const quota = new ClaimQuota(0);
    // A lie beating the estimate by 40 ms, on a link with 1 ms of jitter: only the free allowance is credited.
    expect(quota.settle(200, 240, 1)).toBe(240 - FREE_MS - 1);
    // However jittery, never more than the cap.
    expect(new ClaimQuota(0).settle(200, 300, 80)).toBe(300 - FREE_MS - JITTER_ALLOWANCE_MAX_MS);
  });

  it("takes the jitter from the transport's round trips only, once there are enough, and not from one spike", () => {
    const net = new LatencyEstimator();
    // The page's pongs scatter by 100 ms (held on purpose): they do not count.
    for (let i = 0; i < 16; i++) net.add(i * 1_000, i * 1_000 + 20, i * 1_000 + 40 + (i % 2) * 100);
    expect(net.transportJitter).toBe(0);
    // A fresh connection's quick pings: not yet enough to count beyond the small share.
    for (let i = 0; i < JITTER_SAMPLES - 1; i++) net.addTransport(40 + (i % 4) * 8);
    expect(net.transportJitter).toBe(FRESH_JITTER_MAX_MS);
    net.addTransport(40);
    expect(net.transportJitter).toBeGreaterThan(FRESH_JITTER_MAX_MS);
    const steady = net.transportJitter;
    // One spike of 80 ms (an upload saturating the player's own link for a moment) changes little.
    net.addTransport(120);
    expect(net.transportJitter).toBeLessThanOrEqual(steady + 8);
  });
});
