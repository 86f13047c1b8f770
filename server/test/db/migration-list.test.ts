/**
 * The migrations the server applies are built where the server is composed (server/src/migrations.ts)
 * from the platform's and each feature's sets, and handed to the store: the list is the one the
 * database had before it was split by folder, and a name listed twice is refused at start.
 */
import { describe, expect, it } from "vitest";
import { migrationProvider } from "../../src/db/migrations.ts";
import { appMigrations } from "../../src/migrations.ts";

describe("the server's migration list", () => {
  it("holds every migration once, each with its up step", async () => {
    const all = await appMigrations.getMigrations();
    expect(Object.keys(all).sort()).toEqual([
      "0001-accounts-and-ratings",
      "0002-rating-counts",
      "0003-name-keys",
      "0004-sessions",
      "0005-conduct",
      "0006-moderation",
      "0007-social",
      "0008-friends",
      "0009-seen-addresses",
      "0010-fair-play",
      "0011-preferences",
      "0012-report-evidence",
      "0013-account-traces",
      "0014-friend-request-holds",
      "0015-casual-history",
      "0016-passkeys-and-recovery-codes",
      "0017-board-holds",
    ]);
    for (const migration of Object.values(all)) expect(typeof migration.up).toBe("function");
  });

  it("refuses a migration name that two sets both list", () => {
    const up = async () => undefined;
    expect(() => migrationProvider({ "0001-a": { up } }, { "0002-b": { up }, "0001-a": { up } })).toThrow(
      "migration 0001-a is listed twice",
    );
  });
});
