/**
 * A ranked table shows each seat's rating: the displayed rating the
 * leaderboard shows (`ratings.rating`, or a new player's starting rating), provisional below
 * `PROVISIONAL_GAMES` games. Read once per table from the store for the roster's accounts, and
 * sent as `rankedSeats` `{seats: [{seat, rating, provisional}]}` to every connection: each
 * player as they sit (to all, so the others' labels fill in), and each spectator as they arrive
 * (docs/API.md, "Ranked tables"). Read at the table's first greeting (before its game ends).
 */
import { SERVER_MESSAGES } from "@scat/shared";
import type { Db } from "../db/database.ts";
import { NEW_SKILL, displayRating, isProvisional } from "./rating.ts";

export const RANKED_SEATS_MESSAGE = SERVER_MESSAGES.rankedSeats;

export interface SeatRating {
  readonly rating: number;
  readonly provisional: boolean;
}

/** Each roster account's rating in `game` before this table's game. */
export async function loadSeatRatings(db: Db, game: string, players: readonly string[]): Promise<Map<string, SeatRating>> {
  const out = new Map<string, SeatRating>(players.map((p) => [p, { rating: displayRating(NEW_SKILL), provisional: true }]));
  if (players.length === 0) return out;
  const rows = await db
    .selectFrom("ratings")
    .select(["player_id", "rating", "games"])
    .where("game", "=", game)
    .where("player_id", "in", [...players])
    .execute();
  for (const r of rows) out.set(r.player_id, { rating: Number(r.rating), provisional: isProvisional(Number(r.games)) });
  return out;
}

/** The message body: the seats held by roster accounts, in seat order. */
export function rankedSeatsBody(
  ratings: ReadonlyMap<string, SeatRating>,
  slots: readonly { readonly index: number; readonly playerId: string | null }[],
): { seats: { seat: number; rating: number; provisional: boolean }[] } {
  const seats: { seat: number; rating: number; provisional: boolean }[] = [];
  for (const s of slots) {
    const r = s.playerId ? ratings.get(s.playerId) : undefined;
    // A seat a bot took over is still its account's: the game is rated for it.
    if (r) seats.push({ seat: s.index, ...r });
  }
  return { seats };
}
