/**
 * Report intake and the operators' list (moderation/reports.ts, report-rank.ts) on PGlite:
 *
 * - a flood (5 accounts x 20 reports, all their limits allow) does not push a genuine report off
 *   the operators' list: the list is ranked by signal, not by arrival;
 * - intake per reporter: 5 an hour, 20 a day, one report on the same player a day;
 * - a stored chat line that is not a chat line (a time of 1e300) is never served as evidence;
 * - the log of a game still running is not served until the game has ended (a log filed without
 *   an outcome counts as not ended).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Accounts } from "../../src/accounts/accounts.ts";
import { Tokens } from "../../src/accounts/tokens.ts";
import { openStore, type Store } from "../../src/db/database.ts";
import { appMigrations } from "../../src/migrations.ts";
import * as reports from "../../src/moderation/reports.ts";
import type { NewReport } from "../../src/moderation/reports.ts";

const MIN = 60_000;
const HOUR = 60 * MIN;
let store: Store;
let accounts: Accounts;
beforeAll(async () => {
  store = await openStore({ databaseUrl: null, dataDir: null, migrations: appMigrations });
  accounts = new Accounts(store.db, new Tokens("t".repeat(32)));
}, 60_000);
afterAll(async () => {
  await store?.close();
});

const guest = async (name: string) => (await accounts.createGuest(name)).id;
const report = (reporterId: string, reportedId: string, more: Partial<NewReport> = {}): NewReport => ({
  reporterId,
  reportedId,
  reason: "other",
  note: "",
  game: "devils_scat",
  tableId: "T",
  source: "table",
  gameLog: null,
  chat: [],
  ...more,
});

describe("report intake and ranking", () => {
  it("a flood from five accounts does not bury a genuine report", async () => {
    const db = store.db;
    const t0 = 1_000 * HOUR;
    const [honest, cheater] = [await guest("Honest"), await guest("Cheater")];
    const genuine = await reports.fileReport(db, report(honest, cheater, { reason: "cheating", note: "knew every card" }), t0);
    expect(genuine.ok).toBe(true);
    const victims = await Promise.all(Array.from({ length: 20 }, (_, i) => guest(`Victim${i}`)));
    const flooders = await Promise.all(Array.from({ length: 5 }, (_, i) => guest(`Flood${i}`)));
    // Each flooder files all it may over the next hours: 20 reports, 5 an hour, one per victim.
    let filed = 0;
    for (let i = 0; i < 20; i++) {
      for (const f of flooders)
        if ((await reports.fileReport(db, report(f, victims[i]!, { reason: "abusive-chat" }), t0 + 13 * MIN * (i + 1))).ok) filed++;
    }
    expect(filed).toBe(100);
    const list = await reports.listReports(db, { limit: 100 });
    expect(list).toHaveLength(100);
    const first = list[0]!;
    expect(first).toMatchObject({ reporter: { id: honest }, reported: { id: cheater }, note: "knew every card" });
    expect(first.signal!.score).toBeGreaterThan(list[1]!.signal!.score);
    // Distinct reporters carry more than one prolific reporter: a second honest report on another player ranks second.
    const [witness, rude] = [await guest("Witness"), await guest("Rude")];
    expect((await reports.fileReport(db, report(witness, rude), t0 + 10 * HOUR)).ok).toBe(true);
    const again = await reports.listReports(db, { limit: 10 });
    expect(
      again
        .slice(0, 2)
        .map((r) => r.reported.id)
        .sort(),
    ).toEqual([cheater, rude].sort());
  });

  it("weighs a reporter's standing: finished games and how its earlier reports were answered", async () => {
    const db = store.db;
    const t0 = 3_000 * HOUR;
    const [seasoned, fresh, crier] = [await guest("Seasoned"), await guest("Fresh"), await guest("Crier")];
    const [x, y, z] = [await guest("X"), await guest("Y"), await guest("Z")];
    await db
      .insertInto("conduct_records")
      .values(
        [0, 1, 2].map((i) => ({
          player_id: seasoned,
          game: "devils_scat",
          table_id: `played-${i}`,
          ranked: false,
          outcome: "completed",
          at: t0 - HOUR,
        })),
      )
      .execute();
    // The crier's three earlier reports were all dismissed.
    const decoys = await Promise.all([0, 1, 2].map((i) => guest(`Decoy${i}`)));
    for (const [i, d] of decoys.entries()) {
      const r = await reports.fileReport(db, report(crier, d), t0 - 3 * 24 * HOUR + i * 20 * MIN);
      await db
        .updateTable("reports")
        .set({ status: "dismissed" })
        .where("id", "=", r.ok ? r.id : "")
        .execute();
    }
    for (const [who, target, at] of [
      [crier, z, t0 + 3],
      [fresh, y, t0 + 2],
      [seasoned, x, t0 + 1],
    ] as const)
      expect((await reports.fileReport(db, report(who, target), at)).ok).toBe(true);
    const order = (await reports.listReports(db, { limit: 500 })).map((r) => r.reported.id).filter((id) => [x, y, z].includes(id));
    expect(order).toEqual([x, y, z]);
  });

  it("limits intake per reporter: 5 an hour, 20 a day, one report on the same player a day", async () => {
    const db = store.db;
    const t0 = 5_000 * HOUR;
    const rep = await guest("Busy");
    const targets = await Promise.all(Array.from({ length: 22 }, (_, i) => guest(`Target${i}`)));
    for (let i = 0; i < 5; i++) expect((await reports.fileReport(db, report(rep, targets[i]!), t0 + i * MIN)).ok).toBe(true);
    expect(await reports.fileReport(db, report(rep, targets[5]!), t0 + 10 * MIN)).toEqual({ ok: false, error: "too-many-reports" });
    // The same player again, an hour later: already reported today.
    expect(await reports.fileReport(db, report(rep, targets[0]!), t0 + 2 * HOUR)).toEqual({ ok: false, error: "already-reported" });
    for (let i = 5; i < 20; i++) expect((await reports.fileReport(db, report(rep, targets[i]!), t0 + HOUR + i * 13 * MIN)).ok).toBe(true);
    expect(await reports.fileReport(db, report(rep, targets[20]!), t0 + 6 * HOUR)).toEqual({ ok: false, error: "too-many-reports" });
    // A day after the first, the window has moved on.
    expect((await reports.fileReport(db, report(rep, targets[21]!), t0 + 25 * HOUR)).ok).toBe(true);
  });

  it("never serves a stored chat line that is not a chat line", async () => {
    const db = store.db;
    const [rep, bad] = [await guest("Rae"), await guest("Rude")];
    const fine = { name: "Rude", seat: 1, text: "<b>loser</b>", at: 9_000 * HOUR };
    const ok = await reports.fileReport(db, report(rep, bad, { chat: [fine] }), 9_000 * HOUR);
    expect(ok.ok).toBe(true);
    // A row written before input was checked (or by hand): a time no Date can hold.
    await db
      .insertInto("reports")
      .values({
        id: "bad-row",
        at: 9_000 * HOUR + 1,
        reporter_id: bad,
        reported_id: rep,
        reason: "other",
        note: "",
        game: "devils_scat",
        table_id: "T",
        game_log: null,
        chat: JSON.stringify([{ name: "x", seat: null, text: "y", at: 1e300 }]),
        status: "open",
        action_id: null,
      })
      .execute();
    const list = await reports.listReports(db, { all: true, limit: 500 });
    expect(list.find((r) => r.id === "bad-row")).toMatchObject({ chat: [], chatUnreadable: true });
    expect(list.find((r) => r.id === (ok.ok ? ok.id : ""))).toMatchObject({ chat: [fine], chatUnreadable: false });
  });

  it("serves no log of a game still running; the finished log once it ends", async () => {
    const db = store.db;
    const [rep, bad, other] = [await guest("Seated"), await guest("Rival"), await guest("Old")];
    const filed = await reports.fileReport(db, report(rep, bad, { pendingMatch: "room1-123" }), 12_000 * HOUR);
    const id = filed.ok ? filed.id : "";
    expect(await reports.reportGameLog(db, id)).toBe("pending");
    const log = { matchId: "room1-123", seed: "s", salt: "t", steps: [], outcome: { winners: [0] } };
    expect(await reports.fileFinishedLog(db, "room1-123", log)).toBe(1);
    expect(await reports.reportGameLog(db, id)).toEqual(log);
    // A log filed mid-game before this rule (seed included, not over) stays unserved.
    const old = await reports.fileReport(db, report(other, bad, { gameLog: { seed: "s", steps: [], over: false } }), 12_000 * HOUR);
    expect(await reports.reportGameLog(db, old.ok ? old.id : "")).toBe("pending");
  });
});
