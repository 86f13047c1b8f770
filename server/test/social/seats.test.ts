/**
 * The lobby's invite banner and "Back to your game": what a code leads to, and which
 * table a player holds a seat at (presence, so any process answers).
 */
import type { ColyseusTestServer } from "@colyseus/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ColyseusTestServer as TestServer } from "@colyseus/testing";
import { loadConfig } from "../../src/config.ts";
import { createServer } from "../../src/app.ts";
import { freePort } from "../helpers.ts";
import { matchMaker } from "@colyseus/core";
import { SeatRegistry } from "../../src/social/seats.ts";

let colyseus: ColyseusTestServer;
let base: string;
beforeAll(async () => {
  const port = await freePort();
  const server = createServer(
    loadConfig({
      BOT_DELAY_MS: "1-5",
      LOG_LEVEL: "silent",
      MATCHMAKE_RATE_PER_SECOND: "10000",
      MATCHMAKE_BURST: "10000",
      PORT: String(port),
    }),
  );
  await server.listen(port, "127.0.0.1");
  colyseus = new TestServer(server);
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await colyseus.shutdown();
});
afterEach(async () => {
  await colyseus.cleanup();
});

const get = async (path: string) => {
  const r = await fetch(`${base}/api${path}`);
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
};
const mySeat = async (playerId: unknown, origin = base) => {
  const r = await fetch(`${base}/api/social/my-seat`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ playerId }),
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
};

describe("social: invitations and held seats", () => {
  it("names an invitation's game and options; bad or unknown codes change nothing", async () => {
    const host = await colyseus.sdk.create("hit_the_deck", {
      name: "Host",
      playerId: "host-player-1",
      seats: 3,
      bots: 0,
      private: true,
      turnSeconds: 25,
    });
    host.onMessage("*", () => {});
    let info = await get(`/social/tables/${host.roomId}`);
    for (const end = Date.now() + 5_000; info.body.players !== 1 && Date.now() < end;) info = await get(`/social/tables/${host.roomId}`);
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({
      code: host.roomId,
      game: "hit_the_deck",
      seats: 3,
      players: 1,
      turnSeconds: 25,
      status: "waiting",
      open: true,
      ranked: false,
    });
    expect(JSON.stringify(info.body)).not.toContain("Host");
    // Lower case works as the code field does; HTML, long or unknown codes are refused.
    expect((await get(`/social/tables/${host.roomId.toLowerCase()}`)).body.game).toBe("hit_the_deck");
    expect((await get(`/social/tables/${encodeURIComponent("<b>x</b>")}`)).status).toBe(400);
    expect((await get(`/social/tables/${"A".repeat(40)}`)).status).toBe(400);
    expect((await get("/social/tables/ZZZZZZ")).status).toBe(404);
    // The lobby room is no table.
    const lobby = await colyseus.sdk.joinOrCreate("lobby");
    expect((await get(`/social/tables/${lobby.roomId}`)).status).toBe(404);
  });

  it("knows the table a player sits at until the seat is freed", async () => {
    const room = await colyseus.sdk.joinOrCreate("devils_scat", {
      name: "Sam",
      playerId: "sam-player-1",
      seats: 2,
      bots: 0,
      autoFillSeconds: 0,
    });
    room.onMessage("*", () => {});
    expect((await mySeat("sam-player-1")).body).toEqual({ seat: { roomId: room.roomId, game: "devils_scat", status: "waiting" } });
    expect((await mySeat("nobody-here-1")).body).toEqual({ seat: null });
    // Bad input: a clear error, nothing else.
    expect((await mySeat(42)).status).toBe(400);
    expect((await mySeat("short")).status).toBe(400);
    await room.leave(true);
    const after = Date.now() + 5_000;
    let body = (await mySeat("sam-player-1")).body;
    while (body.seat !== null && Date.now() < after) {
      await new Promise((r) => setTimeout(r, 20));
      body = (await mySeat("sam-player-1")).body;
    }
    expect(body).toEqual({ seat: null });
  });

  it("a game left on purpose is no longer offered as the player's; one process never calls an unlisted table 'moving'", async () => {
    const room = await colyseus.sdk.create("devils_scat", {
      name: "Lea",
      playerId: "lea-player-1",
      seats: 2,
      bots: 1,
      private: true,
      turnSeconds: 60,
    });
    room.onMessage("*", () => {});
    const until = async (check: (seat: unknown) => boolean, what: string) => {
      let body = (await mySeat("lea-player-1")).body;
      for (const end = Date.now() + 5_000; !check(body.seat) && Date.now() < end;) {
        await new Promise((r) => setTimeout(r, 20));
        body = (await mySeat("lea-player-1")).body;
      }
      expect(body.seat, what).toSatisfy(check);
    };
    await until((seat) => (seat as { status?: string } | null)?.status === "playing", "the game in progress");
    // Leave (consented, 4000) mid-game: a bot plays the seat on, and the lobby offers nothing.
    await room.leave(true);
    await until((seat) => seat === null, "nothing offered after leaving on purpose");
    // A seat record whose table this process does not list (it closed): not "moving", nothing.
    await new SeatRegistry(matchMaker.presence).held("ghost-player-1", { roomId: "GHOST2", game: "devils_scat" });
    expect((await mySeat("ghost-player-1")).body).toEqual({ seat: null });
  });
});
