/**
 * Account routes (docs/API.md, "Accounts" and "Sessions"): a guest account, a username and
 * password for it, signing in on another device, signing out (here or everywhere), the list of
 * active sessions, personal tokens for scripts, and renaming. A browser's session is an HttpOnly
 * cookie (auth.ts); a script asks for a personal token (`"token": true`, or POST /me/tokens) and
 * sends it as `Authorization: Bearer <token>`. Creating accounts and sign-in attempts are
 * rate-limited per address.
 */
import express, { type Request, type Response } from "express";
import { z } from "zod";
import type { PublicPlayer } from "@scat/shared";
import type { ServerConfig } from "../config.ts";
import type { Player } from "../db/schema.ts";
import { clearedCookie, credentialOf, secureRequest, sessionCookie, sessionCookieOf } from "./auth.ts";
import { deviceCookie, deviceOf } from "./device-cookie.ts";
import { ALL_SCOPES, MAX_TOKEN_DAYS, SIGN_IN_TOKEN_LABEL, type Authenticated, type Scope, type SessionRow } from "./sessions.ts";
import { recoveryRoutes } from "./recovery-routes.ts";
import { RecoveryCodes } from "./recovery-codes.ts";
import { originAllowed } from "../net/http-gate.ts";
import { SCHEME_HEADER } from "./auth.ts";
import { admitted, limitsFor, passwordProblem, refuseRequest, signInAllowed } from "../limits/index.ts";
import type { Platform } from "../ranked/platform.ts";
import { publicPagesChanged } from "../net/read-cache.ts";
import { renameWait, validDisplayName } from "../names/registry.ts";
import { asksForGeneratedName } from "../names/generate.ts";
import { passwordSchema, publicPlayer, usernameSchema } from "./accounts.ts";
import { browserLabel, fail, handle, parse } from "./http.ts";

export { browserLabel, fail, handle, parse } from "./http.ts";

/**
 * The caller when signed in with the "play" scope on a saved (registered) account; otherwise a
 * 401/403 says why (`registerFirst`: what a guest account is told) and null is returned. The
 * social routes (blocks, reports, friends) are for saved accounts only.
 */
export async function savedAccount(platform: Platform, req: Request, res: Response, registerFirst: string): Promise<Authenticated | null> {
  const who = await platform.identify(req.headers, req.method);
  if (!who) return (fail(res, 401, "not-signed-in", "Sign in first"), null);
  if (!who.scopes.includes("play"))
    return (fail(res, 403, "insufficient-scope", 'This token may not do that (it needs the "play" scope)'), null);
  if (who.player.username === null) return (fail(res, 403, "register-first", registerFirst), null);
  return who;
}

const credentials = z.object({ username: usernameSchema, password: passwordSchema });
/** `"token": true` asks for a personal token in the answer instead of a session cookie (scripts). */
const wantsToken = z.object({ token: z.boolean().optional() });
// Request bodies' schemas, built once: a zod schema compiles its checks when it is made, and a
// sign-in flood made one per request (~0.3 ms of the event loop each, measured under bench:signin).
const guestBody = z.object({ name: z.unknown().optional() }).and(wantsToken);
const signInBody = z.object({ username: z.string().max(24), password: z.string().max(200) }).and(wantsToken);
const tokenBody = z.object({
  label: z.string().trim().min(1).max(60).default("personal token"),
  scopes: z
    .array(z.enum(["play", "account"]))
    .min(1)
    .default(["play"]),
  days: z.number().int().min(1).max(MAX_TOKEN_DAYS).default(30),
});
const nameBody = z.object({ name: z.unknown().optional() });
/** What a script's token made at sign-in may do, and how long it lasts. */
const SCRIPT_TOKEN_DAYS = 30;

export function accountRoutes(platform: Platform, config: ServerConfig): express.Router {
  const router = express.Router();
  const limits = limitsFor(config);
  const limited = async (req: Request, res: Response): Promise<boolean> =>
    !(await admitted(limits, limits.accounts, req, res, "Too many attempts from this address: try again later"));
  /** The caller, with `scope`; otherwise a 401/403 says why and null is returned. */
  const signedIn = async (req: Request, res: Response, scope: Scope = "play"): Promise<Authenticated | null> => {
    const who = await platform.identify(req.headers, req.method);
    if (!who) {
      fail(res, 401, "not-signed-in", "Sign in first (a session cookie from this site, or Authorization: Bearer <personal token>)");
      return null;
    }
    if (!who.scopes.includes(scope)) {
      fail(res, 403, "insufficient-scope", `This token may not do that (it needs the "${scope}" scope)`);
      return null;
    }
    // A browser session that slid forward: the cookie's own lifetime follows it.
    const cookie = sessionCookieOf(req.headers);
    if (who.renewed && cookie !== null) res.append("set-cookie", sessionCookie(config, req.headers, cookie));
    return who;
  };
  /** New sessions per account are limited (sessionMints); false, with the 429 sent, past it. */
  const mintAllowed = async (playerId: string, res: Response): Promise<boolean> => {
    const v = await limits.sessionMints.take(playerId);
    if (v.ok) return true;
    refuseRequest(res, limits.sessionMints.name, v, "Too many new sessions for this account: try again later");
    return false;
  };
  /**
   * Starts a session for the player: a cookie for a browser, a personal token for a script.
   * `replacing`: a guest's account just saved with a password, so every other session and token
   * it had ends (whoever held the guest's cookie or a token of it holds nothing now).
   */
  const begin = async (
    req: Request,
    res: Response,
    player: Player,
    token: boolean | undefined,
    status = 200,
    replacing = false,
    extra: Record<string, unknown> = {},
  ): Promise<SessionRow> => {
    const sessions = await platform.sessions();
    if (token) {
      const { secret, session } = await sessions.issue(player.id, "token", SIGN_IN_TOKEN_LABEL, ALL_SCOPES, SCRIPT_TOKEN_DAYS);
      if (replacing) await sessions.endAllBut(player.id, session);
      res.status(status).json({ player: publicPlayer(player), token: secret, expiresAt: session.expires_at, ...extra });
      return session;
    }
    const { secret, session } = await sessions.issue(player.id, "browser", browserLabel(req), ALL_SCOPES);
    if (replacing) await sessions.endAllBut(player.id, session);
    res.append("set-cookie", sessionCookie(config, req.headers, secret));
    res.status(status).json({ player: publicPlayer(player), ...extra });
    return session;
  };
  /** An account still named "Player" gets a generated name when it visits or signs in (Accounts.withOwnName). */
  const accountsNamed = async (player: Player): Promise<Player> => {
    const named = await (await platform.accounts()).withOwnName(player);
    if (named !== player) publicPagesChanged();
    return named;
  };
  const refuse = (res: Response, code: string) => {
    const codes: Record<string, number> = {
      "username-taken": 409,
      "bad-credentials": 401,
      "already-registered": 409,
      "unknown-player": 404,
    };
    const messages: Record<string, string> = {
      "username-taken": "That username is taken: pick another",
      "bad-credentials": "Wrong username or password",
      "already-registered": "This account already has a username",
      "unknown-player": "No such account",
    };
    fail(res, codes[code] ?? 400, code, messages[code] ?? code.replace(/-/g, " "));
  };

  // Every state-changing account route: a session cookie sent from another site is refused
  // outright (CSRF), as is a browser page of another site (its Origin) making a new session.
  router.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const credential = credentialOf(req.headers, req.method);
    const origin = req.headers.origin;
    if (
      credential?.kind === "cross-site" ||
      (typeof origin === "string" && !originAllowed(origin, req.headers.host, [], String(req.headers[SCHEME_HEADER] ?? "http")))
    ) {
      return fail(res, 403, "cross-site", "Requests that change an account must come from this site's own page");
    }
    next();
  });

  router.post(
    "/accounts/guest",
    handle(async (req, res) => {
      // The name's own rules answer 400 `bad-name` (names/, NameRefused above), before the limit counts the request.
      const body = parse(guestBody, req.body, res);
      if (!body) return;
      // No name (or the placeholder "Player" older pages sent) gets a generated one (names/generate.ts).
      const name = asksForGeneratedName(body.name) ? undefined : validDisplayName(body.name);
      if (await limited(req, res)) return;
      await begin(req, res, await (await platform.accounts()).createGuest(name), body.token, 201);
    }),
  );
  router.post(
    "/accounts/register",
    handle(async (req, res) => {
      const body = parse(credentials, req.body, res);
      if (!body) return;
      const who = await signedIn(req, res, "account");
      if (!who || (await limited(req, res))) return;
      const weak = passwordProblem(
        body.password,
        { username: body.username, displayName: who.player.display_name },
        config.limits.passwordMinScore,
      );
      if (weak) return fail(res, 400, "weak-password", weak);
      const accounts = await platform.accounts();
      const done = await accounts.register(who.player.id, body.username, body.password);
      if (typeof done === "string") return refuse(res, done);
      // Saving the account is signing in to it: a new session (or token, for a script) replaces
      // the guest's, and any other session, personal token or old signed token of the guest ends.
      await accounts.revokeLegacy(done.id);
      if (who.session.kind === "browser")
        res.append("set-cookie", deviceCookie(platform.secret, body.username, secureRequest(config, req.headers)));
      // The way back in if the password is lost (no e-mail is kept): shown once, in this answer.
      const recoveryCodes = await new RecoveryCodes(await platform.db()).generate(done.id);
      await begin(req, res, done, who.session.kind === "token", 200, true, { recoveryCodes });
    }),
  );
  router.post(
    "/accounts/sign-in",
    handle(async (req, res) => {
      const body = parse(signInBody, req.body, res);
      if (!body) return;
      // A browser that signed in to this username before brings its device cookie: the username-wide lock does not hold it back.
      const device = deviceOf(req.headers, platform.secret, body.username);
      if (!(await signInAllowed(limits, req, res, body.username, device))) return;
      const player = await (await platform.accounts()).signIn(body.username, body.password);
      if (typeof player === "string") return refuse(res, player);
      const named = await accountsNamed(player);
      // Not the minting limit here: a 429 after a right password would tell a guesser it was right.
      // Sign-ins are bounded by the address's limit and the lock; past MAX_LIVE the oldest session gives way.
      await limits.accountLock.succeeded(body.username, { address: limits.keyOf(req), device });
      if (!body.token) res.append("set-cookie", deviceCookie(platform.secret, body.username, secureRequest(config, req.headers)));
      await begin(req, res, named, body.token);
    }),
  );
  // A browser that kept a token of the old kind in localStorage moves onto a session cookie.
  router.post(
    "/accounts/session",
    handle(async (req, res) => {
      const h = req.headers.authorization;
      const player = await (await platform.accounts()).legacyPlayer(h?.startsWith("Bearer ") ? h.slice(7).trim() : null);
      if (!player) return fail(res, 401, "not-signed-in", "That saved sign-in is no longer valid");
      if (!(await mintAllowed(player.id, res))) return;
      await begin(req, res, player, false);
    }),
  );
  router.post(
    "/accounts/sign-out",
    handle(async (req, res) => {
      const who = await signedIn(req, res);
      if (!who) return;
      await (await platform.sessions()).end(who.session);
      res.append("set-cookie", clearedCookie(config, req.headers));
      res.status(204).end();
    }),
  );
  router.post(
    "/accounts/sign-out-everywhere",
    handle(async (req, res) => {
      const who = await signedIn(req, res, "account");
      if (!who) return;
      await (await platform.sessions()).endAll(who.player.id);
      await (await platform.accounts()).revokeLegacy(who.player.id);
      res.append("set-cookie", clearedCookie(config, req.headers));
      res.status(204).end();
    }),
  );
  router.get(
    "/me",
    handle(async (req, res) => {
      const who = await signedIn(req, res);
      if (who)
        res.json({
          player: publicPlayer(await accountsNamed(who.player)),
          session: { kind: who.session.kind, expiresAt: who.session.expires_at },
        });
    }),
  );
  router.get(
    "/me/sessions",
    handle(async (req, res) => {
      const who = await signedIn(req, res, "account");
      if (who) res.json({ sessions: await (await platform.sessions()).list(who.player.id, who.session) });
    }),
  );
  router.post(
    "/me/sessions/:id/revoke",
    handle(async (req, res) => {
      const who = await signedIn(req, res, "account");
      if (!who) return;
      if (!(await (await platform.sessions()).revoke(who.player.id, String(req.params.id))))
        return fail(res, 404, "unknown-session", "No such session on this account");
      res.status(204).end();
    }),
  );
  router.post(
    "/me/tokens",
    handle(async (req, res) => {
      const body = parse(tokenBody, req.body, res);
      if (!body) return;
      const who = await signedIn(req, res, "account");
      if (!who) return;
      await (await platform.sessions()).roomForToken(who.player.id);
      if (!(await mintAllowed(who.player.id, res))) return;
      const { secret, session } = await (await platform.sessions()).issue(who.player.id, "token", body.label, body.scopes, body.days);
      res.status(201).json({ token: secret, label: session.label, scopes: body.scopes, expiresAt: session.expires_at });
    }),
  );
  router.post(
    "/me/name",
    handle(async (req, res) => {
      const body = parse(nameBody, req.body, res);
      if (!body) return;
      const who = await signedIn(req, res, "account");
      if (!who) return;
      const wait = await renameWait(await platform.db(), who.player.id, config.renamesPerDay, Date.now());
      if (wait > 0) {
        res.setHeader("retry-after", String(wait));
        return fail(
          res,
          429,
          "too-many-renames",
          `A name can be changed ${config.renamesPerDay} times a day: try again in ${Math.ceil(wait / 60)} minutes`,
        );
      }
      const player = await (await platform.accounts()).rename(who.player.id, body.name);
      publicPagesChanged();
      res.json({ player: player satisfies PublicPlayer | null });
    }),
  );
  recoveryRoutes(router, {
    platform,
    config,
    limits,
    signedIn,
    begin: (req, res, player, token) => begin(req, res, player, token),
    named: accountsNamed,
  });
  return router;
}
