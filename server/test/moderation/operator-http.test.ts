/**
 * The operator routes through the real HTTP server (createServer, PGlite in memory): who may use
 * them (401 without a session, 403 for guests, players, play-only tokens and cross-site cookies),
 * a seeded farming pair at the top of suspicious-pairs, a mark that refunds the victim and takes
 * the booster off the leaderboard, the same answer to a second mark, bad input answered 400 with
 * nothing changed, and the action log.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Server } from "@colyseus/core";
import { createServer } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { runOperatorCli } from "../../src/moderation/cli.ts";
import { TableRoom } from "../../src/table/table-room.ts";
import type { Db } from "../../src/db/database.ts";
import { freePort } from "../helpers.ts";
import { play, snapshot } from "./seed.ts";

let base = "";
let server: Server;
let db: Db;

interface Call {
  status: number;
  body: any;
}

async function call(
  path: string,
  init: { method?: string; body?: unknown; bearer?: string; cookie?: string; origin?: string } = {},
): Promise<Call> {
  const method = init.method ?? (init.body === undefined ? "GET" : "POST");
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (init.bearer) headers.authorization = `Bearer ${init.bearer}`;
  if (init.cookie) headers.cookie = init.cookie;
  if (init.origin) headers.origin = init.origin;
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

interface Account {
  id: string;
  token: string;
}

async function account(name: string, username?: string): Promise<Account> {
  const made = await call("/accounts/guest", { body: { name, token: true } });
  expect(made.status).toBe(201);
  if (!username) return { id: made.body.player.id, token: made.body.token };
  // Saving the account replaces the guest's token with a new one.
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
      LEADERBOARD_MIN_GAMES: "1",
      LEADERBOARD_MIN_OPPONENTS: "0",
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

describe("operator routes", () => {
  let op: Account;
  let player: Account;
  let booster: Account;
  let dumper: Account;
  let victim: Account;

  beforeAll(async () => {
    op = await account("Ops", "ops_admin");
    player = await account("Plain", "plain_player");
    [booster, dumper, victim] = await Promise.all([account("Booster"), account("Dumper"), account("Victim")]);
    expect(await runOperatorCli(db, ["grant", "ops_admin"], () => undefined)).toBe(0);
    // The farm: the dumper leaves five games at once; the booster also beats an honest victim twice.
    const now = Date.now();
    for (let i = 0; i < 5; i++)
      await play(db, "devils_scat", [booster.id, dumper.id], { at: now - 60_000 + i, left: [dumper.id], steps: 3 });
    for (let i = 0; i < 2; i++) await play(db, "devils_scat", [booster.id, victim.id], { at: now - 30_000 + i });
    for (let i = 0; i < 3; i++) await play(db, "devils_scat", [victim.id, player.id], { at: now - 20_000 + i });
  });

  it("answers 401 without a session and 403 to anyone but a signed-in operator", async () => {
    const routes = [
      { path: "/operator/suspicious-pairs?days=30" },
      { path: `/operator/accounts/${booster.id}/mark`, body: { kind: "booster", reason: "farming", windowDays: 30 } },
      { path: "/operator/actions" },
    ];
    const before = await snapshot(db);
    for (const r of routes) {
      expect((await call(r.path, { body: r.body })).status).toBe(401);
      const asPlayer = await call(r.path, { body: r.body, bearer: player.token });
      expect(asPlayer.status).toBe(403);
      expect(asPlayer.body.error).toBe("not-an-operator");
      expect((await call(r.path, { body: r.body, bearer: booster.token })).status).toBe(403);
      expect((await call(r.path, { body: r.body, bearer: "sct_forged" })).status).toBe(401);
    }
    // The operator's own token without the `account` scope is not enough.
    const playOnly = await call("/me/tokens", { body: { scopes: ["play"], label: "bot" }, bearer: op.token });
    expect(playOnly.status).toBe(201);
    const scoped = await call("/operator/suspicious-pairs", { bearer: playOnly.body.token });
    expect(scoped.status).toBe(403);
    expect(scoped.body.error).toBe("insufficient-scope");
    // The operator's browser session, but the request comes from another site: refused.
    const signIn = await fetch(`${base}/api/accounts/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ username: "ops_admin", password: "long enough pw" }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .find((c) => c.startsWith("scat_session="))!
      .split(";")[0]!;
    const forged = await call(`/operator/accounts/${booster.id}/mark`, {
      body: { kind: "booster", reason: "csrf", windowDays: 30 },
      cookie,
      origin: "http://evil.example",
    });
    expect(forged.status).toBe(403);
    expect(forged.body.error).toBe("cross-site");
    // The same cookie from this site's own page works (a read here, to change nothing yet).
    expect((await call("/operator/actions", { cookie })).status).toBe(200);
    expect(await snapshot(db)).toEqual(before);
  });

  it("lists the farming pair first, with its evidence", async () => {
    const res = await call("/operator/suspicious-pairs?days=30", { bearer: op.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ days: 30, minGames: 3 });
    expect(res.body.pairs[0]).toMatchObject({
      loser: { id: dumper.id, name: "Dumper" },
      winner: { id: booster.id },
      games: 5,
      losses: 5,
      quickOrLeft: 5,
      left: 5,
      sharedAddress: false,
    });
    // Once both queued from one address (the queue notes a keyed hash of it), the report says so.
    const seen = await TableRoom.platform.addresses();
    await seen.note(dumper.id, "2001:db8:1:2::10");
    await seen.note(booster.id, "2001:db8:1:2::99");
    await seen.note(player.id, "198.51.100.7");
    const again = await call("/operator/suspicious-pairs?days=30", { bearer: op.token });
    expect(again.body.pairs[0]).toMatchObject({ loser: { id: dumper.id }, winner: { id: booster.id }, sharedAddress: true });
    expect(again.body.pairs.find((p: any) => p.loser.id === player.id || p.winner.id === player.id)?.sharedAddress).toBe(false);
    const stored = await db.selectFrom("seen_addresses").select("address_hash").execute();
    expect(stored.length).toBe(3);
    for (const r of stored) expect(r.address_hash).not.toMatch(/2001|db8|198\.51/);
    const honest = res.body.pairs.findIndex((p: any) => p.loser.id === player.id);
    expect(honest).toBeGreaterThan(0);
    expect(res.body.pairs[honest].suspicion).toBeLessThan(res.body.pairs[0].suspicion);
    for (const q of ["days=0", "days=abc", "minGames=-1", "limit=100000"]) {
      const bad = await call(`/operator/suspicious-pairs?${q}`, { bearer: op.token });
      expect(bad.status, q).toBe(400);
      expect(bad.body.error).toBe("bad-request");
    }
  });

  it("marks the booster: the victim's losses come back, the booster leaves the board, a second mark answers the same", async () => {
    const board0 = await call("/leaderboard/devils_scat", { bearer: victim.token });
    expect(board0.body.top.some((e: any) => e.playerId === booster.id)).toBe(true);
    const victimBefore = board0.body.me.rating as number;
    const losses = await db
      .selectFrom("match_players as v")
      .innerJoin("match_players as b", "b.match_id", "v.match_id")
      .select(["v.rating_before", "v.rating_after"])
      .where("v.player_id", "=", victim.id)
      .where("b.player_id", "=", booster.id)
      .execute();
    const owed = losses.reduce((n, r) => n + Math.max(0, r.rating_before - r.rating_after), 0);
    expect(owed).toBeGreaterThan(0);

    const before = await snapshot(db);
    for (const body of [
      { kind: "smurf", reason: "x y z", windowDays: 30 },
      { kind: "booster", reason: "", windowDays: 30 },
      { kind: "booster", reason: "ok ok", windowDays: 0 },
      { kind: "booster", reason: "ok ok", windowDays: 30, extra: 1 },
    ]) {
      const bad = await call(`/operator/accounts/${booster.id}/mark`, { body, bearer: op.token });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.error).toBe("bad-request");
    }
    expect(
      (await call("/operator/accounts/nobody/mark", { body: { kind: "booster", reason: "farming", windowDays: 30 }, bearer: op.token }))
        .status,
    ).toBe(404);
    expect(
      (await call(`/operator/accounts/${op.id}/mark`, { body: { kind: "booster", reason: "myself", windowDays: 30 }, bearer: op.token }))
        .status,
    ).toBe(400);
    expect(await snapshot(db)).toEqual(before);

    const first = await call(`/operator/accounts/${booster.id}/mark`, {
      body: { kind: "booster", reason: "farmed with Dumper", windowDays: 30 },
      bearer: op.token,
    });
    expect(first.status).toBe(200);
    expect(first.body.action).toMatchObject({ by: "ops_admin", kind: "booster", reason: "farmed with Dumper", windowDays: 30 });
    expect(first.body.victims.find((v: any) => v.playerId === victim.id)).toMatchObject({
      before: victimBefore,
      after: victimBefore + owed,
      points: owed,
    });
    const board1 = await call("/leaderboard/devils_scat", { bearer: victim.token });
    expect(board1.body.me.rating).toBe(victimBefore + owed);
    expect(board1.body.top.some((e: any) => e.playerId === booster.id)).toBe(false);
    const boosterBoard = await call("/leaderboard/devils_scat", { bearer: booster.token });
    expect(boosterBoard.body).toMatchObject({ me: null, unlisted: "marked" });
    expect((await call(`/players/${booster.id}`)).body.ratings[0]).toMatchObject({ rating: 1500, games: 0 });

    const state = await snapshot(db);
    const second = await call(`/operator/accounts/${booster.id}/mark`, {
      body: { kind: "cheater", reason: "again", windowDays: 90 },
      bearer: op.token,
    });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await snapshot(db)).toEqual(state);

    const log = await call(`/operator/actions?account=${booster.id}`, { bearer: op.token });
    expect(log.body.actions).toHaveLength(1);
    expect(log.body.actions[0]).toMatchObject({
      actor: "ops_admin",
      actorId: op.id,
      action: "mark",
      targetId: booster.id,
      reason: "farmed with Dumper",
    });
  });
});
