/** A seat raised a fair-play flag: stored for operators with the account at the seat (store.ts); a signal, never a sanction. */
import type { Db } from "../db/database.ts";
import { logger } from "../logger.ts";
import type { RoomKit } from "../table/table-room.ts";
import { recordFlag } from "./store.ts";

/** Adds the storing of fair-play flags to a server's tables. `whenOpen`: runs once the store is open (a write queued until then). */
export function fairPlayFlagsAtTables(kit: RoomKit, whenOpen: (write: (db: Db) => Promise<unknown>) => Promise<unknown>): void {
  kit.events.on("fairPlayFlag", ({ room, seat, flag, evidence }) => {
    const record = {
      accountId: room.conduct.accountAt(seat),
      tableId: room.roomId,
      game: room.game.id,
      seat,
      kind: flag,
      evidence,
      at: Date.now(),
    };
    void whenOpen((db) => recordFlag(db, record)).catch((err: unknown) =>
      logger.error({ room: room.roomId, seat, flag, err }, "fair-play flag not stored"),
    );
  });
}
