/**
 * Four-player ranked play through a real server (PGlite in memory), with Skit Scat (its ranked
 * format seats four): four accounts queue, the queue seats them at one table, the game is played
 * to the end, and each rating is updated once from the final places, with ties where the rules
 * make them (players who run out of tokens in the same hand share a place). Players who leave
 * and do not come back share last place, below everyone who played to the end.
 */
import { Client, type Room as ClientRoom } from "@colyseus/sdk";
import { matchMaker, type Server } from "@colyseus/core";
import { createRng } from "@scat/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { createServer } from "../src/app.ts";
import { RANKED_FORMATS } from "../src/ranked/formats.ts";
import { recordRankedMatch } from "../src/ranked/record-match.ts";
import { standingsOf } from "@scat/shared/standings.ts";
import { gameLogOf } from "../src/table/fairness.ts";
import { TableRoom } from "../src/table/table-room.ts";
import { freePort, mine, record, until, waitSeat } from "./helpers.ts";

const GAME = "skit_scat";
let server: Server;
let base = "";
beforeAll(async () => {
  const port = await freePort();
  server = createServer(
    loadConfig({
      RANKED_GUESTS: "1",
      LEADERBOARD_MIN_GAMES: "1",
      LEADERBOARD_MIN_OPPONENTS: "0",
      RANKED_MIN_GAMES: "0",
      RANKED_SAME_ADDRESS: "1",
      RANKED_ABORT_STEPS: "0",
      BOT_DELAY_MS: "1-5",
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
  // Opening PGlite (WebAssembly) takes seconds on a loaded machine: once, here.
  await fetch(`${base}/api/leaderboard/${GAME}`);
}, 240_000);
afterAll(async () => {
  await server.gracefullyShutdown(false);
});

async function api(path: string, token?: string): Promise<any> {
  const res = await fetch(`${base}/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return res.json();
}

interface Account {
  readonly id: string;
  readonly token: string;
  readonly name: string;
}

async function guest(name: string): Promise<Account> {
  const res = await fetch(`${base}/api/accounts/guest`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, token: true }),
  });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { token: string; player: { id: string } };
  return { id: body.player.id, token: body.token, name };
}

/** Queues an account for ranked Skit Scat; resolves with the table the queue seats it at. */
async function queueAndSit(a: Account): Promise<ClientRoom> {
  const sdk = new Client(base);
  const queue = await sdk.joinOrCreate(`ranked_${GAME}`, { token: a.token });
  queue.onMessage("*", () => undefined);
  queue.onMessage("matchFound", () => queue.send("accept"));
  return new Promise<ClientRoom>((resolve, reject) => {
    queue.onMessage("seat", (reservation) => {
      queue.send("confirm");
      sdk.consumeSeatReservation(reservation).then(resolve, reject);
    });
  });
}

/** Four fresh accounts queued at once, all seated at one table; the server's room and each seat. */
async function seatFour(
  names: readonly string[],
): Promise<{ accounts: Account[]; rooms: ClientRoom[]; table: TableRoom; seats: number[] }> {
  const accounts = await Promise.all(names.map(guest));
  const rooms = await Promise.all(accounts.map(queueAndSit));
  expect(new Set(rooms.map((r) => r.roomId)).size).toBe(1);
  const table = matchMaker.getLocalRoomById(rooms[0]!.roomId) as unknown as TableRoom;
  const seats = await Promise.all(rooms.map(waitSeat));
  return { accounts, rooms, table, seats };
}

/**
 * Plays a seat to the end by sending what the engine's own bot would choose from the server's
 * state (a sensible player: hands end quickly), once per state version the client has seen too.
 */
async function play(room: ClientRoom, seat: number, table: TableRoom): Promise<void> {
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
      240_000,
    );
    if (next.over) return;
    acted = next.v;
    const action = table.game.bot(table.match!.state, seat, rng);
    if (action) room.send("action", action);
  }
}

/** Place per seat as the rules give it: the last player with tokens first, then by the hand each went out in (the same hand: a tie). */
function placesByRules(table: TableRoom): Map<number, number> {
  const state = table.match!.state as unknown as { eliminated: number[][]; tokens: number[] };
  const outAt = (seat: number) => {
    const i = state.eliminated.findIndex((g) => g.includes(seat));
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  const seats = state.tokens.map((_, s) => s);
  return new Map(seats.map((s) => [s, 1 + seats.filter((o) => outAt(o) > outAt(s)).length]));
}

type Change = { seat: number; playerId: string; place: number; before: number; after: number; delta: number; provisional: boolean };

describe("four-player ranked play (Skit Scat)", () => {
  it("is the ranked format that seats four", () => {
    expect(RANKED_FORMATS[GAME].seats).toBe(4);
  });

  it("queues four accounts to one table, plays it to the end and rates each player once, ties shared", async () => {
    const { accounts, rooms, table, seats } = await seatFour(["Ada", "Bo", "Cy", "Di"]);
    expect(table.table.mode).toBe("ranked");
    expect(table.seating.slots.map((s) => s.playerId).sort()).toEqual(accounts.map((a) => a.id).sort());
    expect(table.seating.slots.every((s) => !s.isBot)).toBe(true);
    const logs = rooms.map(record);
    await Promise.all(rooms.map((room, i) => play(room, seats[i]!, table)));
    const told = await Promise.all(
      logs.map((log, i) =>
        until(
          () => log.find((m) => m.type === "ratingChanged")?.message as { rated: boolean; matchId: string; changes: Change[] } | undefined,
          `${accounts[i]!.name}: told the rating change`,
          30_000,
        ),
      ),
    );
    for (const t of told) expect(t).toEqual(told[0]);
    const { changes, matchId } = told[0]!;
    expect(told[0]!.rated).toBe(true);
    expect(changes.map((c) => c.playerId).sort()).toEqual(accounts.map((a) => a.id).sort());

    // Places follow the rules, ties included; with equal ratings before, equal places rate equally
    // and a better place rates higher.
    const places = placesByRules(table);
    for (const c of changes) {
      expect(c.place).toBe(places.get(c.seat));
      expect(c.before).toBe(1500);
      expect(c.provisional).toBe(true);
    }
    for (const x of changes)
      for (const y of changes) {
        if (x.place === y.place) expect(x.after).toBe(y.after);
        if (x.place < y.place) expect(x.after).toBeGreaterThan(y.after);
      }
    expect(changes.find((c) => c.place === 1)!.delta).toBeGreaterThan(0);
    expect(Math.max(...changes.map((c) => c.place))).toBeGreaterThan(1);

    // Each account rated once: one game, one history point, this match.
    for (const a of accounts) {
      const profile = await api(`/players/${a.id}`);
      expect(profile.ratings).toEqual([
        expect.objectContaining({ game: GAME, games: 1, rating: changes.find((c) => c.playerId === a.id)!.after }),
      ]);
      expect(profile.recent.map((m: { matchId: string }) => m.matchId)).toEqual([matchId]);
      expect((await api(`/players/${a.id}/history/${GAME}`)).history).toHaveLength(1);
    }
    const board = await api(`/leaderboard/${GAME}`, accounts[0]!.token);
    const mine4 = board.top.filter((e: { playerId: string }) => accounts.some((a) => a.id === e.playerId));
    expect(mine4).toHaveLength(4);
    expect(mine4.map((e: { games: number }) => e.games)).toEqual([1, 1, 1, 1]);
    expect(board.me.rating).toBe(changes.find((c) => c.playerId === accounts[0]!.id)!.after);

    // The same match written again (a resumed table, a retry) changes nothing.
    const outcome = table.match!.game.outcome(table.match!.state)!;
    const again = await recordRankedMatch(
      await TableRoom.platform.db(),
      gameLogOf(table.roomId, table.match!),
      table.seating.slots.map((s) => ({ seat: s.index, playerId: s.playerId!, name: s.name })),
      standingsOf(outcome, new Set()),
      Date.now(),
    );
    expect(again.rated).toBe(false);
    expect(again.changes.map(({ provisional: _, ...c }) => c)).toEqual(changes.map(({ provisional: _, ...c }) => c));
    for (const a of accounts) expect((await api(`/players/${a.id}`)).ratings[0].games).toBe(1);
    await Promise.all(rooms.map((r) => r.leave()));
  }, 300_000);

  it("places two players who leave and do not come back last, sharing the place", async () => {
    const { accounts, rooms, table, seats } = await seatFour(["Eli", "Flo", "Gil", "Hu"]);
    const logs = rooms.map(record);
    await until(() => table.match !== null, "the deal");
    // Eli and Flo leave for good; a bot finishes each seat.
    await Promise.all([rooms[0]!.leave(true), rooms[1]!.leave(true)]);
    await until(() => table.seating.slots[seats[0]!]!.isBot && table.seating.slots[seats[1]!]!.isBot, "bots hold the left seats");
    await Promise.all([play(rooms[2]!, seats[2]!, table), play(rooms[3]!, seats[3]!, table)]);
    const told = await until(
      () => logs[2]!.find((m) => m.type === "ratingChanged")?.message as { rated: boolean; changes: Change[] } | undefined,
      "rating change",
      30_000,
    );
    expect(told.rated).toBe(true);
    const of = (a: Account) => told.changes.find((c) => c.playerId === a.id)!;
    const [eli, flo, gil, hu] = accounts.map(of) as [Change, Change, Change, Change];
    expect(eli.place).toBe(3);
    expect(flo.place).toBe(3);
    expect(eli.after).toBe(flo.after);
    expect(eli.delta).toBeLessThan(0);
    // The two who played to the end: in the order the rules give them among themselves.
    const places = placesByRules(table);
    const [pg, ph] = [places.get(gil.seat)!, places.get(hu.seat)!];
    expect([gil.place, hu.place]).toEqual(pg === ph ? [1, 1] : pg < ph ? [1, 2] : [2, 1]);
    for (const c of [gil, hu]) expect(c.after).toBeGreaterThan(eli.after);
    for (const a of accounts) expect((await api(`/players/${a.id}`)).ratings[0].games).toBe(1);
    await Promise.all([rooms[2]!.leave(), rooms[3]!.leave()]);
  }, 300_000);
});
