/**
 * A room's listing read by its id is read fresh from Redis.
 *
 * Colyseus' lobby answers each "room changed" message on its channel with
 * `matchMaker.query({ roomId })`. The Redis driver serves every query from one shared, in-flight
 * HGETALL of all listings, and that read may have been sent before the change was written (by
 * another process). A lobby then keeps the table's old listing until the table changes again,
 * e.g. a table shown with no players (seen in server/test/cluster.test.ts). One room read by id
 * with `findByIds` (HMGET) is never shared: it goes out after the change message arrived, so
 * after the write.
 */
import type { RedisDriver } from "@colyseus/redis-driver";

export function freshReadsById(driver: RedisDriver): RedisDriver {
  const query = driver.query.bind(driver);
  driver.query = async (conditions, sortOptions) => {
    const roomId = (conditions as { roomId?: unknown } | undefined)?.roomId;
    if (typeof roomId === "string" && Object.keys(conditions).length === 1) {
      const room = (await driver.findByIds([roomId])).get(roomId);
      return room ? [room] : [];
    }
    return query(conditions, sortOptions);
  };
  return driver;
}
