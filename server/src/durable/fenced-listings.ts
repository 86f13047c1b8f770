/**
 * A table that moved away from this process without handing it over (a peer fenced its write,
 * or this process's lease ran out: durability.ts) never touches the room listing again
 * (docs/OPERATIONS.md, "Consistency"). Its room here still closes, and Colyseus would remove or
 * update its listing (`roomcaches`, by roomId) as it goes: through a connection to Redis that
 * may deliver it seconds late (after a network cut heals), when the listing is the new host's.
 * Colyseus's driver is wrapped once (Redis only) so those calls are skipped for such a table.
 */
type Listing = { roomId?: string };
type Driver = {
  persist(listing: Listing, create?: boolean): Promise<boolean>;
  update(listing: Listing, operations: unknown): Promise<unknown>;
  remove(roomId: string): Promise<boolean>;
};

/** How long a moved table's roomId is remembered (its room here is closed within seconds). */
const REMEMBER_MS = 5 * 60_000;

export class FencedListings {
  private readonly ids = new Map<string, number>();

  add(roomId: string, now = Date.now()): void {
    this.ids.set(roomId, now + REMEMBER_MS);
    for (const [id, until] of this.ids) if (until < now) this.ids.delete(id);
  }

  has(roomId: string | undefined, now = Date.now()): boolean {
    return roomId !== undefined && (this.ids.get(roomId) ?? 0) > now;
  }

  /**
   * A table this process resumes again (it claimed it back) is its own again. Called when a
   * table is created here from its journal.
   */
  forget(roomId: string): void {
    this.ids.delete(roomId);
  }

  install(driver: Driver): void {
    const { persist, update, remove } = { persist: driver.persist.bind(driver), update: driver.update.bind(driver), remove: driver.remove.bind(driver) };
    driver.persist = (listing, create) => (this.has(listing.roomId) ? Promise.resolve(false) : persist(listing, create));
    driver.update = (listing, operations) => (this.has(listing.roomId) ? Promise.resolve(false) : update(listing, operations));
    driver.remove = (roomId) => (this.has(roomId) ? Promise.resolve(false) : remove(roomId));
  }
}

export const fencedListings = new FencedListings();
