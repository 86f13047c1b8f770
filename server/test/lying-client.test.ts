/**
 * Against a lying client, the defences one by one (the kit's overall bounds: call-race.prop.test.ts):
 * pongs only for pings sent, the transport cap and slow rise of the round trip, the slewed clock
 * offset, the claim quota (earned, kept by player), and the fair-play flags (signals, never sanctions).
 */
import { describe, expect, it } from "vitest";
import { ReactionProfile } from "../src/conduct/fair-play.ts";
import { TableConduct } from "../src/conduct/table-conduct.ts";
import { adjudicate } from "../src/realtime/adjudicate.ts";
import { BUCKET_MS, ClaimQuota, ClaimQuotas, FREE_MS, playerKey, playerKeys, QUOTAS_KEPT, START_MS } from "../src/realtime/claim-quota.ts";
import { APP_SLACK_MS, LatencyEstimator, RISE_PER_SAMPLE_MS, SETTLED } from "../src/realtime/latency.ts";
import { NetMonitor } from "../src/realtime/net-monitor.ts";

/** Ping samples one second apart: `hold(i)` ms the page held pong i back; `shift(i)` its clock jump. */
function feed(
  net: LatencyEstimator,
  n: number,
  oneWay: number,
  hold: (i: number) => number = () => 0,
  shift: (i: number) => number = () => 0,
  from = 0,
): void {
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

describe("a simulated link (load tests with DELAY_SIMULATED: no transport pings otherwise)", () => {
  it("turns transport pings on for that connection only, and refuses a malformed link", () => {
    const monitor = new NetMonitor({ transportPings: false });
    const frames: string[] = [];
    const ws = { ping: (b: Buffer) => frames.push(String(b)), on: () => undefined };
    const client = (id: string) => ({ sessionId: id, send: () => undefined, ref: ws });
    monitor.ping([client("a") as never, client("b") as never]);
    expect(frames).toEqual([]);
    for (const bad of [null, {}, { rttMs: -1 }, { rttMs: "80" }, { rttMs: 2_000 }, { rttMs: 80, jitterMs: 500 }, { rttMs: Number.NaN }]) {
      expect(monitor.simulateLink("a", bad), JSON.stringify(bad)).toBe(false);
    }
    expect(monitor.simulateLink("a", { rttMs: 80, jitterMs: 10 })).toBe(true);
    monitor.ping([client("a") as never, client("b") as never]);
    expect(frames).toHaveLength(1);
    expect(monitor.simulatedTransportMs.get("a")).toBe(80);
    monitor.forget("a");
    monitor.forget("b");
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
    feed(
      net,
      8,
      30,
      () => 0,
      () => -400,
      8,
    );
    expect(net.offset).toBeGreaterThan(5_000 - 8 * 2 - 1);
  });
});

describe("the claim quota", () => {
  it("credits an honest claim in full; a fresh player's bucket is nearly empty and only honest claims fill it", () => {
    const q = new ClaimQuota();
    expect(q.available).toBe(START_MS);
    // Honest: the claim is the estimate minus a frame; each adds REFILL_MS, up to BUCKET_MS.
    for (let i = 0; i < 50; i++) expect(q.settle(300, 308, 2)).toBe(300);
    expect(q.available).toBe(BUCKET_MS);
    const liar = new ClaimQuota();
    const credited = Array.from({ length: 30 }, () => liar.settle(300 - 80, 308, 2));
    // Its first claim gets the free allowance (FREE_MS 8 + jitter 2) and the starting bucket; from then on only the allowance: a lie never fills it.
    expect(credited[0]).toBe(308 - FREE_MS - 2 - START_MS);
    expect(credited.slice(1).every((c) => c === 308 - FREE_MS - 2)).toBe(true);
    expect(liar.available).toBe(0);
    expect(liar.withheld).toBe(30 * (308 - 220 - FREE_MS - 2) - START_MS);
    // An honest player's bucket pays for its occasional claim that beats the estimate (queueing), and no more.
    expect(q.settle(300 - 20, 308, 2)).toBe(280);
    expect(q.available).toBe(BUCKET_MS - (308 - 280 - FREE_MS - 2));
  });
  it("follows the player, not the connection: a rejoin, a takeover or the same account finds the bucket as it left it", () => {
    const table = new NetMonitor({ transportPings: false });
    table.seated("s1", playerKey(null, "player-lee", "s1"));
    const first = table.of("s1").quota;
    first.settle(200, 300, 0);
    const withheld = first.withheld;
    table.forget("s1");
    table.seated("s2", playerKey(null, "player-lee", "s2"));
    expect(table.of("s2").quota).toBe(first);
    expect(table.of("s2").quota.withheld).toBe(withheld);
    // The same account on another playerId shares one quota; another player (or account) starts empty.
    table.seated("s3", playerKey("acct-1", "p-a", "s3"));
    table.seated("s4", playerKey("acct-1", "p-b", "s4"));
    expect(table.of("s4").quota).toBe(table.of("s3").quota);
    table.seated("s5", playerKey(null, "player-mo", "s5"));
    expect(table.of("s5").quota).not.toBe(first);
    expect(table.of("s5").quota.available).toBe(START_MS);
    // A connection without a seat has its own, fresh one.
    expect(table.of("watcher").quota.available).toBe(START_MS);
    // Signed in, then the seat taken back signed out with the same playerId (or the reverse): one quota.
    table.seated("s6", playerKeys("acct-2", "p-c", "s6"));
    const drained = table.of("s6").quota;
    drained.settle(200, 300, 0);
    table.seated("s7", playerKeys(null, "p-c", "s7"));
    expect(table.of("s7").quota).toBe(drained);
    table.seated("s8", playerKeys("acct-2", "p-d", "s8"));
    expect(table.of("s8").quota).toBe(drained);
  });
  it("is kept for the last QUOTAS_KEPT players of a table (a forgotten one comes back as a fresh one, which a liar empties at once anyway)", () => {
    const quotas = new ClaimQuotas();
    const kept = quotas.of("a");
    for (let i = 0; i < QUOTAS_KEPT; i++) quotas.of(`other-${i}`);
    expect(quotas.size).toBe(QUOTAS_KEPT);
    expect(quotas.of("a")).not.toBe(kept);
    expect(quotas.of("a").available).toBe(START_MS);
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
