/**
 * A seat taken back from the bot that took it over decodes the seat's hand right, in
 * its join's full state and in every patch after it. Skit Scat, 2 seats, one bot: the player draws
 * (mid-turn, 4 cards), its socket dies, after the window a bot takes the seat and is about to
 * discard; the player takes the seat back with `joinById(code, {playerId})` and discards at once.
 * Before the fix the join's full state was right and the first patch after it (the discard)
 * decoded duplicates (`["3C","6H","10H","2D","6H","10H"]` for `["6H","10H","2D"]`): the seat's
 * `view.add` at the join queued an ADD per hand index, which the full state did not consume,
 * and the patch replayed them onto a hand that had changed (ARCHITECTURE.md, "State sync").
 */
import type { ColyseusTestServer } from "@colyseus/testing";
import type { Room as ClientRoom } from "@colyseus/sdk";
import { quickPlayKey, type TableView } from "@scat/shared";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import type { TableRoom } from "../src/table/table-room.ts";
import { bootServer, mine, until, waitSeat } from "./helpers.ts";

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

const base = { name: "Tess", seats: 2, bots: 1, turnSeconds: 60, reconnectSeconds: 5, variants: {} };
const options = { ...base, mode: quickPlayKey(base as never), playerId: "player-reclaim-30" };

/** The engine's view of `seat` and what the client decodes for it. */
function compare(room: ClientRoom, srv: TableRoom, seat: number) {
  const truth = srv.match!.game.view(srv.match!.state, seat) as TableView;
  const decoded = (room.state as any).seats[seat];
  return {
    decoded: { hand: mine(room, seat)?.hand, handCount: decoded?.handCount },
    engine: { hand: truth.you!.hand, handCount: truth.you!.hand.length },
  };
}

/** Plays seat `seat` until it has drawn (a discard is due), continuing any round result. */
async function drawOnce(room: ClientRoom, srv: TableRoom, seat: number): Promise<void> {
  let sent = -1;
  await until(
    () => {
      const m = mine(room, seat);
      const v = (room.state as any).version;
      if (!m || v !== srv.match?.state.version) return null;
      if (m.legal.some((a) => a.type === "discard")) return true;
      const pick = m.legal.find((a) => a.type === "continue") ?? m.legal.find((a) => a.type === "drawDeck");
      if (pick && sent !== v) {
        sent = v;
        room.send("action", pick);
      }
      return null;
    },
    "the seat mid-turn (drawn, a discard due)",
    20_000,
  );
}

it("a seat reclaimed from its bot decodes the engine's hand after every later patch", async () => {
  const room = await colyseus.sdk.joinOrCreate("skit_scat", options);
  room.onMessage("*", () => undefined);
  const seat = await waitSeat(room);
  const srv = colyseus.getRoomById(room.roomId) as unknown as TableRoom;
  await until(() => srv.match, "game start");
  await drawOnce(room, srv, seat);
  // The bot that takes the seat over waits before it discards: the reclaim lands while its move is pending.
  srv.config = { ...srv.config, botDelayMs: [60_000, 60_000] };
  room.reconnection.enabled = false;
  room.connection.close(4010, "test drop");
  await until(() => srv.seating.slots[seat]!.isBot, "the bot takes the seat over", 15_000);
  const before = srv.match!.state.version;

  const back = await colyseus.sdk.joinById(room.roomId, { name: "Tess", playerId: options.playerId });
  back.onMessage("*", () => undefined);
  expect(await waitSeat(back)).toBe(seat);
  await until(
    () => (back.state as any).version === before && mine(back, seat)?.legal.some((a) => a.type === "discard"),
    "the reclaimed seat may discard",
  );
  const joined = compare(back, srv, seat);
  expect(joined.decoded, "the join's full state").toEqual(joined.engine);
  expect(joined.engine.hand.length).toBe(4);

  // Discard the first card: the hand's list loses its first item (not only its end).
  back.send("action", { type: "discard", card: joined.engine.hand[0] });
  await until(() => (back.state as any).version === before + 1, "the discard's patch");
  const after = compare(back, srv, seat);
  expect(after.decoded, "the first patch after the join").toEqual(after.engine);
  // And every patch after it, to the next turn of this seat.
  for (let v = before + 2; v <= before + 4 && !srv.match!.over; v++) {
    srv.config = { ...srv.config, botDelayMs: [1, 5] };
    srv.bots.schedule();
    const m = await until(() => ((back.state as any).version >= srv.match!.state.version ? mine(back, seat) : null), `v${v}`);
    expect(compare(back, srv, seat).decoded, `v${(back.state as any).version}`).toEqual(compare(back, srv, seat).engine);
    const pick =
      m.legal.find((a) => a.type === "continue") ?? m.legal.find((a) => a.type === "drawDeck") ?? m.legal.find((a) => a.type === "discard");
    if (!pick) break;
    const at = srv.match!.state.version;
    back.send("action", pick);
    await until(() => srv.match!.state.version > at && (back.state as any).version === srv.match!.state.version, "the step's patch");
    expect(compare(back, srv, seat).decoded, `after v${at}`).toEqual(compare(back, srv, seat).engine);
  }
}, 40_000);
