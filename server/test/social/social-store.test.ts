/**
 * Blocks, reports and operator sanctions against both databases (embedded PGlite and a real
 * PostgreSQL started here): a block keeps the pair apart both ways and survives a second block;
 * a report keeps its reason, game log and chat lines; an operator's warn, mute and ban are each an
 * `operator_actions` row, a mute and a ban are in force until their end, and the report answered
 * leaves the open list.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Accounts } from "../../src/accounts/accounts.ts";
import { Tokens } from "../../src/accounts/tokens.ts";
import { openStore, type Store } from "../../src/db/database.ts";
import { appMigrations } from "../../src/migrations.ts";
import { recentActions } from "../../src/moderation/operators.ts";
import { REPORTS_PER_DAY, fileReport, listReports, reportGameLog, sanction, sanctionedUntil } from "../../src/moderation/reports.ts";
import { BlockCache, block, blockedBy, keptApartFrom, unblock } from "../../src/social/blocks.ts";
import { startPostgres, type PostgresServer } from "../support/postgres-server.ts";

const OPERATOR = { id: null, name: "test-operator" };
let pg: PostgresServer;
beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);
afterAll(async () => {
  await pg?.stop();
});

describe.each(["pglite", "postgres"] as const)("blocks and reports on %s", (kind) => {
  let store: Store;
  let accounts: Accounts;
  beforeAll(async () => {
    store = await openStore({ databaseUrl: kind === "postgres" ? pg.url : null, dataDir: null, migrations: appMigrations });
    accounts = new Accounts(store.db, new Tokens("t".repeat(32)));
  }, 60_000);
  afterAll(async () => {
    await store?.close();
  });
  const guest = async (name: string) => (await accounts.createGuest(name)).id;

  it("blocks: stored once, kept apart both ways (cache too), refused for oneself or nobody, undone by unblock", async () => {
    const db = store.db;
    const [ann, ben, cat] = await Promise.all(["Ann", "Ben", "Cat"].map(guest));
    expect(await block(db, ann!, ben!, 1000)).toBe("blocked");
    expect(await block(db, ann!, ben!, 2000)).toBe("already-blocked");
    expect(await block(db, ann!, ann!)).toBe("self");
    expect(await block(db, ann!, "no-such-player")).toBe("unknown-player");
    expect(await blockedBy(db, ann!)).toEqual([{ id: ben, name: "Ben", at: 1000 }]);
    expect(await keptApartFrom(db, ben!)).toEqual([ann]);
    expect(await keptApartFrom(db, cat!)).toEqual([]);
    const cache = new BlockCache(async () => db);
    await cache.load(ben!);
    expect(cache.apart(ann!, ben!)).toBe(true);
    expect(cache.apart(ben!, ann!)).toBe(true);
    expect(cache.apart(ben!, cat!)).toBe(false);
    expect(await unblock(db, ann!, ben!)).toBe(true);
    cache.changed(ann!, ben!, false);
    expect(cache.apart(ann!, ben!)).toBe(false);
    expect(await unblock(db, ann!, ben!)).toBe(false);
  });

  it("a report keeps its reason, game log and chat; warn, mute and ban are recorded actions; mute and ban last until their end", async () => {
    const db = store.db;
    const [rep, bad] = await Promise.all(["Reporter", "Rude"].map(guest));
    const now = 5_000_000;
    const chat = [{ name: "Rude", seat: 1, text: "<b>you are bad</b>", at: now - 10 }];
    const gameLog = { game: "devils_scat", seed: "ab", steps: [], outcome: { winners: [0] } };
    const filed = await fileReport(
      db,
      {
        reporterId: rep!,
        reportedId: bad!,
        reason: "abusive-chat",
        note: "rude all game",
        game: "devils_scat",
        tableId: "T1",
        source: "table",
        gameLog,
        chat,
      },
      now,
    );
    expect(filed.ok).toBe(true);
    const id = filed.ok ? filed.id : "";
    expect(
      await fileReport(
        db,
        {
          reporterId: rep!,
          reportedId: rep!,
          reason: "other",
          note: "",
          game: "x",
          tableId: "T1",
          source: "table",
          gameLog: null,
          chat: [],
        },
        now,
      ),
    ).toEqual({ ok: false, error: "self" });
    const open = (await listReports(db)).find((r) => r.id === id)!;
    expect(open).toMatchObject({
      reporter: { id: rep, name: "Reporter" },
      reported: { id: bad, name: "Rude" },
      reason: "abusive-chat",
      note: "rude all game",
      tableId: "T1",
      hasGameLog: true,
      chat,
      status: "open",
    });
    expect(await reportGameLog(db, id)).toEqual(gameLog);

    const warn = await sanction(db, OPERATOR, { accountId: bad!, sanction: "warn", reason: "first warning" }, now);
    expect(warn).toMatchObject({ ok: true, until: null });
    expect(await sanction(db, OPERATOR, { accountId: bad!, sanction: "mute", reason: "no minutes" }, now)).toEqual({
      ok: false,
      error: "needs-minutes",
    });
    expect(
      await sanction(db, OPERATOR, { accountId: bad!, sanction: "mute", reason: "wrong report", minutes: 1, reportId: "nope" }, now),
    ).toEqual({ ok: false, error: "unknown-report" });
    const mute = await sanction(
      db,
      OPERATOR,
      { accountId: bad!, sanction: "mute", reason: "abusive chat", minutes: 60, reportId: id },
      now,
    );
    expect(mute).toMatchObject({ ok: true, until: now + 3_600_000 });
    expect(await sanctionedUntil(db, bad!, "mute", now + 1000)).toBe(now + 3_600_000);
    expect(await sanctionedUntil(db, bad!, "mute", now + 3_600_001)).toBeNull();
    expect(await sanctionedUntil(db, bad!, "ban", now)).toBeNull();
    await sanction(db, OPERATOR, { accountId: bad!, sanction: "ban", reason: "again", minutes: 1440 }, now + 10);
    expect(await sanctionedUntil(db, bad!, "ban", now + 20)).toBe(now + 10 + 86_400_000);

    // The answered report leaves the open list, and names the action that answered it.
    expect((await listReports(db)).some((r) => r.id === id)).toBe(false);
    const answered = (await listReports(db, { all: true })).find((r) => r.id === id)!;
    expect(answered.status).toBe("actioned");
    expect(answered.actionId).toBe(mute.ok ? mute.actionId : "");
    const actions = await recentActions(db, 10, bad!);
    expect(actions.map((a) => a.action).sort()).toEqual(["ban", "mute", "warn"]);
    expect(actions.every((a) => a.actor === "test-operator")).toBe(true);
  });

  it("an account files at most REPORTS_PER_DAY reports a day", async () => {
    const db = store.db;
    const rep = await guest("Busy");
    const others = await Promise.all(Array.from({ length: REPORTS_PER_DAY + 1 }, (_, i) => guest(`Target${i}`)));
    const now = 9_000_000;
    // 5 an hour at most (report-intake.test.ts): one every 13 minutes stays under it.
    for (let i = 0; i < REPORTS_PER_DAY; i++) {
      expect(
        (
          await fileReport(
            db,
            {
              reporterId: rep!,
              reportedId: others[i]!,
              reason: "other",
              note: "",
              game: "devils_scat",
              tableId: `T${i}`,
              source: "table",
              gameLog: null,
              chat: [],
            },
            now + i * 13 * 60_000,
          )
        ).ok,
      ).toBe(true);
    }
    expect(
      await fileReport(
        db,
        {
          reporterId: rep!,
          reportedId: others[REPORTS_PER_DAY]!,
          reason: "other",
          note: "",
          game: "devils_scat",
          tableId: "more",
          source: "table",
          gameLog: null,
          chat: [],
        },
        now + REPORTS_PER_DAY * 13 * 60_000,
      ),
    ).toEqual({ ok: false, error: "too-many-reports" });
  });
});
