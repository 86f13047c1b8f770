/**
 * Colyseus counts each client's messages per second on the room's clock (`maxMessagesPerSecond`),
 * and a table's clock ticks only when a patch goes out or a race's fine tick runs
 * (table/patch-flush.ts). With the clock standing still, every message since the last patch fell
 * in the same "second": a player at a table where nothing changed for a while (a waiting table, a
 * slow opponent's turn, a table paused while its store is away) was closed with 4002 after 60
 * ordinary messages, however slowly they came (found by lease-cut.test.ts's 5x cut: a player
 * answering pings and retrying a refused action during the pause). The room now reads the time
 * afresh for each message (net/guard-frames.ts).
 */
import type { Room as ClientRoom } from "@colyseus/sdk";
import type { ColyseusTestServer } from "@colyseus/testing";
import { quickPlayKey } from "@scat/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootServer } from "./helpers.ts";

let colyseus: ColyseusTestServer;
// RATE_LIMIT_BURST 10: the room's budget is core's floor, 60 messages a second.
beforeAll(async () => {
  colyseus = await bootServer({ RATE_LIMIT_PER_SECOND: "10", RATE_LIMIT_BURST: "10" });
});
afterAll(async () => {
  await colyseus.shutdown();
});

describe("the per-second message budget", () => {
  it("counts real seconds at a table where nothing changes", async () => {
    const base = { name: "Wren", seats: 4, bots: 0, turnSeconds: 30, variants: {}, autoFillSeconds: 0 };
    const room: ClientRoom = await colyseus.sdk.joinOrCreate("devils_scat", {
      ...base,
      mode: quickPlayKey(base as never),
      playerId: "p-wren-waiting",
    });
    let closed: number | null = null;
    room.onLeave((code) => {
      closed = code;
    });
    expect(colyseus.getRoomById(room.roomId)!.maxMessagesPerSecond).toBe(60);
    // 80 messages at 25 a second, well inside 60 a second, at a waiting table: no patch goes out.
    for (let i = 0; i < 80 && closed === null; i++) {
      room.send("pong", { s: 0, c: Date.now() });
      await new Promise((r) => setTimeout(r, 40));
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(closed, "closed by the message budget").toBeNull();
    // A real flood is still closed: 100 messages at once.
    for (let i = 0; i < 100; i++) room.send("pong", { s: 0, c: Date.now() });
    await new Promise((r) => setTimeout(r, 300));
    expect(closed, "a flood closed").toBe(4002);
  });
});
