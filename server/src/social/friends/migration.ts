/**
 * Migration "0008-friends" (listed in social/migration.ts): friendships and friend requests
 * between saved accounts (social/friends/store.ts). Only adds tables.
 */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const friendsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // A friendship is two rows, one per side: a player's list and count are one indexed read.
    await db.schema
      .createTable("friends")
      .addColumn("player_id", "text", (c) => c.notNull().references("players.id").onDelete("cascade"))
      .addColumn("friend_id", "text", (c) => c.notNull().references("players.id").onDelete("cascade"))
      .addColumn("since", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("friends_pk", ["player_id", "friend_id"])
      .execute();
    // `from_id` asked `to_id`; the row goes when it is accepted, declined or cancelled.
    await db.schema
      .createTable("friend_requests")
      .addColumn("from_id", "text", (c) => c.notNull().references("players.id").onDelete("cascade"))
      .addColumn("to_id", "text", (c) => c.notNull().references("players.id").onDelete("cascade"))
      .addColumn("at", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("friend_requests_pk", ["from_id", "to_id"])
      .execute();
    await db.schema.createIndex("friend_requests_by_to").on("friend_requests").columns(["to_id", "at"]).execute();
  },
};
