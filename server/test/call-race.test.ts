/**
 * The Dark Hand call race through the real room: calls at the deal are judged
 * by reaction time from the moment each client showed its hand, not by arrival.
 */
import type { ColyseusTestServer } from "@colyseus/testing";
import { quickPlayKey } from "@scat/shared";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { HELD } from "../src/table/game-plugin.ts";
import { Match } from "../src/table/match.ts";
import type { TableRoom } from "../src/table/table-room.ts";
import { bootServer, until, waitSeat } from "./helpers.ts";
import { remoteCaller } from "./support/remote-caller.ts";

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

async function table(nearMs: number, farMs: number) {
  const base = { seats: 2, bots: 0, turnSeconds: 30, variants: {} };
  const a = await colyseus.sdk.joinOrCreate("dark_hand", { ...base, name: "Near", mode: quickPlayKey(base) });
  const near = remoteCaller(a, nearMs);
  const b = await colyseus.sdk.joinOrCreate("dark_hand", { ...base, name: "Far", mode: quickPlayKey(base) });
  const far = remoteCaller(b, farMs);
  const seats = [await waitSeat(a), await waitSeat(b)];
  const srv = colyseus.getRoomById(a.roomId) as unknown as TableRoom;
  // The delay is simulated in the page's pongs; the transport's own pings see loopback, so each
  // gets the round trip added, and the join's loopback transport samples are forgotten (they would
  // cap the far player's round trip at loopback's for the next 16 pings).
  srv.net.simulateTransport(a.sessionId, 2 * nearMs);
  srv.net.simulateTransport(b.sessionId, 2 * farMs);
  await until(() => srv.match && near.seen.dealtAt && far.seen.dealtAt, "the deal");
  await until(() => srv.net.of(a.sessionId).count >= 4 && srv.net.of(b.sessionId).count >= 4, "delay estimates", 8_000);
  return { srv, near: { ...near, seat: seats[0]! }, far: { ...far, seat: seats[1]! } };
}

/**
 * Near calls; the moment the server holds Near's call (in the server's own handling of it), Far
 * calls: Far's call arrives second, whatever this process's timers do, and well inside the window.
 * Far is 100 ms away each way, so its press (one way before it arrives, on a hand it saw one way
 * after the deal) was about 200 ms faster. Returns the reaction time the server should credit
 * each (its claim, plus what the claim quota withheld).
 */
async function race(
  srv: TableRoom,
  near: ReturnType<typeof remoteCaller> & { seat: number },
  far: ReturnType<typeof remoteCaller> & { seat: number },
  shade: string,
): Promise<{ nearMs: number; farMs: number }> {
  const plugin = srv.plugin!;
  let farMs: number | null = null;
  srv.plugin = {
    ...plugin,
    prepareAction(room, client, slot, action, raw, id) {
      const prepared = plugin.prepareAction!(room, client, slot, action, raw, id);
      if (prepared === HELD && slot.index === near.seat && farMs === null) farMs = far.call(shade);
      return prepared;
    },
  };
  const withheld = (c: ReturnType<typeof remoteCaller>) => srv.net.of(c.room.sessionId).quota.withheld;
  const before = { near: withheld(near), far: withheld(far) };
  const nearMs = near.call(shade);
  await until(() => farMs !== null, "Near's call held");
  await until(() => near.seen.races.length > 0, "the call race result", 8_000);
  // The reaction time the server credits each claim: the claim, plus whatever the claim quota
  // withheld (realtime/claim-quota.ts: a claim that beats the server's own estimate by more than
  // an honest render time, e.g. when this loaded process handled the call late, is paid from the
  // bucket and, past it, not credited).
  return { nearMs: nearMs + withheld(near) - before.near, farMs: farMs! + withheld(far) - before.far };
}

it("gives the Joker to the faster reaction, not the earlier arrival, and reports both", async () => {
  const { srv, near, far } = await table(0, 100);
  const claimed = await race(srv, near, far, "dark");
  expect(claimed.farMs).toBeLessThan(claimed.nearMs);
  const result = await until(() => near.seen.races[0], "the call race result", 8_000);
  expect(result.presses.map((p) => p.seat)).toEqual([far.seat, near.seat]);
  expect(result.byArrival).toEqual([near.seat, far.seat]);
  expect(result.compensated).toBe(true);
  expect(result.shades[far.seat]).toBe("dark");
  // Each reaction is the one its client claimed (accepted: it fits the arrival and the measured delay).
  expect(result.presses.map((p) => p.timing)).toEqual(["claim", "claim"]);
  const [fast, slow] = result.presses;
  expect(Math.abs(fast!.reactionMs - claimed.farMs)).toBeLessThanOrEqual(1);
  expect(Math.abs(slow!.reactionMs - claimed.nearMs)).toBeLessThanOrEqual(1);
  expect((srv.match!.state as any).jokers.dark).toBe(far.seat);
  await until(() => near.seen.rejected.includes("joker-taken"), "the slower caller is told joker-taken");
  await until(() => far.seen.races.length === 1, "both players get the report");
});

it("a lone call is applied once the race stops waiting, and a second call by the same seat is refused while it is held", async () => {
  const { srv, near, far } = await table(0, 40);
  near.room.send("action", { type: "call", shade: "light" });
  near.room.send("action", { type: "call", shade: "dark" });
  const race = await until(() => far.seen.races[0], "the call race result", 8_000);
  expect(race.presses.map((p) => p.seat)).toEqual([near.seat]);
  expect(race.presses[0]!.timing).toBe("estimate");
  expect(race.compensated).toBe(false);
  expect((srv.match!.state as any).jokers.light).toBe(near.seat);
  await until(() => near.seen.rejected.includes("already-called"), "the second call refused");
});

it("a table resumed from its journal mid-call-window judges calls from the original deal", async () => {
  const { srv, near, far } = await table(0, 100);
  await new Promise((r) => setTimeout(r, 300));
  // What durable/restore.ts does after a crash: the match rebuilt from the journal's steps, resumed.
  const m = srv.match!;
  srv.play.resume(Match.restore(m.game, m.options, m.startedAt, m.seed, m.salt, m.log));
  expect(srv.match).not.toBe(m);
  const claimed = await race(srv, near, far, "light");
  const result = await until(() => near.seen.races[0], "the call race result", 8_000);
  expect(result.presses.map((p) => p.seat)).toEqual([far.seat, near.seat]);
  // The claims fit the deal's time from the journal (with the resume's time they would not).
  expect(result.presses.map((p) => p.timing)).toEqual(["claim", "claim"]);
  expect(Math.abs(result.presses[0]!.reactionMs - claimed.farMs)).toBeLessThanOrEqual(1);
  expect((srv.match!.state as any).jokers.light).toBe(far.seat);
});
