/**
 * Report and block at the table (table-report.ts), as a feature of a server's tables: the two
 * messages and, at game over, the logs the reports filed meanwhile wait on. Kept apart from
 * table-report.ts, whose message names the frame limits read, so the table is not on that path.
 */
import type { Client } from "@colyseus/core";
import type { Rejection } from "@scat/shared";
import type { Db } from "../db/database.ts";
import { allowOrSay } from "../table/messages.ts";
import type { RoomKit, TableRoom } from "../table/table-room.ts";
import type { BlockCache } from "./blocks.ts";
import { TABLE_SOCIAL, blockAtTable, reportAtTable, reportsOnGameOver, type ReportHost } from "./table-report.ts";

/** Adds report and block at the table to a server's tables: the two messages, and the logs the reports wait on at game over. */
export function reportsAtTables(kit: RoomKit, db: () => Promise<Db>, blocks: BlockCache | null): void {
  const social = async (kind: "report" | "block", room: TableRoom, client: Client, payload: unknown): Promise<void> => {
    try {
      const host: ReportHost = {
        roomId: room.roomId,
        game: room.game,
        match: room.match,
        seatOf: (sessionId: string) => room.seating.bySession(sessionId)?.index,
        accountAt: (seat: number) => room.conduct.accountAt(seat),
        chatLines: () =>
          room.chat.kept.map((l) => ({ name: l.name, seat: l.seat, text: l.text ?? `[${l.phrase ?? l.emote ?? ""}]`, at: l.at })),
        reject: (c: Client, r: Rejection) => room.replies.reject(c, r),
      };
      const store = await db();
      await (kind === "report" ? reportAtTable(host, store, client, payload) : blockAtTable(host, store, blocks, client, payload));
    } catch (e) {
      room.contain(e, "onMessage", client);
    }
  };
  kit.handle(TABLE_SOCIAL.report, (room, replies, client, payload) => {
    if (!allowOrSay(replies, client)) return;
    return social("report", room, client, payload);
  });
  kit.handle(TABLE_SOCIAL.block, (room, replies, client, payload) => {
    if (!allowOrSay(replies, client)) return;
    return social("block", room, client, payload);
  });
  kit.events.on("gameOver", ({ room, match }) => reportsOnGameOver(room.roomId, match, db));
}
