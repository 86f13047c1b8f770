/**
 * Operator routes (docs/API.md, "Operators"), under /api/operator. Every one needs a signed-in
 * operator: a saved account granted the role by `npm run operator -- grant <username>`, through
 * its browser session cookie (from this site's own page) or a personal token with the `account`
 * scope. Without a session: 401; anyone else: 403, and nothing is read or changed.
 */
import express, { type Request, type Response } from "express";
import { z } from "zod";
import { credentialOf } from "../accounts/auth.ts";
import { fail, handle } from "../accounts/routes.ts";
import type { Platform } from "../ranked/platform.ts";
import { MARK_KINDS, markAccount } from "./mark.ts";
import { isOperator, recentActions, type Actor } from "./operators.ts";
import { listFlags } from "../fair-play/store.ts";
import { SANCTIONS, listReports, reportGameLog, sanction } from "./reports.ts";
import { PAIR_DEFAULTS, suspiciousPairs, unknownAddress, type SharedAddress } from "./suspicious.ts";
import { clearHold, openHolds } from "./holds.ts";

export interface OperatorHooks {
  /** Whether two accounts shared an address; unset: unknown (null in the answer). */
  readonly sharedAddress?: SharedAddress;
}

const int = (min: number, max: number, dflt: number) => z.coerce.number().int().min(min).max(max).default(dflt);
const pairQuery = z.object({
  days: int(1, 365, PAIR_DEFAULTS.days),
  minGames: int(1, 1000, PAIR_DEFAULTS.minGames),
  earlySteps: int(0, 10_000, PAIR_DEFAULTS.earlySteps),
  limit: int(1, 500, PAIR_DEFAULTS.limit),
});
const markBody = z.strictObject({
  kind: z.enum(MARK_KINDS),
  reason: z.string().trim().min(3, "say why (at least 3 characters)").max(500),
  windowDays: z.number().int().min(1).max(365),
});
const clearBody = z.strictObject({ reason: z.string().trim().min(3, "say why (at least 3 characters)").max(500) });
const reportsQuery = z.object({ limit: int(1, 500, 100), all: z.enum(["0", "1"]).default("0") });
const sanctionBody = z.strictObject({
  sanction: z.enum(SANCTIONS),
  reason: z.string().trim().min(3, "say why (at least 3 characters)").max(500),
  /** How long a mute or ban lasts (up to a year). */
  minutes: z.number().int().min(1).max(525_600).optional(),
  reportId: z.string().max(100).optional(),
});
const actionsQuery = z.object({ limit: int(1, 500, 100), account: z.string().max(100).optional() });
const flagsQuery = z.object({ limit: int(1, 500, 100), account: z.string().max(100).optional() });

function parsed<T>(schema: z.ZodType<T>, input: unknown, res: Response): T | null {
  const r = schema.safeParse(input ?? {});
  if (r.success) return r.data;
  fail(res, 400, "bad-request", r.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; "));
  return null;
}

export function operatorRoutes(platform: Platform, hooks: OperatorHooks = {}): express.Router {
  const router = express.Router();
  const sharedAddress = hooks.sharedAddress ?? unknownAddress;

  /** The operator making the request; otherwise the answer (401/403) is sent and null returned. */
  const operator = async (req: Request, res: Response): Promise<Actor | null> => {
    if (credentialOf(req.headers, req.method)?.kind === "cross-site") {
      fail(res, 403, "cross-site", "Operator actions must come from this site's own page");
      return null;
    }
    const who = await platform.identify(req.headers, req.method);
    if (!who) {
      fail(res, 401, "not-signed-in", "Sign in first (a session cookie from this site, or Authorization: Bearer <personal token>)");
      return null;
    }
    if (!who.scopes.includes("account")) {
      fail(res, 403, "insufficient-scope", 'Operator routes need a browser session or a personal token with the "account" scope');
      return null;
    }
    if (who.player.username === null || !(await isOperator(await platform.db(), who.player.id))) {
      fail(res, 403, "not-an-operator", "This account is not an operator");
      return null;
    }
    return { id: who.player.id, name: who.player.username };
  };

  router.get(
    "/operator/suspicious-pairs",
    handle(async (req, res) => {
      if (!(await operator(req, res))) return;
      const q = parsed(pairQuery, req.query, res);
      if (!q) return;
      const db = await platform.db();
      const pairs = await suspiciousPairs(db, q, sharedAddress);
      // Accounts an automatic flag holds off the boards (moderation/holds.ts), waiting for a review.
      const holds = await openHolds(db, q.limit);
      const held = new Set(holds.map((h) => h.player.id));
      res.json({ ...q, pairs: pairs.map((p) => ({ ...p, winnerHeld: held.has(p.winner.id) })), holds });
    }),
  );

  // Reviewed and found honest: the account is listed again (a booster is marked instead).
  router.post(
    "/operator/accounts/:id/clear-hold",
    handle(async (req, res) => {
      const actor = await operator(req, res);
      if (!actor) return;
      const body = parsed(clearBody, req.body, res);
      if (!body) return;
      const done = await clearHold(await platform.db(), actor, String(req.params.id), body.reason);
      if (!done.cleared) return fail(res, 404, "not-held", "That account is not held off the boards");
      platform.onRated(done.game);
      res.json({ cleared: true });
    }),
  );

  router.post(
    "/operator/accounts/:id/mark",
    handle(async (req, res) => {
      const actor = await operator(req, res);
      if (!actor) return;
      const body = parsed(markBody, req.body, res);
      if (!body) return;
      const targetId = String(req.params.id);
      if (targetId === actor.id) return fail(res, 400, "bad-request", "An operator cannot mark their own account");
      const done = await markAccount(await platform.db(), { targetId, actor, ...body });
      if (done === "unknown-player") return fail(res, 404, "unknown-player", "No such account");
      for (const game of done.games) platform.onRated(game);
      res.json(done.result);
    }),
  );

  // Players' reports (moderation/reports.ts): the open ones ranked by signal with the table's chat, the finished game's log, and the answer.
  router.get(
    "/operator/reports",
    handle(async (req, res) => {
      if (!(await operator(req, res))) return;
      const q = parsed(reportsQuery, req.query, res);
      if (!q) return;
      res.json({ reports: await listReports(await platform.db(), { all: q.all === "1", limit: q.limit }) });
    }),
  );

  router.get(
    "/operator/reports/:id/log",
    handle(async (req, res) => {
      if (!(await operator(req, res))) return;
      const log = await reportGameLog(await platform.db(), String(req.params.id));
      if (log === null) return fail(res, 404, "no-game-log", "No game log was filed with that report");
      // The seed replays every hand: nothing of it leaves the server before the game has ended.
      if (log === "pending")
        return fail(res, 409, "game-not-over", "That report's game had not ended when it was filed: its log is filed once it ends");
      res.json(log);
    }),
  );

  // Fair-play flags raised at tables (fair-play/store.ts): signals to look at beside the reports, never sanctions.
  router.get(
    "/operator/fair-play-flags",
    handle(async (req, res) => {
      if (!(await operator(req, res))) return;
      const q = parsed(flagsQuery, req.query, res);
      if (!q) return;
      res.json({
        flags: await listFlags(await platform.db(), { limit: q.limit, ...(q.account === undefined ? {} : { accountId: q.account }) }),
      });
    }),
  );

  router.post(
    "/operator/accounts/:id/sanction",
    handle(async (req, res) => {
      const actor = await operator(req, res);
      if (!actor) return;
      const body = parsed(sanctionBody, req.body, res);
      if (!body) return;
      const accountId = String(req.params.id);
      if (accountId === actor.id) return fail(res, 400, "bad-request", "An operator cannot sanction their own account");
      const done = await sanction(await platform.db(), actor, { accountId, ...body });
      if (!done.ok && done.error === "needs-minutes") return fail(res, 400, "bad-request", "minutes: a mute or ban needs its length");
      if (!done.ok && done.error === "unknown-report") return fail(res, 404, "unknown-report", "No such report about that account");
      if (!done.ok) return fail(res, 404, "unknown-player", "No such account");
      res.json(done);
    }),
  );

  router.get(
    "/operator/actions",
    handle(async (req, res) => {
      if (!(await operator(req, res))) return;
      const q = parsed(actionsQuery, req.query, res);
      if (!q) return;
      res.json({ actions: await recentActions(await platform.db(), q.limit, q.account) });
    }),
  );
  return router;
}
