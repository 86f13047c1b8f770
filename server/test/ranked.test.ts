/**
 * Ranked play through a real server (PGlite in memory): guest accounts over HTTP, the ranked
 * queue, a ranked table only the matched accounts can sit at, one rating per match, a leaver
 * placed last, and the stored log served in the shape the client downloads.
 */
import { Client, type Room as ClientRoom } from "@colyseus/sdk";
import type { Server } from "@colyseus/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gameLogSchema } from "@scat/shared/fairness/game-log.ts";
import { loadConfig } from "../src/config.ts";
import { createServer } from "../src/app.ts";
import { TableRoom as TableRoomClass, type TableRoom } from "../src/table/table-room.ts";
import { freePort, mine, record, until, waitSeat } from "./helpers.ts";
import { matchMaker } from "@colyseus/core";

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
      ACCOUNTS_PER_HOUR: "12",
      MATCHMAKE_RATE_PER_SECOND: "10000",
      MATCHMAKE_BURST: "10000",
      RATE_LIMIT_PER_SECOND: "100",
      RATE_LIMIT_BURST: "100",
      SEAT_RESERVATION_SECONDS: "3",
      PORT: String(port),
    }),
  );
  await server.listen(port, "127.0.0.1");
  base = `http://127.0.0.1:${port}`;
  // Opening PGlite (WebAssembly) takes seconds on a loaded machine: once, here.
  await api("/accounts/sign-in", { body: { username: "warm-up", password: "x" } });
}, 240_000);
afterAll(async () => {
  await server.gracefullyShutdown(false);
});

async function api(
  path: string,
  init: { method?: string; token?: string | undefined; body?: unknown } = {},
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${base}/api${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: { "content-type": "application/json", ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function guest(name: string): Promise<{ id: string; token: string }> {
  const res = await api("/accounts/guest", { body: { name, token: true } });
  expect(res.status).toBe(201);
  return { id: res.body.player.id, token: res.body.token };
}

/** Queues an account; resolves with the table the queue seats it at. */
async function queueAndSit(
  game: string,
  token: string,
): Promise<{ queue: ClientRoom; table: Promise<ClientRoom>; status: unknown[]; seatRatings: unknown[] }> {
  const sdk = new Client(base);
  const queue = await sdk.joinOrCreate(`ranked_${game}`, { token });
  const status: unknown[] = [];
  const seatRatings: unknown[] = [];
  queue.onMessage("queueStatus", (m) => status.push(m));
  queue.onMessage("clients", () => undefined);
  queue.onMessage("matchFound", () => queue.send("accept"));
  const table = new Promise<ClientRoom>((resolve, reject) => {
    queue.onMessage("seat", (reservation) => {
      queue.send("confirm");
      sdk.consumeSeatReservation(reservation).then((room) => {
        room.onMessage("rankedSeats", (m) => seatRatings.push(m));
        resolve(room);
      }, reject);
    });
  });
  return { queue, table, status, seatRatings };
}

/**
 * Plays a seat to the end of the game: continue, else knock (so two such players end rounds;
 * always drawing and discarding the first card never would), else the first legal action.
 */
async function play(name: string, room: ClientRoom, seat: number, srv: TableRoom): Promise<void> {
  let seen = -1;
  while (!srv.match?.over) {
    const legal = await until(
      () => {
        if (srv.match?.over) return [] as { type: string }[];
        const m = mine(room, seat);
        const v = (room.state as any).version;
        return m && m.legal.length > 0 && v !== seen && v === srv.match?.state.version ? m.legal : null;
      },
      `${name}: a decision or the end`,
      60_000,
    );
    if (legal.length === 0) return;
    seen = (room.state as any).version;
    room.send("action", legal.find((a) => a.type === "continue") ?? legal.find((a) => a.type === "knock") ?? legal[0]);
  }
}

const tableOf = (room: ClientRoom) => matchMaker.getLocalRoomById(room.roomId) as unknown as TableRoom;

describe("ranked play", () => {
  it("queues two accounts, seats them at a ranked table, rates the game once and shows it on the board", async () => {
    const [ann, ben] = [await guest("Ann"), await guest("Ben")];
    const a = await queueAndSit("devils_scat", ann.token);
    const b = await queueAndSit("devils_scat", ben.token);
    const [ta, tb] = await Promise.all([a.table, b.table]);
    expect(ta.roomId).toBe(tb.roomId);
    expect(a.status.length + b.status.length).toBeGreaterThan(0);
    const table = tableOf(ta);
    expect([...(table.ranked?.roster.players ?? [])].sort()).toEqual([ann.id, ben.id].sort());
    expect(table.table.mode).toBe("ranked");
    expect(table.seating.slots.map((s) => s.playerId).sort()).toEqual([ann.id, ben.id].sort());
    expect(table.seating.slots.map((s) => s.name).sort()).toEqual(["Ann", "Ben"]);

    // Nobody else may sit: not an outsider with their own token, not one who names a roster id.
    const eve = await guest("Eve");
    await expect(new Client(base).joinById(ta.roomId, { token: eve.token, playerId: eve.id })).rejects.toThrow();
    await expect(new Client(base).joinById(ta.roomId, { token: eve.token, playerId: ann.id })).rejects.toThrow();
    const watcher = await new Client(base).joinById(ta.roomId, { spectate: true });
    // Each seat shows its player's rating: to both players once both sat, and to a spectator.
    const watcherRatings: unknown[] = [];
    watcher.onMessage("rankedSeats", (m) => watcherRatings.push(m));
    const bothRated = {
      seats: [
        { seat: 0, rating: 1500, provisional: true },
        { seat: 1, rating: 1500, provisional: true },
      ],
    };
    await until(
      () =>
        a.seatRatings.some((m: any) => m.seats.length === 2) &&
        b.seatRatings.some((m: any) => m.seats.length === 2) &&
        watcherRatings.length > 0,
      "seat ratings to players and spectator",
    );
    expect(a.seatRatings.at(-1)).toEqual(bothRated);
    expect(b.seatRatings.at(-1)).toEqual(bothRated);
    expect(watcherRatings.at(-1)).toEqual(bothRated);

    const logs = [record(ta), record(tb)];
    const [sa, sb] = await Promise.all([waitSeat(ta), waitSeat(tb)]);
    await Promise.all([play("Ann", ta, sa, table), play("Ben", tb, sb, table)]);
    const rated = await until(() => logs[0]!.find((m) => m.type === "ratingChanged")?.message as any, "rating change");
    expect(rated.rated).toBe(true);
    expect(rated.changes).toHaveLength(2);
    const winnerSeat = table.match!.game.outcome(table.match!.state)!.ranking[0]!;
    const winner = rated.changes.find((c: any) => c.seat === winnerSeat);
    const loser = rated.changes.find((c: any) => c.seat !== winnerSeat);
    expect(winner).toMatchObject({ place: 1, before: 1500, provisional: true });
    expect(winner.delta).toBeGreaterThan(0);
    expect(loser.delta).toBeLessThan(0);
    await until(() => logs[1]!.some((m) => m.type === "ratingChanged"), "both told");

    // Rated exactly once, whatever asks again (a resumed table writes the same match id).
    table.ranked!.finish(table.match!);
    const gameLog = logs[0]!.find((m) => m.type === "gameLog")!.message as { matchId: string };
    const board = await api("/leaderboard/devils_scat", { token: ann.token });
    expect(board.status).toBe(200);
    const rows = board.body.top.filter((e: any) => e.playerId === ann.id || e.playerId === ben.id);
    expect(rows.map((e: any) => e.games)).toEqual([1, 1]);
    expect(board.body.me.playerId).toBe(ann.id);
    expect(board.body.around.some((e: any) => e.playerId === ann.id)).toBe(true);

    const profile = await api(`/players/${ann.id}`);
    expect(profile.body.player).toEqual({ id: ann.id, name: "Ann", guest: true });
    expect(profile.body.ratings[0]).toMatchObject({ game: "devils_scat", games: 1, provisional: true });
    expect(profile.body.recent[0].matchId).toBe(gameLog.matchId);
    const history = await api(`/players/${ann.id}/history/devils_scat`);
    expect(history.body.history).toHaveLength(1);

    // The profile's match history: date, game, opponents, place, change, replay.
    const page = await api(`/players/${ann.id}/matches`);
    expect(page.status).toBe(200);
    expect(page.body.next).toBeNull();
    expect(page.body.matches).toHaveLength(1);
    const annWon = winner.playerId === ann.id;
    expect(page.body.matches[0]).toEqual({
      matchId: gameLog.matchId,
      game: "devils_scat",
      endedAt: expect.any(Number),
      place: annWon ? 1 : 2,
      ratingBefore: 1500,
      ratingAfter: (annWon ? winner : loser).after,
      delta: (annWon ? winner : loser).delta,
      opponents: [{ playerId: ben.id, name: "Ben", place: annWon ? 2 : 1 }],
      replay: true,
    });
    expect(Math.abs(page.body.matches[0].endedAt - Date.now())).toBeLessThan(120_000);
    // A page at a time: an older match (stored as the rating write stores one) comes on the next page.
    const db = await TableRoomClass.platform.db();
    await db
      .insertInto("matches")
      .values({
        id: "older-match-1",
        game: "dark_hand",
        seed: "s",
        options: "{}",
        started_at: 1000,
        ended_at: 2000,
        standings: JSON.stringify([
          { seat: 0, playerId: ben.id, name: "Ben", place: 2 },
          { seat: 1, playerId: ann.id, name: "Ann", place: 1 },
        ]),
        log: "{}",
      })
      .execute();
    await db
      .insertInto("match_players")
      .values({ match_id: "older-match-1", seat: 1, player_id: ann.id, place: 1, rating_before: 1490, rating_after: 1500 })
      .execute();
    const first = await api(`/players/${ann.id}/matches?limit=1`);
    expect(first.body.matches.map((m: any) => m.matchId)).toEqual([gameLog.matchId]);
    const second = await api(`/players/${ann.id}/matches?limit=1&before=${encodeURIComponent(first.body.next)}`);
    expect(second.body).toEqual({
      matches: [
        {
          matchId: "older-match-1",
          game: "dark_hand",
          endedAt: 2000,
          place: 1,
          ratingBefore: 1490,
          ratingAfter: 1500,
          delta: 10,
          opponents: [{ playerId: ben.id, name: "Ben", place: 2 }],
          replay: true,
        },
      ],
      next: null,
    });
    // Bad input: a clear JSON error, nothing else.
    for (const [path, status, code] of [
      ["/players/not-a-uuid/matches", 400, "bad-player-id"],
      [`/players/${encodeURIComponent("<script>")}/matches`, 400, "bad-player-id"],
      ["/players/00000000-0000-4000-8000-000000000000/matches", 404, "unknown-player"],
      [`/players/${ann.id}/matches?limit=0`, 400, "bad-limit"],
      [`/players/${ann.id}/matches?limit=51`, 400, "bad-limit"],
      [`/players/${ann.id}/matches?limit=x`, 400, "bad-limit"],
      [`/players/${ann.id}/matches?before=${encodeURIComponent("1' or 1=1")}`, 400, "bad-cursor"],
      [`/players/${ann.id}/matches?before=a&before=b`, 400, "bad-cursor"],
    ] as const) {
      const r = await api(path);
      expect([path, r.status, r.body.error]).toEqual([path, status, code]);
    }

    const stored = await api(`/matches/${encodeURIComponent(gameLog.matchId)}/log`);
    expect(stored.status).toBe(200);
    expect(gameLogSchema.safeParse(stored.body).success).toBe(true);
    expect(stored.body).toEqual(gameLog);
    await Promise.all([ta.leave(), tb.leave(), watcher.leave()]);
  });

  it("places a ranked player who leaves and does not come back last", async () => {
    const [cat, dan] = [await guest("Cat"), await guest("Dan")];
    const c = await queueAndSit("devils_scat", cat.token);
    const d = await queueAndSit("devils_scat", dan.token);
    const [tc, td] = await Promise.all([c.table, d.table]);
    const table = tableOf(tc);
    const log = record(td);
    const seatD = await waitSeat(td);
    await until(() => table.match !== null, "the deal");
    await tc.leave(true);
    await play("Dan", td, seatD, table);
    const rated = await until(() => log.find((m) => m.type === "ratingChanged")?.message as any, "rating change");
    const mine = rated.changes.find((ch: any) => ch.playerId === dan.id);
    const theirs = rated.changes.find((ch: any) => ch.playerId === cat.id);
    expect(mine.place).toBe(1);
    expect(theirs.place).toBe(2);
    expect(theirs.delta).toBeLessThan(0);
    await td.leave();
  });

  it("gives a ranked seat back only to its account after the player left", async () => {
    const [gus, hal] = [await guest("Gus"), await guest("Hal")];
    const g = await queueAndSit("devils_scat", gus.token);
    const hh = await queueAndSit("devils_scat", hal.token);
    const [tg, th] = await Promise.all([g.table, hh.table]);
    const table = tableOf(tg);
    await until(() => table.match !== null, "the deal");
    const seat = table.seating.slots.find((s) => s.playerId === gus.id)!.index;
    await tg.leave(true);
    await until(() => table.seating.slots[seat]!.isBot, "a bot holds the seat");
    // The id alone (public on the leaderboard) is not enough, nor another account's token.
    await expect(new Client(base).joinById(tg.roomId, { playerId: gus.id })).rejects.toThrow();
    await expect(new Client(base).joinById(tg.roomId, { playerId: gus.id, token: hal.token })).rejects.toThrow();
    const back = await new Client(base).joinById(tg.roomId, { playerId: gus.id, token: gus.token, name: "Impostor name" });
    expect(await waitSeat(back)).toBe(seat);
    expect(table.seating.slots[seat]).toMatchObject({ isBot: false, playerId: gus.id, name: "Gus" });
    await Promise.all([back.leave(), th.leave()]);
  });

  it("refuses the queue without an account, the same account twice, and ranked tables made by a client", async () => {
    await expect(new Client(base).joinOrCreate("ranked_devils_scat", {})).rejects.toThrow(/sign-in-required/);
    const fay = await guest("Fay");
    const first = await queueAndSit("dark_hand", fay.token);
    await expect(new Client(base).joinOrCreate("ranked_devils_scat", { token: fay.token })).rejects.toThrow(/already-queued/);
    await first.queue.leave();
    await until(async () => true, "left");
    await expect(new Client(base).create("devils_scat", { seats: 2, rankedTicket: "forged.ticket" })).rejects.toThrow(/ranked queue/);
    // Unranked play needs no account.
    const open = await new Client(base).joinOrCreate("devils_scat", { seats: 2, bots: 1, name: "Anon" });
    expect(await waitSeat(open)).toBe(0);
    await open.leave();
  });

  it("rate-limits account creation per address", async () => {
    let status = 201;
    for (let i = 0; i < 20 && status === 201; i++) status = (await api("/accounts/guest", { body: { name: `G${i}` } })).status;
    expect(status).toBe(429);
    expect((await api("/accounts/guest", { body: { name: "" } })).status).toBe(400);
  });
});
