/**
 * The account's preferences (docs/API.md, "Preferences"), under /api: `GET /me/preferences`
 * returns the document (`{}` when none was saved), `PUT /me/preferences` replaces it. Any
 * signed-in account (a guest's answers stay when it is saved with a username); the document is
 * always the caller's own (no id in the path), strict (`preferences/store.ts`, unknown keys
 * refused) and small. A refusal changes nothing.
 */
import express, { type Request, type Response } from "express";
import type { Authenticated } from "../accounts/sessions.ts";
import { fail, handle } from "../accounts/routes.ts";
import type { Platform } from "../ranked/platform.ts";
import { PREFERENCES_MAX_BYTES, preferencesOf, preferencesSchema, savePreferences } from "./store.ts";

export function preferencesRoutes(platform: Platform): express.Router {
  const router = express.Router();
  const signedIn = async (req: Request, res: Response): Promise<Authenticated | null> => {
    const who = await platform.identify(req.headers, req.method);
    if (!who) return (fail(res, 401, "not-signed-in", "Sign in first"), null);
    if (!who.scopes.includes("play")) return (fail(res, 403, "insufficient-scope", 'This token may not do that (it needs the "play" scope)'), null);
    return who;
  };

  router.get("/me/preferences", handle(async (req, res) => {
    const who = await signedIn(req, res);
    if (!who) return;
    res.json({ preferences: await preferencesOf(await platform.db(), who.player.id) });
  }));

  router.put("/me/preferences", handle(async (req, res) => {
    const who = await signedIn(req, res);
    if (!who) return;
    const r = preferencesSchema.safeParse(req.body ?? {});
    if (!r.success) return fail(res, 400, "bad-request", r.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; ").slice(0, 300));
    if (Buffer.byteLength(JSON.stringify(r.data)) > PREFERENCES_MAX_BYTES) return fail(res, 413, "too-large", `Preferences are at most ${PREFERENCES_MAX_BYTES} bytes`);
    await savePreferences(await platform.db(), who.player.id, r.data);
    res.json({ preferences: r.data });
  }));
  return router;
}
