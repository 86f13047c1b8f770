/**
 * Friends in the database (social/friends/store.ts) on embedded PGlite and a real PostgreSQL:
 * request, accept, decline, cancel, remove; a request back is an accept; refused: oneself, a
 * player the sender blocked (also one blocked after the request or the friendship), a full list,
 * too many pending requests. A request to an unknown or guest username, to a player who blocked
 * the sender, or past the recipient's waiting cap is held: answered, listed and cancelled like a
 * delivered one, in the same queries, never shown to anyone. And the migration "0008-friends"
 * reaches a database that already has the later "0009-seen-addresses".
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Accounts } from "../../src/accounts/accounts.ts";
import { Tokens } from "../../src/accounts/tokens.ts";
import { migrate, openStore, type Store } from "../../src/db/database.ts";
import { appMigrations } from "../../src/migrations.ts";
import { block, unblock } from "../../src/social/blocks.ts";
import type { KyselyPlugin } from "kysely";
import {
  FRIENDS_MAX,
  INCOMING_REQUESTS_MAX,
  PENDING_REQUESTS_MAX,
  acceptRequest,
  areFriends,
  cancelRequest,
  declineRequest,
  friendsOf,
  removeFriend,
  requestFriend,
  requestsOf,
} from "../../src/social/friends/store.ts";
import { startPostgres, type PostgresServer } from "../support/postgres-server.ts";

let pg: PostgresServer;
beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);
afterAll(async () => {
  await pg?.stop();
});

describe.each(["pglite", "postgres"] as const)("friends on %s", (kind) => {
  let store: Store;
  let accounts: Accounts;
  let n = 0;
  beforeAll(async () => {
    store = await openStore({ databaseUrl: kind === "postgres" ? pg.url : null, dataDir: null, migrations: appMigrations });
    accounts = new Accounts(store.db, new Tokens("t".repeat(32)));
  }, 60_000);
  afterAll(async () => {
    await store?.close();
  });
  const plainTag = (k: number): string => [...k.toString(20)].map((d) => "bcdfghjklmnpqrstvwxz"[parseInt(d, 20)]).join("");
  /** A saved account (the username written as registering does, without the slow password hash). */
  const saved = async (name: string): Promise<string> => {
    const k = ++n;
    // Letters without vowels, not digits: the names' word filter reads digits as letters ("T175").
    const id = (await accounts.createGuest(`${name}${plainTag(k)}`)).id;
    const username = `${name}_${k}`;
    await store.db.updateTable("players").set({ username, username_key: username.toLowerCase() }).where("id", "=", id).execute();
    return id;
  };
  const username = async (id: string) =>
    (await store.db.selectFrom("players").select("username").where("id", "=", id).executeTakeFirstOrThrow()).username!;

  it("request, accept, list both ways, remove; decline and cancel leave no friendship", async () => {
    const db = store.db;
    const [ann, ben, cat] = await Promise.all(["Ann", "Ben", "Cat"].map(saved));
    const r = await requestFriend(db, ann!, (await username(ben!)).toUpperCase(), 1000);
    expect(r).toEqual({ ok: true, outcome: "requested", username: (await username(ben!)).toLowerCase() });
    expect(await requestFriend(db, ann!, await username(ben!))).toEqual({ ok: false, error: "already-requested" });
    expect((await requestsOf(db, ben!)).incoming.map((x) => x.id)).toEqual([ann]);
    expect((await requestsOf(db, ann!)).outgoing.map((x) => x.id)).toEqual([(await username(ben!)).toLowerCase()]);
    expect(await areFriends(db, ann!, ben!)).toBe(false);
    expect(await acceptRequest(db, ben!, ann!, 2000)).toMatchObject({ ok: true, friend: { id: ann } });
    expect(await acceptRequest(db, ben!, ann!)).toEqual({ ok: false, error: "no-request" });
    expect((await friendsOf(db, ann!)).map((f) => [f.id, f.since])).toEqual([[ben, 2000]]);
    expect((await friendsOf(db, ben!)).map((f) => f.id)).toEqual([ann]);
    expect(await requestsOf(db, ben!)).toEqual({ incoming: [], outgoing: [] });
    expect(await requestFriend(db, ben!, await username(ann!))).toEqual({ ok: false, error: "already-friends" });
    // Either side removes it, for both.
    expect(await removeFriend(db, ben!, ann!)).toBe(true);
    expect(await friendsOf(db, ann!)).toEqual([]);
    expect(await removeFriend(db, ben!, ann!)).toBe(false);

    await requestFriend(db, cat!, await username(ann!));
    expect(await declineRequest(db, ann!, cat!)).toBe(true);
    expect(await declineRequest(db, ann!, cat!)).toBe(false);
    await requestFriend(db, cat!, await username(ann!));
    expect(await cancelRequest(db, cat!, await username(ann!))).toBe(true);
    expect(await cancelRequest(db, cat!, await username(ann!))).toBe(false);
    // Only the addressee accepts: the sender cannot accept its own request.
    await requestFriend(db, cat!, await username(ann!));
    expect(await acceptRequest(db, cat!, ann!)).toEqual({ ok: false, error: "no-request" });
    // A request back is the first one accepted.
    expect(await requestFriend(db, ann!, await username(cat!))).toMatchObject({ ok: true, outcome: "accepted" });
    expect(await areFriends(db, cat!, ann!)).toBe(true);
    expect(await requestsOf(db, cat!)).toEqual({ incoming: [], outgoing: [] });
  });

  it("refuses oneself and a player the sender blocked (a later block hides the friendship until unblocked)", async () => {
    const db = store.db;
    const [ann, ben, cat] = await Promise.all(["Ann", "Ben", "Cat"].map(saved));
    expect(await requestFriend(db, ann!, await username(ann!))).toEqual({ ok: false, error: "self" });
    // The sender's own block is refused; the other's block is not told (held: see below).
    await block(db, ben!, ann!);
    expect(await requestFriend(db, ben!, await username(ann!))).toEqual({ ok: false, error: "blocked" });
    await unblock(db, ben!, ann!);
    // A block after the request: the blocked addressee finds it gone, as if taken back (not "blocked").
    await requestFriend(db, ann!, await username(cat!));
    await block(db, ann!, cat!);
    expect((await requestsOf(db, cat!)).incoming).toEqual([]);
    expect(await acceptRequest(db, cat!, ann!)).toEqual({ ok: false, error: "no-request" });
    await unblock(db, ann!, cat!);
    // The addressee's own block is its own to be told.
    await block(db, cat!, ann!);
    expect(await acceptRequest(db, cat!, ann!)).toEqual({ ok: false, error: "blocked" });
    await unblock(db, cat!, ann!);
    expect((await acceptRequest(db, cat!, ann!)).ok).toBe(true);
    // A block after the friendship hides it both ways; unblocking brings it back.
    await block(db, cat!, ann!);
    expect(await friendsOf(db, ann!)).toEqual([]);
    expect(await areFriends(db, ann!, cat!)).toBe(false);
    // Asking again, the blocked one is answered as a stranger would be: not "already friends", not "blocked".
    expect(await requestFriend(db, ann!, await username(cat!))).toEqual({
      ok: true,
      outcome: "requested",
      username: (await username(cat!)).toLowerCase(),
    });
    expect((await requestsOf(db, cat!)).incoming).toEqual([]);
    await cancelRequest(db, ann!, await username(cat!));
    await unblock(db, cat!, ann!);
    expect(await areFriends(db, ann!, cat!)).toBe(true);
  });

  it(`holds ${FRIENDS_MAX} friends and ${PENDING_REQUESTS_MAX} pending requests at most`, async () => {
    const db = store.db;
    const [full, other, late] = await Promise.all(["Full", "Other", "Late"].map(saved));
    const ids = Array.from({ length: FRIENDS_MAX }, (_, i) => `filler-${kind}-${i}`);
    await db
      .insertInto("players")
      .values(ids.map((id) => ({ id, display_name: id, username: null, username_key: null, password_hash: null, created_at: 0 })))
      .execute();
    await db
      .insertInto("friends")
      .values(ids.map((id) => ({ player_id: full!, friend_id: id, since: 0 })))
      .execute();
    expect(await requestFriend(db, full!, await username(other!))).toEqual({ ok: false, error: "too-many-friends" });
    // Their full list is not told to the sender (it would say the account exists): found out when they accept.
    expect(await requestFriend(db, other!, await username(full!))).toMatchObject({ ok: true, outcome: "requested" });
    expect(await acceptRequest(db, full!, other!)).toEqual({ ok: false, error: "too-many-friends" });
    // A request made before the list filled cannot be accepted past the limit.
    await db.deleteFrom("friends").where("player_id", "=", full!).where("friend_id", "=", ids[0]!).execute();
    await requestFriend(db, late!, await username(full!));
    await db.insertInto("friends").values({ player_id: full!, friend_id: ids[0]!, since: 0 }).execute();
    expect(await acceptRequest(db, full!, late!)).toEqual({ ok: false, error: "too-many-friends" });
    // Pending requests.
    const asker = await saved("Asker");
    const targets = await Promise.all(Array.from({ length: PENDING_REQUESTS_MAX + 1 }, () => saved("T")));
    for (const t of targets.slice(0, PENDING_REQUESTS_MAX)) expect((await requestFriend(db, asker, await username(t))).ok).toBe(true);
    expect(await requestFriend(db, asker, await username(targets.at(-1)!))).toEqual({ ok: false, error: "too-many-requests" });
  });

  /** Runs `fn` on a view of the store's database that records each query's kind and tables. */
  const traced = async <T>(fn: (db: typeof store.db) => Promise<T>): Promise<{ result: T; queries: string[] }> => {
    const queries: string[] = [];
    const plugin: KyselyPlugin = {
      transformQuery: (args) => {
        queries.push(args.node.kind);
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    return { result: await fn(store.db.withPlugin(plugin)), queries };
  };

  it("answers a request the same for a saved account, an unknown or guest username and a player who blocked the sender: no id, no name, the same queries", async () => {
    const db = store.db;
    const [ann, ben, cat] = await Promise.all(["Ann", "Ben", "Cat"].map(saved));
    await accounts.createGuest("Guestly");
    await block(db, cat!, ann!);
    const names = [await username(ben!), "no_such_user_x", "Guestly", await username(cat!)];
    const answers = [];
    for (const name of names) answers.push(await traced((tdb) => requestFriend(tdb, ann!, name, 5000)));
    for (const [i, a] of answers.entries()) {
      expect(a.result, names[i]).toEqual({ ok: true, outcome: "requested", username: names[i]!.toLowerCase() });
      expect(JSON.stringify(a.result)).not.toMatch(new RegExp(`${ben}|${cat}|Ben|Cat`));
      expect(a.queries, names[i]).toEqual(answers[0]!.queries);
    }
    // Asked again: the same refusal for all of them.
    for (const name of names) expect(await requestFriend(db, ann!, name)).toEqual({ ok: false, error: "already-requested" });
    // The sender's list names the usernames only, delivered or held alike.
    expect((await requestsOf(db, ann!)).outgoing).toEqual(names.map((u) => ({ id: u.toLowerCase(), username: u.toLowerCase(), at: 5000 })));
    // Only the saved account that did not block Ann sees the request.
    expect((await requestsOf(db, ben!)).incoming.map((r) => r.id)).toEqual([ann]);
    expect((await requestsOf(db, cat!)).incoming).toEqual([]);
    expect(await acceptRequest(db, cat!, ann!)).toEqual({ ok: false, error: "no-request" });
    // Cancelled alike, by the username the list shows.
    for (const name of names) expect(await cancelRequest(db, ann!, name.toLowerCase())).toBe(true);
    expect((await requestsOf(db, ann!)).outgoing).toEqual([]);
  });

  it(`shows an account at most ${INCOMING_REQUESTS_MAX} waiting requests; more are held, and the senders are told as usual`, async () => {
    const db = store.db;
    const star = await saved("Star");
    const fans = Array.from({ length: INCOMING_REQUESTS_MAX + 1 }, (_, i) => `fan-${kind}-${i}`);
    await db
      .insertInto("players")
      .values(fans.map((id) => ({ id, display_name: id, username: id, username_key: id, password_hash: null, created_at: 0 })))
      .execute();
    await db
      .insertInto("friend_requests")
      .values(fans.slice(0, INCOMING_REQUESTS_MAX).map((id, i) => ({ from_id: id, to_id: star, at: i })))
      .execute();
    expect(await requestFriend(db, fans.at(-1)!, await username(star), 10_000)).toEqual({
      ok: true,
      outcome: "requested",
      username: (await username(star)).toLowerCase(),
    });
    const incoming = (await requestsOf(db, star)).incoming;
    expect(incoming).toHaveLength(INCOMING_REQUESTS_MAX);
    expect(incoming.map((r) => r.id)).not.toContain(fans.at(-1));
    expect((await requestsOf(db, fans.at(-1)!)).outgoing.map((r) => r.username)).toEqual([(await username(star)).toLowerCase()]);
  });

  // Last: it drops this store's friends tables and migrates again.
  it("migration 0008-friends is applied to a database that already has 0009-seen-addresses", async () => {
    // A database from before this migration landed: 0009 recorded, 0008 never run.
    await store.db.schema.dropTable("friend_requests").execute();
    await store.db.schema.dropTable("friends").execute();
    await sql`delete from kysely_migration where name = '0008-friends'`.execute(store.db);
    const names = async () =>
      (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(store.db)).rows.map((r) => r.name);
    expect(await names()).toContain("0009-seen-addresses");
    await migrate(store.db, appMigrations);
    expect(await names()).toContain("0008-friends");
    expect(await store.db.selectFrom("friends").selectAll().execute()).toEqual([]);
  });
});
