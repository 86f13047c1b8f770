/**
 * Ranked read routes (docs/API.md, "Ratings"): leaderboards, profiles, rating history, recent
 * matches and the stored log of a ranked match (the same JSON the client's "Download game log"
 * saves, so the replay viewer and the fairness verifier read it unchanged).
 */
import express from "express";
import { GAME_IDS } from "@scat/shared";
import { fail, handle } from "../accounts/routes.ts";
import type { Platform } from "./platform.ts";
import { HISTORY_MAX_PAGE, HISTORY_PAGE, PLAYER_ID, matchHistory, parseCursor } from "./match-history.ts";
import { TopCache, aroundPlayer, boardRule, historyOf, matchLog, ratingsOf, recentMatches, unlistedReason } from "./queries.ts";
import { HISTORY_MAX, casualHistory, rankedProgress } from "../conduct/casual-games.ts";
import type { ServerConfig } from "../config.ts";
import { publicPlayer } from "../accounts/accounts.ts";
import { RANKED_FORMATS } from "./formats.ts";
import { queueCounts } from "./queue-counts.ts";
import { publicPagesChanged } from "../net/read-cache.ts";

const isGame = (g: string): boolean => (GAME_IDS as readonly string[]).includes(g);

export function rankedRoutes(
  platform: Platform,
  config: Pick<ServerConfig, "leaderboardActiveDays" | "leaderboardMinGames" | "leaderboardMinOpponents">,
): express.Router {
  const router = express.Router();
  const tops = new TopCache();
  platform.onRated = (game) => {
    tops.forget(game);
    publicPagesChanged();
  };
  router.get("/ranked/formats", (_req, res) => {
    res.json(RANKED_FORMATS);
  });
  router.get(
    "/ranked/queues",
    handle(async (_req, res) => {
      res.json({ queues: await queueCounts() });
    }),
  );

  router.get(
    "/leaderboard/:game",
    handle(async (req, res) => {
      const game = String(req.params.game);
      if (!isGame(game)) return fail(res, 404, "unknown-game", `no game "${game}"`);
      const db = await platform.db();
      const who = await platform.identify(req.headers, req.method);
      // Established accounts only: LEADERBOARD_MIN_GAMES rated games (not provisional), one in the last LEADERBOARD_ACTIVE_DAYS,
      // LEADERBOARD_MIN_OPPONENTS established opponents met, not marked, not held by an automatic flag.
      const rule = boardRule(config.leaderboardActiveDays, config.leaderboardMinGames, Date.now(), config.leaderboardMinOpponents);
      const [top, provisional, mine] = await Promise.all([
        tops.get(db, game, rule),
        tops.provisional(db, game, rule),
        who ? tops.counts(db, game, rule).then((buckets) => aroundPlayer(db, game, who.player.id, rule, buckets)) : null,
      ]);
      const unlisted = who && !mine ? await unlistedReason(db, game, who.player.id, rule) : null;
      res.json({ game, top, me: mine?.me ?? null, around: mine?.around ?? [], unlisted, provisional, minGames: rule.minGames });
    }),
  );

  // The signed-in account's way to ranked play: finished casual games, and why recent ones did not count.
  router.get(
    "/me/ranked-progress",
    handle(async (req, res) => {
      const who = await platform.identify(req.headers, req.method);
      if (!who)
        return fail(
          res,
          401,
          "not-signed-in",
          "Sign in first (a session cookie from this site, or Authorization: Bearer <personal token>)",
        );
      const need = platform.rankedRules.minGames;
      const progress = await rankedProgress(await platform.db(), who.player.id, need);
      res.json({ ...progress, eligible: progress.finished >= need, guest: who.player.username === null });
    }),
  );

  // The signed-in account's own casual games, newest first (names typed at casual tables are not public: own account only).
  router.get(
    "/me/games",
    handle(async (req, res) => {
      const who = await platform.identify(req.headers, req.method);
      if (!who)
        return fail(
          res,
          401,
          "not-signed-in",
          "Sign in first (a session cookie from this site, or Authorization: Bearer <personal token>)",
        );
      const raw = req.query["limit"] ?? String(HISTORY_MAX);
      const limit = typeof raw === "string" && /^\d{1,3}$/.test(raw) ? Number(raw) : NaN;
      if (!(limit >= 1 && limit <= HISTORY_MAX)) return fail(res, 400, "bad-limit", `limit: 1 to ${HISTORY_MAX}`);
      res.json({ games: await casualHistory(await platform.db(), who.player.id, limit) });
    }),
  );

  router.get(
    "/players/:id",
    handle(async (req, res) => {
      const accounts = await platform.accounts();
      const player = await accounts.byId(String(req.params.id));
      if (!player) return fail(res, 404, "unknown-player", "no such player");
      const db = await platform.db();
      const [ratings, recent, standing] = await Promise.all([
        ratingsOf(db, player.id),
        recentMatches(db, player.id),
        platform.conduct().then((c) => c.standing(player.id)),
      ]);
      const { id, name, guest } = publicPlayer(player);
      // The completion rate (docs/API.md, "Conduct"): public, as BBO shows it on every profile.
      res.json({
        player: { id, name, guest },
        ratings,
        recent,
        conduct: { completionRate: standing.completionRate, games: standing.games },
      });
    }),
  );

  // The profile's recent ranked matches, a page at a time (match-history.ts).
  router.get(
    "/players/:id/matches",
    handle(async (req, res) => {
      const id = String(req.params.id);
      if (!PLAYER_ID.test(id)) return fail(res, 400, "bad-player-id", "a player id is a UUID");
      const limitRaw = req.query["limit"] ?? String(HISTORY_PAGE);
      const limit = typeof limitRaw === "string" && /^\d{1,3}$/.test(limitRaw) ? Number(limitRaw) : NaN;
      if (!(limit >= 1 && limit <= HISTORY_MAX_PAGE)) return fail(res, 400, "bad-limit", `limit: 1 to ${HISTORY_MAX_PAGE}`);
      const beforeRaw = req.query["before"];
      const before = beforeRaw === undefined ? null : typeof beforeRaw === "string" ? parseCursor(beforeRaw) : null;
      if (beforeRaw !== undefined && before === null) return fail(res, 400, "bad-cursor", "before: the `next` of the previous page");
      const player = await (await platform.accounts()).byId(id);
      if (!player) return fail(res, 404, "unknown-player", "no such player");
      res.json(await matchHistory(await platform.db(), player.id, limit, before));
    }),
  );

  router.get(
    "/players/:id/history/:game",
    handle(async (req, res) => {
      const game = String(req.params.game);
      if (!isGame(game)) return fail(res, 404, "unknown-game", `no game "${game}"`);
      res.json({ game, history: await historyOf(await platform.db(), String(req.params.id), game) });
    }),
  );

  router.get(
    "/matches/:id/log",
    handle(async (req, res) => {
      const log = await matchLog(await platform.db(), String(req.params.id));
      if (log === null) return fail(res, 404, "unknown-match", "no ranked match with that id");
      res.setHeader("content-disposition", `attachment; filename="${String(req.params.id).replace(/[^\w.-]/g, "_")}.json"`);
      res.json(log);
    }),
  );
  return router;
}
