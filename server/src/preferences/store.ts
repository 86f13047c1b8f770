/**
 * An account's preferences (so that the guided first game is offered once per game, and a
 * second device of a saved account does not ask again): one JSON document per account, replaced
 * whole by the account (routes.ts), checked against `preferencesSchema` and at most
 * `PREFERENCES_MAX_BYTES` long. Table `account_preferences` (migration.ts).
 */
import { BOT_STRENGTHS, GAME_IDS } from "@scat/shared";
import { z } from "zod";
import type { Db } from "../db/database.ts";

/** The guided first game: each game's answer ("offered": Not now; "done": started or played) and "Don't ask again". */
const lessonsSchema = z.strictObject({
  never: z.boolean().optional(),
  games: z.partialRecord(z.enum(GAME_IDS), z.enum(["offered", "done"])).optional(),
});

/**
 * The Settings page's choices (client/src/settings/): sound on or off and its volume, the
 * keyboard table, motion (follow the device, reduce, full), chat (everything, quick phrases only,
 * off) and the bot strength a tile's Play now asks for.
 */
const settingsSchema = z.strictObject({
  sound: z.enum(["on", "off"]).optional(),
  volume: z.number().min(0).max(1).optional(),
  keyboardTable: z.enum(["auto", "on", "off"]).optional(),
  motion: z.enum(["system", "reduce", "full"]).optional(),
  chat: z.enum(["all", "phrases", "off"]).optional(),
  botStrength: z.enum(BOT_STRENGTHS).optional(),
});

export const preferencesSchema = z.strictObject({
  lessons: lessonsSchema.optional(),
  settings: settingsSchema.optional(),
});

export type Preferences = z.infer<typeof preferencesSchema>;

/** A stored document is at most this many bytes of JSON (the schema keeps it far smaller). */
export const PREFERENCES_MAX_BYTES = 2048;

export async function preferencesOf(db: Db, playerId: string): Promise<Preferences> {
  const row = await db.selectFrom("account_preferences").select("doc").where("player_id", "=", playerId).executeTakeFirst();
  if (!row) return {};
  // PGlite and pg both return jsonb parsed; a document an older schema wrote that no longer fits is dropped.
  const parsed = preferencesSchema.safeParse(typeof row.doc === "string" ? JSON.parse(row.doc) : row.doc);
  return parsed.success ? parsed.data : {};
}

/** Replaces the account's document (already checked by the caller against `preferencesSchema`). */
export async function savePreferences(db: Db, playerId: string, doc: Preferences, now = Date.now()): Promise<void> {
  const json = JSON.stringify(doc);
  if (Buffer.byteLength(json) > PREFERENCES_MAX_BYTES) throw new Error("preferences too large");
  await db
    .insertInto("account_preferences")
    .values({ player_id: playerId, doc: json, updated_at: now })
    .onConflict((oc) => oc.column("player_id").doUpdateSet({ doc: json, updated_at: now }))
    .execute();
}
