/**
 * Account routes (docs/API.md, "Accounts"): a guest account, a username and password for it,
 * signing in on another device, signing out, and renaming. Creating accounts (guest or by sign
 * in attempts) is rate-limited per address; tokens travel as `Authorization: Bearer <token>`.
 */
import express, { type Request, type Response } from "express";
import { z } from "zod";
import type { Session } from "@scat/shared";
import type { ServerConfig } from "../config.ts";
import type { Player } from "../db/schema.ts";
import { logger } from "../logger.ts";
import { PasswordsBusy, admitted, limitsFor, passwordProblem, signInAllowed } from "../limits/index.ts";
import type { Platform } from "../ranked/platform.ts";
import { displayNameSchema, passwordSchema, publicPlayer, usernameSchema } from "./accounts.ts";

export function bearer(req: Request): string | null {
  const h = req.headers.authorization;
  return h?.startsWith("Bearer ") ? h.slice(7).trim() : null;
}

export function fail(res: Response, status: number, code: string, message: string): void {
  res.status(status).json({ error: code, message });
}

function parse<T>(schema: z.ZodType<T>, body: unknown, res: Response): T | null {
  const r = schema.safeParse(body ?? {});
  if (r.success) return r.data;
  fail(res, 400, "bad-request", r.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; "));
  return null;
}

/** Wraps an async handler: a failure is a 500 with a stable body, never an unhandled rejection. */
export function handle(fn: (req: Request, res: Response) => Promise<void>) {
  return (req: Request, res: Response) => {
    fn(req, res).catch((err: unknown) => {
      if (err instanceof PasswordsBusy && !res.headersSent) return void res.setHeader("retry-after", String(err.retryAfterSeconds)).status(503).json({ error: "busy", message: err.message });
      if (!res.headersSent) fail(res, 500, "server-error", "The server could not handle that request");
      logger.error({ err, path: req.path }, "api request failed");
    });
  };
}

const credentials = z.object({ username: usernameSchema, password: passwordSchema });

export function accountRoutes(platform: Platform, config: ServerConfig): express.Router {
  const router = express.Router();
  const limits = limitsFor(config);
  const limited = async (req: Request, res: Response): Promise<boolean> => !(await admitted(limits, limits.accounts, req, res, "Too many attempts from this address: try again later"));
  const signedIn = async (req: Request, res: Response): Promise<Player | null> => {
    const player = await (await platform.accounts()).authenticate(bearer(req));
    if (!player) fail(res, 401, "not-signed-in", "A valid account token is needed (Authorization: Bearer)");
    return player;
  };
  const reply = (res: Response, s: Session | string, status = 200) => {
    if (typeof s !== "string") return void res.status(status).json(s);
    const codes: Record<string, number> = { "username-taken": 409, "bad-credentials": 401, "already-registered": 409, "unknown-player": 404 };
    fail(res, codes[s] ?? 400, s, s.replace(/-/g, " "));
  };

  router.post("/accounts/guest", handle(async (req, res) => {
    const body = parse(z.object({ name: displayNameSchema }), req.body, res);
    if (!body || (await limited(req, res))) return;
    reply(res, await (await platform.accounts()).createGuest(body.name), 201);
  }));
  router.post("/accounts/register", handle(async (req, res) => {
    const body = parse(credentials, req.body, res);
    if (!body) return;
    const player = await signedIn(req, res);
    if (!player || (await limited(req, res))) return;
    const weak = passwordProblem(body.password, { username: body.username, displayName: player.display_name }, config.limits.passwordMinScore);
    if (weak) return fail(res, 400, "weak-password", weak);
    reply(res, await (await platform.accounts()).register(player.id, body.username, body.password));
  }));
  router.post("/accounts/sign-in", handle(async (req, res) => {
    const body = parse(z.object({ username: z.string().max(24), password: z.string().max(200) }), req.body, res);
    if (!body || !(await signInAllowed(limits, req, res, body.username))) return;
    const signedInAs = await (await platform.accounts()).signIn(body.username, body.password);
    if (typeof signedInAs !== "string") await limits.accountLock.succeeded(body.username);
    reply(res, signedInAs);
  }));
  router.post("/accounts/sign-out", handle(async (req, res) => {
    const player = await signedIn(req, res);
    if (!player) return;
    await (await platform.accounts()).signOut(player.id);
    res.status(204).end();
  }));
  router.get("/me", handle(async (req, res) => {
    const player = await signedIn(req, res);
    if (player) res.json({ player: publicPlayer(player) });
  }));
  router.post("/me/name", handle(async (req, res) => {
    const body = parse(z.object({ name: displayNameSchema }), req.body, res);
    if (!body) return;
    const player = await signedIn(req, res);
    if (player) res.json({ player: await (await platform.accounts()).rename(player.id, body.name) });
  }));
  return router;
}
