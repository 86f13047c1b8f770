/**
 * Migration "0014-friend-request-holds" (listed in social/migration.ts): friend requests that are
 * held rather than delivered (social/friends/store.ts): to a username no saved account has, to a
 * player who blocked the sender, or past the recipient's cap of waiting requests. Held by the
 * username as typed (lower case), so the sender's list and answers are the same as for a delivered
 * one. Only adds a table.
 */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const friendRequestHoldsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("friend_request_holds")
      .addColumn("from_id", "text", (c) => c.notNull().references("players.id").onDelete("cascade"))
      .addColumn("username_key", "text", (c) => c.notNull())
      .addColumn("at", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("friend_request_holds_pk", ["from_id", "username_key"])
      .execute();
  },
};
