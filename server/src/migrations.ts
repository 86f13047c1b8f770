/**
 * Every migration the server applies: the platform's first ones (db/migrations.ts) and each
 * feature's own set. Built here, with the rest of the server's composition, and handed to the
 * store when it opens (db/database.ts `openStore`), so the database layer names no feature. A
 * new feature with tables adds its set to this list.
 */
import { accountsMigrations } from "./accounts/migration.ts";
import { conductMigrations } from "./conduct/migration.ts";
import { migrationProvider, platformMigrations } from "./db/migrations.ts";
import { fairPlayMigrations } from "./fair-play/store.ts";
import { moderationMigrations } from "./moderation/migration.ts";
import { preferencesMigrations } from "./preferences/migration.ts";
import { socialMigrations } from "./social/migration.ts";

export const appMigrations = migrationProvider(
  platformMigrations,
  accountsMigrations,
  conductMigrations,
  moderationMigrations,
  socialMigrations,
  fairPlayMigrations,
  preferencesMigrations,
);
