/**
 * What the leaderboard and profile pages read. Every query walks an index: the board by
 * (game, rating desc, player id), a rank by counting the entries ahead of a player on that index,
 * the history by (player, game, time), recent matches by (player, match).
 */
import { sql } from "kysely";
import type { BoardEntry, GameRating, HistoryPoint, RecentMatch } from "@scat/shared";
import type { Db } from "../db/database.ts";
import { isProvisional } from "./rating.ts";

export const TOP = 100;
const NEIGHBOURS = 5;

type Row = { player_id: string; display_name: string; rating: number; games: number };

function entry(r: Row, rank: number): BoardEntry {
  return { rank, playerId: r.player_id, name: r.display_name, rating: r.rating, games: r.games, provisional: isProvisional(r.games) };
}

function board(db: Db, game: string) {
  return db.selectFrom("ratings as r").innerJoin("players as p", "p.id", "r.player_id")
    .select(["r.player_id", "p.display_name", "r.rating", "r.games"]).where("r.game", "=", game);
}

export async function topPlayers(db: Db, game: string, limit = TOP): Promise<BoardEntry[]> {
  const rows = await board(db, game).orderBy("r.rating", "desc").orderBy("r.player_id").limit(limit).execute();
  return rows.map((r, i) => entry(r, i + 1));
}

/**
 * A player's rank (1 = best; the board's order breaks equal ratings by player id) and the entries
 * just above and below. "Ahead of me" is `rating > mine, or rating = mine and id < mine`; the
 * neighbours are four short ranges on the board index (an OR would scan it).
 */
export async function aroundPlayer(db: Db, game: string, playerId: string): Promise<{ me: BoardEntry; around: BoardEntry[] } | null> {
  // Ahead of me: everyone in a higher rating bucket (rating_counts), plus equal ratings with a smaller id.
  const mine = (await sql<Row & { ahead: string | number }>`
    select r.player_id, p.display_name, r.rating, r.games,
      coalesce((select sum(c.players) from rating_counts c where c.game = r.game and c.rating > r.rating), 0)
      + (select count(*) from ratings t where t.game = r.game and t.rating = r.rating and t.player_id < r.player_id) as ahead
    from ratings r join players p on p.id = r.player_id where r.game = ${game} and r.player_id = ${playerId}`.execute(db)).rows[0];
  if (!mine) return null;
  const rank = Number(mine.ahead) + 1;
  const n = NEIGHBOURS;
  const cols = sql`r.player_id, p.display_name, r.rating, r.games`;
  const from = sql`from ratings r join players p on p.id = r.player_id where r.game = ${game}`;
  // Nearest first on each side; ties on rating come before the next rating.
  const rows = (await sql<Row & { side: string }>`
    (select ${cols}, 'a' as side ${from} and r.rating = ${mine.rating} and r.player_id < ${playerId} order by r.player_id desc limit ${n})
    union all (select ${cols}, 'a' ${from} and r.rating > ${mine.rating} order by r.rating asc, r.player_id desc limit ${n})
    union all (select ${cols}, 'b' ${from} and r.rating = ${mine.rating} and r.player_id > ${playerId} order by r.player_id asc limit ${n})
    union all (select ${cols}, 'b' ${from} and r.rating < ${mine.rating} order by r.rating desc, r.player_id asc limit ${n})`.execute(db)).rows;
  const above = nearest(rows.filter((r) => r.side === "a"), true).slice(0, n);
  const below = nearest(rows.filter((r) => r.side === "b"), false).slice(0, n);
  const around = [
    ...above.map((r, i) => entry(r, rank - i - 1)).reverse(),
    entry(mine, rank),
    ...below.map((r, i) => entry(r, rank + i + 1)),
  ];
  return { me: entry(mine, rank), around };
}

/** Orders one side's candidates nearest first: by rating toward mine, then by id toward mine. */
function nearest<T extends Row>(rows: readonly T[], above: boolean): T[] {
  return [...rows].sort((x, y) => {
    if (x.rating !== y.rating) return above ? x.rating - y.rating : y.rating - x.rating;
    return above ? (x.player_id < y.player_id ? 1 : -1) : (x.player_id < y.player_id ? -1 : 1);
  });
}

export async function ratingsOf(db: Db, playerId: string): Promise<GameRating[]> {
  const rows = await db.selectFrom("ratings").select(["game", "rating", "games", "wins"]).where("player_id", "=", playerId).orderBy("game").execute();
  return rows.map((r) => ({ ...r, provisional: isProvisional(r.games) }));
}

export async function historyOf(db: Db, playerId: string, game: string, limit = 500): Promise<HistoryPoint[]> {
  const rows = await db.selectFrom("rating_history").select(["match_id", "at", "rating"]).where("player_id", "=", playerId).where("game", "=", game)
    .orderBy("at", "desc").limit(limit).execute();
  return rows.reverse().map((r) => ({ matchId: r.match_id, at: r.at, rating: r.rating }));
}

export async function recentMatches(db: Db, playerId: string, limit = 20): Promise<RecentMatch[]> {
  const rows = await db.selectFrom("match_players as mp").innerJoin("matches as m", "m.id", "mp.match_id")
    .select(["m.id", "m.game", "m.ended_at", "m.standings", "mp.place", "mp.rating_before", "mp.rating_after"])
    .where("mp.player_id", "=", playerId).orderBy("m.ended_at", "desc").limit(limit).execute();
  return rows.map((r) => ({ matchId: r.id, game: r.game, endedAt: r.ended_at, place: r.place, ratingBefore: r.rating_before, ratingAfter: r.rating_after, delta: r.rating_after - r.rating_before, players: r.standings }));
}

export async function matchLog(db: Db, matchId: string): Promise<unknown | null> {
  const row = await db.selectFrom("matches").select("log").where("id", "=", matchId).executeTakeFirst();
  return row ? row.log : null;
}

/**
 * The top 100 of each game, kept for a moment per process: every visitor of a board reads the
 * same rows, so a busy board costs one query every `ttlMs` (the own rank and neighbours stay live).
 */
export class TopCache {
  private readonly entries = new Map<string, { at: number; rows: Promise<BoardEntry[]> }>();
  constructor(private readonly ttlMs = 2_000) {}

  get(db: Db, game: string, now = Date.now()): Promise<BoardEntry[]> {
    const hit = this.entries.get(game);
    if (hit && now - hit.at < this.ttlMs) return hit.rows;
    const rows = topPlayers(db, game);
    this.entries.set(game, { at: now, rows });
    rows.catch(() => this.entries.delete(game));
    return rows;
  }

  /** A rating changed in this process: the next read fetches the board again. */
  forget(game: string): void {
    this.entries.delete(game);
  }
}
