/**
 * A Dark Hand bot whose call is held in the call race (realtime/held-race.ts) has nothing more to
 * do in that race. A player leaving while it is held re-plans every bot seat (the leaver's seat
 * goes to a bot); the bot sent its held call again, the race refused it `already-called`, and the
 * bot driver logged an illegal bot action at error level. Bots here always want to call (the
 * deal's cards do not decide whether the case comes up).
 */
import type { ColyseusTestServer } from "@colyseus/testing";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { HELD } from "../src/table/game-plugin.ts";
import type { TableRoom } from "../src/table/table-room.ts";
import { bootServer, until, waitSeat } from "./helpers.ts";

vi.mock("@scat/shared/games/dark-hand/index.ts", async (original) => {
  const game = await original<typeof import("@scat/shared/games/dark-hand/index.ts")>();
  // Whatever the hand: the first call the rules allow this seat.
  const callWanted = (s: Parameters<typeof game.callWanted>[0], seat: number) => {
    const call = game.legalActions(s, seat).find((a) => a.type === "call") as { shade?: string } | undefined;
    return (call?.shade ?? null) as ReturnType<typeof game.callWanted>;
  };
  return { ...game, callWanted };
});

let colyseus: ColyseusTestServer;
// A bot on turn waits 3 s: its turn would close the call window before the others' calls (0.55-1.45 s).
beforeAll(async () => {
  colyseus = await bootServer({ BOT_DELAY_MS: "3000-3000" });
});
afterAll(async () => {
  await colyseus.shutdown();
});

it("a player leaving while a bot's call is held does not make the bot call again", async () => {
  // Two bots: whoever is on turn, one of them may call at the deal.
  const a = await colyseus.sdk.create("dark_hand", { seats: 3, bots: 2, turnSeconds: 30, variants: {}, name: "Ann", private: true });
  a.onMessage("*", () => undefined);
  await waitSeat(a);
  const srv = colyseus.getRoomById(a.roomId) as unknown as TableRoom;
  const contained: unknown[] = [];
  const contain = srv.contain.bind(srv);
  srv.contain = (error, method, client) => {
    contained.push(error);
    return contain(error, method, client);
  };
  // The moment a bot's call is held, Ann leaves (the room's own leave: her seat goes to a bot and
  // every bot is planned again), before the race is judged.
  const plugin = srv.plugin!;
  let left = false;
  srv.plugin = {
    ...plugin,
    prepareAction(room, client, slot, action, raw, id) {
      const prepared = plugin.prepareAction!(room, client, slot, action, raw, id);
      if (prepared === HELD && client === null && !left) {
        left = true;
        srv.onLeave(srv.clients.getById(a.sessionId)!, 4000);
      }
      return prepared;
    },
  };
  await until(() => left, "a bot's call held", 8_000);
  // The race is judged and its calls applied; a call re-planned for at once ran before that.
  await until(() => plugin.heldPresses!(srv).length === 0, "the call race judged", 8_000);
  expect(srv.seating.slots.every((s) => s.isBot)).toBe(true);
  expect(contained.map(String)).toEqual([]);
  await a.leave().catch(() => undefined);
});
