/**
 * A table that moved away from this process without handing it over (a peer fenced its write,
 * or this process's lease ran out: durability.ts) never touches the room listing again
 * (docs/OPERATIONS.md, "Consistency"). Colyseus updates and removes a room's listing
 * (`roomcaches`, by roomId) as the room changes and closes, through a connection to Redis that
 * may deliver them seconds late (queued while a network cut lasted), when the listing is the new
 * host's. So Colyseus's Redis driver is wrapped once (Redis only):
 *
 * - a moved table's calls are not sent at all;
 * - an update or removal is applied in Redis only while the listing there names this process (a
 *   late one finds the new host's and leaves it); a room's first listing (`persist(…, true)`:
 *   created or resumed here) is written as before.
 */
import type { Redis } from "ioredis";

type Listing = Record<string, unknown> & { roomId?: string };
type Driver = {
  _client: Redis;
  persist(listing: Listing, create?: boolean): Promise<boolean>;
  update(listing: Listing, operations: { $set?: Record<string, unknown>; $inc?: Record<string, number> }): Promise<unknown>;
  remove(roomId: string): Promise<boolean>;
};

/** Colyseus's RedisDriver keeps every room's listing in this hash (roomId -> JSON). */
const ROOMCACHES = "roomcaches";

/** How long a moved table's roomId is remembered (its room here is closed within seconds). */
const REMEMBER_MS = 5 * 60_000;

// KEYS[1] roomcaches; ARGV[1] roomId, ARGV[2] this process's mark, ARGV[3] the listing ("" = remove).
const OWN_LISTING = `
local v = redis.call('HGET', KEYS[1], ARGV[1])
if v and not string.find(v, ARGV[2], 1, true) then return 0 end
if ARGV[3] == '' then return redis.call('HDEL', KEYS[1], ARGV[1]) end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
return 1`;

type Scripts = { ownListing(key: string, roomId: string, mark: string, listing: string): Promise<number> };

export class FencedListings {
  private readonly ids = new Map<string, number>();

  add(roomId: string, now = Date.now()): void {
    this.ids.set(roomId, now + REMEMBER_MS);
    for (const [id, until] of this.ids) if (until < now) this.ids.delete(id);
  }

  has(roomId: string | undefined, now = Date.now()): boolean {
    return roomId !== undefined && (this.ids.get(roomId) ?? 0) > now;
  }

  /** A table resumed here again (this process claimed it back) is its own again. */
  forget(roomId: string): void {
    this.ids.delete(roomId);
  }

  install(driver: Driver, processId: string): void {
    // The indexed driver fences its own writes in the script that keeps its indexes: here only
    // a moved table's calls are held back.
    if ((driver as { indexed?: unknown }).indexed === true) {
      const { persist, update, remove } = {
        persist: driver.persist.bind(driver),
        update: driver.update.bind(driver),
        remove: driver.remove.bind(driver),
      };
      driver.persist = (listing, create) => (this.has(listing.roomId) ? Promise.resolve(false) : persist(listing, create));
      driver.update = (listing, operations) => (this.has(listing.roomId) ? Promise.resolve(false) : update(listing, operations));
      driver.remove = (roomId) => (this.has(roomId) ? Promise.resolve(false) : remove(roomId));
      return;
    }
    const client = driver._client as Redis & Scripts;
    client.defineCommand("ownListing", { numberOfKeys: 1, lua: OWN_LISTING });
    const mark = `"processId":"${processId}"`;
    const own = async (roomId: string, listing: string) => (await client.ownListing(ROOMCACHES, roomId, mark, listing)) === 1;
    const persist = driver.persist.bind(driver);
    driver.persist = (listing, create) => {
      if (this.has(listing.roomId)) return Promise.resolve(false);
      return create || !listing.roomId ? persist(listing, create) : own(listing.roomId, JSON.stringify(listing));
    };
    driver.update = async (listing, operations) => {
      if (this.has(listing.roomId) || !listing.roomId) return false;
      // As Colyseus's RedisDriver.update: the operations change the local listing, which is then written whole.
      for (const [field, value] of Object.entries(operations.$set ?? {})) listing[field] = value;
      for (const [field, by] of Object.entries(operations.$inc ?? {})) listing[field] = (listing[field] as number) + by;
      return own(listing.roomId, JSON.stringify(listing));
    };
    driver.remove = (roomId) => (this.has(roomId) ? Promise.resolve(false) : own(roomId, ""));
  }
}

export const fencedListings = new FencedListings();
