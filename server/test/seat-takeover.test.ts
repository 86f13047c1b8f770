/**
 * The newest session of a player takes over their seat (found as the resume browser
 * test's orphan session). A join the page gave up on after the server had seated it (an SDK socket
 * retry, or a matchmaking answer that came too late) leaves a session in the player's seat that
 * nobody listens to; the page's live retry, same playerId, used to find its own seat "connected"
 * and sit down in another free seat (the friend with the code was then told every seat was
 * taken) or, at a full table, as a spectator. Now the newer session gets the seat and the older
 * one is closed with `OPENED_ELSEWHERE_CLOSE` (4006), which a page shows as "opened in another
 * tab" without reclaiming (two tabs of one player do not fight over the seat). The playerId is the
 * seat's secret (never sent to anyone): another player's join cannot take a seat over.
 */
import type { ColyseusTestServer } from "@colyseus/testing";
import type { Room as ClientRoom } from "@colyseus/sdk";
import { OPENED_ELSEWHERE_CLOSE } from "@scat/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootServer, mine, until, waitSeat } from "./helpers.ts";

let colyseus: ColyseusTestServer;
beforeAll(async () => {
  colyseus = await bootServer();
});
afterAll(async () => {
  await colyseus.shutdown();
});

/** The close code a client room left with (null while it is still in). */
function leaveCode(room: ClientRoom): () => number | null {
  let code: number | null = null;
  room.onLeave((c) => {
    code = c;
  });
  return () => code;
}

const status = (room: ClientRoom) => (room.state as { status?: string }).status;
const seatedMessage = (room: ClientRoom) => {
  let seat: number | null | undefined;
  room.onMessage("seated", (m: { seat: number | null }) => {
    seat = m.seat;
  });
  return () => seat;
};

describe("a second session of a seated player", () => {
  it("takes the seat over at a waiting table, so the friend with the code still finds the free seat", async () => {
    const orphan = await colyseus.sdk.create("devils_scat", { name: "Lee", playerId: "player-lee", seats: 2, private: true });
    expect(await waitSeat(orphan)).toBe(0);
    const orphanLeft = leaveCode(orphan);
    const code = orphan.roomId;
    // The page gave that join up; its live retry (same player) arrives while the orphan still sits.
    const host = await colyseus.sdk.joinById(code, { name: "Lee", playerId: "player-lee" });
    expect(await waitSeat(host)).toBe(0);
    await until(() => orphanLeft() === OPENED_ELSEWHERE_CLOSE, "the older session closed as opened elsewhere");
    const friend = await colyseus.sdk.joinById(code, { name: "Mo", playerId: "player-mo" });
    expect(await waitSeat(friend)).toBe(1);
    await until(() => status(host) === "playing" && status(friend) === "playing", "the game starts for both");
    await Promise.all([friend.leave(), host.leave()]);
  });

  it("takes the seat over in play: the new session gets the hand, the old one is closed", async () => {
    const first = await colyseus.sdk.create("devils_scat", { name: "Kim", playerId: "player-kim", seats: 2, bots: 1, turnSeconds: 90 });
    await until(() => status(first) === "playing", "the game starts");
    const seat = await waitSeat(first);
    const firstLeft = leaveCode(first);
    const second = await colyseus.sdk.joinById(first.roomId, { name: "Kim", playerId: "player-kim" });
    const said = seatedMessage(second);
    expect(await waitSeat(second)).toBe(seat);
    await until(() => said() === seat, "told its seat");
    await until(() => firstLeft() === OPENED_ELSEWHERE_CLOSE, "the older session closed as opened elsewhere");
    await until(() => (mine(second, seat)?.hand.length ?? 0) > 0, "the new session sees the hand");
    // The seat stays the player's (no bot took it over while the old session left).
    const seatState = (second.state as { seats: { isBot: boolean; connected: boolean }[] }).seats[seat]!;
    expect(seatState.isBot).toBe(false);
    expect(seatState.connected).toBe(true);
    await second.leave();
  });

  it("is refused to anyone else: another playerId cannot take a seat over", async () => {
    const host = await colyseus.sdk.create("devils_scat", { name: "Ann", playerId: "player-ann", seats: 2, bots: 1, turnSeconds: 90 });
    await until(() => status(host) === "playing", "the game starts");
    const hostLeft = leaveCode(host);
    await expect(colyseus.sdk.joinById(host.roomId, { name: "Ann", playerId: "player-not-ann" })).rejects.toThrow(
      /already full|table-full/,
    );
    // Watching with the player's id takes no seat either.
    const watcher = await colyseus.sdk.joinById(host.roomId, { name: "Ann", playerId: "player-ann", spectate: true });
    const said = seatedMessage(watcher);
    await until(() => said() === null, "the watcher has no seat");
    expect(hostLeft()).toBeNull();
    expect(await waitSeat(host)).toBe(0);
    await Promise.all([watcher.leave(), host.leave()]);
  });
});
