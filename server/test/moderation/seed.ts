/** Seeding ranked matches for the moderation tests: real rated matches through recordRankedMatch. */
import { GAME_LOG_FORMAT, type GameLog } from "@scat/shared/fairness/game-log.ts";
import { standingsOf } from "@scat/shared/standings.ts";
import type { Db } from "../../src/db/database.ts";
import { recordRankedMatch, type RankedSeat } from "../../src/ranked/record-match.ts";
import type { RatingChange } from "@scat/shared";

let n = 0;

export interface Played {
  readonly matchId: string;
  readonly changes: readonly RatingChange[];
}

/**
 * One rated match: `order` lists the player ids best first (all distinct places), `left` those who
 * left (placed last, `forfeited` in the standings), `steps` the log's length, `at` its end time.
 */
export async function play(
  db: Db,
  game: string,
  order: readonly string[],
  opts: { left?: readonly string[]; steps?: number; at: number },
): Promise<Played> {
  const matchId = `mod-${game}-${++n}-${opts.at}`;
  const seats: RankedSeat[] = order.map((playerId, seat) => ({ seat, playerId, name: playerId.slice(0, 8) }));
  const steps = Array.from({ length: opts.steps ?? 60 }, (_, i) => ({
    seat: i % order.length,
    action: { type: "play" },
    now: opts.at - 1000 + i,
  }));
  const hex = "ab".repeat(16);
  const scores = order.map((_, i) => order.length - i);
  const log: GameLog = {
    format: GAME_LOG_FORMAT,
    matchId,
    game: game as GameLog["game"],
    options: { seats: order.length },
    startedAt: opts.at - 2000,
    seed: hex,
    salt: hex,
    commitment: "c".repeat(64),
    steps,
    outcome: { winners: [0], ranking: order.map((_, i) => i), scores },
  };
  const left = new Set((opts.left ?? []).map((id) => order.indexOf(id)));
  const res = await recordRankedMatch(db, log, seats, standingsOf(log.outcome, left), opts.at);
  if (!res.rated) throw new Error("not rated");
  return { matchId, changes: res.changes };
}

/** Ratings, buckets, history and refunds as they stand: compared before and after a repeated mark. */
export async function snapshot(db: Db): Promise<unknown> {
  return {
    ratings: await db.selectFrom("ratings").selectAll().orderBy("player_id").orderBy("game").execute(),
    counts: await db.selectFrom("rating_counts").selectAll().where("players", "<>", 0).orderBy("game").orderBy("rating").execute(),
    history: await db.selectFrom("rating_history").selectAll().orderBy("player_id").orderBy("game").orderBy("match_id").execute(),
    refunds: await db.selectFrom("rating_refunds").selectAll().orderBy("match_id").orderBy("player_id").execute(),
    marks: await db.selectFrom("account_marks").selectAll().orderBy("player_id").execute(),
    actions: await db.selectFrom("operator_actions").select(["id", "action", "target_id"]).orderBy("id").execute(),
  };
}

/** `rating_counts` agrees with the ratings (per game and rating). */
export async function bucketsAgree(db: Db): Promise<{ counted: [string, number, number][]; actual: [string, number, number][] }> {
  const actual = await db
    .selectFrom("ratings")
    .select(["game", "rating"])
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .groupBy(["game", "rating"])
    .orderBy("game")
    .orderBy("rating")
    .execute();
  const counted = await db
    .selectFrom("rating_counts")
    .select(["game", "rating", "players"])
    .where("players", "<>", 0)
    .orderBy("game")
    .orderBy("rating")
    .execute();
  return { counted: counted.map((c) => [c.game, c.rating, c.players]), actual: actual.map((a) => [a.game, a.rating, Number(a.n)]) };
}
