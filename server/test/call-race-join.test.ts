/**
 * A seat's delay estimate at the deal must not hold its own join. Colyseus keeps every message to
 * a connection that has not yet confirmed its join (`ClientState.JOINING`) in a queue, sent only
 * once the client has the handshake and the full state; a ping queued there comes back a whole
 * handshake late. The last player to sit down deals the hand, so at the deal its only samples
 * were those: its round trip looked that much longer, the server's estimate of its reaction that
 * much shorter, and it won a call pressed at the same instant as the others (9 of 9 for an outside
 * client whose network stack left the WebSocket pings unanswered, so no transport round trip
 * capped the page's). Here the queue is Colyseus's, the clock is fake: nothing races a timer.
 */
import type { Client } from "@colyseus/core";
import { ClientState } from "@colyseus/core";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { adjudicate } from "../src/realtime/adjudicate.ts";
import { NetMonitor, PING, serverNow } from "../src/realtime/net-monitor.ts";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "performance", "Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A client `rttMs` away (no WebSocket under it: its transport pings go unanswered), with Colyseus's queue while it joins. */
function remote(net: NetMonitor, id: string, rttMs: number, clockMs = 0, withWs = false) {
  const queued: unknown[] = [];
  const deliver = (type: string, message: unknown) => {
    if (type !== PING) return;
    const { s } = message as { s: number };
    // It reads its clock half way and its pong takes the other half.
    setTimeout(() => net.pong(id, { s, c: serverNow() - rttMs / 2 + clockMs }), rttMs);
  };
  // Its network stack answers WebSocket pings at once, joining or not (nothing queues them).
  const listeners: ((data: Buffer) => void)[] = [];
  const ref = withWs
    ? {
        ping: (data: Buffer) => {
          setTimeout(() => {
            for (const l of listeners) l(data);
          }, rttMs);
        },
        on: (_event: "pong", fn: (data: Buffer) => void) => {
          listeners.push(fn);
        },
      }
    : undefined;
  const client = {
    sessionId: id,
    ref,
    state: ClientState.JOINING as number,
    send(type: string, message: unknown) {
      if (client.state === ClientState.JOINING) queued.push([type, message]);
      else deliver(type, message);
    },
    /** The client confirmed its join: what waited goes out now (Colyseus's `_onMessage`, JOIN_ROOM). */
    joined() {
      client.state = ClientState.JOINED;
      for (const [type, message] of queued.splice(0) as [string, unknown][]) deliver(type, message);
    },
  };
  return client;
}

it("a seat that sat down last, at the deal, is judged with its network's round trip, not its handshake's", () => {
  const net = new NetMonitor();
  const rtt = 40;
  // The first player sat down a while ago and answered the table's pings since.
  const first = remote(net, "first", rtt);
  net.welcome(first as unknown as Client);
  first.joined();
  for (let i = 0; i < 6; i++) {
    vi.advanceTimersByTime(1_000);
    net.ping([first as unknown as Client]);
  }
  vi.advanceTimersByTime(1_000);
  // The last player sits down: its join deals the hand. Its handshake (the join, the full state
  // on its way and back) takes 300 ms, the same network as the first player's.
  const last = remote(net, "last", rtt);
  net.welcome(last as unknown as Client);
  const revealAt = serverNow();
  vi.advanceTimersByTime(300);
  last.joined();
  // Both press at the same instant, 400 ms after the deal, and the calls arrive together.
  vi.advanceTimersByTime(400 - 300);
  const arrivedAt = serverNow();
  const a = adjudicate(null, revealAt, arrivedAt, net.of("first"));
  const b = adjudicate(null, revealAt, arrivedAt, net.of("last"));
  expect(net.of("first").rtt).toBeCloseTo(rtt, 0);
  // The last player's estimate is its network's, not the handshake's.
  expect(net.of("last").count).toBeGreaterThan(0);
  expect(net.of("last").rtt).toBeLessThanOrEqual(rtt + 1);
  // So neither is favoured: the same reaction time for the same press.
  expect(Math.abs(a.reactionMs - b.reactionMs)).toBeLessThanOrEqual(1);
});

it("with WebSocket pings answered and claims sent, the last to sit down is judged like the others", () => {
  const net = new NetMonitor();
  const rtt = 40;
  // Each client's clock is its own: 5 s and -3 s off the server's.
  const first = remote(net, "first", rtt, 5_000, true);
  net.welcome(first as unknown as Client);
  first.joined();
  for (let i = 0; i < 6; i++) {
    vi.advanceTimersByTime(1_000);
    net.ping([first as unknown as Client]);
  }
  vi.advanceTimersByTime(1_000);
  const last = remote(net, "last", rtt, -3_000, true);
  net.welcome(last as unknown as Client);
  const revealAt = serverNow();
  vi.advanceTimersByTime(300);
  last.joined();
  vi.advanceTimersByTime(400 - 300);
  // Both saw the hand one way after the deal and pressed 300 ms later; both calls arrive now, one way after the press.
  const arrivedAt = serverNow();
  const claim = (clockMs: number) => ({ shownAt: revealAt + rtt / 2 + clockMs, pressedAt: arrivedAt - rtt / 2 + clockMs });
  const a = adjudicate(claim(5_000), revealAt, arrivedAt, net.of("first"));
  const b = adjudicate(claim(-3_000), revealAt, arrivedAt, net.of("last"));
  expect(a.source).toBe("claim");
  expect(b.source).toBe("claim");
  expect(Math.abs(a.reactionMs - b.reactionMs)).toBeLessThanOrEqual(1);
});

it("the stream of the last to sit down is probed from the deal its join made, while it is still joining", () => {
  // Stream probes are WebSocket frames, not queued behind the join: a call TCP had to retransmit
  // is told from a lie only if its stream was probed since the reveal (realtime/stream-probe.ts).
  const net = new NetMonitor();
  const rtt = 40;
  const first = remote(net, "first", rtt, 0, true);
  net.welcome(first as unknown as Client);
  first.joined();
  vi.advanceTimersByTime(1_000);
  const last = remote(net, "last", rtt, 0, true);
  net.welcome(last as unknown as Client);
  // Its join deals: the race opens before any ping has gone to it.
  net.probe(["first", "last"]);
  vi.advanceTimersByTime(200);
  expect(last.state).toBe(ClientState.JOINING);
  for (const id of ["first", "last"]) {
    expect(net.of(id).stream.usualRtt, id).not.toBeNull();
    expect(net.of(id).stream.usualRtt!, id).toBeCloseTo(rtt, 0);
  }
});
