/**
 * Name keys in the database, on embedded PGlite and on a real PostgreSQL server started here:
 * migration 0003 backfills old rows (a name that breaks the rules is replaced, the older of two
 * look-alike usernames keeps the key), and usernames stay unique by skeleton even when two
 * registrations race past the application's own check (the unique index answers).
 */
import { Kysely, PostgresDialect } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Accounts } from "../../src/accounts/accounts.ts";
import { Tokens } from "../../src/accounts/tokens.ts";
import { migrate } from "../../src/db/database.ts";
import { appMigrations } from "../../src/migrations.ts";
import { PGliteDialect } from "../../src/db/pglite-dialect.ts";
import type { Database } from "../../src/db/schema.ts";
import { nameKey } from "../../src/names/skeleton.ts";
import { startPostgres, type PostgresServer } from "../support/postgres-server.ts";

let pgServer: PostgresServer;
beforeAll(async () => {
  pgServer = await startPostgres();
}, 60_000);
afterAll(async () => {
  await pgServer?.stop();
});

async function open(kind: "pglite" | "postgres"): Promise<{ db: Kysely<Database>; close: () => Promise<void> }> {
  if (kind === "postgres") {
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: pgServer.url, max: 4 }) }) });
    return { db, close: () => db.destroy() };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const lite = await PGlite.create(undefined, { parsers: { 20: (v: string) => Number(v) } });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(lite) });
  return {
    db,
    close: async () => {
      await db.destroy();
      await lite.close();
    },
  };
}

describe.each(["pglite", "postgres"] as const)("name keys on %s", (kind) => {
  let db: Kysely<Database>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await open(kind));
    // The schema as it was before names had keys, with rows stored then.
    const { error } = await new Migrator({ db, provider: appMigrations }).migrateTo("0002-rating-counts");
    if (error) throw error;
    const old = (id: string, display_name: string, username: string | null, created_at: number) => ({
      id,
      display_name,
      username,
      username_key: username?.toLowerCase() ?? null,
      password_hash: null,
      created_at,
      token_version: 0,
    });
    await db
      .insertInto("players")
      .values([
        old("0a1b-rlo", "\u202enimdA", null, 1),
        old("0c2d-mix", "\u0412oo\u0455ter", null, 2),
        old("0e3f-first", "Booster", "Booster", 3),
        old("0f4a-second", "Bo", "B00STER", 4),
        old("0b5c-fine", "Ann", null, 5),
      ])
      .execute();
    await migrate(db, appMigrations);
  }, 120_000);
  afterAll(async () => {
    await close?.();
  });

  it("backfills keys, replaces names that break the rules and keeps the older of two look-alike usernames", async () => {
    const rows = await db
      .selectFrom("players")
      .select(["id", "display_name", "display_key", "username_skeleton"])
      .orderBy("created_at")
      .execute();
    expect(rows).toEqual([
      { id: "0a1b-rlo", display_name: "Player 0a1b", display_key: nameKey("Player 0a1b"), username_skeleton: null },
      { id: "0c2d-mix", display_name: "Player 0c2d", display_key: nameKey("Player 0c2d"), username_skeleton: null },
      { id: "0e3f-first", display_name: "Booster", display_key: "booster", username_skeleton: "booster" },
      { id: "0f4a-second", display_name: "Bo", display_key: "bo", username_skeleton: null },
      { id: "0b5c-fine", display_name: "Ann", display_key: "ann", username_skeleton: null },
    ]);
  });

  it("refuses a look-alike username, and the unique index holds when two registrations race", async () => {
    const accounts = new Accounts(db, new Tokens("t".repeat(32)));
    const g = await accounts.createGuest("Newcomer");
    expect(await accounts.register(g.id, "BOOSTER", "correct horse battery")).toBe("username-taken");
    expect(await accounts.register(g.id, "B0oster", "correct horse battery")).toBe("username-taken");

    // Both pass the look-alike check before either writes (argon2 runs in between): only one may get the key.
    const [a, b] = [await accounts.createGuest("Racer A"), await accounts.createGuest("Racer B")];
    const results = await Promise.all([
      accounts.register(a.id, "Rocky_1", "correct horse battery"),
      accounts.register(b.id, "R0cky_l", "correct horse battery"),
    ]);
    expect(results.filter((r) => r === "username-taken")).toHaveLength(1);
    expect(results.filter((r) => typeof r !== "string")).toHaveLength(1);

    // And a write that skips the application entirely.
    const sneak = db
      .insertInto("players")
      .values({
        id: "sneak",
        display_name: "x",
        username: "rocky_one",
        username_key: "rocky_one",
        username_skeleton: nameKey("Rocky_1"),
        password_hash: null,
        created_at: 9,
      })
      .execute();
    await expect(sneak).rejects.toMatchObject({ code: "23505" });
  });
});
