/**
 * The conduct record's migrations (record.ts, casual-games.ts): "0005-conduct", every game's
 * outcome per account and the ranked-queue bans it earned; "0015-casual-history", a casual game's
 * place and table on its record. Listed with the others in server/src/migrations.ts.
 */
import type { Kysely } from "kysely";
import type { Migrations } from "../db/migrations.ts";

export const conductMigrations: Migrations = {
  "0005-conduct": {
    // Every game's outcome per account and the ranked-queue bans it earned (conduct/).
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("conduct_records")
        .addColumn("player_id", "text", (c) => c.notNull().references("players.id").onDelete("cascade"))
        .addColumn("game", "text", (c) => c.notNull())
        .addColumn("table_id", "text", (c) => c.notNull())
        .addColumn("ranked", "boolean", (c) => c.notNull())
        .addColumn("outcome", "text", (c) => c.notNull())
        .addColumn("at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("conduct_records_pk", ["player_id", "table_id"])
        .execute();
      await db.schema.createIndex("conduct_by_time").on("conduct_records").columns(["player_id", "at"]).execute();
      await db.schema
        .createTable("queue_bans")
        .addColumn("player_id", "text", (c) => c.notNull().references("players.id").onDelete("cascade"))
        .addColumn("at", "bigint", (c) => c.notNull())
        .addColumn("until", "bigint", (c) => c.notNull())
        .addColumn("level", "integer", (c) => c.notNull())
        .addColumn("reason", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("queue_bans_pk", ["player_id", "at"])
        .execute();
    },
  },
  // A casual game's place and table (who sat where, by name) on its conduct record: the profile's game history (conduct/record.ts).
  "0015-casual-history": {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("conduct_records").addColumn("place", "integer").execute();
      await db.schema.alterTable("conduct_records").addColumn("seats", "jsonb").execute();
    },
  },
};
