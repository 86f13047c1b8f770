/**
 * A lobby room created while a table changes lists the change (server/src/net/lobby-room.ts).
 * The lobby's first read of every listing is held here until a second player has joined the
 * table and the change was announced on the lobby channel, and then answers with the listing from
 * before the join, as a shared Redis read sent before the write would. Colyseus' own
 * `LobbyRoom` keeps that old listing (the table waiting, one player) until the table changes again.
 */
import type { ColyseusTestServer } from "@colyseus/testing";
import { matchMaker, subscribeLobby } from "@colyseus/core";
import type { Room as ClientRoom } from "@colyseus/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootServer, until } from "./helpers.ts";

let colyseus: ColyseusTestServer;
beforeAll(async () => {
  colyseus = await bootServer();
});
afterAll(async () => {
  await colyseus.shutdown();
});

interface Listed {
  roomId: string;
  clients: number;
  metadata: { status: string; players: number };
}
type Query = typeof matchMaker.driver.query;

const quiet = (room: ClientRoom) => {
  room.onMessage("*", () => {});
  return room;
};

describe("a lobby room created while a table changes", () => {
  it("lists the table as it is now, not as the first read saw it", async () => {
    const a = quiet(await colyseus.sdk.joinOrCreate("devils_scat", { name: "A", seats: 2, autoFillSeconds: 0 }));
    const driver = matchMaker.driver;
    const query: Query = driver.query.bind(driver);
    let held = false;
    let reading!: () => void;
    const read = new Promise<void>((r) => {
      reading = r;
    });
    let release!: () => void;
    const released = new Promise<void>((r) => {
      release = r;
    });
    driver.query = (async (conditions: Record<string, unknown>, sort?: unknown) => {
      const result = await query(conditions as never, sort as never);
      if (!held && conditions["private"] === false && conditions["unlisted"] === false && conditions["roomId"] === undefined) {
        held = true;
        // A copy: the in-process driver's listings are live objects, a Redis read is not.
        const copy = JSON.parse(JSON.stringify(result)) as typeof result;
        reading();
        await released;
        return copy;
      }
      return result;
    }) as Query;
    const heard: Listed[] = [];
    const stop = await subscribeLobby((roomId, listing) => {
      if (roomId === a.roomId && listing) heard.push(listing as unknown as Listed);
    });
    try {
      const joining = colyseus.sdk.joinOrCreate("lobby");
      await read;
      const b = quiet(await colyseus.sdk.joinOrCreate("devils_scat", { name: "B", seats: 2, autoFillSeconds: 0 }));
      expect(b.roomId).toBe(a.roomId);
      await until(() => heard.some((l) => l.metadata.players === 2), "the join announced on the lobby channel");
      release();
      const lobby = await joining;
      const list = new Map<string, Listed>();
      lobby.onMessage("rooms", (rooms: Listed[]) => {
        list.clear();
        for (const r of rooms) list.set(r.roomId, r);
      });
      lobby.onMessage("+", ([id, room]: [string, Listed]) => list.set(id, room));
      lobby.onMessage("-", (id: string) => list.delete(id));
      const seen = await until(
        () => (list.get(a.roomId)?.metadata.players === 2 ? list.get(a.roomId) : null),
        "the table listed with both players",
        3_000,
      ).catch((e: Error) => {
        throw new Error(`${e.message}: listed ${JSON.stringify(list.get(a.roomId)?.metadata)}`);
      });
      expect(seen!.metadata.status).toBe("playing");
      await Promise.all([a, b, lobby].map((r) => r.leave()));
    } finally {
      driver.query = query;
      release();
      await stop();
    }
  });
});
