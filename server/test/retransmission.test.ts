/**
 * A press that TCP had to retransmit (realtime/stream-probe.ts): through the
 * real Dark Hand room, the truly faster caller's stream stalls, as behind a lost segment, so its
 * call reaches the server ~260 ms late, after the slower caller's. The stall is made on the
 * server's side of the real socket: the server stops reading that client's TCP socket, so the
 * call and the answers of the client's network stack to the server's WebSocket probes wait in
 * the kernel and are delivered together, in order, as a retransmission delivers them.
 * Before the stream probes, the slower call got the Joker (the race stopped waiting 200 ms after
 * it) and the late call was judged by the server's estimate (its claim "did not fit"). And a
 * client that claims the same early press without a stalled stream is still refused.
 */
import type { ColyseusTestServer } from "@colyseus/testing";
import { quickPlayKey } from "@scat/shared";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { HELD } from "../src/table/game-plugin.ts";
import type { TableRoom } from "../src/table/table-room.ts";
import { bootServer, until, waitSeat } from "./helpers.ts";
import { clock, remoteCaller } from "./support/remote-caller.ts";

let colyseus: ColyseusTestServer;
beforeAll(async () => {
  colyseus = await bootServer();
});
afterAll(async () => {
  await colyseus.shutdown();
});
afterEach(async () => {
  await colyseus.cleanup();
});

async function table() {
  const base = { seats: 2, bots: 0, turnSeconds: 30, variants: {} };
  const a = await colyseus.sdk.joinOrCreate("dark_hand", { ...base, name: "Stalled", mode: quickPlayKey(base) });
  const stalled = remoteCaller(a, 10);
  const b = await colyseus.sdk.joinOrCreate("dark_hand", { ...base, name: "Other", mode: quickPlayKey(base) });
  const other = remoteCaller(b, 10);
  const seats = [await waitSeat(a), await waitSeat(b)];
  const srv = colyseus.getRoomById(a.roomId) as unknown as TableRoom;
  srv.net.simulateTransport(a.sessionId, 20);
  srv.net.simulateTransport(b.sessionId, 20);
  await until(() => srv.match && stalled.seen.dealtAt && other.seen.dealtAt, "the deal");
  await until(() => srv.net.of(a.sessionId).count >= 4 && srv.net.of(b.sessionId).count >= 4, "delay estimates", 8_000);
  // The server's end of the stalled player's real TCP socket.
  const socket = (
    srv.clients.find((c) => c.sessionId === a.sessionId) as unknown as { ref: { _socket: { pause(): void; resume(): void } } }
  ).ref._socket;
  return { srv, socket, stalled: { ...stalled, seat: seats[0]! }, other: { ...other, seat: seats[1]! } };
}

/**
 * The stalled player calls while its stream is stalled (the server reads nothing from its socket
 * for `stallMs`); the other player calls 60 ms later, with a slower reaction, and its call
 * arrives first. Returns both claimed reactions and the race's report.
 */
async function stalledRace(earlierMs: number, stallMs = 260) {
  const { srv, socket, stalled, other } = await table();
  // Let the race's probes see the usual round trip first.
  await new Promise((r) => setTimeout(r, 100));
  let otherHeld = false;
  const plugin = srv.plugin!;
  srv.plugin = {
    ...plugin,
    prepareAction(room, client, slot, action, raw, id) {
      const prepared = plugin.prepareAction!(room, client, slot, action, raw, id);
      if (prepared === HELD && slot.index === other.seat) otherHeld = true;
      return prepared;
    },
  };
  const probing = srv.net.of(stalled.room.sessionId).stream.active(clock());
  const sinceDeal = clock() - stalled.seen.dealtAt!;
  socket.pause();
  const stalledMs = stalled.call("dark", earlierMs);
  await new Promise((r) => setTimeout(r, 60));
  // Each client stamped the deal when this (possibly busy) process handled it: wait until the
  // other's reaction is surely slower (40 ms) than the stalled one's true reaction.
  await until(() => clock() - 10 - other.seen.dealtAt! >= stalledMs + earlierMs + 40, "the other player's slower reaction");
  const otherMs = other.call("dark");
  await until(() => otherHeld || other.seen.races.length > 0, "the other call held");
  await new Promise((r) => setTimeout(r, stallMs - 60));
  socket.resume();
  const result = await until(() => other.seen.races.find((r) => r.presses.length === 2), "the call race with both calls", 8_000);
  return { srv, stalled, other, stalledMs, otherMs, result, probing, sinceDeal };
}

it("waits for a caller whose stream stalled and judges its late call by its claim: the truly faster caller gets the Joker", async () => {
  const { srv, stalled, other, stalledMs, otherMs, result, probing, sinceDeal } = await stalledRace(0);
  const why = JSON.stringify({ result, probing, sinceDeal, stalledMs, otherMs });
  expect(stalledMs).toBeLessThan(otherMs);
  expect(
    result.presses.map((p) => p.seat),
    why,
  ).toEqual([stalled.seat, other.seat]);
  expect(result.byArrival).toEqual([other.seat, stalled.seat]);
  expect(result.presses.map((p) => p.seat)).toEqual([stalled.seat, other.seat]);
  expect(result.presses[0]!.timing).toBe("claim");
  // Its claim, not its late arrival (the retransmission is not charged to the claim quota).
  expect(Math.abs(result.presses[0]!.reactionMs - stalledMs)).toBeLessThanOrEqual(15);
  expect((srv.match!.state as any).jokers.dark).toBe(stalled.seat);
});

it("a claim of a press made before the stall began is still refused", async () => {
  // The same stall, but the client claims its press 300 ms before it sent it: before its stream stalled.
  const { stalled, result } = await stalledRace(300);
  const press = result.presses.find((p) => p.seat === stalled.seat)!;
  expect(press.timing).toBe("estimate");
});
