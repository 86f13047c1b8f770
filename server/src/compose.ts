/**
 * The composition root of the tables: the one place that names the features a table has. The
 * table itself (table/) knows none of them; each feature adds its listeners, gates, checks,
 * messages and calls to the kit here, one line each, in the order they run.
 */
import type { Db } from "./db/database.ts";
import { journalAtTables } from "./durable/table-journal.ts";
import { fairPlayFlagsAtTables } from "./fair-play/table-flags.ts";
import { bansAtTables } from "./moderation/table-checks.ts";
import { rankedGate } from "./ranked/ranked-table.ts";
import { tableKit, type RoomKit } from "./table/table-room.ts";
import type { BlockCache } from "./social/blocks.ts";
import { chatAtTables } from "./social/chat/table-messages.ts";
import { onlineAtTables } from "./social/presence/online.ts";
import { rematchAtTables } from "./rematch/index.ts";
import { keepApartAtTables } from "./social/table-apart.ts";
import { seatRecordsAtTables } from "./social/table-hooks.ts";
import { reportsAtTables } from "./social/report-at-tables.ts";

/** The services the tables' features use (built once per server by `createServer`). */
export interface TableServices {
  /** The database, once open. */
  db(): Promise<Db>;
  /** Runs a write once the store is open (queued until then). */
  whenOpen(write: (db: Db) => Promise<unknown>): Promise<unknown>;
  /** Blocked pairs this process knows of, or null. */
  readonly blocks: BlockCache | null;
}

/** Every feature of a server's tables, registered into one kit. Registration uses no service: the services are read when a table calls. */
export function composeTables(services: TableServices): RoomKit {
  const kit = tableKit();
  journalAtTables(kit);
  kit.gate(rankedGate);
  keepApartAtTables(kit);
  bansAtTables(kit, () => services.db());
  // Whom a player sitting down blocked (or was blocked by) is loaded for the chat's delivery (social/blocks.ts).
  kit.check({
    sitting: (_room, account) => {
      if (account !== null) void services.blocks?.load(account).catch(() => undefined);
      return null;
    },
  });
  onlineAtTables(kit);
  seatRecordsAtTables(kit);
  reportsAtTables(kit, () => services.db(), services.blocks);
  fairPlayFlagsAtTables(kit, (write) => services.whenOpen(write));
  chatAtTables(kit);
  rematchAtTables(kit);
  return kit;
}

/** Every message type a composed table answers (docs/PROTOCOL.md lists the same). */
export function tableMessageTypes(): string[] {
  const none = (): never => {
    throw new Error("no services: message types only");
  };
  return [...composeTables({ db: none, whenOpen: none, blocks: null }).messages.keys()];
}
