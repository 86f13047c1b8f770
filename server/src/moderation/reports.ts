/**
 * Players' reports and the operator's answers to them: a saved account reports a player with a
 * reason and a note (the reporter's own words); the evidence is the server's own record, never
 * the reporter's: at a table the room files the chat lines it kept and, once the game has ended,
 * its log; over HTTP a stored match both played in gives its log. An operator lists open reports
 * ranked by signal (report-rank.ts) and warns, mutes (chat ban until a time) or bans (no play or
 * sign-in until a time) the account, or dismisses the report. Every operator decision is an
 * `operator_actions` row (operators.ts) and names the report it answers.
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Db } from "../db/database.ts";
import { recordAction, type Actor } from "./operators.ts";
import { rankOpenReports } from "./report-rank.ts";

export const REPORT_REASONS = ["abusive-chat", "cheating", "stalling", "offensive-name", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const SANCTIONS = ["warn", "mute", "ban", "dismiss"] as const;
export type Sanction = (typeof SANCTIONS)[number];

/** At most this many chat lines are kept with a report. */
export const REPORT_CHAT_MAX = 100;
/** An account files at most this many reports a day, and this many an hour. */
export const REPORTS_PER_DAY = 20;
export const REPORTS_PER_HOUR = 5;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The latest time a `Date` holds (ms): a stored time past it cannot be drawn. */
const MAX_TIME = 8.64e15;

export interface ChatLineFiled {
  readonly name: string;
  readonly seat: number | null;
  readonly text: string;
  readonly at: number;
}

/** A chat line as stored: anything else in a row (older data, a hand edit) is not served as evidence. */
const storedLine = z.object({
  name: z.string().max(100),
  seat: z.number().int().min(0).max(15).nullable(),
  text: z.string().max(2000),
  at: z.number().int().min(0).max(MAX_TIME),
});
const storedChat = z.array(storedLine).max(REPORT_CHAT_MAX);

/** What the server saw of the two accounts: by seat at a table, in a stored match, or nothing (an id alone). */
export type ReportSource = "table" | "match" | "account";

export interface NewReport {
  readonly reporterId: string;
  readonly reportedId: string;
  readonly reason: ReportReason;
  /** The reporter's own words, shown to operators as such. */
  readonly note: string;
  readonly game: string;
  readonly tableId: string;
  readonly source: ReportSource;
  /** The finished game's log (from the server's record), or null. */
  readonly gameLog: unknown | null;
  /** The table's match still running when the report was filed: its log is filed when it ends. */
  readonly pendingMatch?: string | null;
  /** The chat lines the table kept (the server's record). */
  readonly chat: readonly ChatLineFiled[];
}

export type FileError = "self" | "unknown-player" | "too-many-reports" | "already-reported";
export type FileResult = { ok: true; id: string } | { ok: false; error: FileError };

export async function fileReport(db: Db, report: NewReport, now = Date.now()): Promise<FileResult> {
  if (report.reporterId === report.reportedId) return { ok: false, error: "self" };
  return db.transaction().execute(async (tx) => {
    const target = await tx.selectFrom("players").select("id").where("id", "=", report.reportedId).executeTakeFirst();
    if (!target) return { ok: false, error: "unknown-player" } as const;
    // Intake per reporter: a day's and an hour's worth, and one report on a player a day (what it
    // saw next goes to the same operator anyway), so a few accounts cannot fill the queue.
    const recent = await tx
      .selectFrom("reports")
      .select(["at", "reported_id"])
      .where("reporter_id", "=", report.reporterId)
      .where("at", ">", now - DAY)
      .execute();
    if (recent.length >= REPORTS_PER_DAY || recent.filter((r) => r.at > now - HOUR).length >= REPORTS_PER_HOUR)
      return { ok: false, error: "too-many-reports" } as const;
    if (recent.some((r) => r.reported_id === report.reportedId)) return { ok: false, error: "already-reported" } as const;
    const id = randomUUID();
    const chat = storedChat.safeParse(report.chat.slice(-REPORT_CHAT_MAX));
    await tx
      .insertInto("reports")
      .values({
        id,
        at: now,
        reporter_id: report.reporterId,
        reported_id: report.reportedId,
        reason: report.reason,
        note: report.note,
        game: report.game,
        table_id: report.tableId,
        game_log: report.gameLog === null ? null : JSON.stringify(report.gameLog),
        pending_match: report.pendingMatch ?? null,
        source: report.source,
        chat: JSON.stringify(chat.success ? chat.data : []),
        status: "open",
        action_id: null,
      })
      .execute();
    return { ok: true, id } as const;
  });
}

/**
 * A stored match named by a report over HTTP: its game and log, when both accounts played in it;
 * "not-in-match" when it exists without them; null when there is no such stored match.
 */
export async function matchEvidence(
  db: Db,
  matchId: string,
  reporterId: string,
  reportedId: string,
): Promise<{ game: string; log: unknown } | "not-in-match" | null> {
  const match = await db.selectFrom("matches").select(["game", "log"]).where("id", "=", matchId).executeTakeFirst();
  if (!match) return null;
  const seated = await db
    .selectFrom("match_players")
    .select("player_id")
    .where("match_id", "=", matchId)
    .where("player_id", "in", [reporterId, reportedId])
    .execute();
  if (new Set(seated.map((s) => s.player_id)).size < 2) return "not-in-match";
  return { game: match.game, log: parse(match.log) };
}

/** A running table's match ended: the reports filed during it get its log now. Returns how many. */
export async function fileFinishedLog(db: Db, matchRef: string, gameLog: unknown): Promise<number> {
  const waiting = await db.selectFrom("reports").select("id").where("pending_match", "=", matchRef).execute();
  if (waiting.length === 0) return 0;
  await db
    .updateTable("reports")
    .set({ game_log: JSON.stringify(gameLog), pending_match: null })
    .where("pending_match", "=", matchRef)
    .execute();
  return waiting.length;
}

export interface ReportRow {
  readonly id: string;
  readonly at: number;
  readonly reporter: { readonly id: string; readonly name: string };
  readonly reported: { readonly id: string; readonly name: string };
  readonly reason: string;
  /** The reporter's own words. */
  readonly note: string;
  readonly game: string;
  readonly tableId: string;
  readonly source: ReportSource | null;
  readonly hasGameLog: boolean;
  /** The game was still running when the report was filed: its log comes when it ends. */
  readonly gameLogPending: boolean;
  /** The chat lines the table kept; [] when the stored ones did not read as chat lines (`chatUnreadable`). */
  readonly chat: readonly ChatLineFiled[];
  readonly chatUnreadable: boolean;
  readonly status: string;
  readonly actionId: string | null;
  /** Open reports only: how strongly the open reports point at this player (report-rank.ts). */
  readonly signal?: { readonly score: number; readonly reporters: number };
}

const parse = (v: unknown): unknown => (typeof v === "string" ? JSON.parse(v) : v);
const readChat = (v: unknown): ChatLineFiled[] | null => {
  try {
    const r = storedChat.safeParse(parse(v));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
};

/**
 * Open reports ranked by signal (report-rank.ts), or with `all` every report newest first. Each
 * row's chat is checked as it is read: lines that are not chat lines are never served.
 */
export async function listReports(db: Db, opts: { all?: boolean; limit?: number } = {}): Promise<ReportRow[]> {
  const limit = opts.limit ?? 100;
  const ranked = opts.all ? null : await rankOpenReports(db, limit);
  if (ranked !== null && ranked.length === 0) return [];
  let q = db
    .selectFrom("reports as r")
    .innerJoin("players as a", "a.id", "r.reporter_id")
    .innerJoin("players as b", "b.id", "r.reported_id")
    .select([
      "r.id",
      "r.at",
      "r.reporter_id",
      "a.display_name as reporter_name",
      "r.reported_id",
      "b.display_name as reported_name",
      "r.reason",
      "r.note",
      "r.game",
      "r.table_id",
      "r.chat",
      "r.status",
      "r.action_id",
      "r.source",
      "r.pending_match",
    ])
    .select((eb) => eb("r.game_log", "is not", null).as("has_log"));
  q =
    ranked === null
      ? q.orderBy("r.at", "desc").limit(limit)
      : q.where(
          "r.id",
          "in",
          ranked.map((r) => r.id),
        );
  const rows = await q.execute();
  const out = rows.map((r): ReportRow => {
    const chat = readChat(r.chat);
    return {
      id: r.id,
      at: r.at,
      reporter: { id: r.reporter_id, name: r.reporter_name },
      reported: { id: r.reported_id, name: r.reported_name },
      reason: r.reason,
      note: r.note,
      game: r.game,
      tableId: r.table_id,
      source: (r.source as ReportSource | null) ?? null,
      hasGameLog: Boolean(r.has_log),
      gameLogPending: r.pending_match !== null,
      chat: chat ?? [],
      chatUnreadable: chat === null,
      status: r.status,
      actionId: r.action_id,
    };
  });
  if (ranked === null) return out;
  const byId = new Map(out.map((r) => [r.id, r]));
  return ranked.flatMap((k) => {
    const row = byId.get(k.id);
    return row ? [{ ...row, signal: { score: k.score, reporters: k.reporters } }] : [];
  });
}

/**
 * The game log filed with a report (for the operator page's replay): "pending" while its game has
 * not ended (a log filed before that rule, without an outcome, counts as not ended: its seed would
 * show the hands of a game that may still be played), or null when there is none.
 */
export async function reportGameLog(db: Db, id: string): Promise<unknown | "pending" | null> {
  const row = await db.selectFrom("reports").select(["game_log", "pending_match"]).where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  if (row.game_log == null) return row.pending_match === null ? null : "pending";
  const log = parse(row.game_log) as { outcome?: unknown; over?: unknown } | null;
  const ended = log !== null && typeof log === "object" && ((log.outcome !== undefined && log.outcome !== null) || log.over === true);
  return ended ? log : "pending";
}

export interface SanctionRequest {
  readonly accountId: string;
  readonly sanction: Sanction;
  readonly reason: string;
  /** Minutes a mute or ban lasts. */
  readonly minutes?: number | undefined;
  /** The report this answers (closed by it), if any. */
  readonly reportId?: string | undefined;
}

export type SanctionResult =
  { ok: true; actionId: string; until: number | null } | { ok: false; error: "unknown-player" | "unknown-report" | "needs-minutes" };

/** An operator's decision: recorded in `operator_actions`; a mute or ban is in force until its end. */
export async function sanction(db: Db, actor: Actor, req: SanctionRequest, now = Date.now()): Promise<SanctionResult> {
  if ((req.sanction === "mute" || req.sanction === "ban") && !req.minutes) return { ok: false, error: "needs-minutes" };
  return db.transaction().execute(async (tx) => {
    const player = await tx.selectFrom("players").select("id").where("id", "=", req.accountId).executeTakeFirst();
    if (!player) return { ok: false, error: "unknown-player" } as const;
    if (req.reportId !== undefined) {
      const report = await tx
        .selectFrom("reports")
        .select("id")
        .where("id", "=", req.reportId)
        .where("reported_id", "=", req.accountId)
        .executeTakeFirst();
      if (!report) return { ok: false, error: "unknown-report" } as const;
    }
    const until = req.sanction === "mute" || req.sanction === "ban" ? now + req.minutes! * 60_000 : null;
    const actionId = await recordAction(tx, actor, req.sanction, req.accountId, req.reason, { until, reportId: req.reportId ?? null }, now);
    if (until !== null) {
      await tx
        .insertInto("account_sanctions")
        .values({ player_id: req.accountId, kind: req.sanction, until, action_id: actionId, at: now })
        .onConflict((oc) => oc.columns(["player_id", "kind"]).doUpdateSet({ until, action_id: actionId, at: now }))
        .execute();
    }
    if (req.reportId !== undefined) {
      await tx
        .updateTable("reports")
        .set({ status: req.sanction === "dismiss" ? "dismissed" : "actioned", action_id: actionId })
        .where("id", "=", req.reportId)
        .execute();
    }
    return { ok: true, actionId, until } as const;
  });
}

/** Until when an account is muted (kind "mute") or banned ("ban"), or null when it is not now. */
export async function sanctionedUntil(db: Db, accountId: string, kind: "mute" | "ban", now = Date.now()): Promise<number | null> {
  const row = await db
    .selectFrom("account_sanctions")
    .select("until")
    .where("player_id", "=", accountId)
    .where("kind", "=", kind)
    .where("until", ">", now)
    .executeTakeFirst();
  return row?.until ?? null;
}

/** The warnings an account was given (for its own page or the table's greeting), newest first. */
export async function warningsOf(db: Db, accountId: string, limit = 10): Promise<{ at: number; reason: string }[]> {
  const rows = await db
    .selectFrom("operator_actions")
    .select(["at", "reason"])
    .where("target_id", "=", accountId)
    .where("action", "=", "warn")
    .orderBy("at", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ at: r.at, reason: r.reason }));
}

/** The refusal a banned account gets when it asks to play, or null when it is not banned now. */
export async function banRefusal(db: Db, accountId: string, now = Date.now()): Promise<string | null> {
  const until = await sanctionedUntil(db, accountId, "ban", now);
  return until === null ? null : `account-banned: an operator banned this account from play until ${new Date(until).toISOString()}`;
}
