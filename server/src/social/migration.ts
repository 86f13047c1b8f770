/**
 * Migration "0007-social" (listed in server/src/migrations.ts): blocks between accounts, players'
 * reports, and operator sanctions (chat mutes and account bans with an end). Only adds tables.
 * Every operator sanction is also a row of `operator_actions` (moderation/operators.ts).
 */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { Migrations } from "../db/migrations.ts";
import { friendRequestHoldsMigration } from "./friends/migration-holds.ts";
import { friendsMigration } from "./friends/migration.ts";

export const socialMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // `blocker` blocked `blocked`: the pair is kept apart both ways (quick play, ranked queue), and
    // the blocked account's chat never reaches the blocker.
    await db.schema
      .createTable("blocks")
      .addColumn("blocker_id", "text", (c) => c.notNull().references("players.id").onDelete("cascade"))
      .addColumn("blocked_id", "text", (c) => c.notNull().references("players.id").onDelete("cascade"))
      .addColumn("at", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("blocks_pk", ["blocker_id", "blocked_id"])
      .execute();
    await db.schema.createIndex("blocks_by_blocked").on("blocks").column("blocked_id").execute();
    // A player's report of another: the reason, where (a table or a replayed match), the game log
    // and the chat lines as filed. `status`: open until an operator acts on it or dismisses it.
    await db.schema
      .createTable("reports")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("at", "bigint", (c) => c.notNull())
      .addColumn("reporter_id", "text", (c) => c.notNull().references("players.id").onDelete("cascade"))
      .addColumn("reported_id", "text", (c) => c.notNull().references("players.id").onDelete("cascade"))
      .addColumn("reason", "text", (c) => c.notNull())
      .addColumn("note", "text", (c) => c.notNull())
      .addColumn("game", "text", (c) => c.notNull())
      .addColumn("table_id", "text", (c) => c.notNull())
      .addColumn("game_log", "jsonb")
      .addColumn("chat", "jsonb", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("action_id", "text")
      .execute();
    await db.schema.createIndex("reports_by_status").on("reports").columns(["status", "at"]).execute();
    await db.schema.createIndex("reports_by_reported").on("reports").columns(["reported_id", "at"]).execute();
    // The sanction in force per account and kind (mute: no chat; ban: no play, no sign-in) until `until`.
    await db.schema
      .createTable("account_sanctions")
      .addColumn("player_id", "text", (c) => c.notNull().references("players.id").onDelete("cascade"))
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("until", "bigint", (c) => c.notNull())
      .addColumn("action_id", "text", (c) => c.notNull())
      .addColumn("at", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("account_sanctions_pk", ["player_id", "kind"])
      .execute();
  },
};

/** The social features' migrations, listed with the others in server/src/migrations.ts. */
export const socialMigrations: Migrations = {
  // Blocks, players' reports, operator sanctions.
  "0007-social": socialMigration,
  // Friends and friend requests between saved accounts (friends/migration.ts).
  "0008-friends": friendsMigration,
  // Friend requests held instead of delivered, so a request says nothing of the account it names (friends/migration-holds.ts).
  "0014-friend-request-holds": friendRequestHoldsMigration,
};
