/**
 * Migration "0011-preferences" (listed in server/src/migrations.ts): one small JSON document of
 * preferences per account (preferences/store.ts). Only adds its table.
 */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { Migrations } from "../db/migrations.ts";

export const preferencesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("account_preferences")
      .addColumn("player_id", "text", (c) => c.primaryKey().references("players.id").onDelete("cascade"))
      .addColumn("doc", "jsonb", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
  },
};

/** Preferences' migrations, listed with the others in server/src/migrations.ts. */
export const preferencesMigrations: Migrations = { "0011-preferences": preferencesMigration };
