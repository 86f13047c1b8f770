/**
 * Issue 28 item 3, the defences one by one (the kit's overall bounds: call-race.prop.test.ts):
 * pongs only for pings sent, the transport cap and slow rise of the round trip, the slewed clock
 * offset, the claim quota, and the fair-play flags (signals, never sanctions).
 */
import { describe, expect, it } from "vitest";
import { ReactionProfile } from "../src/conduct/fair-play.ts";
import { TableConduct } from "../src/conduct/table-conduct.ts";
import { adjudicate } from "../src/realtime/adjudicate.ts";
import { BUCKET_MS, ClaimQuota, FREE_MS } from "../src/realtime/claim-quota.ts";
import { APP_SLACK_MS, LatencyEstimator, RISE_PER_SAMPLE_MS, SETTLED } from "../src/realtime/latency.ts";
import { NetMonitor } from "../src/realtime/net-monitor.ts";

/** Ping samples one second apart: `hold(i)` ms the page held pong i back; `shift(i)` its clock jump. */
function feed(net: LatencyEstimator, n: number, oneWay: number, hold: (i: number) => number = () => 0, shift: (i: number) => number = () => 0, from = 0): void {
  for (let i = from; i < from + n; i++) {
    const s = 1_000_000 + i * 1_000;
    net.add(s, s + oneWay + 5_000 + shift(i), s + 2 * oneWay + hold(i));
    net.addTransport(2 * oneWay);
  }
}

describe("pongs", () => {
  it("count only for a ping the server sent, and only once (a pong for a guessed ping time is refused)", () => {
    const monitor = new NetMonitor();
    const sent: number[] = [];
    const client = { sessionId: "a", send: (_t: string, m: { s: number }) => sent.push(m.s) };
    monitor.ping([client as never]);
    const s = sent[0]!;
    // Well-formed, so not refused, but not counted.
    expect(monitor.pong("a", { s: s - 1_000, c: 1 })).toBe(true);
    expect(monitor.of("a").count).toBe(0);
    expect(monitor.pong("a", { s, c: 1 })).toBe(true);
    expect(monitor.pong("a", { s, c: 1 })).toBe(true);
    expect(monitor.of("a").count).toBe(1);
    monitor.forget("a");
  });
});

describe("the round trip and clock offset a lying client can move", () => {
  it("is capped by the transport's round trip: late pongs from the start buy at most the slack", () => {
    const net = new LatencyEstimator();
    feed(net, 12, 40, () => 150);
    expect(net.rtt).toBeLessThanOrEqual(80 + APP_SLACK_MS);
  });
  it("rises slowly after a sudden change in pong timing, falls at once", () => {
    const net = new LatencyEstimator();
    const t = new LatencyEstimator();
    // Without a transport measurement (no ping frames), late pongs after settling move it slowly.
    for (let i = 0; i < 8; i++) net.add(i * 1_000, i * 1_000 + 40, i * 1_000 + 80);
    expect(net.rtt).toBe(80);
    for (let i = 8; i < 12; i++) net.add(i * 1_000, i * 1_000 + 40, i * 1_000 + 280);
    expect(net.rtt).toBeLessThanOrEqual(80 + 4 * RISE_PER_SAMPLE_MS);
    for (let i = 0; i < SETTLED + 4; i++) t.add(i * 1_000, i * 1_000 + 100, i * 1_000 + 200);
    for (let i = 8; i < 20; i++) t.add(i * 1_000, i * 1_000 + 20, i * 1_000 + 40);
    expect(t.rtt).toBe(40);
  });
  it("moves the clock offset only slowly when the client's clock jumps mid-game", () => {
    const net = new LatencyEstimator();
    feed(net, 8, 30);
    expect(Math.round(net.offset)).toBe(5_000);
    feed(net, 8, 30, () => 0, () => -400, 8);
    expect(net.offset).toBeGreaterThan(5_000 - 8 * 2 - 1);
  });
});

describe("the claim quota", () => {
  it("credits an honest claim in full, and a claim that keeps beating the estimate less and less", () => {
    const q = new ClaimQuota();
    // Honest: the claim is the estimate minus a frame.
    for (let i = 0; i < 50; i++) expect(q.settle(300, 308, 2)).toBe(300);
    const liar = new ClaimQuota();
    const credited = Array.from({ length: 30 }, () => liar.settle(300 - 80, 308, 2));
    // At first the full bucket pays its 40 ms of the 78 beyond the allowance (FREE_MS 8 + jitter 2); then only the refill goes.
    expect(credited[0]).toBe(308 - FREE_MS - 2 - BUCKET_MS);
    expect(credited.at(-1)!).toBeGreaterThan(308 - 20);
    expect(liar.available).toBeLessThan(BUCKET_MS);
  });
  it("applies to accepted claims in adjudication (a claim just inside every check)", () => {
    const net = new LatencyEstimator();
    feed(net, 12, 40);
    const reveal = 1_000_000;
    const results = Array.from({ length: 20 }, () => {
      // Really shown at +45 and pressed 300 later (arrives +385); claims shown 70 later, pressed 20 earlier.
      const claim = { shownAt: reveal + 45 + 70 + 5_000, pressedAt: reveal + 345 - 20 + 5_000 };
      return adjudicate(claim, reveal, reveal + 385, net);
    });
    expect(results[0]!.source).toBe("claim");
    expect(results.at(-1)!.reactionMs).toBeGreaterThan(300 - 15);
  });
});

describe("fair-play flags", () => {
  it("flags repeated reactions under the human floor and too-regular reactions, once each; a human profile raises nothing", () => {
    const fast = new ReactionProfile();
    expect([90, 300, 80].flatMap((r) => fast.record(r))).toEqual([]);
    expect(fast.record(70)).toEqual(["under-floor"]);
    expect(fast.record(60)).toEqual([]);
    const bot = new ReactionProfile();
    const raised = Array.from({ length: 12 }, (_, i) => bot.record(250 + (i % 3))).flat();
    expect(raised).toEqual(["too-regular"]);
    const human = new ReactionProfile();
    const seq = [310, 260, 420, 290, 350, 240, 380, 300, 270, 330, 450, 280, 320, 265, 390];
    expect(seq.flatMap((r) => human.record(r))).toEqual([]);
  });
  it("are kept by the table's conduct as signals for operators, with the account at the seat", () => {
    const conduct = new TableConduct(2);
    conduct.authorised("s1", "acct-1");
    conduct.seated("s1", 1);
    for (let i = 0; i < 12; i++) conduct.reacted(1, 200);
    conduct.reacted(0, 300);
    expect(conduct.fairPlayFlags()).toEqual([{ seat: 1, accountId: "acct-1", flags: ["too-regular"] }]);
  });
});
