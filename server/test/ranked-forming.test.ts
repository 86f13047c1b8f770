/**
 * Ranked tables that form with whoever is there (docs/API.md, "Ranked queue"), through a real
 * server and SDK clients, with short waits from the config (Skit Scat: a table of 3 after 1 s, of
 * 2 after 2 s): two, three and five queued players all get a ranked table; the queue tells each
 * how many are queued, the estimated wait once tables have formed, and why a partner on the same
 * network (one IPv6 /64) is never matched. Addresses come from `x-forwarded-for` (TRUST_PROXY=1).
 */
import { Client, type Room as ClientRoom } from "@colyseus/sdk";
import { matchMaker, type Server } from "@colyseus/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { createServer } from "../src/app.ts";
import type { TableRoom } from "../src/table/table-room.ts";
import { RankedQueueRoom } from "../src/ranked/queue-room.ts";
import { createRng } from "@scat/shared";
import { freePort, mine, record, until, waitSeat } from "./helpers.ts";

// Five players arrive over a few milliseconds; a queue cycle between the fourth and the fifth
// would (rightly) seat the four at once. The test holds the queue's cycles while they join, so it
// checks the split of five waiting together, whatever the machine's speed.
let hold = false;
const cycle = RankedQueueRoom.prototype.reassignMatchGroups;
RankedQueueRoom.prototype.reassignMatchGroups = function (this: RankedQueueRoom) {
  if (!hold) cycle.call(this);
};

const GAME = "skit_scat";
let server: Server;
let base = "";
beforeAll(async () => {
  const port = await freePort();
  server = createServer(
    loadConfig({
      RANKED_GUESTS: "1",
      RANKED_MIN_GAMES: "0",
      RANKED_SAME_ADDRESS: "0",
      RANKED_TABLE_WAITS: `3:45,2:90;${GAME}=3:1,2:2`,
      TRUST_PROXY: "1",
      LOG_LEVEL: "silent",
      DATA_DIR: ":memory:",
      ACCOUNTS_PER_HOUR: "100",
      MATCHMAKE_RATE_PER_SECOND: "10000",
      MATCHMAKE_BURST: "10000",
      RATE_LIMIT_PER_SECOND: "100",
      RATE_LIMIT_BURST: "100",
      SEAT_RESERVATION_SECONDS: "5",
      PORT: String(port),
    }),
  );
  await server.listen(port, "127.0.0.1");
  base = `http://127.0.0.1:${port}`;
  await fetch(`${base}/api/leaderboard/${GAME}`);
}, 240_000);
afterAll(async () => {
  await server.gracefullyShutdown(false);
});

let hosts = 0;
interface Queued {
  readonly from: string;
  readonly queue: ClientRoom;
  readonly statuses: any[];
  readonly found: any[];
  readonly joinedAt: number;
  readonly table: Promise<{ room: ClientRoom; at: number }>;
}

async function join(from = `198.51.100.${++hosts}`): Promise<Queued> {
  const res = await fetch(`${base}/api/accounts/guest`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": from },
    body: JSON.stringify({ name: `P${hosts}`, token: true }),
  });
  expect(res.status).toBe(201);
  const { token } = (await res.json()) as { token: string };
  const sdk = new Client(base, { headers: { "x-forwarded-for": from } });
  const joinedAt = Date.now();
  const queue = await sdk.joinOrCreate(`ranked_${GAME}`, { token });
  const statuses: any[] = [];
  const found: any[] = [];
  queue.onMessage("*", () => undefined);
  queue.onMessage("queueStatus", (s) => statuses.push(s));
  queue.onMessage("matchFound", (m) => {
    found.push(m);
    queue.send("accept");
  });
  const table = new Promise<{ room: ClientRoom; at: number }>((resolve, reject) => {
    queue.onMessage("seat", (reservation) => {
      const at = Date.now();
      queue.send("confirm");
      sdk.consumeSeatReservation(reservation).then((room) => resolve({ room, at }), reject);
    });
  });
  return { from, queue, statuses, found, joinedAt, table };
}

/** The server's table for a client's room: ranked, its roster all people. */
function tableOf(room: ClientRoom): TableRoom {
  return matchMaker.getLocalRoomById(room.roomId) as unknown as TableRoom;
}

async function tablesOf(players: readonly Queued[]): Promise<Map<string, Queued[]>> {
  const seated = await Promise.all(players.map((p) => p.table));
  const byTable = new Map<string, Queued[]>();
  seated.forEach((s, i) => byTable.set(s.room.roomId, [...(byTable.get(s.room.roomId) ?? []), players[i]!]));
  for (const [roomId, members] of byTable) {
    const table = matchMaker.getLocalRoomById(roomId) as unknown as TableRoom;
    expect(table.table.mode).toBe("ranked");
    await until(
      () => table.seating.slots.length === members.length && table.seating.slots.every((s) => s.occupied && !s.isBot),
      `table ${roomId}: every seat taken by its players`,
    );
  }
  return byTable;
}

/** Plays a seat to the end with the engine's own bot choice, once per state version the client has seen too. */
async function play(room: ClientRoom, table: TableRoom): Promise<void> {
  const seat = await waitSeat(room);
  const rng = createRng(`${room.roomId}-${seat}`);
  let acted = -1;
  for (;;) {
    const next = await until(
      () => {
        if (table.match?.over) return { over: true, v: -1 };
        const v = (room.state as { version?: number }).version ?? -1;
        const m = mine(room, seat);
        return m && m.legal.length > 0 && v !== acted && v === table.match?.state.version ? { over: false, v } : null;
      },
      `seat ${seat}: a decision or the end`,
      60_000,
    );
    if (next.over) return;
    acted = next.v;
    const action = table.game.bot(table.match!.state, seat, rng);
    if (action) room.send("action", action);
  }
}

async function leaveAll(players: readonly Queued[]): Promise<void> {
  await Promise.all(
    players.map(async (p) => {
      (await p.table.catch(() => null))?.room.leave();
    }),
  );
}

describe("ranked tables that form with who is there (Skit Scat: 4 at once, 3 after 1 s, 2 after 2 s)", () => {
  it("seats two queued players at a ranked table of two once the wait for two has passed", async () => {
    const players = await Promise.all([join(), join()]);
    const tables = await tablesOf(players);
    expect([...tables.values()].map((m) => m.length)).toEqual([2]);
    const waited = await Promise.all(players.map(async (p) => (await p.table).at - p.joinedAt));
    for (const p of players) expect(p.found.at(-1)).toMatchObject({ players: 2 });
    // Not before the wait for a table of two (the longer waiter's), and well within the test's time.
    expect(Math.max(...waited)).toBeGreaterThanOrEqual(2_000);
    expect(Math.max(...waited)).toBeLessThan(12_000);
    const table = tableOf((await players[0]!.table).room);
    expect(table.seating.slots).toHaveLength(2);
    await leaveAll(players);
  }, 30_000);

  it("seats three queued players at one table of three, and rates its game by place", async () => {
    const players = await Promise.all([join(), join(), join()]);
    const tables = await tablesOf(players);
    expect([...tables.values()].map((m) => m.length)).toEqual([3]);
    for (const p of players) expect(p.found.at(-1)).toMatchObject({ players: 3 });
    // Played to the end, the table of three is rated: one change per player, by place.
    const rooms = await Promise.all(players.map(async (p) => (await p.table).room));
    const logs = rooms.map(record);
    const table = tableOf(rooms[0]!);
    await Promise.all(rooms.map((r) => play(r, table)));
    const told = await until(
      () =>
        logs[0]!.find((m) => m.type === "ratingChanged")?.message as
          { rated: boolean; changes: { place: number; delta: number }[] } | undefined,
      "the rating change",
      30_000,
    );
    expect(told.rated).toBe(true);
    expect(told.changes).toHaveLength(3);
    expect(told.changes.find((c) => c.place === 1)!.delta).toBeGreaterThan(0);
    await leaveAll(players);
  }, 90_000);

  it("seats five queued players at a table of three and one of two (nobody left alone), and tells them the count and the estimate", async () => {
    hold = true;
    const players = await Promise.all([join(), join(), join(), join(), join()]).finally(() => {
      hold = false;
    });
    const tables = await tablesOf(players);
    expect([...tables.values()].map((m) => m.length).sort()).toEqual([2, 3]);
    // Every status says how many wait for this game, the sizes the rules allow, and (tables
    // having formed in the last hour) an estimated wait.
    const last = players[4]!.statuses.at(-1);
    expect(last).toMatchObject({ game: GAME, sizes: [4, 3, 2] });
    expect(players.some((p) => p.statuses.some((s) => s.queued === 5))).toBe(true);
    expect(typeof last.estimateMs).toBe("number");
    expect(last.estimateMs).toBeGreaterThan(0);
    await leaveAll(players);
  }, 30_000);

  it("never matches two players of one IPv6 /64, tells them why in plain words, and matches each with someone else", async () => {
    const a = await join("2001:db8:1:2::a");
    const b = await join("2001:db8:1:2::b");
    const why = await until(
      () => a.statuses.find((s) => typeof s.unmatched === "string" && s.waitedMs >= 2_500),
      "a's status explains the wait",
      10_000,
    );
    expect(why.unmatched).toMatch(/same network/i);
    expect(b.statuses.at(-1).unmatched).toMatch(/same network/i);
    expect(a.found).toEqual([]);
    expect(b.found).toEqual([]);
    // Someone from elsewhere: a table of two with one of them.
    const c = await join("2001:db8:9:9::c");
    const seated = await Promise.race([a.table, b.table]);
    const withC = await c.table;
    expect(withC.room.roomId).toBe(seated.room.roomId);
    expect(tableOf(withC.room).seating.slots).toHaveLength(2);
    await leaveAll([c]);
    const other =
      seated.room.roomId === (await Promise.race([a.table, new Promise<null>((r) => setTimeout(r, 0, null))]))?.room.roomId ? b : a;
    await seated.room.leave();
    await other.queue.leave();
  }, 30_000);
});

describe("queue counts per game", () => {
  it("GET /api/ranked/queues lists every game with how many are queued and the estimate", async () => {
    const p = await join();
    const res = (await (await fetch(`${base}/api/ranked/queues`)).json()) as {
      queues: { game: string; queued: number; estimateMs: number | null; sizes: number[] }[];
    };
    const mine = res.queues.find((q) => q.game === GAME)!;
    expect(mine).toMatchObject({ queued: 1, sizes: [4, 3, 2] });
    expect(typeof mine.estimateMs).toBe("number");
    expect(res.queues.find((q) => q.game === "scatterbrain")).toMatchObject({ queued: 0, sizes: [4] });
    await p.queue.leave();
  }, 30_000);
});
