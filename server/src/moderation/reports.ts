/**
 * Players' reports and the operator's answers to them (issue #27): a saved account reports a
 * player at a table or in a replay with a reason, the game log and the chat lines; an operator
 * lists open reports and warns, mutes (chat ban until a time) or bans (no play or sign-in until a
 * time) the account, or dismisses the report. Every operator decision is an `operator_actions`
 * row (operators.ts) and names the report it answers.
 */
import { randomUUID } from "node:crypto";
import type { Db } from "../db/database.ts";
import { recordAction, type Actor } from "./operators.ts";

export const REPORT_REASONS = ["abusive-chat", "cheating", "stalling", "offensive-name", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const SANCTIONS = ["warn", "mute", "ban", "dismiss"] as const;
export type Sanction = (typeof SANCTIONS)[number];

/** At most this many chat lines are kept with a report. */
export const REPORT_CHAT_MAX = 100;
/** An account files at most this many reports a day. */
export const REPORTS_PER_DAY = 20;
const DAY = 86_400_000;

export interface ChatLineFiled { readonly name: string; readonly seat: number | null; readonly text: string; readonly at: number }

export interface NewReport {
  readonly reporterId: string;
  readonly reportedId: string;
  readonly reason: ReportReason;
  readonly note: string;
  readonly game: string;
  readonly tableId: string;
  readonly gameLog: unknown | null;
  readonly chat: readonly ChatLineFiled[];
}

export type FileResult = { ok: true; id: string } | { ok: false; error: "self" | "unknown-player" | "too-many-reports" };

export async function fileReport(db: Db, report: NewReport, now = Date.now()): Promise<FileResult> {
  if (report.reporterId === report.reportedId) return { ok: false, error: "self" };
  return db.transaction().execute(async (tx) => {
    const target = await tx.selectFrom("players").select("id").where("id", "=", report.reportedId).executeTakeFirst();
    if (!target) return { ok: false, error: "unknown-player" } as const;
    const today = await tx.selectFrom("reports").select((eb) => eb.fn.countAll<number>().as("n"))
      .where("reporter_id", "=", report.reporterId).where("at", ">", now - DAY).executeTakeFirstOrThrow();
    if (Number(today.n) >= REPORTS_PER_DAY) return { ok: false, error: "too-many-reports" } as const;
    const id = randomUUID();
    await tx.insertInto("reports").values({
      id, at: now, reporter_id: report.reporterId, reported_id: report.reportedId, reason: report.reason, note: report.note,
      game: report.game, table_id: report.tableId, game_log: report.gameLog === null ? null : JSON.stringify(report.gameLog),
      chat: JSON.stringify(report.chat.slice(-REPORT_CHAT_MAX)), status: "open", action_id: null,
    }).execute();
    return { ok: true, id } as const;
  });
}

export interface ReportRow {
  readonly id: string;
  readonly at: number;
  readonly reporter: { readonly id: string; readonly name: string };
  readonly reported: { readonly id: string; readonly name: string };
  readonly reason: string;
  readonly note: string;
  readonly game: string;
  readonly tableId: string;
  readonly hasGameLog: boolean;
  readonly chat: readonly ChatLineFiled[];
  readonly status: string;
  readonly actionId: string | null;
}

const parse = (v: unknown): unknown => (typeof v === "string" ? JSON.parse(v) : v);

/** Reports, newest first: open ones only unless `all`. */
export async function listReports(db: Db, opts: { all?: boolean; limit?: number } = {}): Promise<ReportRow[]> {
  let q = db.selectFrom("reports as r")
    .innerJoin("players as a", "a.id", "r.reporter_id")
    .innerJoin("players as b", "b.id", "r.reported_id")
    .select(["r.id", "r.at", "r.reporter_id", "a.display_name as reporter_name", "r.reported_id", "b.display_name as reported_name", "r.reason", "r.note", "r.game", "r.table_id", "r.chat", "r.status", "r.action_id"])
    .select((eb) => eb("r.game_log", "is not", null).as("has_log"))
    .orderBy("r.at", "desc").limit(opts.limit ?? 100);
  if (!opts.all) q = q.where("r.status", "=", "open");
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.id, at: r.at, reporter: { id: r.reporter_id, name: r.reporter_name }, reported: { id: r.reported_id, name: r.reported_name },
    reason: r.reason, note: r.note, game: r.game, tableId: r.table_id, hasGameLog: Boolean(r.has_log),
    chat: parse(r.chat) as ChatLineFiled[], status: r.status, actionId: r.action_id,
  }));
}

/** The game log filed with a report (for the operator page's replay), or null. */
export async function reportGameLog(db: Db, id: string): Promise<unknown | null> {
  const row = await db.selectFrom("reports").select("game_log").where("id", "=", id).executeTakeFirst();
  return row?.game_log == null ? null : parse(row.game_log);
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

export type SanctionResult = { ok: true; actionId: string; until: number | null } | { ok: false; error: "unknown-player" | "unknown-report" | "needs-minutes" };

/** An operator's decision: recorded in `operator_actions`; a mute or ban is in force until its end. */
export async function sanction(db: Db, actor: Actor, req: SanctionRequest, now = Date.now()): Promise<SanctionResult> {
  if ((req.sanction === "mute" || req.sanction === "ban") && !req.minutes) return { ok: false, error: "needs-minutes" };
  return db.transaction().execute(async (tx) => {
    const player = await tx.selectFrom("players").select("id").where("id", "=", req.accountId).executeTakeFirst();
    if (!player) return { ok: false, error: "unknown-player" } as const;
    if (req.reportId !== undefined) {
      const report = await tx.selectFrom("reports").select("id").where("id", "=", req.reportId).where("reported_id", "=", req.accountId).executeTakeFirst();
      if (!report) return { ok: false, error: "unknown-report" } as const;
    }
    const until = req.sanction === "mute" || req.sanction === "ban" ? now + req.minutes! * 60_000 : null;
    const actionId = await recordAction(tx, actor, req.sanction, req.accountId, req.reason, { until, reportId: req.reportId ?? null }, now);
    if (until !== null) {
      await tx.insertInto("account_sanctions").values({ player_id: req.accountId, kind: req.sanction, until, action_id: actionId, at: now })
        .onConflict((oc) => oc.columns(["player_id", "kind"]).doUpdateSet({ until, action_id: actionId, at: now })).execute();
    }
    if (req.reportId !== undefined) {
      await tx.updateTable("reports").set({ status: req.sanction === "dismiss" ? "dismissed" : "actioned", action_id: actionId }).where("id", "=", req.reportId).execute();
    }
    return { ok: true, actionId, until } as const;
  });
}

/** Until when an account is muted (kind "mute") or banned ("ban"), or null when it is not now. */
export async function sanctionedUntil(db: Db, accountId: string, kind: "mute" | "ban", now = Date.now()): Promise<number | null> {
  const row = await db.selectFrom("account_sanctions").select("until").where("player_id", "=", accountId).where("kind", "=", kind).where("until", ">", now).executeTakeFirst();
  return row?.until ?? null;
}

/** The warnings an account was given (for its own page or the table's greeting), newest first. */
export async function warningsOf(db: Db, accountId: string, limit = 10): Promise<{ at: number; reason: string }[]> {
  const rows = await db.selectFrom("operator_actions").select(["at", "reason"]).where("target_id", "=", accountId).where("action", "=", "warn").orderBy("at", "desc").limit(limit).execute();
  return rows.map((r) => ({ at: r.at, reason: r.reason }));
}

/** The refusal a banned account gets when it asks to play, or null when it is not banned now. */
export async function banRefusal(db: Db, accountId: string, now = Date.now()): Promise<string | null> {
  const until = await sanctionedUntil(db, accountId, "ban", now);
  return until === null ? null : `account-banned: an operator banned this account from play until ${new Date(until).toISOString()}`;
}
