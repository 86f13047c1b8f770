/**
 * What the leaderboard and profile pages read. Every query walks an index: the board by
 * (game, rating desc, player id), a rank by counting the entries ahead of a player on that index,
 * the history by (player, game, time), recent matches by (player, match).
 */
import type { Db } from "../db/database.ts";
import { isProvisional } from "./rating.ts";

export interface BoardEntry {
  readonly rank: number;
  readonly playerId: string;
  readonly name: string;
  readonly rating: number;
  readonly games: number;
  readonly provisional: boolean;
}

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

/** A player's rank (1 = best; the board's order breaks equal ratings by player id) and the entries just above and below. */
export async function aroundPlayer(db: Db, game: string, playerId: string): Promise<{ me: BoardEntry; around: BoardEntry[] } | null> {
  const mine = await board(db, game).where("r.player_id", "=", playerId).executeTakeFirst();
  if (!mine) return null;
  const ahead = await db.selectFrom("ratings").select((eb) => eb.fn.countAll<string>().as("n")).where("game", "=", game)
    .where((eb) => eb.or([eb("rating", ">", mine.rating), eb.and([eb("rating", "=", mine.rating), eb("player_id", "<", playerId)])]))
    .executeTakeFirstOrThrow();
  const rank = Number(ahead.n) + 1;
  const above = await board(db, game)
    .where((eb) => eb.or([eb("r.rating", ">", mine.rating), eb.and([eb("r.rating", "=", mine.rating), eb("r.player_id", "<", playerId)])]))
    .orderBy("r.rating", "asc").orderBy("r.player_id", "desc").limit(NEIGHBOURS).execute();
  const below = await board(db, game)
    .where((eb) => eb.or([eb("r.rating", "<", mine.rating), eb.and([eb("r.rating", "=", mine.rating), eb("r.player_id", ">", playerId)])]))
    .orderBy("r.rating", "desc").orderBy("r.player_id", "asc").limit(NEIGHBOURS).execute();
  const around = [
    ...above.map((r, i) => entry(r, rank - i - 1)).reverse(),
    entry(mine, rank),
    ...below.map((r, i) => entry(r, rank + i + 1)),
  ];
  return { me: entry(mine, rank), around };
}

export interface GameRating {
  readonly game: string;
  readonly rating: number;
  readonly games: number;
  readonly wins: number;
  readonly provisional: boolean;
}

export async function ratingsOf(db: Db, playerId: string): Promise<GameRating[]> {
  const rows = await db.selectFrom("ratings").select(["game", "rating", "games", "wins"]).where("player_id", "=", playerId).orderBy("game").execute();
  return rows.map((r) => ({ ...r, provisional: isProvisional(r.games) }));
}

export async function historyOf(db: Db, playerId: string, game: string, limit = 500) {
  const rows = await db.selectFrom("rating_history").select(["match_id", "at", "rating"]).where("player_id", "=", playerId).where("game", "=", game)
    .orderBy("at", "desc").limit(limit).execute();
  return rows.reverse().map((r) => ({ matchId: r.match_id, at: r.at, rating: r.rating }));
}

export async function recentMatches(db: Db, playerId: string, limit = 20) {
  const rows = await db.selectFrom("match_players as mp").innerJoin("matches as m", "m.id", "mp.match_id")
    .select(["m.id", "m.game", "m.ended_at", "m.standings", "mp.place", "mp.rating_before", "mp.rating_after"])
    .where("mp.player_id", "=", playerId).orderBy("m.ended_at", "desc").limit(limit).execute();
  return rows.map((r) => ({ matchId: r.id, game: r.game, endedAt: r.ended_at, place: r.place, ratingBefore: r.rating_before, ratingAfter: r.rating_after, delta: r.rating_after - r.rating_before, players: r.standings }));
}

export async function matchLog(db: Db, matchId: string): Promise<unknown | null> {
  const row = await db.selectFrom("matches").select("log").where("id", "=", matchId).executeTakeFirst();
  return row ? row.log : null;
}
