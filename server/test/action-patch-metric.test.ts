/**
 * `scat_action_patch_seconds` (server/src/metrics.ts): the server's share of a player's
 * action→patch latency, one observation per applied player action, none for a rejected action
 * or a bot's move (docs/OPERATIONS.md, "Metrics").
 */
import type { ColyseusTestServer } from "@colyseus/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registry } from "../src/metrics.ts";
import type { TableRoom } from "../src/table/table-room.ts";
import { bootServer, mine, record, until, waitSeat } from "./helpers.ts";

let colyseus: ColyseusTestServer;
// Bots think 300-400 ms: each observation below can be told apart from the bot's next move.
beforeAll(async () => {
  colyseus = await bootServer({ BOT_DELAY_MS: "300-400" });
});
afterAll(async () => {
  await colyseus.shutdown();
});

async function observed(): Promise<{ count: number; sum: number }> {
  const metric = await registry.getSingleMetric("scat_action_patch_seconds")!.get();
  const count = metric.values.find((v) => (v as { metricName?: string }).metricName === "scat_action_patch_seconds_count")?.value ?? 0;
  const sum = metric.values.find((v) => (v as { metricName?: string }).metricName === "scat_action_patch_seconds_sum")?.value ?? 0;
  return { count, sum };
}

describe("the action→patch metric", () => {
  it("counts each applied player action once, and neither rejected actions nor bots' moves", async () => {
    const room = await colyseus.sdk.joinOrCreate("devils_scat", { name: "Mo", seats: 2, bots: 1, turnSeconds: 60 });
    const log = record(room);
    const seat = await waitSeat(room);
    const srv = colyseus.getRoomById(room.roomId) as unknown as TableRoom;
    await until(() => srv.match && mine(room, seat)?.legal.some((a) => a.type === "drawDeck"), "my turn to draw");

    // A rejected action (not a legal choice now) is not measured.
    const start = await observed();
    room.send("action", { type: "discard", card: "ZZ" });
    await until(() => log.find((m) => m.type === "rejected"), "the rejection");
    expect(await observed()).toEqual(start);

    // An applied one is measured once, when its patch has gone out.
    const version = srv.match!.state.version;
    room.send(
      "action",
      mine(room, seat)!.legal.find((a) => a.type === "drawDeck"),
    );
    await until(() => (room.state as { version: number }).version > version, "the patch of my draw");
    const after = await observed();
    expect(after.count).toBe(start.count + 1);
    expect(after.sum).toBeGreaterThan(start.sum);
    expect(after.sum - start.sum).toBeLessThan(5);

    // Finish the turn; the bot's whole turn that follows adds nothing.
    await until(() => mine(room, seat)?.legal.some((a) => a.type === "discard"), "my discard");
    room.send(
      "action",
      mine(room, seat)!.legal.find((a) => a.type === "discard"),
    );
    const discarded = srv.match!.state.version;
    await until(() => (room.state as { version: number }).version > discarded, "the patch of my discard");
    expect((await observed()).count).toBe(start.count + 2);
    const mark = (room.state as { version: number }).version;
    // The bot's turn is over once it no longer has to act: a draw and a discard, or a knock at once (one step).
    const bot = 1 - seat;
    await until(
      () =>
        srv.match!.over ||
        ((room.state as { version: number }).version > mark &&
          srv.match!.state.version === (room.state as { version: number }).version &&
          !srv.match!.game.awaiting(srv.match!.state).includes(bot)),
      "the bot's turn",
      15_000,
    );
    expect((await observed()).count).toBe(start.count + 2);
    await room.leave();
  });
});
