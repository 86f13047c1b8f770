/**
 * Report and block from the table: a seated player with a saved account names a seat,
 * not an account (clients never see account ids), and the room fills in the rest from what only
 * it holds: the account at that seat, the chat lines it kept (`ReportHost.chatLines`, the chat's
 * side) and the game's log. The log carries the seed, which replays every hand: a game still
 * running is filed by reference only (`pending_match`) and its log is added when it ends
 * (`reportsOnGameOver`), so nobody, operators included, reads a hand of a game still in play.
 * Refusals go to the sender only (`rejected`), never echoing its input; success is `reported` /
 * `blocked` `{ seat }`.
 */
import type { Client } from "@colyseus/core";
import type { AnyGame, Rejection } from "@scat/shared";
import { REPORT_NOTE_MAX, textOf } from "@scat/shared/text-limits.ts";
import { z } from "zod";
import type { Db } from "../db/database.ts";
import { logger } from "../logger.ts";
import { REPORT_REASONS, fileFinishedLog, fileReport, type ChatLineFiled } from "../moderation/reports.ts";
import { gameLogOf } from "../table/fairness.ts";
import type { Match } from "../table/match.ts";
import { block, type BlockCache } from "./blocks.ts";

export const TABLE_SOCIAL = { report: "report", block: "block", reported: "reported", blocked: "blocked" } as const;

export interface ReportHost {
  readonly roomId: string;
  readonly game: AnyGame;
  readonly match: Match | null;
  /** The seat a session holds, or undefined. */
  seatOf(sessionId: string): number | undefined;
  /** The account at a seat (a player who brought one), or null. */
  accountAt(seat: number): string | null;
  /** The chat lines this table kept (none until the chat calls in). */
  chatLines(): readonly ChatLineFiled[];
  reject(client: Client, rejection: Rejection): void;
}

const seatSchema = z.number().int().min(0).max(15);
const reportSchema = z.strictObject({ seat: seatSchema, reason: z.enum(REPORT_REASONS), note: textOf(REPORT_NOTE_MAX).default("") });
const blockSchema = z.strictObject({ seat: seatSchema });

/** The two accounts, or the refusal already sent (null). */
async function pair(host: ReportHost, db: Db, client: Client, seat: number): Promise<{ me: string; them: string } | null> {
  const mine = host.seatOf(client.sessionId);
  const me = mine === undefined ? null : host.accountAt(mine);
  const saved = me === null ? undefined : await db.selectFrom("players").select("username").where("id", "=", me).executeTakeFirst();
  if (me === null || !saved || saved.username === null) {
    host.reject(client, { code: "register-first", message: "Reporting and blocking are for seated players with a saved account" });
    return null;
  }
  const them = host.accountAt(seat);
  if (them === null || seat === mine) {
    host.reject(client, {
      code: "no-account",
      message: "That seat has no account to report or block (a bot, a guest without one, or you)",
    });
    return null;
  }
  return { me, them };
}

const REFUSALS: Partial<Record<string, string>> = {
  "too-many-reports": "You have filed the most reports you can for now (5 an hour, 20 a day)",
  "already-reported": "You have already reported this player today: the operators have it",
};

/** The match a report waits on: the game log's own id for it (table/fairness.ts). */
const matchRef = (roomId: string, m: Match): string => `${roomId}-${m.startedAt}`;

/**
 * Matches with a report waiting on their log. Kept in memory so a game's end touches the database
 * only when something waits; a table resumed on another process forgets it, and those reports
 * keep no log (the safe side: the seed is then never served).
 */
const awaitingLog = new WeakSet<Match>();

/** A table's game ended: the reports filed while it ran get its log (their seed may now be read). */
export function reportsOnGameOver(roomId: string, match: Match, db: () => Promise<Db>): void {
  if (!awaitingLog.has(match)) return;
  awaitingLog.delete(match);
  void db()
    .then((d) => fileFinishedLog(d, matchRef(roomId, match), gameLogOf(roomId, match)))
    .catch((err: unknown) => logger.error({ room: roomId, err }, "finished game log not filed with its reports"));
}

export async function reportAtTable(host: ReportHost, db: Db, client: Client, payload: unknown): Promise<void> {
  const parsed = reportSchema.safeParse(payload);
  if (!parsed.success)
    return host.reject(client, {
      code: "invalid-message",
      message: `report takes { seat, reason: ${REPORT_REASONS.join("|")}, note? (up to ${REPORT_NOTE_MAX} characters) }`,
    });
  const who = await pair(host, db, client, parsed.data.seat);
  if (!who) return;
  const m = host.match;
  const running = m !== null && !m.over;
  if (m !== null && running) awaitingLog.add(m);
  const filed = await fileReport(db, {
    reporterId: who.me,
    reportedId: who.them,
    reason: parsed.data.reason,
    note: parsed.data.note,
    game: host.game.id,
    tableId: host.roomId,
    source: "table",
    gameLog: m !== null && !running ? gameLogOf(host.roomId, m) : null,
    pendingMatch: m !== null && running ? matchRef(host.roomId, m) : null,
    chat: host.chatLines(),
  });
  if (!filed.ok) return host.reject(client, { code: filed.error, message: REFUSALS[filed.error] ?? "That report cannot be filed" });
  // The game ended while the report was being written: its end may have looked before the row was there.
  if (m !== null && running && (m as Match).over) await fileFinishedLog(db, matchRef(host.roomId, m), gameLogOf(host.roomId, m));
  client.send(TABLE_SOCIAL.reported, { seat: parsed.data.seat });
}

export async function blockAtTable(host: ReportHost, db: Db, cache: BlockCache | null, client: Client, payload: unknown): Promise<void> {
  const parsed = blockSchema.safeParse(payload);
  if (!parsed.success) return host.reject(client, { code: "invalid-message", message: "block takes { seat }" });
  const who = await pair(host, db, client, parsed.data.seat);
  if (!who) return;
  const result = await block(db, who.me, who.them);
  if (result === "too-many")
    return host.reject(client, { code: "too-many-blocks", message: "You have blocked the most players you can: unblock someone first" });
  cache?.changed(who.me, who.them, true);
  client.send(TABLE_SOCIAL.blocked, { seat: parsed.data.seat });
}
