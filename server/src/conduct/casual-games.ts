/**
 * What a player's casual games say to them (docs/API.md, "Ranked progress" and "Game history"):
 * how far they are from ranked play (finished casual games, and for the recent ones that did not
 * count, why, in plain words), and the history of their last casual games (game, date, place,
 * who else sat there). Both read the conduct record (record.ts): a casual game is on it when the
 * account (its session cookie or token) came with the join.
 */
import type { Outcome as GameOutcome } from "@scat/shared";
import { rankKeys, standingsOf } from "@scat/shared/standings.ts";
import type { Db } from "../db/database.ts";
import type { Outcome } from "./policy.ts";
import type { TableSeat } from "./record.ts";

/** Recent casual games the progress lists (counted or not). */
export const PROGRESS_RECENT = 10;
/** The game history's cap (and page size). */
export const HISTORY_MAX = 50;

/** Why a recorded casual game did not count toward ranked play, in the player's words. */
export const NOT_COUNTED: Readonly<Record<Exclude<Outcome, "completed">, string>> = {
  left: "left before the end (a bot finished the game for you)",
  "timed-out": "your turns ran out of time too often (3 in a row, or half of them)",
  aborted: "the game was stopped early because another player left",
  "aborted-leave": "you left before the game really started",
  "no-show": "you did not sit down at the table",
};

export interface ProgressGame {
  readonly game: string;
  readonly at: number;
  readonly outcome: Outcome;
  readonly counts: boolean;
  /** Why it did not count (null when it counts). */
  readonly why: string | null;
}

export interface RankedProgress {
  /** Finished casual games ranked play needs (RANKED_MIN_GAMES). */
  readonly need: number;
  /** Finished casual games on the record (all time). */
  readonly finished: number;
  /** The last casual games, newest first, each with whether it counted and why not. */
  readonly recent: readonly ProgressGame[];
}

export async function rankedProgress(db: Db, playerId: string, need: number): Promise<RankedProgress> {
  const [finished, recent] = await Promise.all([
    db
      .selectFrom("conduct_records")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("player_id", "=", playerId)
      .where("ranked", "=", false)
      .where("outcome", "=", "completed")
      .executeTakeFirst(),
    db
      .selectFrom("conduct_records")
      .select(["game", "at", "outcome"])
      .where("player_id", "=", playerId)
      .where("ranked", "=", false)
      .orderBy("at", "desc")
      .orderBy("table_id")
      .limit(PROGRESS_RECENT)
      .execute(),
  ]);
  return {
    need,
    finished: Number(finished?.n ?? 0),
    recent: recent.map((r) => {
      const outcome = r.outcome as Outcome;
      return {
        game: r.game,
        at: Number(r.at),
        outcome,
        counts: outcome === "completed",
        why: outcome === "completed" ? null : (NOT_COUNTED[outcome] ?? "it did not reach its end"),
      };
    }),
  };
}

export interface HistoryGame {
  readonly tableId: string;
  readonly game: string;
  readonly at: number;
  readonly outcome: Outcome;
  /** The player's place (1 = first); null when not kept. */
  readonly place: number | null;
  /** Everyone else at the table, by seat: the name shown there, their place, whether a bot. */
  readonly opponents: readonly { readonly name: string; readonly place: number | null; readonly bot: boolean }[];
  /** A casual table's log is not kept by the server: always null (the table's "Download game log" saves it). */
  readonly replay: string | null;
}

/** The account's last casual games, newest first (at most HISTORY_MAX). */
export async function casualHistory(db: Db, playerId: string, limit = HISTORY_MAX): Promise<HistoryGame[]> {
  const rows = await db
    .selectFrom("conduct_records")
    .select(["table_id", "game", "at", "outcome", "place", "seats"])
    .where("player_id", "=", playerId)
    .where("ranked", "=", false)
    .orderBy("at", "desc")
    .orderBy("table_id", "desc")
    .limit(Math.min(HISTORY_MAX, Math.max(1, limit)))
    .execute();
  return rows.map((r) => {
    const seats = parseSeats(r.seats);
    return {
      tableId: r.table_id,
      game: r.game,
      at: Number(r.at),
      outcome: r.outcome as Outcome,
      place: r.place,
      opponents: seats.filter((s) => s.own !== true).map((s) => ({ name: s.name, place: s.place, bot: s.bot })),
      replay: null,
    };
  });
}

/** The stored seats (jsonb: an array, or its text from a driver that returns text). */
function parseSeats(raw: unknown): TableSeat[] {
  const list = typeof raw === "string" ? (JSON.parse(raw) as unknown) : raw;
  return Array.isArray(list)
    ? list.filter((s): s is TableSeat => typeof s === "object" && s !== null && typeof (s as TableSeat).seat === "number")
    : [];
}

/** Who sat where at a finished casual table and their places (a seat a bot finished for a leaver is placed last). */
export function casualTable(
  gameId: string,
  outcome: GameOutcome | null,
  state: unknown,
  slots: readonly { index: number; name: string; isBot: boolean; botReason: string }[],
): TableSeat[] {
  const left = new Set(slots.filter((s) => s.isBot && s.botReason !== "filled").map((s) => s.index));
  const places = outcome ? standingsOf(outcome, left, rankKeys(gameId, state as never)) : [];
  return slots.map((s) => ({
    seat: s.index,
    name: s.name,
    place: places.find((p) => p.seat === s.index)?.place ?? null,
    bot: s.isBot && s.botReason === "filled",
  }));
}
