/**
 * Bans at the table: an account an operator banned does not sit down (reports.ts); it may still
 * watch. Nor does its device, nor (without a saved account) its address, while the ban lasts (traces.ts).
 */
import type { Db } from "../db/database.ts";
import type { RoomKit } from "../table/table-room.ts";
import { banRefusal } from "./reports.ts";
import { latestSanction } from "./traces.ts";

/** Adds the ban checks to a server's tables' joins. */
export function bansAtTables(kit: RoomKit, db: () => Promise<Db>): void {
  kit.check({
    async sitting(_room, account, links) {
      const banned = account === null ? null : await banRefusal(await db(), account);
      if (banned) return banned;
      const linkedBan = links.length === 0 ? null : await latestSanction(await db(), links, "ban");
      return linkedBan === null
        ? null
        : `cannot-play: you cannot play right now; you can play again from ${new Date(linkedBan).toISOString()}`;
    },
  });
}
