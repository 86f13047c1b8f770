/**
 * The slap race allows for the server's own event-loop stalls, measured by the process itself
 * (realtime/loop-lag.ts): an honest claim stamped late because the loop was busy is accepted,
 * the same claim with no measured stall is not; and a stall that held back neither the reveal nor
 * the press buys a lying claim nothing from the claim quota.
 */
import { expect, it } from "vitest";
import { adjudicate } from "../src/realtime/adjudicate.ts";
import { FREE_MS, JITTER_ALLOWANCE_MAX_MS, START_MS } from "../src/realtime/claim-quota.ts";
import { LatencyEstimator } from "../src/realtime/latency.ts";
import { stallSince } from "../src/realtime/loop-lag.ts";
import { serverNow } from "../src/realtime/net-monitor.ts";
import { RaceCollector } from "../src/realtime/race.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const busyUntil = (t: number) => {
  while (serverNow() < t) {
    /* the loop is stalled */
  }
};

/** A client `oneWay` ms away each direction, on the server's clock. */
function network(oneWay: number): LatencyEstimator {
  const net = new LatencyEstimator();
  for (let i = 0, t = 1_000; i < 8; i++, t += 1_000) net.add(t, t + oneWay, t + 2 * oneWay);
  return net;
}

it("measures a stall of the loop, finished or still going on", async () => {
  stallSince(serverNow());
  await sleep(100);
  const before = serverNow();
  busyUntil(before + 200);
  // Still stalled: the time since the last sample counts.
  expect(stallSince(before)).toBeGreaterThanOrEqual(150);
  await sleep(60);
  // Over: the late sample recorded it.
  expect(stallSince(before)).toBeGreaterThanOrEqual(150);
});

it("accepts an honest slap the server stamped late because its own loop stalled", async () => {
  const net = network(20);
  stallSince(serverNow());
  await sleep(100);
  const revealAt = serverNow();
  const race = new RaceCollector(revealAt);
  // The reveal reaches the client after 20 ms, it shows it 5 ms later and presses 200 ms after
  // that; the slap reaches the server at +245, but the server is busy until +545.
  const claim = { shownAt: revealAt + 25, pressedAt: revealAt + 225 };
  busyUntil(revealAt + 545);
  const arrivedAt = serverNow();
  // Without the measured stall the claim looks 300 ms late: the arrival-based estimate is used.
  expect(adjudicate(claim, revealAt, arrivedAt, net).source).toBe("estimate");
  const slap = race.slap(0, claim, arrivedAt, net);
  expect(slap).toMatchObject({ source: "claim", reactionMs: 200 });
  // A claim of a press earlier than the reveal could reach the client is refused all the same.
  const early = race.slap(1, { shownAt: revealAt - 30, pressedAt: revealAt + 150 }, arrivedAt, net);
  expect(early.source).toBe("estimate");
});

it("a stall between the reveal and the press, which held back neither, is not credited to a lying claim", () => {
  const net = network(20);
  const revealAt = serverNow();
  // The reveal has gone out; then the loop stalls 150 ms (another table's long step), and is idle
  // again when the press arrives: really shown at +25, pressed 300 ms later, it arrives at +345.
  // The stalls are given, not made (a loaded machine's own lag would add to a real one).
  const race = new RaceCollector(
    revealAt,
    () => 150,
    () => 0,
  );
  const arrivedAt = revealAt + 345;
  const truth = arrivedAt - revealAt - 40 - 5;
  // The liar claims the press 150 ms earlier: inside the checks' allowance for the stall since the reveal.
  const slap = race.slap(0, { shownAt: revealAt + 25, pressedAt: revealAt + 25 + truth - 150 }, arrivedAt, net);
  expect(slap.source).toBe("claim");
  // The quota charged it against the whole estimate: no more than the free allowance and the fresh bucket off.
  expect(slap.reactionMs).toBeGreaterThanOrEqual(truth + 5 - FREE_MS - JITTER_ALLOWANCE_MAX_MS - START_MS - 1);
  // Crediting the stall in between (as before loop-lag.ts's stallAround) gives the liar its 150 ms.
  const credited = new RaceCollector(revealAt, () => 150).slap(
    1,
    { shownAt: revealAt + 25, pressedAt: revealAt + 25 + truth - 150 },
    arrivedAt,
    network(20),
  );
  expect(credited.reactionMs).toBeLessThan(truth - 100);
});
