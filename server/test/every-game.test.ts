/**
 * Every hosted game, through the real room: one player and bots play a short game to the end,
 * the player choosing among `mine.legal` like a client would.
 */
import type { ColyseusTestServer } from "@colyseus/testing";
import { quickPlayKey } from "@scat/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GAMES } from "../src/games.ts";
import { replayMatch } from "../src/table/match.ts";
import type { TableRoom } from "../src/table/table-room.ts";
import { bootServer, outcomeOf, playToEnd, record, until, waitSeat } from "./helpers.ts";

let colyseus: ColyseusTestServer;
beforeAll(async () => {
  colyseus = await bootServer();
});
afterAll(async () => {
  await colyseus.shutdown();
});

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
    await playToEnd(name, room, seat, srv);
    await until(() => (room.state as any).status === "ended", "ended status");
    const outcome = outcomeOf(room)!;
    expect(outcome.winners.length).toBeGreaterThan(0);
    // A place per seat, best first along the ranking (tied seats share one).
    expect(outcome.places).toHaveLength(game.minSeats);
    expect(outcome.places[outcome.ranking[0]!]).toBe(1);
    expect(outcome.ranking.map((s) => outcome.places[s]!)).toEqual(
      [...outcome.ranking.map((s) => outcome.places[s]!)].sort((a, b) => a - b),
    );
    // Only an action still in flight when a bot's move ended the game (or, in Hit the Deck's
    // real-time race, the hand) may be refused; and in Dark Hand's call race at the deal (held
    // presses, realtime/held-race.ts) a call sent while the race is judged, or after a bot won
    // it, is refused with its reason (`call` stays legal in the view until the race is released).
    const races: Record<string, string[]> = { hit_the_deck: ["wrong-phase"], dark_hand: ["joker-taken", "already-called"] };
    const stale = new Set(["game-over", ...(races[name] ?? [])]);
    expect(
      log
        .filter((m) => m.type === "rejected" && !stale.has(String((m.message as { code?: string }).code)))
        .map((m) => JSON.stringify(m.message)),
    ).toEqual([]);
    const match = srv.match!;
    expect(replayMatch(match.game, match.options, match.seed, match.startedAt, match.log)).toEqual(match.state);
  }, 180_000);
});
