/**
 * The ways back into a saved account besides its password (docs/API.md, "Passkeys and recovery
 * codes"): passkeys (accounts/passkeys.ts) registered, listed and removed by the signed-in owner
 * and used to sign in with no username; one-time recovery codes (accounts/recovery-codes.ts)
 * made when the account is saved or on request; and a new password, set with the old one or by a
 * session a recovery code just started. Sign-ins here pass the same limits as a password's: the
 * address's sign-in rate (a passkey's options, which every attempt needs, since a challenge works
 * once), and for a recovery code the username's lock too.
 */
import type express from "express";
import type { Request, Response } from "express";
import { z } from "zod";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { ServerConfig } from "../config.ts";
import type { Player } from "../db/schema.ts";
import type { Platform } from "../ranked/platform.ts";
import type { Authenticated, Scope, SessionRow } from "./sessions.ts";
import { admitted, passwordProblem, signInAllowed, type Limits } from "../limits/index.ts";
import { passwords } from "../limits/passwords.ts";
import { deviceCookie, deviceOf } from "./device-cookie.ts";
import { secureRequest } from "./auth.ts";
import { Passkeys, relyingParty, type PasskeyError } from "./passkeys.ts";
import { RecoveryCodes } from "./recovery-codes.ts";
import { browserLabel, fail, handle, parse } from "./http.ts";
import { passwordSchema } from "./accounts.ts";

export interface RecoveryContext {
  readonly platform: Platform;
  readonly config: ServerConfig;
  readonly limits: Limits;
  signedIn(req: Request, res: Response, scope?: Scope): Promise<Authenticated | null>;
  /** Starts a session (cookie or, with `token`, a personal token) and answers with the player; the new session. */
  begin(req: Request, res: Response, player: Player, token: boolean | undefined): Promise<SessionRow>;
  /** The player with a generated name instead of the old placeholder. */
  named(player: Player): Promise<Player>;
}

const ceremony = z.object({ id: z.string().max(1400), response: z.record(z.string(), z.unknown()) }).passthrough();
const registerBody = z.object({ response: ceremony, label: z.string().trim().max(60).optional() });
const passkeySignInBody = z.object({ response: ceremony, token: z.boolean().optional() });
const recoverBody = z.object({ username: z.string().max(24), code: z.string().max(40), token: z.boolean().optional() });
const passwordBody = z.object({ password: passwordSchema, currentPassword: z.string().max(200).optional() });

const PASSKEY_REFUSALS: Record<PasskeyError, [number, string, string]> = {
  "bad-challenge": [400, "challenge-expired", "That passkey request expired or was already used: try again"],
  "not-verified": [401, "passkey-refused", "The passkey's answer could not be verified for this site"],
  "unknown-credential": [401, "unknown-passkey", "This passkey is not known here (it may have been removed): sign in another way"],
  "too-many-passkeys": [409, "too-many-passkeys", "This account has as many passkeys as it may hold: remove one first"],
  "already-registered": [409, "passkey-exists", "That passkey is already registered"],
};
const refusePasskey = (res: Response, why: PasskeyError) => fail(res, ...PASSKEY_REFUSALS[why]);

export function recoveryRoutes(router: express.Router, ctx: RecoveryContext): void {
  const { platform, config, limits } = ctx;
  const passkeys = async () => new Passkeys(await platform.db());
  const codes = async () => new RecoveryCodes(await platform.db());
  /** The caller's saved account with the account scope; otherwise a 401/403 says why. */
  const owner = async (req: Request, res: Response): Promise<Authenticated | null> => {
    const who = await ctx.signedIn(req, res, "account");
    if (who && who.player.username === null)
      return (fail(res, 403, "register-first", "Save your account with a username and password first"), null);
    return who;
  };
  const party = (req: Request, res: Response) => {
    const rp = relyingParty(config.publicUrl, req.headers);
    if (!rp) fail(res, 400, "bad-request", "The request names no host this site can bind a passkey to");
    return rp;
  };

  router.post(
    "/me/passkeys/options",
    handle(async (req, res) => {
      const who = await owner(req, res);
      const rp = who && party(req, res);
      if (!who || !rp) return;
      res.json({ options: await (await passkeys()).registrationOptions(rp, who.player) });
    }),
  );
  router.post(
    "/me/passkeys",
    handle(async (req, res) => {
      const body = parse(registerBody, req.body, res);
      const who = body && (await owner(req, res));
      const rp = who && party(req, res);
      if (!body || !who || !rp) return;
      const label = body.label || browserLabel(req);
      const done = await (await passkeys()).register(rp, who.player, body.response as unknown as RegistrationResponseJSON, label);
      if (typeof done === "string") return refusePasskey(res, done);
      res.status(201).json({ passkey: done });
    }),
  );
  router.get(
    "/me/passkeys",
    handle(async (req, res) => {
      const who = await ctx.signedIn(req, res, "account");
      if (who) res.json({ passkeys: await (await passkeys()).list(who.player.id) });
    }),
  );
  router.post(
    "/me/passkeys/:id/remove",
    handle(async (req, res) => {
      const who = await ctx.signedIn(req, res, "account");
      if (!who) return;
      if (!(await (await passkeys()).remove(who.player.id, String(req.params.id))))
        return fail(res, 404, "unknown-passkey", "No such passkey on this account");
      res.status(204).end();
    }),
  );

  router.post(
    "/accounts/passkey/options",
    handle(async (req, res) => {
      const rp = party(req, res);
      if (!rp || !(await admitted(limits, limits.signIn, req, res, "Too many attempts from this address: try again later"))) return;
      res.json({ options: await (await passkeys()).signInOptions(rp) });
    }),
  );
  router.post(
    "/accounts/passkey",
    handle(async (req, res) => {
      const body = parse(passkeySignInBody, req.body, res);
      const rp = body && party(req, res);
      if (!body || !rp) return;
      const proved = await (await passkeys()).signIn(rp, body.response as unknown as AuthenticationResponseJSON);
      if (typeof proved === "string") return refusePasskey(res, proved);
      const player = await (await platform.accounts()).byId(proved.playerId);
      if (!player || player.username === null) return refusePasskey(res, "unknown-credential");
      if (!body.token) res.append("set-cookie", deviceCookie(platform.secret, player.username, secureRequest(config, req.headers)));
      await ctx.begin(req, res, await ctx.named(player), body.token);
    }),
  );

  router.get(
    "/me/recovery-codes",
    handle(async (req, res) => {
      const who = await ctx.signedIn(req, res, "account");
      if (who) res.json(await (await codes()).status(who.player.id));
    }),
  );
  router.post(
    "/me/recovery-codes",
    handle(async (req, res) => {
      const who = await owner(req, res);
      if (!who) return;
      res.status(201).json({ codes: await (await codes()).generate(who.player.id) });
    }),
  );
  router.post(
    "/accounts/recover",
    handle(async (req, res) => {
      const body = parse(recoverBody, req.body, res);
      if (!body) return;
      const device = deviceOf(req.headers, platform.secret, body.username);
      if (!(await signInAllowed(limits, req, res, body.username, device))) return;
      const recovery = await codes();
      const used = await recovery.use(body.username, body.code);
      if (!used) return fail(res, 401, "bad-recovery-code", "Wrong username or recovery code (each code works only once)");
      await limits.accountLock.succeeded(body.username, { address: limits.keyOf(req), device });
      if (!body.token) res.append("set-cookie", deviceCookie(platform.secret, body.username, secureRequest(config, req.headers)));
      const session = await ctx.begin(req, res, await ctx.named(used.player), body.token);
      await recovery.grantReset(used.code, session.id);
    }),
  );
  router.post(
    "/me/password",
    handle(async (req, res) => {
      const body = parse(passwordBody, req.body, res);
      const who = body && (await owner(req, res));
      if (!body || !who) return;
      const recovery = await codes();
      if (body.currentPassword !== undefined) {
        if (!(await admitted(limits, limits.signIn, req, res, "Too many attempts from this address: try again later"))) return;
        if (!(await passwords().verify(who.player.password_hash, body.currentPassword)))
          return fail(res, 401, "bad-credentials", "The current password is wrong");
      } else if (!(await recovery.mayReset(who.player.id, who.session.id))) {
        return fail(res, 403, "current-password-needed", "Type your current password (or sign in with a recovery code) to set a new one");
      }
      const weak = passwordProblem(
        body.password,
        { username: who.player.username, displayName: who.player.display_name },
        config.limits.passwordMinScore,
      );
      if (weak) return fail(res, 400, "weak-password", weak);
      await (await platform.accounts()).setPassword(who.player.id, body.password);
      await recovery.spendReset(who.player.id, who.session.id);
      // Whoever else knew the old password, or holds a session of this account, is signed out.
      await (await platform.sessions()).endAllBut(who.player.id, who.session);
      await (await platform.accounts()).revokeLegacy(who.player.id);
      res.status(204).end();
    }),
  );
}
