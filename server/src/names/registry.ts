/**
 * Names against the accounts table: a display name may not look like (have the confusable key of)
 * a registered player's display name or username, unless it is that player's own; usernames are
 * unique by the same key (`players.username_skeleton`, a unique index); renames are counted in
 * `name_changes` so every process of a cluster sees the same limit.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { nameKey } from "./skeleton.ts";
import { checkDisplayName } from "./validate.ts";

const DAY = 86_400_000;

/** A name refused, with a reason for the person who typed it (400 `bad-name`). */
export class NameRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "NameRefused";
  }
}

/** The normalised name; throws NameRefused when it cannot be one. */
export function validDisplayName(raw: unknown): string {
  const c = checkDisplayName(raw);
  if (!c.ok) throw new NameRefused(c.reason);
  return c.name;
}

/** Whether a registered player other than `exceptId` shows or signs in with a name of this key. */
export async function registeredLookalike(db: Kysely<Database>, key: string, exceptId: string | null): Promise<boolean> {
  let q = db
    .selectFrom("players")
    .select("id")
    .where("username", "is not", null)
    .where((eb) => eb.or([eb("display_key", "=", key), eb("username_skeleton", "=", key)]));
  if (exceptId !== null) q = q.where("id", "<>", exceptId);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

export const LOOKALIKE = "This name looks the same as a registered player's name: please choose another";

/** The display name's columns for `playerId` (null: a new account); throws NameRefused. */
export async function displayNameColumns(
  db: Kysely<Database>,
  raw: unknown,
  playerId: string | null,
): Promise<{ display_name: string; display_key: string }> {
  const display_name = validDisplayName(raw);
  const display_key = nameKey(display_name);
  if (await registeredLookalike(db, display_key, playerId)) throw new NameRefused(LOOKALIKE);
  return { display_name, display_key };
}

/** Seconds until `playerId` may rename again, or 0 when it may now (`perDay` renames a day). */
export async function renameWait(db: Kysely<Database>, playerId: string, perDay: number, now: number): Promise<number> {
  const recent = await db
    .selectFrom("name_changes")
    .select("at")
    .where("player_id", "=", playerId)
    .where("at", ">", now - DAY)
    .orderBy("at", "desc")
    .limit(perDay)
    .execute();
  if (recent.length < perDay) return 0;
  return Math.max(1, Math.ceil((recent[recent.length - 1]!.at + DAY - now) / 1000));
}

/** Counts one rename (and forgets those older than a day). */
export async function recordRename(db: Kysely<Database>, playerId: string, now: number): Promise<void> {
  await db
    .deleteFrom("name_changes")
    .where("player_id", "=", playerId)
    .where("at", "<=", now - DAY)
    .execute();
  await db.insertInto("name_changes").values({ player_id: playerId, at: now }).execute();
}
