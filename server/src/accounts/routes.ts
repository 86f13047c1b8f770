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
import { clientAddress } from "../net/http-gate.ts";
import { RateLimiter } from "../room/rate-limit.ts";
import type { Platform } from "../ranked/platform.ts";
import { NameRefused, renameWait, validDisplayName } from "../names/registry.ts";
import { passwordSchema, publicPlayer, usernameSchema } from "./accounts.ts";

const HOUR = 3_600_000;
/** Password attempts one address may make per minute (on average; ten at once). */
const SIGN_INS_PER_MINUTE = 10;

export function bearer(req: Request): string | null {
  const h = req.headers.authorization;
  return h?.startsWith("Bearer ") ? h.slice(7).trim() : null;
}

/** A token bucket per client address; idle addresses are forgotten after an hour. */
export class AddressLimit {
  private readonly buckets = new Map<string, { limiter: RateLimiter; seen: number }>();
  constructor(private readonly perSecond: number, private readonly burst: number) {}

  take(address: string, now = Date.now()): boolean {
    if (this.buckets.size > 10_000) for (const [k, b] of this.buckets) if (b.seen < now - HOUR) this.buckets.delete(k);
    let b = this.buckets.get(address);
    if (!b) this.buckets.set(address, (b = { limiter: new RateLimiter(this.perSecond, this.burst, now), seen: now }));
    b.seen = now;
    return b.limiter.take(now);
  }
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
      if (err instanceof NameRefused) {
        if (!res.headersSent) fail(res, 400, "bad-name", err.reason);
        return;
      }
      if (!res.headersSent) fail(res, 500, "server-error", "The server could not handle that request");
      logger.error({ err, path: req.path }, "api request failed");
    });
  };
}

const credentials = z.object({ username: usernameSchema, password: passwordSchema });

export function accountRoutes(platform: Platform, config: ServerConfig): express.Router {
  const router = express.Router();
  const creations = new AddressLimit(config.accountsPerHour / 3600, config.accountsPerHour);
  const signIns = new AddressLimit(SIGN_INS_PER_MINUTE / 60, SIGN_INS_PER_MINUTE);
  const address = (req: Request) => clientAddress(req, config.trustProxy);
  const limited = (limit: AddressLimit, req: Request, res: Response): boolean => {
    if (limit.take(address(req))) return false;
    res.setHeader("retry-after", "60");
    fail(res, 429, "rate-limited", "Too many attempts from this address: try again later");
    return true;
  };
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
    // The name's own rules answer 400 `bad-name` (names/, NameRefused above), before the limit counts the request.
    const body = parse(z.object({ name: z.unknown().optional() }), req.body, res);
    if (!body) return;
    const name = validDisplayName(body.name);
    if (limited(creations, req, res)) return;
    reply(res, await (await platform.accounts()).createGuest(name), 201);
  }));
  router.post("/accounts/register", handle(async (req, res) => {
    const body = parse(credentials, req.body, res);
    if (!body) return;
    const player = await signedIn(req, res);
    if (!player || limited(creations, req, res)) return;
    reply(res, await (await platform.accounts()).register(player.id, body.username, body.password));
  }));
  router.post("/accounts/sign-in", handle(async (req, res) => {
    const body = parse(z.object({ username: z.string().max(24), password: z.string().max(200) }), req.body, res);
    if (!body || limited(signIns, req, res)) return;
    reply(res, await (await platform.accounts()).signIn(body.username, body.password));
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
    const body = parse(z.object({ name: z.unknown().optional() }), req.body, res);
    if (!body) return;
    const player = await signedIn(req, res);
    if (!player) return;
    const wait = await renameWait(await platform.db(), player.id, config.renamesPerDay, Date.now());
    if (wait > 0) {
      res.setHeader("retry-after", String(wait));
      return fail(res, 429, "too-many-renames", `A name can be changed ${config.renamesPerDay} times a day: try again in ${Math.ceil(wait / 60)} minutes`);
    }
    res.json({ player: await (await platform.accounts()).rename(player.id, body.name) });
  }));
  return router;
}
