/**
 * Players' block and report routes (docs/API.md, "Blocks and reports"), under /api. Saved
 * accounts only (a guest gets 403 `register-first`): blocking and reporting are tied to an
 * account an operator can hold to account. Cross-site requests with the cookie are not signed in
 * (accounts/auth.ts), so a page elsewhere cannot block or report in a player's name.
 */
import express, { type Request, type Response } from "express";
import { REPORT_NOTE_MAX, textOf } from "@scat/shared/text-limits.ts";
import { z } from "zod";
import type { Authenticated } from "../accounts/sessions.ts";
import { fail, handle, parse, savedAccount } from "../accounts/routes.ts";
import { GAME_IDS } from "@scat/shared";
import { REPORT_REASONS, fileReport, matchEvidence } from "../moderation/reports.ts";
import type { Platform } from "../ranked/platform.ts";
import { block, blockedBy, unblock, type BlockCache } from "./blocks.ts";

const idSchema = z.string().min(1).max(100);
const blockBody = z.strictObject({ playerId: idSchema });
/**
 * A report names the player and, if it likes, the stored match it is about; the evidence is what
 * the server recorded (that match's log), never the reporter's: chat lines or a game log written
 * by the reporter are refused (`EVIDENCE_REFUSED`), and what it saw goes in `note`, shown to
 * operators as the reporter's own words.
 */
const reportBody = z.strictObject({
  playerId: idSchema,
  reason: z.enum(REPORT_REASONS),
  note: textOf(REPORT_NOTE_MAX, { trim: true }).default(""),
  game: z.enum(GAME_IDS).optional(),
  /** The table (room id) or the stored match the report is about: a stored match both played in files its log. */
  tableId: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[\w-]+$/, "a table or match id")
    .optional(),
});
const EVIDENCE_REFUSED =
  "Reports do not take chat lines or game logs from the reporter: the server files its own record (report at the table, or name a stored match both of you played as tableId). Put what you saw in note";

/** A report's body is at most this many bytes (the JSON parser of these routes). */
export const REPORT_BODY_LIMIT = "4kb";

export function blockRoutes(platform: Platform, cache: BlockCache): express.Router {
  const router = express.Router();
  const saved = (req: Request, res: Response): Promise<Authenticated | null> =>
    savedAccount(platform, req, res, "Blocking and reporting are for saved accounts: register first");
  const body = <T>(schema: z.ZodType<T>, req: Request, res: Response): T | null => parse(schema, req.body, res);

  router.get(
    "/blocks",
    handle(async (req, res) => {
      const who = await saved(req, res);
      if (!who) return;
      res.json({ blocked: await blockedBy(await platform.db(), who.player.id) });
    }),
  );

  router.post(
    "/blocks",
    handle(async (req, res) => {
      const who = await saved(req, res);
      if (!who) return;
      const b = body(blockBody, req, res);
      if (!b) return;
      const result = await block(await platform.db(), who.player.id, b.playerId);
      if (result === "self") return fail(res, 400, "bad-request", "You cannot block yourself");
      if (result === "unknown-player") return fail(res, 404, "unknown-player", "No such player");
      if (result === "too-many")
        return fail(res, 409, "too-many-blocks", "You have blocked the most players you can: unblock someone first");
      cache.changed(who.player.id, b.playerId, true);
      res.status(result === "blocked" ? 201 : 200).json({ blocked: b.playerId });
    }),
  );

  router.delete(
    "/blocks/:id",
    handle(async (req, res) => {
      const who = await saved(req, res);
      if (!who) return;
      const id = String(req.params.id);
      if (!(await unblock(await platform.db(), who.player.id, id)))
        return fail(res, 404, "not-blocked", "You have not blocked that player");
      cache.changed(who.player.id, id, false);
      res.json({ unblocked: id });
    }),
  );

  router.post(
    "/reports",
    handle(async (req, res) => {
      const who = await saved(req, res);
      if (!who) return;
      const raw: unknown = req.body;
      if (raw !== null && typeof raw === "object" && ("chat" in raw || "gameLog" in raw))
        return fail(res, 400, "bad-request", EVIDENCE_REFUSED);
      const b = body(reportBody, req, res);
      if (!b) return;
      const db = await platform.db();
      const stored = b.tableId === undefined ? null : await matchEvidence(db, b.tableId, who.player.id, b.playerId);
      if (stored === "not-in-match") return fail(res, 400, "not-in-match", "That match is stored, but not with both of you in it");
      const filed = await fileReport(db, {
        reporterId: who.player.id,
        reportedId: b.playerId,
        reason: b.reason,
        note: b.note,
        game: stored?.game ?? b.game ?? "",
        tableId: b.tableId ?? "",
        source: stored === null ? "account" : "match",
        gameLog: stored?.log ?? null,
        chat: [],
      });
      if (!filed.ok && filed.error === "self") return fail(res, 400, "bad-request", "You cannot report yourself");
      if (!filed.ok && filed.error === "unknown-player") return fail(res, 404, "unknown-player", "No such player");
      if (!filed.ok && filed.error === "already-reported")
        return fail(res, 429, "already-reported", "You have already reported this player today: the operators have it");
      if (!filed.ok) return fail(res, 429, "too-many-reports", "You have filed the most reports you can for now (5 an hour, 20 a day)");
      res.status(201).json({ report: filed.id });
    }),
  );
  return router;
}
