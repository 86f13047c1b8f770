/**
 * The slap race allows for the server's own event-loop stalls, measured by the process itself
 * (realtime/loop-lag.ts): an honest claim stamped late because the loop was busy is accepted,
 * the same claim with no measured stall is not.
 */
import { expect, it } from "vitest";
import { adjudicate } from "../src/realtime/adjudicate.ts";
import { LatencyEstimator } from "../src/realtime/latency.ts";
import { stallSince } from "../src/realtime/loop-lag.ts";
import { serverNow } from "../src/realtime/net-monitor.ts";
import { RaceCollector } from "../src/realtime/race.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const busyUntil = (t: number) => { while (serverNow() < t) { /* the loop is stalled */ } };

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
