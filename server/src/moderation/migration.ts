/**
 * Migration "0006-moderation" (listed in server/src/migrations.ts): operators, account marks, the
 * operator action log, refunds already made, and the index the filtered leaderboard reads.
 * Self-contained: it only adds tables and an index, so it applies after whatever 0004/0005 other
 * work brings. Operators and marks are tables of their own rather than columns of `players`, so
 * the accounts code (which writes whole `players` rows) is untouched by them.
 */
import { boardHoldsMigration } from "./holds.ts";
import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { Migrations } from "../db/migrations.ts";
import { seenAddressesMigration } from "./addresses.ts";
import { tracesMigration } from "./traces.ts";

export const moderationMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // Who may use the operator routes (granted and revoked by `npm run operator`).
    await db.schema
      .createTable("operators")
      .addColumn("player_id", "text", (c) => c.primaryKey().references("players.id").onDelete("cascade"))
      .addColumn("granted_at", "bigint", (c) => c.notNull())
      .addColumn("granted_by", "text", (c) => c.notNull())
      .execute();
    // One mark per account at most: the key is what makes marking idempotent.
    await db.schema
      .createTable("account_marks")
      .addColumn("player_id", "text", (c) => c.primaryKey().references("players.id").onDelete("cascade"))
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("action_id", "text", (c) => c.notNull())
      .addColumn("at", "bigint", (c) => c.notNull())
      .execute();
    // Everything an operator (or the operator CLI) did, with who, when and why. Never updated.
    await db.schema
      .createTable("operator_actions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("at", "bigint", (c) => c.notNull())
      /** The operator's player id; null for the CLI. */
      .addColumn("actor_id", "text")
      /** A readable name for the actor: the operator's username, or `cli:<os user>`. */
      .addColumn("actor", "text", (c) => c.notNull())
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("target_id", "text", (c) => c.notNull())
      .addColumn("reason", "text", (c) => c.notNull())
      .addColumn("details", "jsonb", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("operator_actions_by_target").on("operator_actions").columns(["target_id", "at"]).execute();
    await db.schema.createIndex("operator_actions_by_time").on("operator_actions").column("at").execute();
    // A victim's loss in one match is refunded at most once, whoever is marked for it.
    await db.schema
      .createTable("rating_refunds")
      .addColumn("match_id", "text", (c) => c.notNull())
      .addColumn("player_id", "text", (c) => c.notNull().references("players.id").onDelete("cascade"))
      .addColumn("game", "text", (c) => c.notNull())
      .addColumn("action_id", "text", (c) => c.notNull())
      .addColumn("points", "integer", (c) => c.notNull())
      .addColumn("mu", "double precision", (c) => c.notNull())
      .addColumn("at", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("rating_refunds_pk", ["match_id", "player_id"])
      .execute();
    // The leaderboard lists established accounts only (ranked/rating.ts PROVISIONAL_GAMES = 10):
    // the board and the count of entries ahead of a player walk this partial index, and the
    // activity filter reads updated_at from it too (index-only scans).
    await sql`create index ratings_listed on ratings (game, rating desc, player_id) include (updated_at) where games >= 10`.execute(db);
  },
};

/**
 * Migration "0012-report-evidence": a report filed at a table whose game is still running names
 * that match (`pending_match`) instead of holding its seed, and gets the log once the game ends
 * (reports.ts, `fileFinishedLog`); `source` says what the server itself saw of the two accounts
 * (the ranking weighs reports by it). The indexes serve the intake limits (per reporter, and per
 * reporter and reported player) and the pending lookup at each game's end.
 */
export const reportEvidenceMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("reports").addColumn("pending_match", "text").execute();
    // Where the report came from: "table" (by seat, the room filled it), "match" (a stored match both
    // played), "account" (named by id alone: nothing shows the two met). Null for older rows.
    await db.schema.alterTable("reports").addColumn("source", "text").execute();
    await db.schema.createIndex("reports_by_reporter").on("reports").columns(["reporter_id", "at"]).execute();
    await sql`create index reports_pending on reports (pending_match) where pending_match is not null`.execute(db);
  },
};

/** Moderation's migrations, listed with the others in server/src/migrations.ts. */
export const moderationMigrations: Migrations = {
  // Operators, account marks, the operator action log, refunds.
  "0006-moderation": moderationMigration,
  // Keyed hashes of the addresses accounts queue from, for the suspicious-pairs report (addresses.ts).
  "0009-seen-addresses": seenAddressesMigration,
  // Reports: the unfinished game a report waits on, and the indexes report intake and ranking read.
  "0012-report-evidence": reportEvidenceMigration,
  // Keyed hashes of the devices and addresses accounts play from: blocks, bans and mutes follow them (traces.ts).
  "0013-account-traces": tracesMigration,
  // Automatic board holds against boosting and each account's established opponents (holds.ts).
  "0017-board-holds": boardHoldsMigration,
};
