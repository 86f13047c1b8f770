/**
 * The Dark Hand call race through the real room (issue 28 item 1): calls at the deal are judged
 * by reaction time from the moment each client showed its hand, not by arrival.
 */
import type { ColyseusTestServer } from "@colyseus/testing";
import type { Room as ClientRoom } from "@colyseus/sdk";
import { quickPlayKey } from "@scat/shared";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { CALL_RACE, type CallRaceMessage } from "../src/games/dark-hand-plugin.ts";
import { Match } from "../src/room/match.ts";
import type { TableRoom } from "../src/room/table-room.ts";
import { bootServer, until, waitSeat } from "./helpers.ts";

let colyseus: ColyseusTestServer;
beforeAll(async () => { colyseus = await bootServer(); });
afterAll(async () => { await colyseus.shutdown(); });
afterEach(async () => { await colyseus.cleanup(); });

const clock = () => performance.timeOrigin + performance.now();

/** A client `delayMs` away each way: it sees messages that late, its messages reach the server that late, and it answers pings so. */
function remote(room: ClientRoom, delayMs: number) {
  const seen = { dealtAt: null as number | null, races: [] as CallRaceMessage[], rejected: [] as string[] };
  room.onMessage("ping", (m: { s: number }) => setTimeout(() => {
    const c = clock();
    setTimeout(() => room.send("pong", { s: m.s, c }), delayMs);
  }, delayMs));
  room.onMessage("events", (m: { events: { type: string }[] }) => setTimeout(() => {
    if (m.events.some((e) => e.type === "handDealt") && seen.dealtAt === null) seen.dealtAt = clock();
  }, delayMs));
  room.onMessage(CALL_RACE, (m: CallRaceMessage) => seen.races.push(m));
  room.onMessage("rejected", (m: { code: string }) => seen.rejected.push(m.code));
  room.onMessage("*", () => undefined);
  /** Presses `reactionMs` after the hand showed (client clock), and the call reaches the server one way later. */
  const call = (shade: string, reactionMs: number): void => {
    const shownAt = seen.dealtAt!;
    setTimeout(() => {
      const pressedAt = clock();
      setTimeout(() => room.send("action", { type: "call", shade, shownAt, pressedAt }), delayMs);
    }, Math.max(0, shownAt + reactionMs - clock()));
  };
  return { room, seen, call };
}

async function table(nearMs: number, farMs: number) {
  const base = { seats: 2, bots: 0, turnSeconds: 30, variants: {} };
  const a = await colyseus.sdk.joinOrCreate("dark_hand", { ...base, name: "Near", mode: quickPlayKey(base) });
  const near = remote(a, nearMs);
  const b = await colyseus.sdk.joinOrCreate("dark_hand", { ...base, name: "Far", mode: quickPlayKey(base) });
  const far = remote(b, farMs);
  const seats = [await waitSeat(a), await waitSeat(b)];
  const srv = colyseus.getRoomById(a.roomId) as unknown as TableRoom;
  // The delay is simulated in the page's pongs; the transport's own pings see loopback.
  srv.net.simulatedTransportMs.set(a.sessionId, 2 * nearMs);
  srv.net.simulatedTransportMs.set(b.sessionId, 2 * farMs);
  await until(() => srv.match && near.seen.dealtAt && far.seen.dealtAt, "the deal");
  await until(() => srv.net.of(a.sessionId).count >= 4 && srv.net.of(b.sessionId).count >= 4, "delay estimates", 8_000);
  return { srv, near: { ...near, seat: seats[0]! }, far: { ...far, seat: seats[1]! } };
}

it("gives the Joker to the faster reaction, not the earlier arrival, and reports both", async () => {
  const { srv, near, far } = await table(0, 60);
  const elapsed = clock() - near.seen.dealtAt!;
  // Near presses 100 ms slower than Far but arrives about 20 ms earlier (Far is 60 ms away each way).
  near.call("dark", elapsed + 400);
  far.call("dark", elapsed + 300);
  const race = await until(() => near.seen.races[0], "the call race result", 8_000);
  expect(race.presses.map((p) => p.seat)).toEqual([far.seat, near.seat]);
  expect(race.byArrival).toEqual([near.seat, far.seat]);
  expect(race.compensated).toBe(true);
  expect(race.shades[far.seat]).toBe("dark");
  const [fast, slow] = race.presses;
  expect(fast!.reactionMs - (elapsed + 300)).toBeGreaterThanOrEqual(-5);
  // (The test's timers may fire late on a busy machine, never early.)
  expect(fast!.reactionMs - (elapsed + 300)).toBeLessThan(150);
  expect(slow!.reactionMs).toBeGreaterThan(fast!.reactionMs);
  expect(race.presses.map((p) => p.timing)).toEqual(["claim", "claim"]);
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
  const { srv, near, far } = await table(0, 60);
  await new Promise((r) => setTimeout(r, 300));
  // What durable/restore.ts does after a crash: the match rebuilt from the journal's steps, resumed.
  const m = srv.match!;
  srv.play.resume(Match.restore(m.game, m.options, m.startedAt, m.seed, m.salt, m.log));
  expect(srv.match).not.toBe(m);
  const elapsed = clock() - near.seen.dealtAt!;
  near.call("light", elapsed + 400);
  far.call("light", elapsed + 300);
  const race = await until(() => near.seen.races[0], "the call race result", 8_000);
  expect(race.presses.map((p) => p.seat)).toEqual([far.seat, near.seat]);
  // The claims fit the deal's time from the journal (with the resume's time they would not).
  expect(race.presses.map((p) => p.timing)).toEqual(["claim", "claim"]);
  expect((srv.match!.state as any).jokers.light).toBe(far.seat);
});
