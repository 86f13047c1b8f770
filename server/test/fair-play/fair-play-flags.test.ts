/**
 * Fair-play flags kept for operators: the store on both databases (embedded PGlite and
 * a real PostgreSQL started here): one row per table, seat and kind with account, game and
 * evidence, newest first, a repeat changing nothing; the claim-quota flag from the reaction
 * profile; and through the real server: a table whose seat raises flags (a player with an
 * account) stores them, and only an operator reads them (`GET /api/operator/fair-play-flags`).
 */
import { Client } from "@colyseus/sdk";
import { matchMaker, type Server } from "@colyseus/core";
import { quickPlayKey } from "@scat/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Accounts } from "../../src/accounts/accounts.ts";
import { Tokens } from "../../src/accounts/tokens.ts";
import { createServer } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { QUOTA_FLAG_MS, ReactionProfile } from "../../src/conduct/fair-play.ts";
import { openStore, type Store } from "../../src/db/database.ts";
import { appMigrations } from "../../src/migrations.ts";
import { listFlags, recordFlag } from "../../src/fair-play/store.ts";
import { runOperatorCli } from "../../src/moderation/cli.ts";
import { observePress } from "../../src/realtime/observe.ts";
import type { RaceSlap } from "../../src/realtime/race.ts";
import { TableRoom } from "../../src/table/table-room.ts";
import { freePort, until, waitSeat } from "../helpers.ts";
import { startPostgres, type PostgresServer } from "../support/postgres-server.ts";

describe("the reaction profile's claim-quota flag", () => {
  it("is raised once the quota has withheld QUOTA_FLAG_MS of a seat's claims, once, with the evidence", () => {
    const p = new ReactionProfile();
    expect(p.record(300, 0)).toEqual([]);
    expect(p.record(280, QUOTA_FLAG_MS - 1)).toEqual([]);
    expect(p.record(270, QUOTA_FLAG_MS + 4)).toEqual(["claim-quota"]);
    expect(p.record(260, QUOTA_FLAG_MS + 40)).toEqual([]);
    expect(p.evidence("claim-quota")).toEqual({ withheldMs: QUOTA_FLAG_MS + 4, limitMs: QUOTA_FLAG_MS, reactionsMs: [300, 280, 270] });
    expect(p.evidence("under-floor")).toBeNull();
  });
});

let pg: PostgresServer;
beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);
afterAll(async () => {
  await pg?.stop();
});

describe.each(["pglite", "postgres"] as const)("fair-play flags on %s", (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore({ databaseUrl: kind === "postgres" ? pg.url : null, dataDir: null, migrations: appMigrations });
  });
  afterAll(async () => {
    await store?.close();
  });

  it("stores each flag with account, table, game, kind and evidence once, and lists them newest first", async () => {
    const accounts = new Accounts(store.db, new Tokens("t".repeat(32)));
    const cheat = (await accounts.createGuest("Quickdraw")).id;
    const base = { tableId: "T1", game: "hit_the_deck", seat: 1, accountId: cheat };
    expect(
      await recordFlag(store.db, { ...base, kind: "under-floor", evidence: { underFloor: 3, reactionsMs: [60, 70, 80] }, at: 1_000 }),
    ).toBe(true);
    // A resumed table raises it again: one row, the first kept.
    expect(await recordFlag(store.db, { ...base, kind: "under-floor", evidence: { underFloor: 4 }, at: 2_000 })).toBe(false);
    expect(await recordFlag(store.db, { ...base, kind: "too-regular", evidence: { sdMs: 1.2 }, at: 3_000 })).toBe(true);
    // Nobody we know at the seat.
    expect(
      await recordFlag(store.db, {
        tableId: "T2",
        game: "dark_hand",
        seat: 0,
        accountId: null,
        kind: "claim-quota",
        evidence: { withheldMs: 41 },
        at: 4_000,
      }),
    ).toBe(true);
    const all = await listFlags(store.db);
    expect(all.map((f) => [f.tableId, f.kind, f.at])).toEqual([
      ["T2", "claim-quota", 4_000],
      ["T1", "too-regular", 3_000],
      ["T1", "under-floor", 1_000],
    ]);
    expect(all[0]).toMatchObject({ account: null, game: "dark_hand", seat: 0, evidence: { withheldMs: 41 }, accountFlags: 0 });
    expect(all[2]).toMatchObject({
      account: { id: cheat, name: "Quickdraw" },
      game: "hit_the_deck",
      seat: 1,
      evidence: { underFloor: 3, reactionsMs: [60, 70, 80] },
      accountFlags: 2,
    });
    expect((await listFlags(store.db, { accountId: cheat })).map((f) => f.kind)).toEqual(["too-regular", "under-floor"]);
    expect(await listFlags(store.db, { limit: 1 })).toHaveLength(1);
  });
});

describe("a flag raised at a table before embedded PGlite opened", () => {
  it("does not start the store from the game path (before PGlite had its own thread, its start cost a cluster process its lease so); the flag is stored once the store opens", async () => {
    const port = await freePort();
    const server = createServer(loadConfig({ LOG_LEVEL: "silent", DATA_DIR: ":memory:", PORT: String(port) }));
    await server.listen(port, "127.0.0.1");
    try {
      const options = { name: "Anon", seats: 2, bots: 1, turnSeconds: 30, variants: {} };
      const room = await new Client(`http://127.0.0.1:${port}`).joinOrCreate("hit_the_deck", { ...options, mode: quickPlayKey(options) });
      room.onMessage("*", () => undefined);
      const seat = await waitSeat(room);
      const srv = matchMaker.getLocalRoomById(room.roomId) as unknown as TableRoom;
      const press = (reactionMs: number): RaceSlap => ({
        seat,
        arrivedAt: Date.now(),
        reactionMs,
        source: "claim",
        estimateMs: reactionMs + 40,
        suspicious: reactionMs < 100,
      });
      for (const ms of [60, 75, 82]) observePress(srv, seat, press(ms), "slap");
      expect(TableRoom.platform.storeStarted).toBe(false);
      expect(TableRoom.platform.pendingWrites).toBe(1);
      // Anything else opens the store (here the operator's read): the waiting flag is written then.
      const db = await TableRoom.platform.db();
      for (let i = 0; i < 200 && (await listFlags(db)).length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(TableRoom.platform.pendingWrites).toBe(0);
      expect((await listFlags(db))[0]).toMatchObject({
        account: null,
        tableId: room.roomId,
        game: "hit_the_deck",
        seat,
        kind: "under-floor",
        evidence: { underFloor: 3, reactionsMs: [60, 75, 82] },
      });
      await room.leave();
    } finally {
      await server.gracefullyShutdown(false);
    }
  }, 120_000);
});

describe("through the real server", () => {
  let server: Server;
  let base = "";
  beforeAll(async () => {
    const port = await freePort();
    server = createServer(loadConfig({ LOG_LEVEL: "silent", DATA_DIR: ":memory:", ACCOUNTS_PER_HOUR: "1000", PORT: String(port) }));
    await server.listen(port, "127.0.0.1");
    base = `http://127.0.0.1:${port}`;
  }, 120_000);
  afterAll(async () => {
    await server?.gracefullyShutdown(false);
  });

  async function call(path: string, init: { body?: unknown; bearer?: string } = {}): Promise<{ status: number; body: any }> {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (init.bearer) headers.authorization = `Bearer ${init.bearer}`;
    const res = await fetch(`${base}/api${path}`, {
      method: init.body === undefined ? "GET" : "POST",
      headers,
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }
  const account = async (name: string, username?: string) => {
    const made = await call("/accounts/guest", { body: { name, token: true } });
    expect(made.status).toBe(201);
    if (!username) return { id: made.body.player.id as string, token: made.body.token as string };
    // Saving the account replaces the guest's token with a new one.
    const saved = await call("/accounts/register", { body: { username, password: "long enough pw" }, bearer: made.body.token });
    expect(saved.status).toBe(200);
    return { id: made.body.player.id as string, token: saved.body.token as string };
  };

  it("a seat's flags raised at a table are stored with its account, and only an operator lists them", async () => {
    const op = await account("Ops", "fair_ops");
    expect(await runOperatorCli(await TableRoom.platform.db(), ["grant", "fair_ops"], () => undefined)).toBe(0);
    const cheat = await account("Speedy");
    const options = { name: "Speedy", seats: 2, bots: 1, turnSeconds: 30, variants: {} };
    const room = await new Client(base).joinOrCreate("hit_the_deck", { ...options, mode: quickPlayKey(options), token: cheat.token });
    room.onMessage("*", () => undefined);
    const seat = await waitSeat(room);
    const srv = matchMaker.getLocalRoomById(room.roomId) as unknown as TableRoom;
    await until(() => srv.conduct.accountAt(seat) === cheat.id, "the account at its seat");
    // Three presses adjudicated under the human floor, and a quota that has withheld 45 ms of claims.
    srv.net.of(room.sessionId).quota.withheld = 45;
    const press = (reactionMs: number): RaceSlap => ({
      seat,
      arrivedAt: Date.now(),
      reactionMs,
      source: "claim",
      estimateMs: reactionMs + 40,
      suspicious: reactionMs < 100,
    });
    for (const ms of [60, 75, 82]) observePress(srv, seat, press(ms), "slap");
    let stored = await listFlags(await TableRoom.platform.db(), { accountId: cheat.id });
    for (let i = 0; i < 200 && stored.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 20));
      stored = await listFlags(await TableRoom.platform.db(), { accountId: cheat.id });
    }
    expect(stored.map((f) => f.kind).sort()).toEqual(["claim-quota", "under-floor"]);
    for (const f of stored)
      expect(f).toMatchObject({ account: { id: cheat.id, name: "Speedy" }, tableId: room.roomId, game: "hit_the_deck", seat });
    expect(stored.find((f) => f.kind === "under-floor")!.evidence).toEqual({
      underFloor: 3,
      floorMs: 100,
      reactionsMs: [60, 75, 82],
      race: "slap",
    });
    expect(stored.find((f) => f.kind === "claim-quota")!.evidence).toMatchObject({ withheldMs: 45, race: "slap" });

    // The operator route: nobody else reads them.
    expect((await call("/operator/fair-play-flags")).status).toBe(401);
    expect((await call("/operator/fair-play-flags", { bearer: cheat.token })).status).toBe(403);
    expect((await call("/operator/fair-play-flags?limit=0", { bearer: op.token })).status).toBe(400);
    const listed = await call(`/operator/fair-play-flags?account=${cheat.id}`, { bearer: op.token });
    expect(listed.status).toBe(200);
    expect(listed.body.flags.map((f: { kind: string }) => f.kind).sort()).toEqual(["claim-quota", "under-floor"]);
    await room.leave();
  });
});
