/**
 * "Every seat at that table is taken" at a waiting table with a free seat (found as the
 * browser resume test's friend, after the host's private table was resumed on a busy peer).
 *
 * Root cause: a seat reservation is made on the table's process, and the answer goes back to the
 * process that took the matchmaking request (Colyseus IPC over Redis, 2 s). When that answer is
 * lost or late (a busy, just-resumed host), the reservation stays on the seat for
 * `seatReservationSeconds`, but the player is told to try again (523 "process … is not
 * available", retried by the page: shared/src/join-retry.ts). The retry, from the same player,
 * found the seat held by its own first reservation and was refused: "… is already full". A
 * reservation Colyseus itself refused after the table's admission had claimed a seat also held
 * that seat until it lapsed.
 */
import type { ColyseusTestServer } from "@colyseus/testing";
import { matchMaker } from "@colyseus/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TableRoom } from "../src/table/table-room.ts";
import { bootServer, until, waitSeat } from "./helpers.ts";

let colyseus: ColyseusTestServer;
beforeAll(async () => {
  colyseus = await bootServer();
});
afterAll(async () => {
  await colyseus.shutdown();
});

async function privateTable() {
  const host = await colyseus.sdk.create("devils_scat", { name: "Lee", playerId: "player-lee", seats: 2, private: true });
  await waitSeat(host);
  return { host, code: host.roomId, room: colyseus.getRoomById(host.roomId) as unknown as TableRoom };
}

describe("a seat reservation whose answer was lost", () => {
  it("does not keep the player who made it from sitting down when they try again", async () => {
    const { host, code } = await privateTable();
    // The first try's reservation is made on the table, but its answer never reaches the page.
    await matchMaker.joinById(code, { name: "Mo", playerId: "player-mo" });
    // The page tries again (same player): it sits down in the free seat, and the game starts.
    const friend = await colyseus.sdk.joinById(code, { name: "Mo", playerId: "player-mo" });
    expect(await waitSeat(friend)).toBe(1);
    await until(() => (host.state as { status?: string }).status === "playing", "the game starts");
    await Promise.all([friend.leave(), host.leave()]);
  });

  it("another player's live reservation still holds its seat", async () => {
    const { host, code } = await privateTable();
    await matchMaker.joinById(code, { name: "Mo", playerId: "player-mo" });
    await expect(colyseus.sdk.joinById(code, { name: "Kit", playerId: "player-kit" })).rejects.toThrow(/already full/);
    await host.leave();
  });

  it("a reservation Colyseus refuses gives back the seat the table's admission had claimed", async () => {
    const { host, code, room } = await privateTable();
    // Colyseus's own count says the room is full (reservations and clients): its reservation fails after the admission's.
    const full = room as unknown as { hasReachedMaxClients(): boolean };
    full.hasReachedMaxClients = () => true;
    await expect(colyseus.sdk.joinById(code, { name: "Mo", playerId: "player-mo" })).rejects.toThrow(/already full/);
    delete (full as { hasReachedMaxClients?: unknown }).hasReachedMaxClients;
    const friend = await colyseus.sdk.joinById(code, { name: "Kit", playerId: "player-kit" });
    expect(await waitSeat(friend)).toBe(1);
    await Promise.all([friend.leave(), host.leave()]);
  });
});
