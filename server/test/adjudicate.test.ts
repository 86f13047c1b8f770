import { describe, expect, it } from "vitest";
import { adjudicate } from "../src/realtime/adjudicate.ts";
import { LatencyEstimator } from "../src/realtime/latency.ts";
import { NetMonitor, QUICK_SAMPLES } from "../src/realtime/net-monitor.ts";

/** A client whose clock runs `offset` ms ahead of the server's, `oneWay` ms away each direction. */
function network(offset: number, oneWay: number, jitter: number[] = [0]): LatencyEstimator {
  const net = new LatencyEstimator();
  let t = 1_000;
  for (let i = 0; i < 12; i++) {
    const j = jitter[i % jitter.length]!;
    net.add(t, t + oneWay + j / 2 + offset, t + 2 * oneWay + j);
    t += 1_000;
  }
  return net;
}

describe("the latency estimate", () => {
  it("finds round trip and clock offset from ping samples, ignoring queueing spikes", () => {
    const net = network(5_000, 40, [0, 2, 1, 90, 3, 0]);
    expect(net.rtt).toBeGreaterThanOrEqual(80);
    expect(net.rtt).toBeLessThan(84);
    expect(Math.abs(net.offset - 5_000)).toBeLessThan(3);
  });
});

describe("slap adjudication", () => {
  const reveal = 100_000;
  it("accepts an honest claim and uses it as the reaction time", () => {
    const net = network(-3_000, 60);
    // Reveal reaches the client at +60, shown at +70 (client clock = server - 3000), pressed 250 later.
    const shown = reveal + 70 - 3_000,
      pressed = shown + 250;
    const arrived = reveal + 70 + 250 + 60;
    const a = adjudicate({ shownAt: shown, pressedAt: pressed }, reveal, arrived, net);
    expect(a).toMatchObject({ reactionMs: 250, source: "claim", suspicious: false });
  });
  it("falls back to the server estimate when the claim does not fit the arrival", () => {
    const net = network(0, 60);
    const a = adjudicate({ shownAt: reveal + 60, pressedAt: reveal + 60 + 120 }, reveal, reveal + 60 + 400 + 60, net);
    expect(a.source).toBe("estimate");
    expect(a.reactionMs).toBe(400);
  });
  it("refuses a claim that the card was shown long after it arrived", () => {
    const net = network(0, 30);
    // Really pressed 300 ms after the card showed, claims it showed 200 ms late.
    const a = adjudicate({ shownAt: reveal + 30 + 200, pressedAt: reveal + 30 + 300 }, reveal, reveal + 30 + 300 + 30, net);
    expect(a.source).toBe("estimate");
    expect(a.reactionMs).toBe(300);
  });
  it("flags reactions under 100 ms", () => {
    const net = network(0, 10);
    const a = adjudicate({ shownAt: reveal + 10, pressedAt: reveal + 10 + 60 }, reveal, reveal + 10 + 60 + 10, net);
    expect(a).toMatchObject({ reactionMs: 60, suspicious: true });
  });
  it("uses the estimate for a client with no samples or no claim", () => {
    expect(adjudicate(null, reveal, reveal + 500, network(0, 100)).reactionMs).toBe(300);
    expect(adjudicate({ shownAt: 0, pressedAt: 200 }, reveal, reveal + 500, new LatencyEstimator()).source).toBe("estimate");
  });
  it("allows for a stall of the server's own loop, and only for that", () => {
    const net = network(0, 40);
    // Shown at +45, pressed 230 later, sent at once: it should arrive at +315, but the server
    // was busy for 90 ms and stamped it at +400.
    const claim = { shownAt: reveal + 45, pressedAt: reveal + 275 };
    const stamped = reveal + 275 + 40 + 90;
    expect(adjudicate(claim, reveal, stamped, net).source).toBe("estimate");
    expect(adjudicate(claim, reveal, stamped, net, 90)).toMatchObject({ source: "claim", reactionMs: 230 });
    // A stall does not let a claim arrive earlier than it could have, or claim a faster press.
    expect(adjudicate({ shownAt: reveal + 45, pressedAt: reveal + 300 }, reveal, reveal + 250, net, 90).source).toBe("estimate");
  });
});

describe("the network monitor", () => {
  const fakeClient = (sessionId: string) => {
    const sent: number[] = [];
    return {
      sessionId,
      sent,
      send: (type: string, m: { s: number }) => {
        if (type === "ping") sent.push(m.s);
      },
    };
  };
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it("pings a newly joined client several times at once, so its delay is known before a race can open", async () => {
    const monitor = new NetMonitor();
    const client = fakeClient("a");
    monitor.welcome(client as never);
    await sleep(600);
    expect(client.sent.length).toBeGreaterThanOrEqual(5);
    // Answered: enough samples, so the regular ping adds no quick ones.
    for (const s of client.sent) monitor.pong("a", { s, c: s + 5 });
    expect(monitor.of("a").count).toBeGreaterThanOrEqual(QUICK_SAMPLES);
    const before = client.sent.length;
    monitor.ping([client as never]);
    await sleep(400);
    expect(client.sent.length).toBe(before + 1);
  });

  it("stops the quick pings of a client that left", async () => {
    const monitor = new NetMonitor();
    const client = fakeClient("b");
    monitor.welcome(client as never);
    monitor.forget("b");
    await sleep(400);
    expect(client.sent.length).toBeLessThanOrEqual(1);
  });
});
