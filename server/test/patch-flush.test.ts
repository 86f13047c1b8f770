/**
 * Patches without the 50 ms patch interval (server/src/table/patch-flush.ts): the room's clock
 * timers fire at their due time, never early, with nothing ticking the clock; a table's state
 * reaches its clients after each change; the room runs no patch interval.
 */
import { ClockTimer } from "@colyseus/timer";
import type { ColyseusTestServer } from "@colyseus/testing";
import { quickPlayKey } from "@scat/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wakeClockOnTimers } from "../src/table/patch-flush.ts";
import type { TableRoom } from "../src/table/table-room.ts";
import { bootServer, outcomeOf, playToEnd, until, waitSeat } from "./helpers.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("a clock woken by its own timers", () => {
  it("fires a timeout at its due time though nothing ticks the clock, and not before", async () => {
    const clock = new ClockTimer();
    clock.start();
    wakeClockOnTimers(clock as never);
    await sleep(120); // the clock's last tick is now long ago
    const start = Date.now();
    const fired = await new Promise<number>((resolve) => clock.setTimeout(() => resolve(Date.now()), 60));
    expect(fired - start).toBeGreaterThanOrEqual(59);
  });

  it("repeats an interval, and a cleared timer never fires", async () => {
    const clock = new ClockTimer();
    clock.start();
    wakeClockOnTimers(clock as never);
    let cleared = 0;
    clock.setTimeout(() => cleared++, 20).clear();
    let n = 0;
    const iv = clock.setInterval(() => n++, 15);
    await until(() => n >= 3, "three interval runs", 5_000);
    iv.clear();
    const at = n;
    await sleep(60);
    expect(n).toBe(at);
    expect(cleared).toBe(0);
    clock.clear();
  });

  it("keeps no fired or cleared timer in the clock's list (nothing ticks it to drop them)", async () => {
    const clock = new ClockTimer();
    clock.start();
    wakeClockOnTimers(clock as never);
    let fired = 0;
    for (let i = 0; i < 50; i++) clock.setTimeout(() => fired++, 5);
    for (let i = 0; i < 50; i++) clock.setTimeout(() => fired++, 5).clear();
    const iv = clock.setInterval(() => undefined, 5);
    await until(() => fired === 50, "the timeouts", 5_000);
    expect(clock.delayed).toEqual([iv]);
    iv.clear();
    expect(clock.delayed).toEqual([]);
  });
});

describe("a table with no patch interval", () => {
  let colyseus: ColyseusTestServer;
  beforeAll(async () => {
    colyseus = await bootServer();
  });
  afterAll(async () => {
    await colyseus.shutdown();
  });

  it("has no patch interval, shows no result before the game, and plays to the end on patches sent per change", async () => {
    const base = { seats: 3, bots: 2, turnSeconds: 30, variants: {} };
    const room = await colyseus.sdk.joinOrCreate("devils_scat", { ...base, name: "Solo", mode: quickPlayKey(base) });
    const seat = await waitSeat(room);
    const srv = colyseus.getRoomById(room.roomId) as unknown as TableRoom;
    expect(srv.patchRate).toBeNull();
    expect((srv as unknown as { _simulationInterval?: unknown })._simulationInterval).toBeUndefined();
    await until(() => srv.match, "the deal");
    await playToEnd("Solo", room, seat, srv);
    await until(() => outcomeOf(room), "the outcome on the client");
    expect(outcomeOf(room)!.winners.length).toBeGreaterThan(0);
  });

  it("fills a waiting table with bots when its countdown ends (a clock timer, no tick loop)", async () => {
    const base = { seats: 3, bots: 0, turnSeconds: 30, variants: {}, autoFillSeconds: 1 };
    const room = await colyseus.sdk.joinOrCreate("devils_scat", { ...base, name: "Waiter", mode: quickPlayKey(base) });
    await waitSeat(room);
    expect((room.state as any).status).toBe("waiting");
    expect((room.state as any).result).toBeUndefined();
    expect((room.state as any).outcome).toBeUndefined();
    await until(() => (room.state as any).status === "playing", "bots fill the table", 10_000);
  });
});
