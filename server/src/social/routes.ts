/**
 * The social HTTP routes (docs/API.md "Play together"):
 * - `GET /api/social/tables/:code`: what an invitation leads to (game, seats, turn time,
 *   options, waiting or playing), for the lobby's invite banner. The code is what lets a friend
 *   join; anyone holding it may see what it joins. Counts and options only, never names.
 * - `POST /api/social/my-seat` `{playerId}`: the table this browser's player holds a seat at
 *   (seats.ts), so the lobby can offer "Your game in progress: Return". With Redis, a table not
 *   listed right now (its process died and a peer resumes it) is answered `moving`: the page's
 *   reclaim holds on while it comes back. One process lists every table it has (it resumes its
 *   journals as it starts): one it does not list is over, answered `null`.
 * - `GET /api/social/counts`: `{online, tables}`, players online and tables in play
 *   (presence/online.ts; cached a few seconds, the same figures the lobby room pushes).
 */
import express from "express";
import { matchMaker, type Presence } from "@colyseus/core";
import { z } from "zod";
import { GAMES } from "../games.ts";
import { fail, handle } from "../accounts/routes.ts";
import { durability } from "../durable/index.ts";
import { SeatRegistry } from "./seats.ts";
import { COUNTS_CACHE_MS, online } from "./presence/online.ts";
import type { Limits } from "../limits/index.ts";

/** A room id or an invite code: letters, digits, `_` and `-`, at most 32. */
const CODE = /^[A-Za-z0-9_-]{1,32}$/;
const MY_SEAT = z.object({ playerId: z.string().min(8).max(64) }).strict();

export interface TableInfo {
  readonly code: string;
  readonly game: string;
  readonly status: string;
  readonly seats: number;
  readonly players: number;
  readonly bots: number;
  readonly turnSeconds: number;
  readonly variants: Record<string, unknown>;
  readonly ranked: boolean;
  /** A seat is open to whoever has the code. */
  readonly open: boolean;
}

const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);

/** The listing of a table room (never a lobby or queue), or null. */
export async function tableInfo(code: string): Promise<TableInfo | null> {
  const [room] = await matchMaker.query({ roomId: code });
  if (!room || !(room.name in GAMES)) return null;
  const m = (room.metadata ?? {}) as Record<string, unknown>;
  const mode = typeof m["mode"] === "string" ? m["mode"] : "";
  const status = typeof m["status"] === "string" ? m["status"] : "waiting";
  const seats = num(m["seats"]);
  return {
    code: room.roomId,
    game: room.name,
    status,
    seats,
    players: num(m["players"]),
    bots: num(m["bots"]),
    turnSeconds: num(m["turnSeconds"]),
    variants: typeof m["variants"] === "object" && m["variants"] !== null ? (m["variants"] as Record<string, unknown>) : {},
    ranked: mode.startsWith("ranked"),
    // The code itself lets a friend in: a private table's quick play being closed does not matter.
    open: status === "waiting" && num(m["players"]) + num(m["bots"]) < seats,
  };
}

/** `limits`: reading a table by a code no table has counts as a guess, as joining by one does (limits/code-guesses.ts). */
export function socialRoutes(presence: () => Presence, limits: Limits | null = null): express.Router {
  const router = express.Router();
  router.get(
    "/social/tables/:code",
    handle(async (req, res) => {
      const raw = String(req.params.code);
      if (!CODE.test(raw)) return fail(res, 400, "bad-code", "a table code is letters and digits");
      const address = limits?.keyOf(req) ?? "";
      const verdict = limits ? await limits.codeGuesses.before(address) : { ok: true, retryAfterMs: 0 };
      if (!verdict.ok) {
        res.setHeader("retry-after", String(Math.max(1, Math.ceil(verdict.retryAfterMs / 1000))));
        return fail(res, 429, "rate-limited", "Too many unknown table codes from this address: try again later");
      }
      // Invite codes are upper case (table/invite-code.ts); quick-play room ids are case-sensitive.
      const info = (await tableInfo(raw)) ?? (/^[a-z2-9]{6}$/i.test(raw) ? await tableInfo(raw.toUpperCase()) : null);
      if (!info) {
        await limits?.codeGuesses.missed(address);
        return fail(res, 404, "not-found", `no table "${raw}" is open`);
      }
      res.json(info);
    }),
  );
  router.get(
    "/social/counts",
    handle(async (_req, res) => {
      res.set("cache-control", `public, max-age=${Math.floor(COUNTS_CACHE_MS / 1000)}`).json(await online().counts());
    }),
  );
  router.post(
    "/social/my-seat",
    handle(async (req, res) => {
      const body = MY_SEAT.safeParse(req.body ?? {});
      if (!body.success) return fail(res, 400, "bad-request", "body: {playerId} (8 to 64 characters)");
      const seats = new SeatRegistry(presence());
      const held = await seats.current(body.data.playerId);
      if (!held) return void res.json({ seat: null });
      const info = await tableInfo(held.roomId);
      // Not listed: with Redis a peer may be resuming it (moving); one process resumes its tables
      // as it starts, so a table it does not list has closed, and nothing is in progress there.
      if (info?.status === "ended" || (!info && durability.store?.kind !== "redis")) {
        await seats.released(body.data.playerId, held.roomId);
        return void res.json({ seat: null });
      }
      res.json({ seat: { roomId: held.roomId, game: held.game, status: info ? info.status : "moving" } });
    }),
  );
  return router;
}
