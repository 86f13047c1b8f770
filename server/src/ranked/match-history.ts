/**
 * A player's recent ranked matches for the profile (docs/API.md "Ratings"):
 * `GET /api/players/:id/matches?limit=&before=`, newest first, each with its date, game, the
 * opponents (id, name, place), the player's place and rating change, and whether the server
 * keeps its log (the replay). Pages by a keyset cursor (`endedAt.matchId` of the last row), so
 * a page costs one indexed read however far back it is.
 */
import { sql } from "kysely";
import type { MatchHistoryEntry, MatchHistoryPage } from "@scat/shared";
import type { Db } from "../db/database.ts";

export const HISTORY_PAGE = 10;
export const HISTORY_MAX_PAGE = 50;

/** Account ids are UUIDs (accounts/accounts.ts). */
export const PLAYER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Cursor {
  readonly endedAt: number;
  readonly matchId: string;
}

export function encodeCursor(c: Cursor): string {
  return `${c.endedAt}.${c.matchId}`;
}

/** `endedAt.matchId`, or null for anything else. */
export function parseCursor(raw: string): Cursor | null {
  const m = /^(\d{1,15})\.([A-Za-z0-9_-]{1,120})$/.exec(raw);
  return m ? { endedAt: Number(m[1]), matchId: m[2]! } : null;
}

interface StoredSeat {
  readonly seat?: unknown;
  readonly playerId?: unknown;
  readonly name?: unknown;
  readonly place?: unknown;
}

function opponents(standings: unknown, playerId: string): MatchHistoryEntry["opponents"] {
  const seats = (
    Array.isArray(standings) ? standings : typeof standings === "string" ? (JSON.parse(standings) as unknown[]) : []
  ) as StoredSeat[];
  return [...seats]
    .sort((a, b) => Number(a.seat) - Number(b.seat))
    .filter((s) => typeof s.playerId === "string" && s.playerId !== playerId)
    .map((s) => ({
      playerId: s.playerId as string,
      name: typeof s.name === "string" ? s.name : "",
      place: typeof s.place === "number" ? s.place : 0,
    }));
}

export async function matchHistory(db: Db, playerId: string, limit: number, before: Cursor | null): Promise<MatchHistoryPage> {
  let q = db
    .selectFrom("match_players as mp")
    .innerJoin("matches as m", "m.id", "mp.match_id")
    .select([
      "m.id",
      "m.game",
      "m.ended_at",
      "m.standings",
      "mp.place",
      "mp.rating_before",
      "mp.rating_after",
      sql<boolean>`m.log is not null`.as("has_log"),
    ])
    .where("mp.player_id", "=", playerId);
  if (before)
    q = q.where((eb) =>
      eb.or([eb("m.ended_at", "<", before.endedAt), eb.and([eb("m.ended_at", "=", before.endedAt), eb("m.id", "<", before.matchId)])]),
    );
  const rows = await q
    .orderBy("m.ended_at", "desc")
    .orderBy("m.id", "desc")
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    matches: page.map((r) => ({
      matchId: r.id,
      game: r.game,
      endedAt: Number(r.ended_at),
      place: r.place,
      ratingBefore: r.rating_before,
      ratingAfter: r.rating_after,
      delta: r.rating_after - r.rating_before,
      opponents: opponents(r.standings, playerId),
      replay: r.has_log === true,
    })),
    next: rows.length > limit && last ? encodeCursor({ endedAt: Number(last.ended_at), matchId: last.id }) : null,
  };
}
