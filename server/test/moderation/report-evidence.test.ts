/**
 * Reports carry only the server's own evidence, through the real server (PGlite in memory):
 *
 * - over HTTP, chat lines or a game log written by the reporter are refused with a clear 400 and
 *   nothing is filed; a stored match both played in files that match's log; one without the
 *   reporter is refused;
 * - at a table, an operator seated there who reports the other player mid-game gets no seed and
 *   no log of the running game (409 `game-not-over`: replaying the seed would give the other hand
 *   and the deck); once the game ends, the finished log (seed, outcome) is filed with the report.
 */
import { Client } from "@colyseus/sdk";
import { matchMaker, type Server } from "@colyseus/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import type { Db } from "../../src/db/database.ts";
import { runOperatorCli } from "../../src/moderation/cli.ts";
import { TableRoom } from "../../src/table/table-room.ts";
import { freePort, leaveRoom, until } from "../helpers.ts";
import { play } from "./seed.ts";

let base = "";
let server: Server;
let db: Db;

async function call(path: string, init: { body?: unknown; bearer?: string } = {}): Promise<{ status: number; body: any }> {
  const res = await fetch(`${base}/api${path}`, {
    method: init.body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", ...(init.bearer ? { authorization: `Bearer ${init.bearer}` } : {}) },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function account(name: string, username: string): Promise<{ id: string; token: string }> {
  const made = await call("/accounts/guest", { body: { name, token: true } });
  expect(made.status).toBe(201);
  // Saving ends the guest's token: the answer carries the account's new one.
  const saved = await call("/accounts/register", { body: { username, password: "long enough pw" }, bearer: made.body.token });
  expect(saved.status).toBe(200);
  return { id: made.body.player.id, token: saved.body.token };
}

beforeAll(async () => {
  const port = await freePort();
  server = createServer(
    loadConfig({
      LOG_LEVEL: "silent",
      DATA_DIR: ":memory:",
      ACCOUNTS_PER_HOUR: "1000",
      BOT_DELAY_MS: "1-5",
      RATE_LIMIT_PER_SECOND: "100",
      RATE_LIMIT_BURST: "100",
      MATCHMAKE_RATE_PER_SECOND: "10000",
      MATCHMAKE_BURST: "10000",
      PORT: String(port),
    }),
  );
  await server.listen(port, "127.0.0.1");
  base = `http://127.0.0.1:${port}`;
  db = await TableRoom.platform.db();
}, 120_000);
afterAll(async () => {
  await server?.gracefullyShutdown(false);
});

describe("report evidence", () => {
  it("over HTTP: refuses the reporter's own chat lines and game logs, files a stored match's log only for its players", async () => {
    const [rep, bad, other] = [
      await account("Rae", "rae_evidence"),
      await account("Rude", "rude_evidence"),
      await account("Olga", "olga_evidence"),
    ];
    const count = async () =>
      Number(
        (
          await db
            .selectFrom("reports")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    // Invented evidence: a line with an impossible time, and a made-up game log.
    const withChat = await call("/reports", {
      bearer: rep.token,
      body: {
        playerId: bad.id,
        reason: "abusive-chat",
        game: "devils_scat",
        tableId: "T1",
        chat: [{ name: "Rude", seat: 1, text: "I cheat", at: 1e300 }],
      },
    });
    expect(withChat.status).toBe(400);
    expect(withChat.body.message).toMatch(/server files its own record.*note/);
    const withLog = await call("/reports", {
      bearer: rep.token,
      body: { playerId: bad.id, reason: "cheating", game: "devils_scat", tableId: "T1", gameLog: { seed: "forged", steps: [] } },
    });
    expect(withLog.status).toBe(400);
    expect(await count()).toBe(before);

    // A stored match both played: its log is filed by the server, and the note stays the reporter's words.
    const together = (await play(db, "devils_scat", [rep.id, bad.id], { at: Date.now() - 60_000 })).matchId;
    const apart = (await play(db, "devils_scat", [other.id, bad.id], { at: Date.now() - 50_000 })).matchId;
    expect((await call("/reports", { bearer: rep.token, body: { playerId: bad.id, reason: "cheating", tableId: apart } })).status).toBe(
      400,
    );
    const filed = await call("/reports", {
      bearer: rep.token,
      body: { playerId: bad.id, reason: "cheating", note: "he knew my cards", tableId: together },
    });
    expect(filed.status).toBe(201);
    const row = await db.selectFrom("reports").selectAll().where("id", "=", filed.body.report).executeTakeFirstOrThrow();
    const stored = await db.selectFrom("matches").select("log").where("id", "=", together).executeTakeFirstOrThrow();
    expect({
      note: row.note,
      source: row.source,
      game: row.game,
      chat: typeof row.chat === "string" ? JSON.parse(row.chat) : row.chat,
    }).toEqual({ note: "he knew my cards", source: "match", game: "devils_scat", chat: [] });
    expect(typeof row.game_log === "string" ? JSON.parse(row.game_log) : row.game_log).toEqual(
      typeof stored.log === "string" ? JSON.parse(stored.log) : stored.log,
    );
  });

  it("at a running table: an operator seated there gets neither seed nor log until the game ends", async () => {
    const [ops, rival] = [await account("Opal", "opal_seated"), await account("Rex", "rex_seated")];
    expect(await runOperatorCli(db, ["grant", "opal_seated"], () => undefined)).toBe(0);
    const mode = { name: "Opal", seats: 2, bots: 0, turnSeconds: 30, variants: { classic: true } };
    const mine = await new Client(base).create("devils_scat", { ...mode, private: true, token: ops.token });
    const seen: { type: string; message: any }[] = [];
    mine.onMessage("*", (type, message) => seen.push({ type: String(type), message }));
    const theirs = await new Client(base).joinById(mine.roomId, { name: "Rex", token: rival.token });
    theirs.onMessage("*", () => undefined);
    const srv = matchMaker.getLocalRoomById(mine.roomId) as unknown as TableRoom;
    await until(() => srv.match, "the deal");
    const mySeat = srv.seating.bySession(mine.sessionId)!.index;
    const rivalSeat = 1 - mySeat;
    const { seed, serverSeed, salt } = srv.match!;

    mine.send("report", { seat: rivalSeat, reason: "cheating", note: "too lucky" });
    await until(() => seen.find((m) => m.type === "reported"), "reported");
    expect(srv.match!.over).toBe(false);
    const listed = await call("/operator/reports", { bearer: ops.token });
    expect(listed.status).toBe(200);
    const report = listed.body.reports.find((r: { tableId: string }) => r.tableId === mine.roomId);
    expect(report).toMatchObject({ hasGameLog: false, gameLogPending: true, source: "table", note: "too lucky" });
    const early = await call(`/operator/reports/${report.id}/log`, { bearer: ops.token });
    expect(early.status).toBe(409);
    expect(early.body.error).toBe("game-not-over");
    // Nothing of the secret is anywhere in what the server stored or serves about the report.
    const stored = JSON.stringify(await db.selectFrom("reports").selectAll().where("id", "=", report.id).executeTakeFirstOrThrow());
    for (const secret of [seed, serverSeed, salt]) {
      expect(stored.includes(secret)).toBe(false);
      expect(JSON.stringify(listed.body).includes(secret)).toBe(false);
    }

    // The game ends (both leave, bots finish it while a spectator keeps the table open): the report
    // gets the finished game's log, seed and outcome included.
    const watcher = await new Client(base).joinById(mine.roomId, { spectate: true });
    watcher.onMessage("*", () => undefined);
    await Promise.all([leaveRoom(mine), leaveRoom(theirs)]);
    await until(() => srv.match?.over, "bots finish the game", 30_000);
    // The log is filed just after the end (one database write): asked again until it is there.
    let late = await call(`/operator/reports/${report.id}/log`, { bearer: ops.token });
    for (let i = 0; i < 200 && late.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 25));
      late = await call(`/operator/reports/${report.id}/log`, { bearer: ops.token });
    }
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ seed: serverSeed, salt, matchId: `${mine.roomId}-${srv.match!.startedAt}` });
    expect(late.body.outcome).toBeTruthy();
    await leaveRoom(watcher);
  }, 60_000);
});
