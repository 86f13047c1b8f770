/**
 * Moderation against both databases (embedded PGlite and a real PostgreSQL started here): the
 * refund gives back exactly the victims' losses inside the window and a second mark changes
 * nothing; marked, provisional and inactive accounts are off the boards with ranks that follow the
 * filtered board; suspicious pairs puts a farming pair above honest ones; the operator CLI.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Accounts } from "../../src/accounts/accounts.ts";
import { Tokens } from "../../src/accounts/tokens.ts";
import { openStore, type Store } from "../../src/db/database.ts";
import { appMigrations } from "../../src/migrations.ts";
import { isMarked, markAccount } from "../../src/moderation/mark.ts";
import { isOperator, recentActions, setOperator } from "../../src/moderation/operators.ts";
import { runOperatorCli } from "../../src/moderation/cli.ts";
import { PAIR_DEFAULTS, suspiciousPairs } from "../../src/moderation/suspicious.ts";
import { EVERY_RATED, ListedBuckets, TopCache, aroundPlayer, boardRule, topPlayers, unlistedReason } from "../../src/ranked/queries.ts";
import { SCALE } from "../../src/ranked/rating.ts";
import { startPostgres, type PostgresServer } from "../support/postgres-server.ts";
import { bucketsAgree, play, snapshot } from "./seed.ts";

const DAY = 86_400_000;
const OPERATOR = { id: null, name: "test-operator" };
const serverDir = fileURLToPath(new URL("../..", import.meta.url));

let pg: PostgresServer;
beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);
afterAll(async () => {
  await pg?.stop();
});

describe.each(["pglite", "postgres"] as const)("moderation on %s", (kind) => {
  let store: Store;
  let accounts: Accounts;
  beforeAll(async () => {
    store = await openStore({ databaseUrl: kind === "postgres" ? pg.url : null, dataDir: null, migrations: appMigrations });
    accounts = new Accounts(store.db, new Tokens("t".repeat(32)));
  });
  afterAll(async () => {
    await store?.close();
  });
  const guest = async (name: string) => (await accounts.createGuest(name)).id;
  const ratingOf = async (id: string, game: string) =>
    store.db.selectFrom("ratings").selectAll().where("player_id", "=", id).where("game", "=", game).executeTakeFirstOrThrow();

  it("refunds exactly the victims' losses in the window, resets the account, keeps the buckets right, and a second mark changes nothing", async () => {
    const db = store.db;
    const now = 1_000 * DAY;
    const [cheat, v1, v2, v3, other] = await Promise.all(["Cheat", "V1", "V2", "V3", "Other"].map(guest));
    const G = "devils_scat";
    // Outside the 7-day window: v3 lost to the cheat 10 days ago (not refunded).
    const old = await play(db, G, [cheat!, v3!], { at: now - 10 * DAY });
    // Inside: v1 loses three times, v2 once in a four-seat game where v3 lost too, and v1 once beat the cheat (a gain: nothing to refund).
    const inWindow = [
      await play(db, G, [cheat!, v1!], { at: now - 6 * DAY }),
      await play(db, G, [cheat!, v1!], { at: now - 5 * DAY, steps: 3 }),
      await play(db, G, [cheat!, v2!, v3!, other!], { at: now - 4 * DAY }),
      await play(db, G, [v1!, cheat!], { at: now - 3 * DAY }),
      await play(db, G, [cheat!, v1!], { at: now - 2 * DAY, left: [v1!] }),
    ];
    // A game the cheat did not play: v1's rating moves on after, and the refund adds to where it is now.
    await play(db, G, [other!, v1!], { at: now - DAY });
    // Another game kind, in the window: v2 lost there too.
    await play(db, "dark_hand", [cheat!, v2!], { at: now - DAY });

    const lossIn = (m: { changes: readonly { playerId: string; delta: number }[] }, id: string) =>
      Math.max(0, -(m.changes.find((c) => c.playerId === id)?.delta ?? 0));
    const owed = (id: string) => inWindow.reduce((n, m) => n + lossIn(m, id), 0);
    expect(owed(v1!)).toBeGreaterThan(0);
    expect(lossIn(old, v3!)).toBeGreaterThan(0);
    const before = new Map<string, { rating: number; mu: number; sigma: number; games: number }>();
    for (const id of [v1!, v2!, v3!, other!]) before.set(`${id}/${G}`, await ratingOf(id, G));
    before.set(`${v2!}/dark_hand`, await ratingOf(v2!, "dark_hand"));
    const darkLoss = -(await db
      .selectFrom("match_players")
      .select(["rating_before", "rating_after"])
      .where("player_id", "=", v2!)
      .where("match_id", "like", "mod-dark_hand-%")
      .executeTakeFirstOrThrow()
      .then((r) => r.rating_after - r.rating_before));
    expect(await topPlayers(db, G, 1000, EVERY_RATED).then((t) => t.some((e) => e.playerId === cheat))).toBe(true);

    const first = await markAccount(db, { targetId: cheat!, kind: "booster", reason: "farmed v1", windowDays: 7, actor: OPERATOR }, now);
    if (first === "unknown-player") throw new Error("unknown");
    expect(first.changed).toBe(true);
    const expected: Record<string, number> = {
      [`${v1!}/${G}`]: owed(v1!),
      [`${v2!}/${G}`]: owed(v2!),
      [`${v3!}/${G}`]: owed(v3!),
      [`${other!}/${G}`]: owed(other!),
      [`${v2!}/dark_hand`]: darkLoss,
    };
    for (const [key, points] of Object.entries(expected)) {
      const [id, game] = key.split("/") as [string, string];
      const was = before.get(key)!;
      const now_ = await ratingOf(id, game);
      expect(now_.rating, key).toBe(was.rating + points);
      expect(now_.mu, key).toBeCloseTo(was.mu + points / SCALE, 9);
      expect(now_.sigma, key).toBe(was.sigma);
      expect(now_.games, key).toBe(was.games);
      expect(Math.round(now_.mu * SCALE), key).toBe(now_.rating);
    }
    // v3's loss 10 days ago stays; only the four-seat game in the window is given back.
    expect(expected[`${v3!}/${G}`]).toBe(lossIn(inWindow[2]!, v3!));
    expect(first.result.totals.points).toBe(Object.values(expected).reduce((a, b) => a + b, 0));
    expect(first.result.refunds.every((r) => r.points > 0)).toBe(true);
    // The cheat: reset in both games, off the board, one reset point in its history per game.
    for (const game of [G, "dark_hand"]) expect(await ratingOf(cheat!, game)).toMatchObject({ rating: 1500, games: 0, wins: 0 });
    expect(await isMarked(db, cheat!)).toBe(true);
    expect(await topPlayers(db, G, 1000, EVERY_RATED).then((t) => t.some((e) => e.playerId === cheat))).toBe(false);
    expect(await aroundPlayer(db, G, cheat!, EVERY_RATED)).toBeNull();
    expect(await unlistedReason(db, G, cheat!, EVERY_RATED)).toBe("marked");
    const refundPoints = await db
      .selectFrom("rating_history")
      .select(["player_id", "rating"])
      .where("match_id", "=", `refund:${first.result.action.id}`)
      .where("game", "=", G)
      .execute();
    expect(new Map(refundPoints.map((r) => [r.player_id, r.rating])).get(v1!)).toBe(before.get(`${v1!}/${G}`)!.rating + owed(v1!));
    expect(await bucketsAgree(db).then((b) => b.counted)).toEqual(await bucketsAgree(db).then((b) => b.actual));
    const [action] = await recentActions(db, 1, cheat!);
    expect(action).toMatchObject({ id: first.result.action.id, actor: "test-operator", action: "mark", reason: "farmed v1" });

    // Again (even with other parameters): the same answer, nothing changed anywhere.
    const state = await snapshot(db);
    const second = await markAccount(
      db,
      { targetId: cheat!, kind: "cheater", reason: "again", windowDays: 30, actor: OPERATOR },
      now + DAY,
    );
    if (second === "unknown-player") throw new Error("unknown");
    expect(second.changed).toBe(false);
    expect(second.result).toEqual(first.result);
    expect(await snapshot(db)).toEqual(state);

    // Marking another player of the four-seat game gives nobody the same loss twice.
    const third = await markAccount(db, { targetId: other!, kind: "cheater", reason: "also there", windowDays: 7, actor: OPERATOR }, now);
    if (third === "unknown-player") throw new Error("unknown");
    expect(third.result.refunds.filter((r) => r.matchId === inWindow[2]!.matchId)).toEqual([]);
    expect(await markAccount(db, { targetId: "nobody", kind: "booster", reason: "x y z", windowDays: 7, actor: OPERATOR })).toBe(
      "unknown-player",
    );
  });

  it("marks once when two operators mark the same account at the same moment", async () => {
    const db = store.db;
    const now = 2_000 * DAY;
    const [b, v] = await Promise.all(["B", "V"].map(guest));
    for (let i = 0; i < 3; i++) await play(db, "scatterbrain", [b!, v!], { at: now - DAY + i });
    const vBefore = await ratingOf(v!, "scatterbrain");
    const [x, y] = await Promise.all([
      markAccount(db, { targetId: b!, kind: "booster", reason: "one", windowDays: 7, actor: OPERATOR }, now),
      markAccount(db, { targetId: b!, kind: "cheater", reason: "two", windowDays: 7, actor: OPERATOR }, now),
    ]);
    if (x === "unknown-player" || y === "unknown-player") throw new Error("unknown");
    expect([x.changed, y.changed].sort()).toEqual([false, true]);
    expect(x.result).toEqual(y.result);
    const owed = x.result.refunds.reduce((n, r) => n + r.points, 0);
    expect((await ratingOf(v!, "scatterbrain")).rating).toBe(vBefore.rating + owed);
    expect(
      await db.selectFrom("operator_actions").select("id").where("target_id", "=", b!).where("action", "=", "mark").execute(),
    ).toHaveLength(1);
  });

  it("refunds while the victims' next matches are being rated, losing neither update", async () => {
    const db = store.db;
    const now = 2_500 * DAY;
    const G = "skit_scat";
    const [cheat, a, b, c] = await Promise.all(["Cx", "Ax", "Bx", "Cy"].map(guest));
    const lost = await play(db, G, [cheat!, a!, b!, c!], { at: now - DAY });
    const owed = new Map(lost.changes.filter((x) => x.playerId !== cheat && x.delta < 0).map((x) => [x.playerId, -x.delta]));
    expect(owed.size).toBeGreaterThan(0);
    // The victims play on among themselves (one game after another) while the mark runs.
    const mark = markAccount(db, { targetId: cheat!, kind: "cheater", reason: "race", windowDays: 7, actor: OPERATOR }, now);
    const orders = [
      [a!, b!, c!],
      [c!, b!, a!],
      [b!, a!, c!],
      [a!, c!, b!],
    ];
    const chain = (async () => {
      const out = [];
      for (const [i, order] of orders.entries()) out.push(await play(db, G, order, { at: now + 1 + i }));
      return out;
    })();
    const [done, played] = await Promise.all([mark, chain]);
    if (done === "unknown-player") throw new Error("unknown");
    // Follow each victim's rating through its matches: every step starts where the last ended,
    // except exactly one jump by the refund (before the first game, between two, or after the last).
    for (const id of [a!, b!, c!]) {
      const points = owed.get(id) ?? 0;
      const seen = [lost, ...played].map((p) => p.changes.find((x) => x.playerId === id)!);
      const now_ = (await ratingOf(id, G)).rating;
      const jumps = [...seen.slice(1).map((x, i) => x.before - seen[i]!.after), now_ - seen.at(-1)!.after];
      expect(
        jumps.every((j) => j === 0 || j === points),
        `${id}: ${jumps}`,
      ).toBe(true);
      expect(jumps.filter((j) => j !== 0).length).toBe(points > 0 ? 1 : 0);
      const history = await db.selectFrom("rating_history").select("match_id").where("player_id", "=", id).where("game", "=", G).execute();
      expect(history).toHaveLength(1 + orders.length + (points > 0 ? 1 : 0));
    }
    expect(await bucketsAgree(db).then((x) => x.counted)).toEqual(await bucketsAgree(db).then((x) => x.actual));
  });

  it("lists only established accounts active in the window, with ranks that follow the filtered board", async () => {
    const db = store.db;
    const now = 3_000 * DAY;
    const G = "hit_the_deck";
    const rows: { id: string; rating: number; games: number; at: number; marked?: boolean }[] = [];
    const specs = [
      { rating: 1900, games: 4, at: now }, // provisional
      { rating: 1800, games: 30, at: now - 40 * DAY }, // inactive
      { rating: 1700, games: 12, at: now - DAY },
      { rating: 1700, games: 10, at: now - 29 * DAY },
      { rating: 1650, games: 50, at: now, marked: true },
      { rating: 1600, games: 11, at: now },
      { rating: 1550, games: 9, at: now }, // provisional
      { rating: 1500, games: 40, at: now - 2 * DAY },
    ];
    for (const s of specs) {
      const id = await guest(`R${s.rating}`);
      await db
        .insertInto("ratings")
        .values({ player_id: id, game: G, mu: s.rating / SCALE, sigma: 3, rating: s.rating, games: s.games, wins: 1, updated_at: s.at })
        .execute();
      if (s.marked) await db.insertInto("account_marks").values({ player_id: id, kind: "booster", action_id: "t", at: now }).execute();
      rows.push({ id, ...s });
    }
    const rule = boardRule(30, 10, now, 0);
    const top = await topPlayers(db, G, 100, rule);
    const listed = rows
      .filter((r) => r.games >= 10 && r.at >= now - 30 * DAY && !r.marked)
      .sort((a, b) => b.rating - a.rating || (a.id < b.id ? -1 : 1));
    expect(top.map((e) => [e.rank, e.playerId])).toEqual(listed.map((r, i) => [i + 1, r.id]));
    expect(top.every((e) => !e.provisional)).toBe(true);
    // The rank counted live and from the listed buckets (as the route reads it) is the board's row.
    const buckets = await ListedBuckets.read(db, G, rule);
    expect(buckets.total).toBe(listed.length);
    for (const [i, r] of listed.entries()) {
      const me = await aroundPlayer(db, G, r.id, rule);
      expect(me!.me.rank).toBe(i + 1);
      expect(me!.around.map((e) => e.playerId)).toEqual(listed.map((x) => x.id));
      expect(await aroundPlayer(db, G, r.id, rule, buckets)).toEqual(me);
    }
    expect([2000, 1700, 1699, 1600, 1000].map((x) => buckets.above(x))).toEqual([0, 0, 2, 2, 4]);

    // The route's cache: fresh for ttl, then the last buckets answer while new ones are read; forget reads at once.
    const cache = new TopCache(1_000);
    const addListed = async (rating: number) => {
      const id = await guest(`N${rating}`);
      await db
        .insertInto("ratings")
        .values({ player_id: id, game: G, mu: rating / SCALE, sigma: 3, rating, games: 20, wins: 1, updated_at: now })
        .execute();
    };
    expect((await cache.counts(db, G, rule, 0)).total).toBe(4);
    await addListed(1400);
    expect((await cache.counts(db, G, rule, 500)).total).toBe(4);
    expect((await cache.counts(db, G, rule, 1_500)).total).toBe(4);
    let total = 0;
    for (let i = 0; i < 100 && total !== 5; i++) {
      await new Promise((r) => setTimeout(r, 50));
      total = (await cache.counts(db, G, rule, 1_600)).total;
    }
    expect(total).toBe(5);
    await addListed(1300);
    cache.forget(G);
    expect((await cache.counts(db, G, rule, 1_700)).total).toBe(6);
    const reasons = await Promise.all(rows.map((r) => unlistedReason(db, G, r.id, rule)));
    expect(reasons).toEqual(["provisional", "inactive", null, null, "marked", null, "provisional", null]);
    for (const r of rows.filter((x) => !listed.includes(x))) expect(await aroundPlayer(db, G, r.id, rule)).toBeNull();
  });

  it("puts a pair where one keeps losing by leaving or at once above honest pairs", async () => {
    const db = store.db;
    const now = 4_000 * DAY;
    const G = "dark_hearts";
    const [booster, dumper, h1, h2, strong, weak] = await Promise.all(["Booster", "Dumper", "H1", "H2", "Strong", "Weak"].map(guest));
    for (let i = 0; i < 5; i++) await play(db, G, [booster!, dumper!], { at: now - DAY + i, left: [dumper!], steps: 2 + i * 30 });
    for (let i = 0; i < 6; i++) await play(db, G, i % 2 ? [h1!, h2!] : [h2!, h1!], { at: now - DAY + 10 + i, steps: 80 });
    for (let i = 0; i < 6; i++) await play(db, G, [strong!, weak!], { at: now - DAY + 20 + i, steps: 90 });
    const pairs = await suspiciousPairs(db, { ...PAIR_DEFAULTS, days: 7 }, undefined, now);
    expect(pairs[0]).toMatchObject({
      loser: { id: dumper },
      winner: { id: booster },
      games: 5,
      losses: 5,
      quickOrLeft: 5,
      left: 5,
      quickShare: 1,
      sharedAddress: null,
    });
    expect(pairs[0]!.ratingMoved).toBeGreaterThan(0);
    expect(pairs[0]!.loserLost).toBeGreaterThan(0);
    const rank = (id: string) => pairs.findIndex((p) => p.loser.id === id || p.winner.id === id);
    expect(rank(weak!)).toBe(1);
    expect(rank(h1!)).toBe(2);
    expect(pairs[1]!.quickOrLeft).toBe(0);
    expect(pairs.map((p) => p.suspicion)).toEqual([...pairs.map((p) => p.suspicion)].sort((a, b) => b - a));
    // The address hook counts when it knows; a pair below the minimum of games is not listed.
    const hooked = await suspiciousPairs(
      db,
      { ...PAIR_DEFAULTS, days: 7 },
      async (a, b) => [a, b].includes(h1!) && [a, b].includes(h2!),
      now,
    );
    expect(hooked.find((p) => p.loser.id === h1 || p.loser.id === h2)!.sharedAddress).toBe(true);
    expect(await suspiciousPairs(db, { ...PAIR_DEFAULTS, days: 7, minGames: 7 }, undefined, now)).toEqual([]);
    // A month later the same matches are outside the window.
    expect(await suspiciousPairs(db, { ...PAIR_DEFAULTS, days: 7 }, undefined, now + 30 * DAY)).toEqual([]);
  });

  it("grants and revokes the operator role to saved accounts only, recorded", async () => {
    const db = store.db;
    const g = await accounts.createGuest("Guesty");
    const saved = await accounts.createGuest("Opal");
    const named = await accounts.register(saved.id, `opal_${kind}`, "long enough pw");
    if (typeof named === "string") throw new Error(named);
    const lines: string[] = [];
    expect(await runOperatorCli(db, ["grant", "Guesty"], (l) => lines.push(l))).toBe(1);
    expect(await runOperatorCli(db, ["grant", `OPAL_${kind}`, "runs", "the", "events"], (l) => lines.push(l))).toBe(0);
    expect(await isOperator(db, saved.id)).toBe(true);
    expect(await isOperator(db, g.id)).toBe(false);
    expect((await setOperator(db, `opal_${kind}`, true, OPERATOR, "again")).result).toBe("already-operator");
    expect(await runOperatorCli(db, ["list"], (l) => lines.push(l))).toBe(0);
    expect(lines.at(-1)).toContain(`opal_${kind}`);
    expect(await runOperatorCli(db, ["revoke", `opal_${kind}`], (l) => lines.push(l))).toBe(0);
    expect(await isOperator(db, saved.id)).toBe(false);
    expect(await runOperatorCli(db, ["frobnicate"], (l) => lines.push(l))).toBe(2);
    const log = await recentActions(db, 10, saved.id);
    expect(log.map((a) => a.action)).toEqual(["revoke-operator", "grant-operator"]);
    expect(log[1]!.reason).toBe("runs the events");
    expect(log[1]!.actor).toMatch(/^cli:/);
  });

  it.runIf(kind === "postgres")("runs as `npm run operator` against DATABASE_URL", async () => {
    const saved = await accounts.createGuest("Cli");
    await accounts.register(saved.id, "cli_admin", "long enough pw");
    const run = (...args: string[]) =>
      spawnSync("npx", ["tsx", "src/moderation/cli.ts", ...args], {
        cwd: serverDir,
        encoding: "utf8",
        env: { ...process.env, DATABASE_URL: pg.url, LOG_LEVEL: "silent" },
        timeout: 60_000,
      });
    const granted = run("grant", "cli_admin");
    expect(granted.stdout.trim()).toBe("cli_admin is now an operator");
    expect(granted.status).toBe(0);
    expect(await isOperator(store.db, saved.id)).toBe(true);
    const missing = run("grant", "no_such_user");
    expect(missing.status).toBe(1);
  });
});
