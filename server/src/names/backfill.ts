/**
 * For migration 0003: every stored player gets its confusable keys. A display name stored before
 * the name rules that breaks them ("\u202enimdA", a NUL, a Latin-Cyrillic mix…) becomes
 * "Player <first 4 characters of the id>", so no old row keeps showing what it is not. Of two
 * old usernames with one key, the older account keeps the key and the newer has none (it still
 * signs in by its username; no new username can take that key).
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { nameKey } from "./skeleton.ts";
import { checkDisplayName } from "./validate.ts";

const BATCH = 500;

export async function backfillNameKeys(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as Kysely<Database>;
  const taken = new Set<string>();
  let after: { created_at: number; id: string } | null = null;
  for (;;) {
    let q = db
      .selectFrom("players")
      .select(["id", "display_name", "username", "created_at"])
      .orderBy("created_at")
      .orderBy("id")
      .limit(BATCH);
    if (after) {
      const a = after;
      q = q.where(sql<boolean>`(created_at, id) > (${a.created_at}, ${a.id})`);
    }
    const rows = await q.execute();
    for (const r of rows) {
      const checked = checkDisplayName(r.display_name);
      const display_name = checked.ok ? checked.name : `Player ${r.id.slice(0, 4)}`;
      let username_skeleton = r.username === null ? null : nameKey(r.username);
      if (username_skeleton !== null && taken.has(username_skeleton)) username_skeleton = null;
      if (username_skeleton !== null) taken.add(username_skeleton);
      await db
        .updateTable("players")
        .set({ display_name, display_key: nameKey(display_name), username_skeleton })
        .where("id", "=", r.id)
        .execute();
    }
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!;
  }
}
