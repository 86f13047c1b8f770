/**
 * The SDK's own reconnection through a real server (shared/src/wire/fresh-rejoin.ts):
 * a field that became empty while the socket was away is empty after the reconnection. Skit
 * Scat, the player has drawn (`myDrawnCard` set), its socket drops, the seat's discard is applied
 * while it is away (as its deadline's default would), the SDK reconnects by itself. With the
 * SDK's own decoding of that full state (`decodeResync`, FRESH_REJOIN=0) the drawn card stays.
 */
import type { ColyseusTestServer } from "@colyseus/testing";
import { SchemaSerializer } from "@colyseus/sdk";
import { quickPlayKey, type TableView } from "@scat/shared";
import { freshStateOnRejoin } from "@scat/shared/wire/fresh-rejoin.ts";
import { privateFactsOf } from "@scat/shared/wire-state.ts";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { TableRoom } from "../src/table/table-room.ts";
import { bootServer, mine, until, waitSeat } from "./helpers.ts";

if (process.env["FRESH_REJOIN"] !== "0") freshStateOnRejoin(SchemaSerializer);

let colyseus: ColyseusTestServer;
beforeAll(async () => {
  colyseus = await bootServer();
});
afterAll(async () => {
  await colyseus.shutdown();
});

it("a field emptied while the socket was away is empty after the SDK's own reconnection", async () => {
  const base = { name: "Rae", seats: 2, bots: 1, turnSeconds: 60, variants: {} };
  const room = await colyseus.sdk.joinOrCreate("skit_scat", { ...base, mode: quickPlayKey(base) });
  room.onMessage("*", () => undefined);
  const seat = await waitSeat(room);
  const srv = colyseus.getRoomById(room.roomId) as unknown as TableRoom;
  await until(() => srv.match, "game start");
  let sent = -1;
  await until(
    () => {
      const m = mine(room, seat);
      const v = (room.state as any).version;
      if (!m || v !== srv.match!.state.version) return null;
      if (m.legal.some((a) => a.type === "discard") && privateFactsOf((room.state as any).seats[seat])["drawnCard"]) return true;
      const pick = m.legal.find((a) => a.type === "continue") ?? m.legal.find((a) => a.type === "drawDeck");
      if (pick && sent !== v) {
        sent = v;
        room.send("action", pick);
      }
      return null;
    },
    "a drawn card",
    20_000,
  );

  room.reconnection.minUptime = 0;
  room.reconnection.delay = 400;
  let reconnected = false;
  room.onReconnect(() => {
    reconnected = true;
  });
  room.connection.close(4010, "network drop");
  await until(() => srv.seating.slots[seat]!.connected === false, "the drop");
  const hand = (srv.match!.game.view(srv.match!.state, seat) as TableView).you!.hand;
  expect(srv.act(srv.seating.slots[seat]!, { type: "discard", card: hand[0]! } as never)).toBeNull();
  await until(
    () => reconnected && srv.seating.slots[seat]!.connected && (room.state as any).version === srv.match!.state.version,
    "the SDK's reconnection and its full state",
    10_000,
  );
  const truth = srv.match!.game.view(srv.match!.state, seat) as TableView;
  expect(privateFactsOf((room.state as any).seats[seat])["drawnCard"] ?? null).toBe(truth.you!.info["drawnCard"] ?? null);
  expect((room.state as any).info.step ?? null).toBe(truth.info["step"] ?? null);
  expect(mine(room, seat)!.hand).toEqual(truth.you!.hand);
});
