/**
 * Which devices and addresses an account plays from, so that a block, a ban or a mute follows the
 * person and not only the account they chose to bring (an anonymous join, a fresh guest account).
 *
 * A device is the random id the browser keeps (`playerId` in the join options, `device` in the
 * ranked queue's); an address is the server's own `x-scat-peer`, an IPv6 address by its /64 as the
 * limits key it (limits/address-key.ts). Both are stored as keyed hashes under the server's
 * secret, never in the clear; a row is noted when an account joins a table or a ranked queue.
 *
 * Within reason:
 * - a device links its accounts for `DEVICE_LINK_MS` since last seen (a browser's random id is
 *   one person's, or one household's computer);
 * - an address links for `ADDRESS_LINK_MS` only, and only a joiner without a saved account of
 *   its own (anonymous, or a guest account): a saved account on a shared network answers for
 *   itself, and strangers behind one address are bound for days, not for ever;
 * - an address that names no subscriber binds nothing: loopback, private and link-local ranges
 *   (a reverse proxy whose forwarded header is not trusted would make every player one address)
 *   and carrier-grade NAT (100.64.0.0/10, many strangers by design).
 * At most `LINKS_MAX` accounts (the most recently seen) come back for one device and address.
 *
 * Migration "0013-account-traces" (listed in migration.ts).
 */
import { createHmac } from "node:crypto";
import { BlockList, isIP } from "node:net";
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { Db } from "../db/database.ts";
import { addressKey } from "../limits/address-key.ts";

const DAY = 86_400_000;
export const DEVICE_LINK_MS = 30 * DAY;
export const ADDRESS_LINK_MS = 3 * DAY;
export const LINKS_MAX = 8;
/** A trace already noted this recently is not written again (one write per join would be wasted). */
const NOTE_EVERY_MS = 10 * 60_000;
/** Answers to `linked` are kept this long in the process (a quick-play join asks on every table it tries). */
const LINKED_TTL_MS = 15_000;
const CACHE_MAX = 10_000;

/** A device id as the join options carry it (shared/src/protocol.ts: 8..64 characters). */
export const deviceOf = (raw: unknown): string | null => (typeof raw === "string" && /^[A-Za-z0-9_-]{8,64}$/.test(raw) ? raw : null);

export const tracesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("account_traces")
      .addColumn("player_id", "text", (c) => c.notNull().references("players.id").onDelete("cascade"))
      /** "device" or "address". */
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("key_hash", "text", (c) => c.notNull())
      .addColumn("last_seen", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("account_traces_pk", ["player_id", "kind", "key_hash"])
      .execute();
    await db.schema.createIndex("account_traces_by_key").on("account_traces").columns(["kind", "key_hash", "last_seen"]).execute();
    await db.schema.createIndex("account_traces_by_time").on("account_traces").column("last_seen").execute();
  },
};

const NO_SUBSCRIBER = (() => {
  const list = new BlockList();
  for (const [net, bits] of [
    ["127.0.0.0", 8],
    ["10.0.0.0", 8],
    ["172.16.0.0", 12],
    ["192.168.0.0", 16],
    ["169.254.0.0", 16],
    ["100.64.0.0", 10],
    ["0.0.0.0", 8],
  ] as const)
    list.addSubnet(net, bits, "ipv4");
  for (const [net, bits] of [
    ["::1", 128],
    ["fc00::", 7],
    ["fe80::", 10],
    ["::", 128],
  ] as const)
    list.addSubnet(net, bits, "ipv6");
  return list;
})();

/** The address's limit key when it names a subscriber (see above), else null. */
export function bindingAddress(address: string | null | undefined): string | null {
  if (!address) return null;
  const key = addressKey(address);
  const ip = key.endsWith("::/64") ? key.slice(0, -3) : key;
  const family = isIP(ip);
  if (family === 0) return null;
  return NO_SUBSCRIBER.check(ip, family === 4 ? "ipv4" : "ipv6") ? null : key;
}

export class Traces {
  private readonly noted = new Map<string, number>();
  private readonly cache = new Map<string, { at: number; accounts: string[] }>();
  private prunedAt = 0;

  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly now: () => number = Date.now,
  ) {}

  private hash(kind: "device" | "address", key: string): string {
    return createHmac("sha256", this.secret).update(`${kind}\u0000${key}`).digest("hex").slice(0, 32);
  }

  /** `account` played from this device and address now (either may be missing or not bind). */
  async note(account: string, device: string | null, address: string | null): Promise<void> {
    const now = this.now();
    const rows: { player_id: string; kind: string; key_hash: string; last_seen: number }[] = [];
    const dev = deviceOf(device);
    const addr = bindingAddress(address);
    for (const [kind, key] of [
      ["device", dev],
      ["address", addr],
    ] as const) {
      if (key === null) continue;
      const hash = this.hash(kind, key);
      const seen = `${account}\u0000${kind}\u0000${hash}`;
      if (now - (this.noted.get(seen) ?? -Infinity) < NOTE_EVERY_MS) continue;
      if (this.noted.size >= CACHE_MAX) this.noted.clear();
      this.noted.set(seen, now);
      rows.push({ player_id: account, kind, key_hash: hash, last_seen: now });
    }
    if (rows.length === 0) return;
    await this.db
      .insertInto("account_traces")
      .values(rows)
      .onConflict((oc) => oc.columns(["player_id", "kind", "key_hash"]).doUpdateSet({ last_seen: now }))
      .execute();
    // A new link shows at once in this process (a join right after this one).
    this.cache.clear();
    if (now - this.prunedAt > 3600_000) {
      this.prunedAt = now;
      await this.db
        .deleteFrom("account_traces")
        .where("last_seen", "<", now - DEVICE_LINK_MS)
        .execute();
    }
  }

  /**
   * The accounts seen on this device (and on this address when `withAddress`) within the link
   * windows, most recently seen first, at most LINKS_MAX.
   */
  async linked(device: string | null, address: string | null, withAddress: boolean): Promise<string[]> {
    const dev = deviceOf(device);
    const addr = withAddress ? bindingAddress(address) : null;
    if (dev === null && addr === null) return [];
    const now = this.now();
    const cacheKey = `${dev ?? ""}\u0000${addr ?? ""}`;
    const hit = this.cache.get(cacheKey);
    if (hit && now - hit.at < LINKED_TTL_MS) return hit.accounts;
    const rows = await this.db
      .selectFrom("account_traces")
      .select(["player_id", "last_seen"])
      .where((eb) =>
        eb.or([
          ...(dev === null
            ? []
            : [
                eb.and([
                  eb("kind", "=", "device"),
                  eb("key_hash", "=", this.hash("device", dev)),
                  eb("last_seen", ">=", now - DEVICE_LINK_MS),
                ]),
              ]),
          ...(addr === null
            ? []
            : [
                eb.and([
                  eb("kind", "=", "address"),
                  eb("key_hash", "=", this.hash("address", addr)),
                  eb("last_seen", ">=", now - ADDRESS_LINK_MS),
                ]),
              ]),
        ]),
      )
      .orderBy("last_seen", "desc")
      .limit(LINKS_MAX * 2)
      .execute();
    const accounts = [...new Set(rows.map((r) => r.player_id))].slice(0, LINKS_MAX);
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    this.cache.set(cacheKey, { at: now, accounts });
    return accounts;
  }
}

/** The latest end of a ban or mute (`kind`) in force on any of `accounts`, or null. */
export async function latestSanction(db: Db, accounts: readonly string[], kind: "ban" | "mute", now = Date.now()): Promise<number | null> {
  if (accounts.length === 0) return null;
  const row = await db
    .selectFrom("account_sanctions")
    .select((eb) => eb.fn.max("until").as("until"))
    .where("player_id", "in", [...accounts])
    .where("kind", "=", kind)
    .where("until", ">", now)
    .executeTakeFirst();
  return row?.until == null ? null : Number(row.until);
}
