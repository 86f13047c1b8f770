/**
 * The lobby and waiting tables: the live list of public tables (waiting and playing, never
 * private ones), quick play that never lands on a started table, and the countdown after which
 * a waiting table fills with bots (which a seated player may turn off).
 */
import type { ColyseusTestServer } from "@colyseus/testing";
import type { Room as ClientRoom } from "@colyseus/sdk";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { bootServer, until } from "./helpers.ts";

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

interface Listed {
  roomId: string;
  name: string;
  metadata: { status: string; seats: number; players: number; bots: number; watching: number; mode: string; autoFillAt: number };
}

/** A lobby client's view of the list, kept up to date from `rooms`, `+` and `-`. */
function watchLobby(lobby: ClientRoom): Map<string, Listed> {
  const list = new Map<string, Listed>();
  lobby.onMessage("rooms", (rooms: Listed[]) => {
    list.clear();
    for (const r of rooms) list.set(r.roomId, r);
  });
  lobby.onMessage("+", ([id, room]: [string, Listed]) => list.set(id, room));
  lobby.onMessage("-", (id: string) => list.delete(id));
  return list;
}

const quiet = (room: ClientRoom) => {
  room.onMessage("*", () => {});
  return room;
};

describe("the lobby", () => {
  it("lists public tables live with seats and status, and never private ones", async () => {
    const lobby = await colyseus.sdk.joinOrCreate("lobby");
    const list = watchLobby(lobby);
    const a = quiet(await colyseus.sdk.joinOrCreate("devils_scat", { name: "A", seats: 2, autoFillSeconds: 0 }));
    const hidden = quiet(await colyseus.sdk.create("devils_scat", { name: "P", seats: 2, private: true }));
    const waiting = await until(() => (list.get(a.roomId)?.metadata.players === 1 ? list.get(a.roomId) : null), "the waiting table listed");
    expect(waiting!.metadata).toMatchObject({ status: "waiting", seats: 2, players: 1, bots: 0 });
    expect(waiting!.name).toBe("devils_scat");
    const b = quiet(await colyseus.sdk.joinOrCreate("devils_scat", { name: "B", seats: 2, autoFillSeconds: 0 }));
    expect(b.roomId).toBe(a.roomId);
    const playing = await until(
      () => (list.get(a.roomId)?.metadata.status === "playing" ? list.get(a.roomId) : null),
      "the table listed as playing",
    );
    expect(playing!.metadata.players).toBe(2);
    expect(playing!.metadata.mode).toContain("#closed");
    const watcher = quiet(await colyseus.sdk.joinById(a.roomId, { name: "W", spectate: true }));
    await until(() => list.get(a.roomId)?.metadata.watching === 1, "the spectator counted");
    expect(list.has(hidden.roomId)).toBe(false);
    // Quick play with the same options does not land on the started table.
    const c = quiet(await colyseus.sdk.joinOrCreate("devils_scat", { name: "C", seats: 2, autoFillSeconds: 0 }));
    expect(c.roomId).not.toBe(a.roomId);
    await Promise.all([a, b, watcher].map((r) => r.leave()));
    await until(() => !list.has(a.roomId), "the closed table removed");
    await Promise.all([c, hidden, lobby].map((r) => r.leave()));
  });

  it("names the quick-play key itself when a join gives none, matching only identical options", async () => {
    const a = quiet(await colyseus.sdk.joinOrCreate("skit_scat", { name: "A", seats: 3, autoFillSeconds: 0 }));
    const b = quiet(await colyseus.sdk.joinOrCreate("skit_scat", { name: "B", seats: 4, autoFillSeconds: 0 }));
    const c = quiet(await colyseus.sdk.joinOrCreate("skit_scat", { name: "C", seats: 3, autoFillSeconds: 0 }));
    expect(b.roomId).not.toBe(a.roomId);
    expect(c.roomId).toBe(a.roomId);
    await Promise.all([a, b, c].map((r) => r.leave()));
  });
});

describe("a waiting table", () => {
  it("counts down from its first player and fills the empty seats with bots", async () => {
    const room = quiet(await colyseus.sdk.joinOrCreate("dark_hearts", { name: "Solo", seats: 4, autoFillSeconds: 1 }));
    const at = await until(() => (room.state as any).autoFillAt || null, "a countdown");
    expect(at).toBeGreaterThan(Date.now() - 1_000);
    await until(() => (room.state as any).status === "playing", "the game started by the countdown", 5_000);
    expect((room.state as any).autoFillAt).toBe(0);
    expect([...(room.state as any).seats].filter((s: any) => s.isBot).length).toBe(3);
    await room.leave();
  });

  it("lets a seated player turn the countdown off and on again", async () => {
    const room = quiet(await colyseus.sdk.joinOrCreate("dark_hearts", { name: "Host", seats: 4, autoFillSeconds: 1 }));
    await until(() => (room.state as any).autoFillAt > 0, "a countdown");
    room.send("autoFill", { on: false });
    await until(() => (room.state as any).autoFillAt === 0, "the countdown off");
    const other = quiet(await colyseus.sdk.joinOrCreate("dark_hearts", { name: "Late", seats: 4, autoFillSeconds: 1 }));
    expect(other.roomId).toBe(room.roomId);
    await new Promise((r) => setTimeout(r, 1_500));
    expect((room.state as any).status).toBe("waiting");
    expect((room.state as any).autoFillAt).toBe(0);
    other.send("autoFill", { on: true });
    await until(() => (room.state as any).status === "playing", "started after turning it on", 5_000);
    await Promise.all([room.leave(), other.leave()]);
  });

  it("has no countdown at a private table unless asked for", async () => {
    const room = quiet(await colyseus.sdk.create("devils_scat", { name: "Friend", seats: 3, private: true }));
    await until(() => (room.state as any).seats?.[0]?.occupied, "seated");
    expect((room.state as any).autoFillAt).toBe(0);
    room.send("autoFill", { on: "yes" });
    await room.leave();
  });
});
