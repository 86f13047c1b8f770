/**
 * The way to ranked play, shown before any click (docs/API.md, "Ranked progress"), the board's
 * provisional players listed apart ("Who is on a board"), and the account's casual game history
 * ("Game history"), through a real server: the progress counts finished casual games and says
 * in words why the recent others did not count; two friends who play 3 whole casual games
 * together both stand at 3 of 3; one rated game puts a player on the provisional list (not
 * "nobody"); the history is the account's own casual games, newest first, capped at 50.
 */
import { Client, type Room as ClientRoom } from "@colyseus/sdk";
import { matchMaker, type Server } from "@colyseus/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { createServer } from "../src/app.ts";
import { TableRoom } from "../src/table/table-room.ts";
import { freePort, leaveRoom, mine, waitSeat } from "./helpers.ts";

let server: Server;
let base = "";
beforeAll(async () => {
  const port = await freePort();
  server = createServer(
    loadConfig({
      BOT_DELAY_MS: "1-5",
      LOG_LEVEL: "silent",
      DATA_DIR: ":memory:",
      ACCOUNTS_PER_HOUR: "1000",
      MATCHMAKE_RATE_PER_SECOND: "10000",
      MATCHMAKE_BURST: "10000",
      RATE_LIMIT_PER_SECOND: "100",
      RATE_LIMIT_BURST: "100",
      PORT: String(port),
    }),
  );
  await server.listen(port, "127.0.0.1");
  base = `http://127.0.0.1:${port}`;
  await fetch(`${base}/api/leaderboard/devils_scat`);
}, 240_000);
afterAll(async () => {
  await server.gracefullyShutdown(false);
});

interface Acc {
  id: string;
  token: string;
  name: string;
}
let serial = 0;

async function call(path: string, token?: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${base}/api${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/** A saved account (username and password), with a bearer token. */
async function account(name: string): Promise<Acc> {
  const made = await call("/accounts/guest", undefined, { name, token: true });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const n = ++serial;
  const reg = await call("/accounts/register", made.body.token, {
    username: `${name.toLowerCase()}_${n}`,
    password: `orbit plum canyon ${n} lantern`,
  });
  expect(reg.status, JSON.stringify(reg.body)).toBe(200);
  return { id: made.body.player.id as string, token: reg.body.token as string, name };
}

const conduct = () => TableRoom.platform.conduct();

/** Polls an async check (a database read) until it holds. */
async function eventually<T>(check: () => Promise<T | null | false | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** One whole 2-seat casual Devil's Scat game between two accounts (the host creates, the friend joins by code). */
async function playTogether(host: Acc, friend: Acc, round: number): Promise<void> {
  const a = await new Client(base).create("devils_scat", {
    seats: 2,
    bots: 0,
    variants: { classic: true },
    name: host.name,
    playerId: `host-${host.id}-${round}`,
    token: host.token,
  });
  const b: ClientRoom = await new Client(base).joinById(a.roomId, {
    name: friend.name,
    playerId: `friend-${friend.id}-${round}`,
    token: friend.token,
  });
  const [sa, sb] = await Promise.all([waitSeat(a), waitSeat(b)]);
  const table = matchMaker.getLocalRoomById(a.roomId) as unknown as TableRoom;
  await until(() => table.match, "the game to start");
  await Promise.all([play(host.name, a, sa, table), play(friend.name, b, sb, table)]);
  await Promise.all([leaveRoom(a), leaveRoom(b)]);
}

/** Plays one seat to the end, knocking whenever it may (short hands: the test stays a few seconds). */
async function play(name: string, room: ClientRoom, seat: number, table: TableRoom): Promise<void> {
  let seen = -1;
  while (!table.match?.over) {
    const legal = await until(() => {
      if (table.match?.over) return [] as { type: string }[];
      const m = mine(room, seat);
      const v = (room.state as any).version;
      return m && m.legal.length > 0 && v !== seen && v === table.match?.state.version ? m.legal : null;
    }, `${name}: a decision or the end`);
    if (legal.length === 0) return;
    seen = (room.state as any).version;
    room.send("action", legal.find((a) => a.type === "continue") ?? legal.find((a) => a.type === "knock") ?? legal[0]);
  }
}

async function until<T>(check: () => T | null | undefined, what: string): Promise<T> {
  return eventually(async () => check(), what, 20_000);
}

describe("ranked progress", () => {
  it("counts finished casual games and says why the others did not count", async () => {
    const acc = await account("Progress");
    expect((await call("/me/ranked-progress")).status).toBe(401);
    const t = Date.now() - 60_000;
    const outcomes = ["completed", "left", "timed-out", "aborted"] as const;
    await (
      await conduct()
    ).record(
      outcomes.map((outcome, i) => ({
        playerId: acc.id,
        game: "devils_scat",
        tableId: `p-${acc.id}-${i}`,
        ranked: false,
        outcome,
        at: t + i * 1000,
      })),
    );
    // A ranked game is not a casual one: never listed here.
    await (
      await conduct()
    ).record([{ playerId: acc.id, game: "devils_scat", tableId: `r-${acc.id}`, ranked: true, outcome: "completed", at: t + 9000 }]);
    const res = await call("/me/ranked-progress", acc.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ need: 3, finished: 1, eligible: false, guest: false });
    expect(res.body.recent.map((g: any) => g.outcome)).toEqual(["aborted", "timed-out", "left", "completed"]);
    expect(res.body.recent[3]).toMatchObject({ counts: true, why: null });
    expect(res.body.recent[2]).toMatchObject({ counts: false, why: expect.stringMatching(/left before the end/) });
    expect(res.body.recent[1].why).toMatch(/ran out of time/);
    expect(res.body.recent[0].why).toMatch(/another player left/);
  });

  it("two friends who play 3 whole casual games together both stand at 3 of 3", async () => {
    const [ann, bob] = [await account("Ann"), await account("Bob")];
    for (let round = 0; round < 3; round++) await playTogether(ann, bob, round);
    for (const who of [ann, bob]) {
      const p = await eventually(async () => {
        const r = await call("/me/ranked-progress", who.token);
        return r.body?.finished === 3 ? r.body : null;
      }, `${who.name}: 3 games recorded`);
      expect(p).toMatchObject({ need: 3, finished: 3, eligible: true });
      expect(p.recent.every((g: any) => g.counts)).toBe(true);
    }
    // And the history shows each game with the friend by name and a place.
    const history = (await call("/me/games", ann.token)).body.games;
    expect(history).toHaveLength(3);
    for (const g of history) {
      expect(g.opponents).toEqual([expect.objectContaining({ name: "Bob", bot: false })]);
      expect([1, 2]).toContain(g.place);
      expect(g.replay).toBeNull();
    }
  }, 120_000);
});

describe("a join while the embedded store is still opening", () => {
  it("goes on the account's record once the store is read (it counts toward ranked play)", async () => {
    const acc = await account("Early");
    // As on a process whose embedded PGlite has not finished opening: the join is not held for it.
    const platform = TableRoom.platform as unknown as { ready: boolean };
    platform.ready = false;
    let room: ClientRoom;
    try {
      room = await new Client(base).create("devils_scat", {
        seats: 2,
        bots: 1,
        variants: { classic: true },
        name: "Early",
        playerId: `early-${acc.id}`,
        token: acc.token,
      });
    } finally {
      platform.ready = true;
    }
    const seat = await waitSeat(room);
    const table = matchMaker.getLocalRoomById(room.roomId) as unknown as TableRoom;
    await until(() => table.match, "the game to start");
    await play("Early", room, seat, table);
    const p = await eventually(async () => {
      const r = await call("/me/ranked-progress", acc.token);
      return r.body?.finished === 1 ? r.body : null;
    }, "the early game recorded");
    expect(p.recent).toEqual([expect.objectContaining({ game: "devils_scat", counts: true })]);
    await leaveRoom(room);
  }, 60_000);
});

describe("the board's provisional players", () => {
  it("lists a player with one rated game apart, under an empty board", async () => {
    const acc = await account("Newcomer");
    const db = await TableRoom.platform.db();
    await db
      .insertInto("ratings")
      .values({
        player_id: acc.id,
        game: "dark_hearts",
        mu: 26,
        sigma: 8,
        rating: 1560,
        games: 1,
        wins: 1,
        updated_at: Date.now(),
      } as never)
      .execute();
    const board = (await call("/leaderboard/dark_hearts", acc.token)).body;
    expect(board.top).toEqual([]);
    expect(board.minGames).toBe(10);
    expect(board.provisional).toEqual([
      expect.objectContaining({ playerId: acc.id, name: "Newcomer", games: 1, provisional: true, rank: 1 }),
    ]);
    expect(board.unlisted).toBe("provisional");
  });
});

describe("casual game history", () => {
  it("lists the account's own casual games only, newest first, at most 50", async () => {
    const [me, other] = [await account("Historian"), await account("Other")];
    const t = Date.now() - 3_600_000;
    const seats = (own: number) => [
      { seat: 0, name: "Historian", place: 1, bot: false, ...(own === 0 ? { own: true } : {}) },
      { seat: 1, name: "Bot", place: 2, bot: true },
    ];
    await (
      await conduct()
    ).record(
      Array.from({ length: 55 }, (_, i) => ({
        playerId: me.id,
        game: "devils_scat",
        tableId: `h-${me.id}-${i}`,
        ranked: false,
        outcome: "completed" as const,
        at: t + i * 1000,
        place: 1,
        seats: seats(0),
      })),
    );
    await (
      await conduct()
    ).record([{ playerId: me.id, game: "devils_scat", tableId: `hr-${me.id}`, ranked: true, outcome: "completed", at: t + 999_000 }]);
    await (
      await conduct()
    ).record([
      { playerId: other.id, game: "devils_scat", tableId: `ho-${other.id}`, ranked: false, outcome: "completed", at: t + 999_000 },
    ]);
    const all = (await call("/me/games", me.token)).body.games;
    expect(all).toHaveLength(50);
    expect(all[0]).toMatchObject({
      tableId: `h-${me.id}-54`,
      game: "devils_scat",
      place: 1,
      outcome: "completed",
      opponents: [{ name: "Bot", place: 2, bot: true }],
    });
    expect(all.map((g: any) => g.at)).toEqual([...all.map((g: any) => g.at)].sort((x: number, y: number) => y - x));
    expect(all.some((g: any) => g.tableId === `hr-${me.id}` || g.tableId === `ho-${other.id}`)).toBe(false);
    expect((await call("/me/games?limit=5", me.token)).body.games).toHaveLength(5);
    expect((await call("/me/games?limit=51", me.token)).body).toMatchObject({ error: "bad-limit" });
    expect((await call("/me/games")).status).toBe(401);
  });
});
