/**
 * The tables' journal port (table/kit.ts) over this process's durability (durability.ts): each
 * call goes to the durability the server set up (`setDurability`), read when the table calls.
 */
import type { Resumed } from "../table/kit.ts";
import type { RoomKit, TableRoom } from "../table/table-room.ts";
import type { HeldPressRecord } from "../realtime/held-race.ts";
import { durability, type Resume } from "./durability.ts";
import { restoreTable } from "./restore.ts";

interface Resuming extends Resumed {
  readonly resume: Resume;
}

/** Journals a server's tables (a table resumed from its journal included). */
export function journalAtTables(kit: RoomKit): void {
  kit.useJournal({
    created(room: TableRoom, options: unknown): Resuming | null {
      const resume = durability.created(room, options);
      return resume && { options: resume.record.header.options, resume };
    },
    restore: (room, resumed) => restoreTable(room, (resumed as Resuming).resume),
    commit: (room, effects) => durability.commit(room, effects),
    settled: (room) => durability.settled(room),
    saving: (room) => durability.saving(room),
    held: (room, press) => durability.held(room, press as HeldPressRecord),
    waitingChanged: (room) => durability.waitingChanged(room),
    ended: (room) => durability.ended(room),
    disposed: (room) => durability.disposed(room),
  });
}
