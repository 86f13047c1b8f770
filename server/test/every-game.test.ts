/**
 * Every hosted game, through the real room: one player and bots play a short game to the end,
 * the player choosing among `mine.legal` like a client would.
 */
import type { ColyseusTestServer } from "@colyseus/testing";
import { quickPlayKey } from "@scat/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GAMES } from "../src/games.ts";
import { replayMatch } from "../src/room/match.ts";
import type { TableRoom } from "../src/room/table-room.ts";
import { bootServer, mine, record, until, waitSeat } from "./helpers.ts";

let colyseus: ColyseusTestServer;
beforeAll(async () => { colyseus = await bootServer(); });
afterAll(async () => { await colyseus.shutdown(); });

/** Short games for tests: lower targets where a game has one. */
const SHORT: Record<string, Record<string, number | boolean>> = {
  dark_hearts: { target: 15 },
  scatterbrain: { memoriseMs: 2_000 },
  hit_the_deck: { target: 30 },
};

describe.each(Object.keys(GAMES))("%s", (name) => {
  it("plays to the end with one player and bots, and the room's record replays", async () => {
    const game = GAMES[name as keyof typeof GAMES]!.game;
    const base = { name: "Tess", seats: game.minSeats, bots: game.minSeats - 1, turnSeconds: 30, variants: SHORT[name] ?? {} };
    const room = await colyseus.sdk.joinOrCreate(name, { ...base, mode: quickPlayKey(base) });
    const log = record(room);
    const seat = await waitSeat(room);
    const srv = colyseus.getRoomById(room.roomId) as unknown as TableRoom;
    let seen = -1;
    while (!srv.match?.over) {
      const next = await until(() => {
        if (srv.match?.over) return { legal: [] as { type: string }[] };
        const m = mine(room, seat);
        const v = (room.state as any).version;
        return m && m.legal.length > 0 && v !== seen && v === srv.match?.state.version ? { legal: m.legal } : null;
      }, `${name}: a decision or the end`, 60_000);
      if (next.legal.length === 0) break;
      seen = (room.state as any).version;
      room.send("action", next.legal.find((a) => a.type === "continue") ?? next.legal[0]);
    }
    await until(() => (room.state as any).status === "ended", "ended status");
    expect(JSON.parse((room.state as any).outcome).winners.length).toBeGreaterThan(0);
    expect(log.filter((m) => m.type === "rejected").map((m) => JSON.stringify(m.message))).toEqual([]);
    const match = srv.match!;
    expect(replayMatch(match.game, match.options, match.seed, match.startedAt, match.log)).toEqual(match.state);
  }, 180_000);
});
