/**
 * Migration "0016-passkeys-and-recovery-codes" (listed in server/src/migrations.ts): an account's
 * passkeys (WebAuthn public keys, accounts/passkeys.ts), the challenges the server handed out for
 * them (single-use, minutes long), and the account's one-time recovery codes, kept only as hashes
 * (accounts/recovery-codes.ts). Only adds its own tables.
 */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { Migrations } from "../db/migrations.ts";

export const passkeysMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("passkeys")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("player_id", "text", (c) => c.notNull().references("players.id").onDelete("cascade"))
      // The credential's id as the browser names it (base64url): unique across the site.
      .addColumn("credential_id", "text", (c) => c.notNull().unique())
      .addColumn("public_key", "text", (c) => c.notNull())
      .addColumn("counter", "bigint", (c) => c.notNull())
      .addColumn("transports", "text", (c) => c.notNull())
      .addColumn("label", "text", (c) => c.notNull())
      .addColumn("backed_up", "boolean", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("last_used_at", "bigint")
      .execute();
    await db.schema.createIndex("passkeys_by_player").on("passkeys").columns(["player_id", "created_at"]).execute();
    await db.schema
      .createTable("webauthn_challenges")
      .addColumn("challenge", "text", (c) => c.primaryKey())
      .addColumn("purpose", "text", (c) => c.notNull())
      // The account a registration is for; null for a sign-in (the passkey names its account).
      .addColumn("player_id", "text", (c) => c.references("players.id").onDelete("cascade"))
      .addColumn("expires_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("webauthn_challenges_by_expiry").on("webauthn_challenges").column("expires_at").execute();
    await db.schema
      .createTable("recovery_codes")
      .addColumn("code_hash", "text", (c) => c.primaryKey())
      .addColumn("player_id", "text", (c) => c.notNull().references("players.id").onDelete("cascade"))
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("used_at", "bigint")
      // The session a used code started: it may set a new password without the old one, for a while.
      .addColumn("used_session", "text")
      .execute();
    await db.schema.createIndex("recovery_codes_by_player").on("recovery_codes").column("player_id").execute();
  },
};

/** The accounts' own tables beyond the platform's first ones (server/src/migrations.ts lists them). */
export const accountsMigrations: Migrations = {
  "0016-passkeys-and-recovery-codes": passkeysMigration,
};
