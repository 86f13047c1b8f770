/**
 * Quick play under concurrent joins, through a real server process: every player who asks is
 * seated (no `table-full`), no table ever seats more players than it has seats, and spectators
 * take no player seat.
 */
import { Client, type Room } from "@colyseus/sdk";
import { quickPlayKey } from "@scat/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerProcess, type ServerProcess } from "./support/server-process.ts";

let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess({ MATCHMAKE_RATE_PER_SECOND: "100000", MATCHMAKE_BURST: "100000" });
});
afterAll(async () => {
  await server.stop();
});

const base = { name: "Q", seats: 4, bots: 0, turnSeconds: 60, variants: {} };
const quick = { ...base, mode: quickPlayKey(base) };

/** Joins and waits for the server to say which seat this client holds. */
async function joinSeated(
  sdk: Client,
  options: Record<string, unknown>,
  method: "joinOrCreate" | "joinById" = "joinOrCreate",
  roomId = "",
): Promise<{ room: Room; seat: number | null }> {
  const room = method === "joinById" ? await sdk.joinById(roomId, options) : await sdk.joinOrCreate("devils_scat", options);
  const seat = await new Promise<number | null>((resolve) => room.onMessage("seated", (m: { seat: number | null }) => resolve(m.seat)));
  room.onMessage("*", () => {});
  return { room, seat };
}

describe("quick play", () => {
  it("seats every one of 300 players joining at once, four to a table", async () => {
    const sdk = new Client(server.url);
    const results = await Promise.allSettled(Array.from({ length: 300 }, (_, i) => joinSeated(sdk, { ...quick, name: `Kit${i}` })));
    const failed = results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason));
    expect(failed).toEqual([]);
    const joined = results.map((r) => (r as PromiseFulfilledResult<{ room: Room; seat: number | null }>).value);
    expect(joined.every((j) => j.seat !== null)).toBe(true);
    const byRoom = new Map<string, number[]>();
    for (const j of joined) byRoom.set(j.room.roomId, [...(byRoom.get(j.room.roomId) ?? []), j.seat!]);
    for (const [, seats] of byRoom) expect(new Set(seats).size).toBe(seats.length);
    expect([...byRoom.values()].every((seats) => seats.length <= 4)).toBe(true);
    expect(byRoom.size).toBe(75);
    await Promise.all(joined.map((j) => j.room.leave()));
  }, 120_000);

  it("lets spectators watch a full table without taking a player seat", async () => {
    const sdk = new Client(server.url);
    const opts = { ...base, seats: 2, mode: quickPlayKey({ ...base, seats: 2 }) };
    const first = await joinSeated(sdk, { ...opts, name: "A" });
    const watchers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => joinSeated(sdk, { name: `W${i}`, spectate: true }, "joinById", first.room.roomId)),
    );
    expect(watchers.every((w) => w.seat === null)).toBe(true);
    const second = await joinSeated(sdk, { ...opts, name: "B" });
    expect(second.room.roomId).toBe(first.room.roomId);
    expect(second.seat).not.toBeNull();
    const third = await joinSeated(sdk, { ...opts, name: "C" });
    expect(third.room.roomId).not.toBe(first.room.roomId);
    await Promise.all([first, second, third, ...watchers].map((j) => j.room.leave()));
  }, 60_000);
});
