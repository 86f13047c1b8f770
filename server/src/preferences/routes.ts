/**
 * A saved account's preferences (docs/API.md, "Preferences"), under /api: `GET /me/preferences`
 * returns the document (`{}` when none was saved), `PUT /me/preferences` replaces it. Saved
 * accounts only (a guest's account lives on one device: its browser keeps its answers, and they
 * are written here once it is saved). The document is always the caller's own (no id in the
 * path), strict (`preferences/store.ts`, unknown keys refused) and small; a refusal changes nothing.
 */
import express from "express";
import { fail, handle, parse, savedAccount } from "../accounts/routes.ts";
import type { Platform } from "../ranked/platform.ts";
import { PREFERENCES_MAX_BYTES, preferencesOf, preferencesSchema, savePreferences } from "./store.ts";

const REGISTER_FIRST = "Preferences are kept for saved accounts: register first (this browser keeps a guest's)";

export function preferencesRoutes(platform: Platform): express.Router {
  const router = express.Router();

  router.get(
    "/me/preferences",
    handle(async (req, res) => {
      const who = await savedAccount(platform, req, res, REGISTER_FIRST);
      if (!who) return;
      res.json({ preferences: await preferencesOf(await platform.db(), who.player.id) });
    }),
  );

  router.put(
    "/me/preferences",
    handle(async (req, res) => {
      const who = await savedAccount(platform, req, res, REGISTER_FIRST);
      if (!who) return;
      const doc = parse(preferencesSchema, req.body, res);
      if (!doc) return;
      if (Buffer.byteLength(JSON.stringify(doc)) > PREFERENCES_MAX_BYTES)
        return fail(res, 413, "too-large", `Preferences are at most ${PREFERENCES_MAX_BYTES} bytes`);
      await savePreferences(await platform.db(), who.player.id, doc);
      res.json({ preferences: doc });
    }),
  );
  return router;
}
