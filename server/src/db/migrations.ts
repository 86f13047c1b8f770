/**
 * Versioned migrations, applied in name order by Kysely's `Migrator` (which records them in
 * `kysely_migration` and takes a lock, so two processes starting together apply each once).
 * Never edit a released migration: add the next one. Names are taken ahead of landing by work
 * in progress, so a migration may land after a later-named one a database already has: the
 * migrator applies any it has not recorded, whatever its place (`allowUnorderedMigrations`,
 * db/database.ts). Each migration therefore only adds what it names and reads nothing another
 * one in flight adds.
 *
 * This file holds the first four (accounts, ratings, names, sessions: made before features had
 * folders of their own) and the means to join sets. Each feature folder exports its own set, and
 * the list the server applies is built where the server is composed (server/src/migrations.ts),
 * so the database layer names no feature.
 */
import { sql, type Kysely } from "kysely";
import type { Migration, MigrationProvider } from "kysely/migration";
import { backfillNameKeys } from "../names/backfill.ts";

/** Migrations by name. */
export type Migrations = Readonly<Record<string, Migration>>;

/** Joins sets of migrations into the one list a store applies; a name in two sets is a mistake caught at start. */
export function migrationProvider(...sets: readonly Migrations[]): MigrationProvider {
  const all: Record<string, Migration> = {};
  for (const set of sets) {
    for (const [name, migration] of Object.entries(set)) {
      if (name in all) throw new Error(`migration ${name} is listed twice`);
      all[name] = migration;
    }
  }
  return { getMigrations: async () => all };
}

export const platformMigrations: Migrations = {
  "0001-accounts-and-ratings": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("players")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("display_name", "text", (c) => c.notNull())
        .addColumn("username", "text")
        .addColumn("username_key", "text", (c) => c.unique())
        .addColumn("password_hash", "text")
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("token_version", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable("ratings")
        .addColumn("player_id", "text", (c) => c.notNull().references("players.id").onDelete("cascade"))
        .addColumn("game", "text", (c) => c.notNull())
        .addColumn("mu", "double precision", (c) => c.notNull())
        .addColumn("sigma", "double precision", (c) => c.notNull())
        .addColumn("rating", "integer", (c) => c.notNull())
        .addColumn("games", "integer", (c) => c.notNull())
        .addColumn("wins", "integer", (c) => c.notNull())
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("ratings_pk", ["player_id", "game"])
        .execute();
      // The leaderboard reads by game, best first; ties by player id so ranks are stable.
      await db.schema.createIndex("ratings_board").on("ratings").columns(["game", "rating desc", "player_id"]).execute();
      await db.schema
        .createTable("matches")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("game", "text", (c) => c.notNull())
        .addColumn("seed", "text", (c) => c.notNull())
        .addColumn("options", "jsonb", (c) => c.notNull())
        .addColumn("started_at", "bigint", (c) => c.notNull())
        .addColumn("ended_at", "bigint", (c) => c.notNull())
        .addColumn("standings", "jsonb", (c) => c.notNull())
        .addColumn("log", "jsonb", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("match_players")
        .addColumn("match_id", "text", (c) => c.notNull().references("matches.id").onDelete("cascade"))
        .addColumn("seat", "integer", (c) => c.notNull())
        .addColumn("player_id", "text", (c) => c.notNull().references("players.id").onDelete("cascade"))
        .addColumn("place", "integer", (c) => c.notNull())
        .addColumn("rating_before", "integer", (c) => c.notNull())
        .addColumn("rating_after", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("match_players_pk", ["match_id", "seat"])
        .execute();
      await db.schema.createIndex("match_players_by_player").on("match_players").columns(["player_id", "match_id"]).execute();
      await db.schema
        .createTable("rating_history")
        .addColumn("player_id", "text", (c) => c.notNull().references("players.id").onDelete("cascade"))
        .addColumn("game", "text", (c) => c.notNull())
        .addColumn("match_id", "text", (c) => c.notNull())
        .addColumn("at", "bigint", (c) => c.notNull())
        .addColumn("rating", "integer", (c) => c.notNull())
        .addColumn("mu", "double precision", (c) => c.notNull())
        .addColumn("sigma", "double precision", (c) => c.notNull())
        .addPrimaryKeyConstraint("rating_history_pk", ["player_id", "game", "match_id"])
        .execute();
      await db.schema.createIndex("rating_history_by_time").on("rating_history").columns(["player_id", "game", "at"]).execute();
      await db.schema.createIndex("matches_by_end").on("matches").column("ended_at").execute();
    },
  },
  "0002-rating-counts": {
    // Players per (game, rating): a rank is the sum of the buckets above plus the ties ahead,
    // a few hundred rows at most, instead of counting every better player on each request.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("rating_counts")
        .addColumn("game", "text", (c) => c.notNull())
        .addColumn("rating", "integer", (c) => c.notNull())
        .addColumn("players", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("rating_counts_pk", ["game", "rating"])
        .execute();
      await sql`insert into rating_counts (game, rating, players) select game, rating, count(*) from ratings group by game, rating`.execute(
        db,
      );
    },
  },
  "0003-name-keys": {
    // Names that cannot impersonate (names/): each player's confusable keys, usernames unique by
    // theirs, and the renames of the last day. Names stored before the rules that break them are
    // replaced (names/backfill.ts).
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("players").addColumn("display_key", "text").execute();
      await db.schema.alterTable("players").addColumn("username_skeleton", "text").execute();
      await db.schema
        .createTable("name_changes")
        .addColumn("player_id", "text", (c) => c.notNull().references("players.id").onDelete("cascade"))
        .addColumn("at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("name_changes_by_player").on("name_changes").columns(["player_id", "at"]).execute();
      await backfillNameKeys(db);
      await db.schema.createIndex("players_username_skeleton").unique().on("players").column("username_skeleton").execute();
      await db.schema.createIndex("players_display_key").on("players").column("display_key").execute();
    },
  },
  "0004-sessions": {
    // Browser sessions and personal tokens (accounts/sessions.ts): the key is a hash of the
    // secret; a player's sessions are listed by last use.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("sessions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("player_id", "text", (c) => c.notNull().references("players.id").onDelete("cascade"))
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("label", "text", (c) => c.notNull())
        .addColumn("scopes", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("last_used_at", "bigint", (c) => c.notNull())
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("sessions_by_player").on("sessions").columns(["player_id", "last_used_at"]).execute();
      await db.schema.createIndex("sessions_by_expiry").on("sessions").column("expires_at").execute();
    },
  },
};
