/**
 * Friends and invitations across two server processes behind nginx, one real redis-server and
 * one PostgreSQL: a request made through one process is answered
 * through the other; a friend online on one process is seen (and where it plays) from the
 * other; an invitation sent through process 1 reaches the friend's ping on process 2, and the
 * friend joins the table. As an attacker: a guest, a stranger, a blocked pair, a table one does
 * not sit at, an offline friend, bad bodies and floods get their own errors and change nothing.
 */
import { Client } from "@colyseus/sdk";
import { LocalPresence } from "@colyseus/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCluster, type Cluster } from "../../../cluster/cluster.ts";
import { openStore, type Store } from "../../src/db/database.ts";
import { appMigrations } from "../../src/migrations.ts";
import { FriendsPresence, INVITE_TTL_MS } from "../../src/social/friends/presence.ts";
import { waitSeat } from "../helpers.ts";
import { startPostgres, type PostgresServer } from "../support/postgres-server.ts";

let pg: PostgresServer;
let cluster: Cluster;
let store: Store;
beforeAll(async () => {
  pg = await startPostgres();
  [cluster, store] = await Promise.all([
    startCluster({
      processes: 2,
      env: {
        LOG_LEVEL: "warn",
        DATABASE_URL: pg.url,
        TOKEN_SECRET: "friends-test-secret-0123456789abcdef",
        BOT_DELAY_MS: "1-5",
        ACCOUNTS_PER_HOUR: "100",
      },
    }),
    openStore({ databaseUrl: pg.url, dataDir: null, migrations: appMigrations }),
  ]);
}, 120_000);
afterAll(async () => {
  await store?.close();
  await cluster?.stop();
  await pg?.stop();
});

const via = (n: number) => `${cluster.url}/p${n}`;

/** Polls an async `check` until it answers something truthy. */
async function eventually<T>(check: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 10_000): Promise<T> {
  for (const end = Date.now() + timeoutMs; ;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function call(
  n: number,
  method: string,
  route: string,
  token: string | null,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${via(n)}/api${route}`, {
    method,
    body: body === undefined ? null : JSON.stringify(body),
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

interface Who {
  id: string;
  token: string;
  username: string;
}

/** A guest with a token, then (unless `guest`) given a username as registering does, without the slow hash. */
async function account(name: string, guest = false): Promise<Who> {
  const g = await call(1, "POST", "/accounts/guest", null, { name, token: true });
  expect(g.status).toBe(201);
  const username = `${name.toLowerCase()}_f`;
  if (!guest) await store.db.updateTable("players").set({ username, username_key: username }).where("id", "=", g.body.player.id).execute();
  return { id: g.body.player.id, token: g.body.token, username };
}

describe("friends across two processes", () => {
  it("request, accept, see online and where, invite, and join through the other process", async () => {
    const [ann, ben, cat, dan, gus] = await Promise.all([
      account("Ann"),
      account("Ben"),
      account("Cat"),
      account("Dan"),
      account("Gus", true),
    ]);
    // A guest is told to save the account first.
    for (const [m, r, b] of [
      ["GET", "/friends", undefined],
      ["POST", "/friends/requests", { username: ann.username }],
      ["POST", "/friends/ping", { playerId: "gus-browser-1" }],
    ] as const) {
      expect(await call(1, m, r, gus.token, b)).toMatchObject({ status: 403, body: { error: "register-first" } });
    }
    expect((await call(1, "GET", "/friends", null)).status).toBe(401);
    // Bad bodies: a clear 400.
    expect((await call(1, "POST", "/friends/requests", ann.token, { username: "" })).body.error).toBe("bad-request");
    expect((await call(1, "POST", "/friends/requests", ann.token, { username: "x", extra: 1 })).body.error).toBe("bad-request");
    expect((await call(1, "POST", "/friends/ping", ann.token, { playerId: "short" })).body.error).toBe("bad-request");

    // Ann asks through process 1; Ben sees and accepts through process 2. Dan is a friend too.
    expect(await call(1, "POST", "/friends/requests", ann.token, { username: ben.username.toUpperCase() })).toEqual({
      status: 201,
      body: { outcome: "requested", username: ben.username },
    });
    expect(await call(1, "POST", "/friends/requests", ann.token, { username: ann.username })).toMatchObject({
      status: 400,
      body: { error: "self" },
    });
    // A guest's would-be username is answered like any other: a request says nothing of the account it names.
    expect(await call(1, "POST", "/friends/requests", ann.token, { username: gus.username })).toEqual({
      status: 201,
      body: { outcome: "requested", username: gus.username },
    });
    expect((await call(2, "GET", "/friends", ben.token)).body.incoming.map((r: Who) => r.id)).toEqual([ann.id]);
    expect((await call(2, "POST", `/friends/requests/${cat.id}/accept`, ben.token)).body.error).toBe("no-request");
    expect(await call(2, "POST", `/friends/requests/${ann.id}/accept`, ben.token)).toMatchObject({
      status: 200,
      body: { friend: { id: ann.id } },
    });
    await call(1, "POST", "/friends/requests", dan.token, { username: ann.username });
    await call(1, "POST", `/friends/requests/${dan.id}/accept`, ann.token);
    // A blocked pair: the blocked one is answered as usual (it is not told), and the blocker never sees the request.
    expect((await call(1, "POST", "/blocks", cat.token, { playerId: ann.id })).status).toBe(201);
    expect(await call(2, "POST", "/friends/requests", ann.token, { username: cat.username })).toEqual({
      status: 201,
      body: { outcome: "requested", username: cat.username },
    });
    expect((await call(1, "GET", "/friends", cat.token)).body.incoming).toEqual([]);
    expect(await call(2, "POST", "/friends/requests", cat.token, { username: ann.username })).toMatchObject({
      status: 403,
      body: { error: "blocked" },
    });

    // Offline until a page pings; then online, with no table yet.
    const benFriends = async () =>
      (await call(2, "GET", "/friends", ben.token)).body.friends as { id: string; online: boolean; where: unknown }[];
    expect((await benFriends()).find((f) => f.id === ann.id)).toMatchObject({ online: false, where: null });
    expect(await call(2, "POST", "/friends/ping", ben.token, { playerId: "ben-browser-1" })).toEqual({
      status: 200,
      body: { invites: [] },
    });
    expect((await call(1, "GET", "/friends", ann.token)).body.friends.find((f: Who) => f.id === ben.id)).toMatchObject({
      online: true,
      where: null,
    });

    // Ann sits at a public table on process 1: Ben, on process 2, sees where.
    const sdkA = new Client(via(1));
    const table = await sdkA.create("devils_scat", {
      name: "Ann",
      playerId: "ann-browser-1",
      seats: 3,
      bots: 0,
      autoFillSeconds: 0,
      token: ann.token,
    });
    table.onMessage("*", () => undefined);
    await waitSeat(table);
    await call(1, "POST", "/friends/ping", ann.token, { playerId: "ann-browser-1" });
    const seen: any = await eventually(async () => {
      const f: any = (await benFriends()).find((x) => x.id === ann.id);
      return f?.where?.kind === "table" && f;
    }, "Ben sees Ann's table");
    expect(seen.where).toEqual({ kind: "table", roomId: table.roomId, game: "devils_scat", status: "waiting", open: true });

    // Refused invitations: a stranger, a table Ann does not sit at, a friend offline, bad input.
    const invite = (n: number, who: Who, body: unknown) => call(n, "POST", "/friends/invites", who.token, body);
    expect(await invite(1, ann, { friendId: cat.id, roomId: table.roomId })).toMatchObject({ status: 403, body: { error: "not-friends" } });
    expect(await invite(1, ann, { friendId: ben.id, roomId: "ZZZZZZ" })).toMatchObject({ status: 409, body: { error: "table-closed" } });
    // Dan is not at Ann's table: he cannot invite to it, even knowing its id (and Ann's browser's playerId, which counts for nothing here).
    expect(await invite(1, dan, { friendId: ann.id, roomId: table.roomId })).toMatchObject({
      status: 409,
      body: { error: "not-at-table" },
    });
    expect((await invite(1, dan, { friendId: ann.id, roomId: table.roomId, playerId: "ann-browser-1" })).status).toBe(400);
    expect(await invite(1, ann, { friendId: dan.id, roomId: table.roomId })).toMatchObject({
      status: 409,
      body: { error: "friend-offline" },
    });
    expect((await invite(1, ann, { friendId: ben.id, roomId: "<b>" })).status).toBe(400);
    expect((await call(2, "POST", "/friends/ping", ben.token, { playerId: "ben-browser-1" })).body.invites).toEqual([]);

    // The invitation, sent through process 1, reaches Ben's ping on process 2.
    expect(await invite(1, ann, { friendId: ben.id, roomId: table.roomId })).toMatchObject({ status: 201 });
    const got = (await call(2, "POST", "/friends/ping", ben.token, { playerId: "ben-browser-1" })).body.invites;
    expect(got).toEqual([
      expect.objectContaining({ from: { id: ann.id, name: "Ann", username: ann.username }, roomId: table.roomId, game: "devils_scat" }),
    ]);
    expect(got[0].expiresAt - got[0].at).toBe(INVITE_TTL_MS);
    // Ben joins through process 2; the invitation is dismissed and gone.
    const benRoom = await new Client(via(2)).joinById(got[0].roomId, { name: "Ben", playerId: "ben-browser-1", token: ben.token });
    benRoom.onMessage("*", () => undefined);
    expect(await waitSeat(benRoom)).toBeGreaterThanOrEqual(0);
    expect((await call(2, "DELETE", `/friends/invites/${encodeURIComponent(got[0].id)}`, ben.token)).status).toBe(200);
    expect((await call(1, "DELETE", `/friends/invites/${encodeURIComponent(got[0].id)}`, ben.token)).body.error).toBe("no-invite");
    expect((await call(1, "POST", "/friends/ping", ben.token, { playerId: "ben-browser-1" })).body.invites).toEqual([]);

    // A flood of invitations is cut after the burst, whichever process it goes through.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await invite(1 + (i % 2), ann, { friendId: ben.id, roomId: table.roomId })).status);
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
    // A flood of friend requests too (10 at once, unknown names count; Cat asked Ann once above), answered as any request.
    const asked: number[] = [];
    for (let i = 0; i < 11; i++)
      asked.push((await call(1 + (i % 2), "POST", "/friends/requests", cat.token, { username: `nobody_${i}` })).status);
    expect(asked).toEqual([...Array(9).fill(201), 429, 429]);

    // Removed: gone for both; an invitation to an ex-friend is refused.
    expect((await call(2, "DELETE", `/friends/${ann.id}`, ben.token)).status).toBe(200);
    expect((await call(1, "GET", "/friends", ann.token)).body.friends.map((f: Who) => f.id)).toEqual([dan.id]);
    await table.leave(true);
    await benRoom.leave(true);
  });

  it('a private table is only "in a game" to friends', async () => {
    const [eve, fay] = await Promise.all([account("Eve"), account("Fay")]);
    await call(1, "POST", "/friends/requests", eve.token, { username: fay.username });
    await call(2, "POST", `/friends/requests/${eve.id}/accept`, fay.token);
    const room = await new Client(via(2)).create("devils_scat", {
      name: "Eve",
      playerId: "eve-browser-1",
      seats: 3,
      bots: 0,
      private: true,
      token: eve.token,
    });
    room.onMessage("*", () => undefined);
    await waitSeat(room);
    await call(2, "POST", "/friends/ping", eve.token, { playerId: "eve-browser-1" });
    const where = await eventually(
      async () => (await call(1, "GET", "/friends", fay.token)).body.friends[0]?.where,
      "Fay sees Eve in a game",
    );
    expect(where).toEqual({ kind: "game" });
    await room.leave(true);
  });
});

describe("invitations expire", () => {
  it("after two minutes, and a second one to the same table replaces the first", async () => {
    let now = 1_000_000;
    const p = new FriendsPresence(new LocalPresence(), () => now);
    const from = { id: "ann", name: "Ann", username: "ann" };
    const first = await p.invite("ben", from, { roomId: "T1", game: "devils_scat" });
    now += 1000;
    const second = await p.invite("ben", from, { roomId: "T1", game: "devils_scat" });
    await p.invite("ben", from, { roomId: "T2", game: "devils_scat" });
    expect((await p.pending("ben")).map((i) => i.id)).toEqual([second.id, expect.stringContaining("ann.T2.")]);
    expect(first.id).not.toBe(second.id);
    now += INVITE_TTL_MS - 1001;
    expect(await p.pending("ben")).toHaveLength(2);
    now += 2000;
    expect(await p.pending("ben")).toEqual([]);
  });
});
