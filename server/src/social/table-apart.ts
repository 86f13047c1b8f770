/**
 * Blocked pairs are never at one table (quick-play-apart.ts): each table records who every
 * reservation is (`TableApart`), refuses a quick-play reservation that would put a kept-apart pair
 * together (the matchmaker then tries another table), and refuses a join by id or code, or to
 * watch, when the client connects, with a neutral reason that names no one and no block. Taking
 * back one's own seat is never refused.
 */
import { ServerError } from "@colyseus/core";
import { ROOM_ERROR, type RoomKit, type TableRoom } from "../table/table-room.ts";
import { TableApart, whoOf, type Who } from "./quick-play-apart.ts";

/** A join kept from this table (a block either way): neutral, it names no one and no block. */
const TABLE_UNAVAILABLE = "table-unavailable: this table cannot take you right now: pick another table or start one";

/**
 * Who a reservation is, to keep blocked pairs apart: the matchmaking gate's `__who`; a ranked
 * seat (made by the queue, which keeps the pair apart itself) is its account, so a kept-apart
 * spectator is refused there too.
 */
function whoAt(room: TableRoom, options: unknown): Who | null {
  const id = (options as { playerId?: unknown } | null)?.playerId;
  return whoOf(options) ?? (room.ranked && typeof id === "string" ? { account: id, links: [id], apart: [], quick: false } : null);
}

/** Adds the keeping apart to a server's tables. */
export function keepApartAtTables(kit: RoomKit): void {
  // Each table's record of who is here; gone with the table.
  const tables = new WeakMap<TableRoom, TableApart>();
  const of = (room: TableRoom): TableApart => {
    let apart = tables.get(room);
    if (!apart) tables.set(room, (apart = new TableApart()));
    return apart;
  };
  kit.gate({
    admit: (room, sessionId, options) => of(room).admit(sessionId, options, room.ownSeat(options), whoAt(room, options)),
    refused: (room, sessionId) => tables.get(room)?.left(sessionId),
  });
  kit.check({
    connecting(room, sessionId, options) {
      if (!room.ownSeat(options) && tables.get(room)?.clash(sessionId)) throw new ServerError(ROOM_ERROR, TABLE_UNAVAILABLE);
    },
  });
  kit.events.on("refused", ({ room, sessionId }) => tables.get(room)?.left(sessionId));
  kit.events.on("left", ({ room, sessionId }) => tables.get(room)?.left(sessionId));
}
