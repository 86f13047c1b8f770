/**
 * Storage, accounts and ratings against both databases the server runs on: embedded PGlite and
 * a real PostgreSQL server started here (loopback, temp dir, stopped after).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GAME_LOG_FORMAT, type GameLog } from "@scat/shared/fairness/game-log.ts";
import { Accounts, publicPlayer } from "../src/accounts/accounts.ts";
import { ALL_SCOPES, DAY, Sessions } from "../src/accounts/sessions.ts";
import { Tokens } from "../src/accounts/tokens.ts";
import { migrate, openStore, type Store } from "../src/db/database.ts";
import { appMigrations } from "../src/migrations.ts";
import { aroundPlayer, historyOf, matchLog, ratingsOf, recentMatches, topPlayers } from "../src/ranked/queries.ts";
import { recordRankedMatch, type RankedSeat } from "../src/ranked/record-match.ts";
import { PROVISIONAL_GAMES } from "../src/ranked/rating.ts";
import { rankKeys, standingsOf } from "@scat/shared/standings.ts";
import { startPostgres, type PostgresServer } from "./support/postgres-server.ts";

let pg: PostgresServer;
beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);
afterAll(async () => {
  await pg?.stop();
});

function fakeLog(matchId: string, seats: number, winners: number[], ranking: number[], scores: number[]): GameLog {
  const hex = "ab".repeat(16);
  return {
    format: GAME_LOG_FORMAT,
    matchId,
    game: "devils_scat",
    options: { seats },
    startedAt: 1_000,
    seed: hex,
    salt: hex,
    commitment: "c".repeat(64),
    steps: [{ seat: null, action: null, now: 1_001 }],
    outcome: { winners, ranking, scores },
  };
}

describe.each(["pglite", "postgres"] as const)("accounts and ratings on %s", (kind) => {
  let store: Store;
  let accounts: Accounts;
  beforeAll(async () => {
    store = await openStore({ databaseUrl: kind === "postgres" ? pg.url : null, dataDir: null, migrations: appMigrations });
    accounts = new Accounts(store.db, new Tokens("t".repeat(32)));
  });
  afterAll(async () => {
    await store?.close();
  });
  /** A guest as the ranked code sees it (`player` with id and name). */
  const mk = async (name: string) => ({ player: publicPlayer(await accounts.createGuest(name)) });

  it("applies the migrations once (a second run changes nothing)", async () => {
    await migrate(store.db, appMigrations);
    const applied = await store.db
      .selectFrom("kysely_migration" as never)
      .selectAll()
      .execute();
    expect(applied.length).toBe(Object.keys(await appMigrations.getMigrations()).length);
  });

  it("makes a guest, gives it a username and password, signs in elsewhere and signs out everywhere", async () => {
    let clock = 1_000_000;
    const sessions = new Sessions(store.db, 30, () => clock);
    const guest = await accounts.createGuest("  Ada ");
    expect(publicPlayer(guest)).toMatchObject({ name: "Ada", guest: true, username: null });
    const browser = await sessions.issue(guest.id, "browser", "Chrome on Linux", ALL_SCOPES);
    expect((await sessions.authenticate(browser.secret, "browser"))?.player.id).toBe(guest.id);
    // A cookie is not a token and a token is not a cookie; a changed secret is nobody.
    expect(await sessions.authenticate(browser.secret, "token")).toBeNull();
    expect(await sessions.authenticate(browser.secret.slice(0, -2) + "xx", "browser")).toBeNull();
    expect(await sessions.authenticate("not-a-token", "token")).toBeNull();
    // Only a hash of the secret is stored.
    const stored = await store.db.selectFrom("sessions").select("id").execute();
    expect(stored.some((r) => r.id.includes(browser.secret))).toBe(false);

    const named = await accounts.register(guest.id, `Ada_${kind}`, "correct horse");
    if (typeof named === "string") throw new Error(named);
    expect(publicPlayer(named)).toMatchObject({ id: guest.id, guest: false, username: `Ada_${kind}` });
    expect(await accounts.register(guest.id, "other", "correct horse")).toBe("already-registered");
    const other = await accounts.createGuest("Bo");
    expect(await accounts.register(other.id, `ADA_${kind.toUpperCase()}`, "whatever12")).toBe("username-taken");

    expect(await accounts.signIn(`ada_${kind}`, "wrong password")).toBe("bad-credentials");
    expect(await accounts.signIn("nobody", "correct horse")).toBe("bad-credentials");
    const elsewhere = await accounts.signIn(`ada_${kind}`, "correct horse");
    if (typeof elsewhere === "string") throw new Error(elsewhere);
    expect(elsewhere.id).toBe(guest.id);
    const token = await sessions.issue(guest.id, "token", "script", ["play"], 7);
    expect((await sessions.authenticate(token.secret, "token"))?.scopes).toEqual(["play"]);
    expect((await sessions.list(guest.id, browser.session)).map((x) => [x.kind, x.current])).toEqual([
      ["browser", true],
      ["token", false],
    ]);

    // A browser session slides: used after 20 days it lasts 30 more; unused for 30 days it is gone.
    clock += 20 * DAY;
    const used = await sessions.authenticate(browser.secret, "browser");
    expect(used?.renewed).toBe(true);
    expect(used?.session.expires_at).toBe(clock + 30 * DAY);
    clock += 8 * DAY;
    expect(await sessions.authenticate(token.secret, "token")).toBeNull();
    clock += 30 * DAY;
    expect(await sessions.authenticate(browser.secret, "browser")).toBeNull();

    const b2 = await sessions.issue(guest.id, "browser", "Firefox", ALL_SCOPES);
    const t2 = await sessions.issue(guest.id, "token", "k6", ALL_SCOPES, 30);
    const [listed] = (await sessions.list(guest.id, null)).filter((x) => x.label === "k6");
    expect(await sessions.revoke(other.id, listed!.id)).toBe(false);
    expect(await sessions.revoke(guest.id, listed!.id)).toBe(true);
    expect(await sessions.authenticate(t2.secret, "token")).toBeNull();
    expect(await sessions.authenticate(b2.secret, "browser")).not.toBeNull();
    await sessions.endAll(guest.id);
    expect(await sessions.authenticate(b2.secret, "browser")).toBeNull();
    expect((await accounts.rename(guest.id, "Ada L."))?.name).toBe("Ada L.");
  });

  it("moves a browser's old signed token onto a session once, and never one without an expiry or signed out", async () => {
    const tokens = new Tokens("t".repeat(32));
    const p = await accounts.createGuest("Old");
    const old = await tokens.sign({ playerId: p.id, version: 0 });
    expect((await accounts.legacyPlayer(old))?.id).toBe(p.id);
    const { SignJWT } = await import("jose");
    const noExp = await new SignJWT({ v: 0 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(p.id)
      .setIssuer("scat-tables")
      .setIssuedAt()
      .sign(new TextEncoder().encode("t".repeat(32)));
    expect(await accounts.legacyPlayer(noExp)).toBeNull();
    await accounts.revokeLegacy(p.id);
    expect(await accounts.legacyPlayer(old)).toBeNull();
  });

  it("rates a match once by its id, from places with ties, and reads it back on the board and profile", async () => {
    const players = await Promise.all(["P0", "P1", "P2", "P3"].map((n) => mk(n)));
    const seats: RankedSeat[] = players.map((p, seat) => ({ seat, playerId: p.player.id, name: p.player.name }));
    // Seat 2 won; seats 0 and 3 tie for second (same score, neither won); seat 1 is last.
    const log = fakeLog(`m-${kind}-1`, 4, [2], [2, 0, 3, 1], [7, 4, 10, 7]);
    const standings = standingsOf(log.outcome, new Set());
    expect(standings.map((s) => [s.seat, s.place])).toEqual([
      [2, 1],
      [0, 2],
      [3, 2],
      [1, 4],
    ]);

    const first = await recordRankedMatch(store.db, log, seats, standings, 5_000);
    expect(first.rated).toBe(true);
    const bySeat = new Map(first.changes.map((c) => [c.seat, c]));
    expect(bySeat.get(2)!.after).toBeGreaterThan(1500);
    expect(bySeat.get(1)!.after).toBeLessThan(1500);
    expect(bySeat.get(0)!.after).toBe(bySeat.get(3)!.after);
    expect(first.changes.every((c) => c.before === 1500 && c.provisional && c.delta === c.after - c.before)).toBe(true);

    // The same match again (a resumed table, a retried write): nothing changes, same answer.
    const second = await recordRankedMatch(store.db, log, seats, standings, 6_000);
    expect(second.rated).toBe(false);
    expect(second.changes).toEqual(first.changes);
    const winner = await ratingsOf(store.db, players[2]!.player.id);
    expect(winner).toEqual([{ game: "devils_scat", rating: bySeat.get(2)!.after, games: 1, wins: 1, provisional: PROVISIONAL_GAMES > 1 }]);
    expect(await historyOf(store.db, players[2]!.player.id, "devils_scat")).toEqual([
      { matchId: log.matchId, at: 5_000, rating: bySeat.get(2)!.after },
    ]);
    const recent = await recentMatches(store.db, players[1]!.player.id);
    expect(recent).toHaveLength(1);
    expect(recent[0]).toMatchObject({ matchId: log.matchId, place: 4, ratingBefore: 1500, delta: bySeat.get(1)!.delta });
    expect(await matchLog(store.db, log.matchId)).toEqual(log);
    expect(await matchLog(store.db, "nope")).toBeNull();

    const top = await topPlayers(store.db, "devils_scat");
    expect(top[0]!.playerId).toBe(players[2]!.player.id);
    expect(top.map((e) => e.rank)).toEqual(top.map((_, i) => i + 1));
    const last = await aroundPlayer(store.db, "devils_scat", players[1]!.player.id);
    expect(last!.me.rank).toBe(top.findIndex((e) => e.playerId === players[1]!.player.id) + 1);
    expect(last!.around.map((e) => e.rank)).toEqual(last!.around.map((_, i) => last!.around[0]!.rank + i));
    expect(last!.around.some((e) => e.playerId === players[1]!.player.id)).toBe(true);
    expect(await aroundPlayer(store.db, "dark_hand", players[1]!.player.id)).toBeNull();
  });

  it("gives every player the rank and neighbours the full board order gives, ties included", async () => {
    // Twelve players: pairs and a triple on equal ratings, so ties sit on both sides of someone.
    const ps = await Promise.all(Array.from({ length: 12 }, (_, i) => mk(`T${i}`)));
    for (const [i, p] of ps.entries()) {
      const rating = 1400 + 10 * Math.floor(i / 3);
      await store.db
        .insertInto("ratings")
        .values({ player_id: p.player.id, game: "skit_scat", mu: rating / 60, sigma: 4, rating, games: 3, wins: 0, updated_at: 0 })
        .execute();
      await store.db
        .insertInto("rating_counts")
        .values({ game: "skit_scat", rating, players: 1 })
        .onConflict((oc) => oc.columns(["game", "rating"]).doUpdateSet((eb) => ({ players: eb("rating_counts.players", "+", 1) })))
        .execute();
    }
    const full = await topPlayers(store.db, "skit_scat", 1000);
    expect(full).toHaveLength(12);
    for (const [i, e] of full.entries()) {
      const got = await aroundPlayer(store.db, "skit_scat", e.playerId);
      expect(got!.me.rank).toBe(i + 1);
      expect(got!.around.map((x) => [x.rank, x.playerId])).toEqual(full.slice(Math.max(0, i - 5), i + 6).map((x) => [x.rank, x.playerId]));
    }
  });

  it("places a player who left and did not come back last, whatever the engine ranked", async () => {
    const players = await Promise.all(["L0", "L1"].map((n) => mk(n)));
    const seats: RankedSeat[] = players.map((p, seat) => ({ seat, playerId: p.player.id, name: p.player.name }));
    const log = fakeLog(`m-${kind}-2`, 2, [0], [0, 1], [3, 0]);
    const standings = standingsOf(log.outcome, new Set([0]));
    expect(standings).toEqual([
      { seat: 1, place: 1, score: 0, forfeited: false },
      { seat: 0, place: 2, score: 3, forfeited: true },
    ]);
    const res = await recordRankedMatch(store.db, log, seats, standings, 7_000);
    expect(res.changes.find((c) => c.seat === 0)!.delta).toBeLessThan(0);
    expect(res.changes.find((c) => c.seat === 1)!.delta).toBeGreaterThan(0);
  });

  it("rates concurrent matches sharing a player without losing either update", async () => {
    const [a, b, c] = await Promise.all(["C0", "C1", "C2"].map((n) => mk(n)));
    const seat = (p: typeof a, i: number): RankedSeat => ({ seat: i, playerId: p!.player.id, name: p!.player.name });
    const l1 = fakeLog(`m-${kind}-c1`, 2, [0], [0, 1], [1, 0]);
    const l2 = fakeLog(`m-${kind}-c2`, 2, [0], [0, 1], [1, 0]);
    await Promise.all([
      recordRankedMatch(store.db, l1, [seat(a, 0), seat(b, 1)], standingsOf(l1.outcome, new Set()), 8_000),
      recordRankedMatch(store.db, l2, [seat(a, 0), seat(c, 1)], standingsOf(l2.outcome, new Set()), 8_001),
    ]);
    expect((await ratingsOf(store.db, a!.player.id))[0]).toMatchObject({ games: 2, wins: 2 });
    expect(await historyOf(store.db, a!.player.id, "devils_scat")).toHaveLength(2);
    // The rank buckets agree with the ratings after every write above, concurrent ones included.
    const actual = await store.db
      .selectFrom("ratings")
      .select(["rating"])
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("game", "=", "devils_scat")
      .groupBy("rating")
      .orderBy("rating")
      .execute();
    const buckets = await store.db
      .selectFrom("rating_counts")
      .select(["rating", "players"])
      .where("game", "=", "devils_scat")
      .where("players", "<>", 0)
      .orderBy("rating")
      .execute();
    expect(buckets.map((b) => [b.rating, b.players])).toEqual(actual.map((r) => [r.rating, Number(r.n)]));
  });
});

describe("final places from an engine's outcome", () => {
  const places = (r: { seat: number; place: number }[]) => Object.fromEntries(r.map((x) => [x.seat, x.place]));

  it("Skit Scat: players out in the same hand share a place, one out earlier is below them (all have 0 tokens)", () => {
    // Seat 2 went out first, seats 0 and 3 together later; seat 1 won with every token.
    const state = { eliminated: [[2], [0, 3]], tokens: [0, 12, 0, 0] };
    const outcome = { winners: [1], ranking: [1, 0, 3, 2], scores: [0, 12, 0, 0] };
    expect(places(standingsOf(outcome, new Set(), rankKeys("skit_scat", state)))).toEqual({ 1: 1, 0: 2, 3: 2, 2: 4 });
    // Equal scores alone would tie all three losers.
    expect(places(standingsOf(outcome, new Set()))).toEqual({ 1: 1, 0: 2, 3: 2, 2: 2 });
  });

  it("Dark Hearts: equal shown score but a different standing is not a tie", () => {
    // Shown score: the lower shade (10 for both); the other shade breaks the tie (20 < 30).
    const key = rankKeys("dark_hearts", { scores: { light: [10, 10, 40, 101], dark: [20, 30, 50, 0] } })!;
    expect(key(0)).not.toBe(key(1));
    const same = rankKeys("dark_hearts", { scores: { light: [10, 20, 40, 101], dark: [20, 10, 50, 0] } })!;
    expect(same(0)).toBe(same(1));
  });

  it("scores decide ties in the games ranked by score", () => {
    const outcome = { winners: [0], ranking: [0, 2, 1, 3], scores: [90, 40, 40, 10] };
    expect(rankKeys("scatterbrain", {})).toBeNull();
    expect(places(standingsOf(outcome, new Set(), rankKeys("scatterbrain", {})))).toEqual({ 0: 1, 2: 2, 1: 2, 3: 4 });
    expect(places(standingsOf(outcome, new Set([2]), null))).toEqual({ 0: 1, 1: 2, 3: 3, 2: 4 });
  });
});
