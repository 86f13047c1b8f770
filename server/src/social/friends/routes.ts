/**
 * The friends routes (docs/API.md "Friends"), under /api, for saved accounts only: a guest gets
 * 403 `register-first` ("save your account to add friends"). Requests by username, answers,
 * removal, the list with who is online and where (a request names no account until it is
 * accepted: store.ts), the page's ping (presence and invitations)
 * and invitations to the sender's table. Cross-site requests carry no account (accounts/auth.ts).
 */
import express, { type Request, type Response } from "express";
import { matchMaker, type Presence } from "@colyseus/core";
import { z } from "zod";
import type { Authenticated } from "../../accounts/sessions.ts";
import { fail, handle, parse, savedAccount } from "../../accounts/routes.ts";
import type { KeyedLimiter } from "../../limits/gcra.ts";
import { limitRefused } from "../../limits/gcra.ts";
import type { Platform } from "../../ranked/platform.ts";
import { FriendsPresence, tableListing } from "./presence.ts";
import {
  FRIENDS_MAX,
  acceptRequest,
  areFriends,
  cancelRequest,
  declineRequest,
  friendsOf,
  removeFriend,
  requestFriend,
  requestsOf,
  type RequestError,
} from "./store.ts";

const id = z.string().min(1).max(100);
const playerId = z.string().min(8).max(64);
const requestBody = z.strictObject({ username: z.string().trim().min(1).max(64) });
const pingBody = z.strictObject({ playerId });
const inviteBody = z.strictObject({ friendId: id, roomId: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/) });

/** Each refusal's status, code and sentence. */
const REFUSALS: Record<RequestError | "no-request", [number, string, string]> = {
  self: [400, "self", "You cannot add yourself as a friend"],
  "already-friends": [409, "already-friends", "You are already friends"],
  "already-requested": [409, "already-requested", "You already asked: wait for their answer"],
  blocked: [403, "blocked", "You cannot be friends with a player one of you blocked"],
  "too-many-friends": [409, "too-many-friends", `You have ${FRIENDS_MAX} friends, the most you can have: remove one first`],
  "their-list-full": [409, "their-list-full", "That player has the most friends they can have"],
  "too-many-requests": [409, "too-many-pending", "You have too many requests waiting for an answer: cancel some first"],
  "no-request": [404, "no-request", "There is no such friend request"],
};

export interface FriendsLimiters {
  /** Friend requests per account. */
  readonly requests: KeyedLimiter;
  /** Friend requests per account and day. */
  readonly requestsDaily: KeyedLimiter;
  /** Invitations per account. */
  readonly invites: KeyedLimiter;
}

export function friendsRoutes(platform: Platform, limiters: FriendsLimiters, presence: () => Presence): express.Router {
  const router = express.Router();
  const saved = (req: Request, res: Response): Promise<Authenticated | null> =>
    savedAccount(platform, req, res, "Save your account (pick a username and password) to add friends");
  const body = <T>(schema: z.ZodType<T>, req: Request, res: Response): T | null => parse(schema, req.body, res);
  const limited = async (limiter: KeyedLimiter, account: string, res: Response, message: string): Promise<boolean> => {
    const v = await limiter.take(account);
    if (v.ok) return false;
    limitRefused.inc({ limit: limiter.name, why: v.unavailable ? "unavailable" : "limited" });
    res.setHeader("retry-after", String(Math.max(1, Math.ceil(v.retryAfterMs / 1000))));
    fail(res, 429, "rate-limited", message);
    return true;
  };
  const friendsPresence = () => new FriendsPresence(presence());

  router.get(
    "/friends",
    handle(async (req, res) => {
      const who = await saved(req, res);
      if (!who) return;
      const db = await platform.db();
      const [friends, requests] = await Promise.all([friendsOf(db, who.player.id), requestsOf(db, who.player.id)]);
      const p = friendsPresence();
      const shown = await Promise.all(
        friends.map(async (f) => {
          const browser = await p.online(f.id);
          return { ...f, online: browser !== null, where: browser === null ? null : await p.whereabouts(browser) };
        }),
      );
      // Online first, then by name.
      shown.sort((a, b) => Number(b.online) - Number(a.online) || a.name.localeCompare(b.name));
      res.json({ friends: shown, incoming: requests.incoming, outgoing: requests.outgoing, max: FRIENDS_MAX });
    }),
  );

  router.post(
    "/friends/requests",
    handle(async (req, res) => {
      const who = await saved(req, res);
      if (!who) return;
      const b = body(requestBody, req, res);
      if (!b || (await limited(limiters.requests, who.player.id, res, "Too many friend requests: try again later"))) return;
      if (
        await limited(
          limiters.requestsDaily,
          who.player.id,
          res,
          "You have sent as many friend requests as a day allows: try again tomorrow",
        )
      )
        return;
      const r = await requestFriend(await platform.db(), who.player.id, b.username);
      if (!r.ok) return fail(res, ...REFUSALS[r.error]);
      // `requested` reads the same whether or not the username is a saved account's, or blocked the sender.
      if (r.outcome === "requested") return void res.status(201).json({ outcome: r.outcome, username: r.username });
      res.status(201).json({ outcome: r.outcome, friend: r.friend });
    }),
  );

  router.post(
    "/friends/requests/:id/accept",
    handle(async (req, res) => {
      const who = await saved(req, res);
      if (!who) return;
      const r = await acceptRequest(await platform.db(), who.player.id, String(req.params.id));
      if (!r.ok) return fail(res, ...REFUSALS[r.error]);
      res.json({ friend: r.friend });
    }),
  );

  router.post(
    "/friends/requests/:id/decline",
    handle(async (req, res) => {
      const who = await saved(req, res);
      if (!who) return;
      if (!(await declineRequest(await platform.db(), who.player.id, String(req.params.id)))) return fail(res, ...REFUSALS["no-request"]);
      res.json({ declined: String(req.params.id) });
    }),
  );

  router.delete(
    "/friends/requests/:id",
    handle(async (req, res) => {
      const who = await saved(req, res);
      if (!who) return;
      // `:id` is the outgoing request's id: the username it was sent to.
      if (!(await cancelRequest(await platform.db(), who.player.id, String(req.params.id)))) return fail(res, ...REFUSALS["no-request"]);
      res.json({ cancelled: String(req.params.id) });
    }),
  );

  router.delete(
    "/friends/:id",
    handle(async (req, res) => {
      const who = await saved(req, res);
      if (!who) return;
      if (!(await removeFriend(await platform.db(), who.player.id, String(req.params.id))))
        return fail(res, 404, "not-friends", "You are not friends with that player");
      res.json({ removed: String(req.params.id) });
    }),
  );

  // The page is open: online for ONLINE_TTL_S more seconds; the answer carries the invitations waiting.
  router.post(
    "/friends/ping",
    handle(async (req, res) => {
      const who = await saved(req, res);
      if (!who) return;
      const b = body(pingBody, req, res);
      if (!b) return;
      const p = friendsPresence();
      await p.seen(who.player.id, b.playerId);
      res.json({ invites: await p.pending(who.player.id) });
    }),
  );

  router.post(
    "/friends/invites",
    handle(async (req, res) => {
      const who = await saved(req, res);
      if (!who) return;
      const b = body(inviteBody, req, res);
      if (!b) return;
      const db = await platform.db();
      if (!(await areFriends(db, who.player.id, b.friendId))) return fail(res, 403, "not-friends", "You can invite only your friends");
      const table = await tableListing(b.roomId);
      if (!table || table.status === "ended") return fail(res, 409, "table-closed", "That table is closed");
      // The sender's account sits at that table: the table itself answers, on whichever process holds it.
      const seated = await matchMaker.remoteRoomCall(b.roomId, "seatedAccount", [who.player.id]).catch(() => false);
      if (seated !== true) return fail(res, 409, "not-at-table", "Invite from a table where you have a seat");
      if (table.ranked) return fail(res, 409, "ranked-table", "Ranked tables are seated by the queue: invite friends to a casual table");
      const p = friendsPresence();
      if ((await p.online(b.friendId)) === null) return fail(res, 409, "friend-offline", "That friend is not online");
      if (await limited(limiters.invites, who.player.id, res, "Too many invitations: wait a little")) return;
      const invite = await p.invite(
        b.friendId,
        { id: who.player.id, name: who.player.display_name, username: who.player.username ?? "" },
        { roomId: table.roomId, game: table.game },
      );
      res.status(201).json({ invite: { id: invite.id, expiresAt: invite.expiresAt } });
    }),
  );

  router.delete(
    "/friends/invites/:id",
    handle(async (req, res) => {
      const who = await saved(req, res);
      if (!who) return;
      if (!(await friendsPresence().dismiss(who.player.id, String(req.params.id))))
        return fail(res, 404, "no-invite", "That invitation has gone (expired or already dismissed)");
      res.json({ dismissed: String(req.params.id) });
    }),
  );
  return router;
}
