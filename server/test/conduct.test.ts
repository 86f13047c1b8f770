/**
 * The conduct record and its bans (server/src/conduct/) on both databases, with a driven clock:
 * bad ranked outcomes past a streak or a share earn a queue ban of 10 minutes, doubled by each
 * repeat inside a week up to 48 hours; a ban ends on time; casual games are recorded but never
 * banned; an outcome recorded twice for one table counts once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Accounts } from "../src/accounts/accounts.ts";
import { Tokens } from "../src/accounts/tokens.ts";
import { ConductRecord } from "../src/conduct/record.ts";
import { banLength, banReason, completionRate, DEFAULT_CONDUCT, finishedOutcome, type Outcome } from "../src/conduct/policy.ts";
import { openStore, type Store } from "../src/db/database.ts";
import { appMigrations } from "../src/migrations.ts";
import { startPostgres, type PostgresServer } from "./support/postgres-server.ts";

const MIN = 60_000;

describe("the conduct policy", () => {
  it("bans on a streak or a share of bad outcomes, never on good ones", () => {
    expect(banReason(["left", "no-show", "timed-out"])).toMatch(/3 ranked games in a row/);
    expect(banReason(["completed", "left", "left"])).toBeNull();
    // 3 bad of 9 (a third) is past the 30 % share with at least 3.
    const mixed: Outcome[] = [
      "left",
      "completed",
      "completed",
      "no-show",
      "completed",
      "completed",
      "aborted-leave",
      "completed",
      "completed",
    ];
    expect(banReason(mixed)).toMatch(/3 of your last 9/);
    // The newest game being good never starts a ban.
    expect(banReason(["completed", ...mixed])).toBeNull();
    expect(
      banReason([
        "left",
        "completed",
        "completed",
        "completed",
        "completed",
        "completed",
        "completed",
        "completed",
        "completed",
        "completed",
        "no-show",
      ]),
    ).toBeNull();
  });

  it("bans selective aborts (every fourth game left in its first moves) but not an honest player's rare abort", () => {
    // Played in order, the fourth, eighth, ... game aborted: never 30 % bad, never 3 in a row.
    const played: Outcome[] = [];
    const reasons: string[] = [];
    for (let game = 1; game <= 20; game++) {
      played.unshift(game % 4 === 0 ? "aborted-leave" : "completed");
      const reason = banReason(played);
      if (reason !== null) reasons.push(`game ${game}: ${reason}`);
    }
    expect(reasons[0]).toBe("game 12: 3 of your last 12 ranked games aborted by leaving early");
    // An honest player: one or two early leaves in 20 games never ban.
    const rest = (n: number): Outcome[] => Array<Outcome>(n).fill("completed");
    expect(banReason(["aborted-leave", ...rest(19)])).toBeNull();
    expect(banReason(["aborted-leave", ...rest(9), "aborted-leave", ...rest(9)])).toBeNull();
    expect(banReason(["aborted-leave", "aborted-leave", ...rest(18)])).toBeNull();
    // Three in 20 (15 %) is past the abort share: the same mild first ban.
    expect(banReason(["aborted-leave", ...rest(8), "aborted-leave", ...rest(8), "aborted-leave", "completed"])).toBe(
      "3 of your last 20 ranked games aborted by leaving early",
    );
  });

  it("doubles the ban with each repeat up to 48 hours", () => {
    expect([1, 2, 3, 4].map((l) => banLength(l) / MIN)).toEqual([10, 20, 40, 80]);
    expect(banLength(20)).toBe(DEFAULT_CONDUCT.maxBanMs);
  });

  it("reads a finished game as left, stalled or completed", () => {
    expect(finishedOutcome({ left: true, timeoutsInARow: 0, timeouts: 0, turns: 10 })).toBe("left");
    expect(finishedOutcome({ left: false, timeoutsInARow: 3, timeouts: 3, turns: 10 })).toBe("timed-out");
    expect(finishedOutcome({ left: false, timeoutsInARow: 1, timeouts: 6, turns: 10 })).toBe("timed-out");
    expect(finishedOutcome({ left: false, timeoutsInARow: 1, timeouts: 2, turns: 10 })).toBe("completed");
    expect(completionRate(["completed", "left", "aborted", "completed"])).toBeCloseTo(2 / 3);
  });
});

let pg: PostgresServer;
beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);
afterAll(async () => {
  await pg?.stop();
});

describe.each(["pglite", "postgres"] as const)("the conduct record on %s", (kind) => {
  let store: Store;
  let accounts: Accounts;
  let clock = 1_000_000_000;
  let record: ConductRecord;
  beforeAll(async () => {
    store = await openStore({ databaseUrl: kind === "postgres" ? pg.url : null, dataDir: null, migrations: appMigrations });
    accounts = new Accounts(store.db, new Tokens("t".repeat(32)));
    record = new ConductRecord(store.db, DEFAULT_CONDUCT, () => clock);
  });
  afterAll(async () => {
    await store?.close();
  });

  let table = 0;
  const play = (playerId: string, outcome: Outcome, ranked = true) => {
    clock += MIN;
    return record.record([{ playerId, game: "devils_scat", tableId: `t${kind}${table++}`, ranked, outcome, at: clock }]);
  };

  it("escalates ranked-queue bans with repeats, lets them expire, and never bans casual play", async () => {
    const p = (await accounts.createGuest("Leaver")).id;
    for (let i = 0; i < 5; i++) expect((await play(p, "left", false)).size).toBe(0);
    expect((await record.standing(p)).ban).toBeNull();

    await play(p, "completed");
    await play(p, "left");
    await play(p, "no-show");
    const first = (await play(p, "aborted-leave")).get(p);
    expect(first).toMatchObject({ level: 1, until: clock + 10 * MIN });
    expect((await record.standing(p)).ban?.reason).toMatch(/in a row/);
    clock += 10 * MIN + 1;
    expect((await record.standing(p)).ban).toBeNull();

    // The same run does not earn a second ban; a new run does, twice as long.
    await play(p, "left");
    await play(p, "left");
    const second = (await play(p, "left")).get(p);
    expect(second).toMatchObject({ level: 2, until: clock + 20 * MIN });
    clock += 20 * MIN + 1;
    for (let i = 0; i < 3; i++) await play(p, "no-show");
    expect((await record.standing(p)).ban).toMatchObject({ level: 3, until: clock + 40 * MIN });

    // A week later the repeats are forgotten: back to 10 minutes.
    clock += 8 * 24 * 60 * MIN;
    for (let i = 0; i < 3; i++) await play(p, "timed-out");
    expect((await record.standing(p)).ban).toMatchObject({ level: 1 });
  });

  it("counts an outcome once per table, and reports the completion rate and casual games", async () => {
    const p = (await accounts.createGuest("Steady")).id;
    const entry = { playerId: p, game: "dark_hand", tableId: `same-${kind}`, ranked: false, outcome: "completed" as const, at: clock };
    await record.record([entry]);
    await record.record([entry]);
    await play(p, "completed", false);
    await play(p, "left", true);
    const s = await record.standing(p);
    expect(s.casualCompleted).toBe(2);
    expect(s.games).toBe(3);
    expect(s.completionRate).toBeCloseTo(2 / 3);
  });
});
