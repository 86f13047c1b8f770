/**
 * Where accounts play from, for the suspicious-pairs report's `sharedAddress` (suspicious.ts):
 * each time an account joins a ranked queue, a keyed hash of its address (the server's own
 * `x-scat-peer`, an IPv6 address by its /64, as the limits key it) is noted with the time. No
 * address is stored in the clear, and a row older than `RETENTION_MS` is deleted. Migration
 * "0009-seen-addresses" (listed in migration.ts).
 */
import { createHmac } from "node:crypto";
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { Db } from "../db/database.ts";
import { addressKey } from "../limits/address-key.ts";
import type { SharedAddress } from "./suspicious.ts";

/** How long an address is remembered for an account: the report's window is at most this. */
export const RETENTION_MS = 30 * 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;

export const seenAddressesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("seen_addresses")
      .addColumn("player_id", "text", (c) => c.notNull().references("players.id").onDelete("cascade"))
      .addColumn("address_hash", "text", (c) => c.notNull())
      .addColumn("last_seen", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("seen_addresses_pk", ["player_id", "address_hash"])
      .execute();
    await db.schema.createIndex("seen_addresses_by_hash").on("seen_addresses").columns(["address_hash", "player_id"]).execute();
    await db.schema.createIndex("seen_addresses_by_time").on("seen_addresses").column("last_seen").execute();
  },
};

export class SeenAddresses {
  private prunedAt = 0;

  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** The stored form of an address: an HMAC under the server's secret, so the table names no one's address. */
  hash(address: string): string {
    return createHmac("sha256", this.secret).update(addressKey(address)).digest("hex").slice(0, 32);
  }

  /** Notes that `playerId` played from `address` now (an unknown address is not noted). */
  async note(playerId: string, address: string): Promise<void> {
    if (!address || address === "unknown") return;
    const now = this.now();
    await this.db
      .insertInto("seen_addresses")
      .values({ player_id: playerId, address_hash: this.hash(address), last_seen: now })
      .onConflict((oc) => oc.columns(["player_id", "address_hash"]).doUpdateSet({ last_seen: now }))
      .execute();
    if (now - this.prunedAt > PRUNE_EVERY_MS) {
      this.prunedAt = now;
      await this.db
        .deleteFrom("seen_addresses")
        .where("last_seen", "<", now - RETENTION_MS)
        .execute();
    }
  }

  /** The report's hook: whether two accounts were seen on one address in the retention window. */
  readonly shared: SharedAddress = async (a, b) => {
    const since = this.now() - RETENTION_MS;
    const row = await this.db
      .selectFrom("seen_addresses as x")
      .innerJoin("seen_addresses as y", "y.address_hash", "x.address_hash")
      .select("x.address_hash")
      .where("x.player_id", "=", a)
      .where("y.player_id", "=", b)
      .where("x.last_seen", ">=", since)
      .where("y.last_seen", ">=", since)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  };
}
