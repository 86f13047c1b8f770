/**
 * Accounts made without a name get a friendly generated one ("Lucky Otter"), never the shared
 * placeholder "Player": it passes the display names' rules (reserved words, staff titles, the
 * word filter), is not shown by another account (a number only when the plain names are taken),
 * and is never a look-alike of a registered player's name. An old account still named "Player"
 * gets one when it is next read, without counting as a rename.
 */
import { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Accounts } from "../../src/accounts/accounts.ts";
import { Tokens } from "../../src/accounts/tokens.ts";
import { migrate } from "../../src/db/database.ts";
import { appMigrations } from "../../src/migrations.ts";
import { PGliteDialect } from "../../src/db/pglite-dialect.ts";
import type { Database } from "../../src/db/schema.ts";
import { generatedName } from "../../src/names/generate.ts";
import { nameKey } from "../../src/names/skeleton.ts";
import { checkDisplayName } from "../../src/names/validate.ts";
import { hasListedWord } from "../../src/names/words.ts";
import { staffTitle } from "../../src/names/staff.ts";

let db: Kysely<Database>;
let close: () => Promise<void>;
let accounts: Accounts;
beforeAll(async () => {
  const { PGlite } = await import("@electric-sql/pglite");
  const lite = await PGlite.create(undefined, { parsers: { 20: (v: string) => Number(v) } });
  db = new Kysely<Database>({ dialect: new PGliteDialect(lite) });
  close = async () => {
    await db.destroy();
    await lite.close();
  };
  await migrate(db, appMigrations);
  accounts = new Accounts(db, new Tokens("a-test-secret-that-is-long-enough-1234"));
}, 60_000);
afterAll(async () => {
  await close?.();
});

const GENERATED = /^[A-Z][a-z]+ [A-Z][a-z]+( [1-9]\d{0,3})?$/;

async function registeredAs(display_name: string, username: string): Promise<void> {
  await db
    .insertInto("players")
    .values({
      id: `reg-${username}`,
      display_name,
      display_key: nameKey(display_name),
      username,
      username_key: username.toLowerCase(),
      username_skeleton: nameKey(username),
      password_hash: null,
      created_at: 1,
      token_version: 0,
    })
    .execute();
}

describe("generated guest names", () => {
  it('gives every guest made without a name a distinct, rule-abiding generated name, never "Player"', async () => {
    const names: string[] = [];
    for (let i = 0; i < 150; i++) names.push((await accounts.createGuest(undefined)).display_name);
    // Older pages sent the placeholder for an empty field: that asks for a generated name too.
    for (const asked of ["Player", "  player ", null]) names.push((await accounts.createGuest(asked)).display_name);
    for (const name of names) {
      expect(name).not.toMatch(/^player/i);
      expect(name).toMatch(GENERATED);
      expect(checkDisplayName(name)).toEqual({ ok: true, name });
      expect(hasListedWord(name)).toBe(false);
      expect(staffTitle(name)).toBeNull();
    }
    expect(new Set(names.map(nameKey)).size).toBe(names.length);
    // A number only when needed: with about 1,800 plain names, 150 guests nearly all get one.
    expect(names.filter((n) => /\d/.test(n)).length).toBeLessThan(10);
  });

  it("draws again past a name another account shows and never gives a registered player's look-alike", async () => {
    const lucky = new Accounts(db, new Tokens("a-test-secret-that-is-long-enough-1234"));
    await registeredAs("Lucky Otter", "otter_fan");
    // Every draw is the first word of each list ("Lucky Otter"): taken, so a number is added.
    const first = () => generatedName(db, () => 0);
    expect((await first()).display_name).toBe("Lucky Otter 1");
    await lucky.createGuest("Lucky Otter 1");
    expect((await first()).display_name).toBe("Lucky Otter 1000");
    await registeredAs("Lucky Otter 1000", "otter_fan_2");
    // Past every short draw, a registered player's name is still refused: the draw goes on (here, the next picks).
    let n = 0;
    const named = await generatedName(db, () => (n++ < 24 ? 0 : 1));
    expect(named.display_name).not.toBe("Lucky Otter 1000");
    expect(named.display_name).toMatch(GENERATED);
  });

  it('replaces a stored "Player" with a generated name when the account is read, once, without counting a rename', async () => {
    await db
      .insertInto("players")
      .values({
        id: "old-guest",
        display_name: "Player",
        display_key: nameKey("Player"),
        username: null,
        username_key: null,
        username_skeleton: null,
        password_hash: null,
        created_at: 2,
        token_version: 0,
      })
      .execute();
    const old = (await accounts.byId("old-guest"))!;
    const [a, b] = await Promise.all([accounts.withOwnName(old), accounts.withOwnName(old)]);
    expect(a.display_name).toMatch(GENERATED);
    expect(b.display_name).toBe(a.display_name);
    expect((await accounts.byId("old-guest"))!.display_name).toBe(a.display_name);
    expect(await db.selectFrom("name_changes").selectAll().where("player_id", "=", "old-guest").execute()).toEqual([]);
    // A name the player chose is left alone.
    const ann = await accounts.createGuest("Ann");
    expect((await accounts.withOwnName(ann)).display_name).toBe("Ann");
  });
});
