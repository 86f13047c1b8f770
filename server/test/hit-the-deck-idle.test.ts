/**
 * Hit the Deck arms its fine 10 ms clock only while a slap race is open: an
 * idle table runs no room interval at all, so nothing ticks its clock, and the interval a race
 * armed is cleared when the race closes.
 */
import type { ColyseusTestServer } from "@colyseus/testing";
import { quickPlayKey } from "@scat/shared";
import { playFace, scenario } from "@scat/shared/games/hit-the-deck/test-support.ts";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import type { TableRoom } from "../src/table/table-room.ts";
import { bootServer, until, waitSeat } from "./helpers.ts";

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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Internals {
  _simulationInterval?: { _destroyed?: boolean };
}

/** Counts the room clock's ticks: only a room interval (simulation or patch fallback) ticks it. */
function countTicks(srv: TableRoom): { readonly n: number } {
  const clock = srv.clock as unknown as { tick: () => void };
  const tick = clock.tick.bind(clock);
  const counter = { n: 0 };
  clock.tick = () => {
    counter.n++;
    tick();
  };
  return counter;
}

it("an idle table ticks no interval; a race arms the 10 ms clock and its close clears it", async () => {
  const base = { seats: 2, bots: 0, turnSeconds: 60, variants: {} };
  const a = await colyseus.sdk.joinOrCreate("hit_the_deck", { ...base, name: "A", mode: quickPlayKey(base) });
  const b = await colyseus.sdk.joinOrCreate("hit_the_deck", { ...base, name: "B", mode: quickPlayKey(base) });
  for (const r of [a, b]) {
    r.onMessage("*", () => undefined);
    r.onMessage("events", () => undefined);
  }
  const seats = [await waitSeat(a), await waitSeat(b)];
  const srv = colyseus.getRoomById(a.roomId) as unknown as TableRoom;
  await until(() => srv.match, "game start");
  const internals = srv as unknown as Internals;
  const ticks = countTicks(srv);

  // A game in play with no race open: no interval armed, and none ticks the clock.
  await sleep(300);
  expect((srv.match!.state as unknown as { race: unknown }).race).toBeNull();
  expect(internals._simulationInterval).toBeUndefined();
  expect(srv.fineTick).toBeNull();
  expect(ticks.n).toBe(0);

  // Seat 0 plays WITH A HAND: a race opens and the fine clock runs.
  const s = scenario({ hands: ["HH 3G 4G", "1B 2B 5R"], discard: "2G", turn: 0, now: Date.now() });
  srv.match!.state = { ...s, version: srv.match!.state.version + 1 };
  (srv as unknown as { play: { afterStep(e: unknown[]): void } }).play.afterStep([]);
  const p0 = seats[0] === 0 ? a : b;
  const p1 = p0 === a ? b : a;
  p0.send("action", playFace(s, 0, "HH"));
  await until(() => (srv.match!.state as unknown as { race: unknown }).race !== null, "race open");
  const armed = internals._simulationInterval;
  expect(armed).toBeDefined();
  expect(srv.fineTick).toBe(10);
  await until(() => ticks.n > 0, "the fine clock ticks during the race");

  // Both slap: the race closes and the interval is cleared, not merely forgotten.
  p0.send("action", { type: "call" });
  p0.send("action", { type: "slap" });
  p1.send("action", { type: "slap" });
  await until(() => (srv.match!.state as unknown as { race: unknown }).race === null, "race closed", 8_000);
  expect(internals._simulationInterval).toBeUndefined();
  expect(srv.fineTick).toBeNull();
  expect(armed!._destroyed).toBe(true);
  const after = ticks.n;
  await sleep(300);
  expect(ticks.n).toBe(after);
  // The room's own timers still fire without any interval.
  await Promise.race([
    new Promise((r) => srv.clock.setTimeout(() => r(true), 40)),
    new Promise((_, reject) => setTimeout(() => reject(new Error("the room clock stopped")), 3_000)),
  ]);
});
