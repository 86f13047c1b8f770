/**
 * A claim quota a rejoining liar cannot refill (realtime/claim-quota.ts), through the
 * real room. The quota was per connection and started full (60 ms), so a lying client that came
 * back on a fresh connection before every race got the whole bucket each time (the race-level
 * figure: the kit's "rejoins before every race", call-race.prop.test.ts and `npm run bench:cheat`:
 * 40 ms average advantage and 39 % of races won against an honest player 30 ms faster). Now a
 * fresh seat's bucket holds only START_MS (12 ms of 60), and the bucket (and the claim time withheld, the fair-play flag's
 * evidence) follows the player at the table through every way back to a seat: leaving and taking
 * the seat back, a fresh connection with the same playerId (the orphan-session takeover), and the
 * same account from another connection and playerId.
 */
import type { ColyseusTestServer } from "@colyseus/testing";
import type { Room as ClientRoom } from "@colyseus/sdk";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { BUCKET_MS, START_MS } from "../src/realtime/claim-quota.ts";
import type { TableRoom } from "../src/table/table-room.ts";
import { bootServer, leaveRoom, until, waitSeat } from "./helpers.ts";

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

const status = (room: ClientRoom) => (room.state as { status?: string }).status;
const quotaOf = (srv: TableRoom, room: ClientRoom) => srv.net.of(room.sessionId).quota;

/** What a few races leave in a fresh player's quota: a lie 30 ms beyond the allowance emptied the starting bucket (the rest withheld), then honest claims earned 10 ms. */
function race(srv: TableRoom, room: ClientRoom): { available: number; withheld: number } {
  const quota = quotaOf(srv, room);
  // Beats the estimate by the free allowance (FREE_MS 8, no jitter) and 30 ms more.
  quota.settle(200, 200 + 8 + 30, 0);
  for (let i = 0; i < 5; i++) quota.settle(300, 305, 0);
  return { available: quota.available, withheld: quota.withheld };
}

const kept = (srv: TableRoom, room: ClientRoom) => ({ available: quotaOf(srv, room).available, withheld: quotaOf(srv, room).withheld });

it("a fresh seat's bucket holds only START_MS; leaving and taking the seat back in play finds it as it was left", async () => {
  const liar = await colyseus.sdk.create("dark_hand", { name: "Liar", playerId: "player-liar", seats: 2, private: true, turnSeconds: 90 });
  const honest = await colyseus.sdk.joinById(liar.roomId, { name: "Honest", playerId: "player-honest" });
  await until(() => status(liar) === "playing", "the game starts");
  const srv = colyseus.getRoomById(liar.roomId) as unknown as TableRoom;
  const seat = await waitSeat(liar);
  expect(quotaOf(srv, liar).available).toBe(START_MS);
  const before = race(srv, liar);
  expect(before).toEqual({ available: 10, withheld: 30 - START_MS });
  await leaveRoom(liar);
  await until(() => (srv.state.seats[seat] as { isBot: boolean }).isBot, "a bot holds the seat");
  const back = await colyseus.sdk.joinById(srv.roomId, { name: "Liar", playerId: "player-liar" });
  expect(await waitSeat(back)).toBe(seat);
  expect(kept(srv, back)).toEqual(before);
  expect(BUCKET_MS).toBeGreaterThan(before.available);
  await Promise.all([leaveRoom(back), leaveRoom(honest)]);
});

it("a fresh connection with the same playerId (the orphan-session takeover) keeps the quota", async () => {
  const first = await colyseus.sdk.create("dark_hand", { name: "Kim", playerId: "player-kim", seats: 2, bots: 1, turnSeconds: 90 });
  await until(() => status(first) === "playing", "the game starts");
  const srv = colyseus.getRoomById(first.roomId) as unknown as TableRoom;
  const seat = await waitSeat(first);
  const before = race(srv, first);
  const second = await colyseus.sdk.joinById(first.roomId, { name: "Kim", playerId: "player-kim" });
  expect(await waitSeat(second)).toBe(seat);
  expect(kept(srv, second)).toEqual(before);
  await leaveRoom(second);
});

it("the same account from another connection and playerId shares the quota; another player starts fresh", async () => {
  const base = `http://127.0.0.1:${(colyseus.sdk as unknown as { settings: { port: number } }).settings.port}`;
  const res = await fetch(`${base}/api/accounts/guest`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Acct", token: true }),
  });
  expect(res.ok).toBe(true);
  const token = ((await res.json()) as { token: string }).token;
  const a = await colyseus.sdk.create("dark_hand", { name: "Acct", playerId: "player-one", token, seats: 3, private: true });
  await waitSeat(a);
  const srv = colyseus.getRoomById(a.roomId) as unknown as TableRoom;
  const other = await colyseus.sdk.joinById(srv.roomId, { name: "Other", playerId: "player-three" });
  await waitSeat(other);
  expect(kept(srv, other)).toEqual({ available: START_MS, withheld: 0 });
  const before = race(srv, a);
  await leaveRoom(a);
  const again = await colyseus.sdk.joinById(srv.roomId, { name: "Acct", playerId: "player-two", token });
  await waitSeat(again);
  expect(kept(srv, again)).toEqual(before);
  expect(kept(srv, other)).toEqual({ available: START_MS, withheld: 0 });
  await Promise.all([leaveRoom(again), leaveRoom(other)]);
});

it("a client cannot declare its own link outside load tests (simulateLink is an unknown message without DELAY_SIMULATED)", async () => {
  const room = await colyseus.sdk.create("dark_hand", { name: "Sly", playerId: "player-sly", seats: 2, private: true });
  const srv = colyseus.getRoomById(room.roomId) as unknown as TableRoom;
  const refused: string[] = [];
  room.onMessage("rejected", (m: { code: string }) => refused.push(m.code));
  room.onMessage("*", () => undefined);
  room.send("simulateLink", { rttMs: 400 });
  await until(() => refused.includes("unknown-message"), "the refusal");
  expect(srv.net.simulatedTransportMs.has(room.sessionId)).toBe(false);
  await leaveRoom(room);
});
