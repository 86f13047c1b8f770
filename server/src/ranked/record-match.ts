/**
 * Writes a finished ranked match and rates it, in one transaction, once per match id: the match
 * row is inserted first and a second attempt (a table resumed after a crash, a retried write)
 * finds it there and only reads back what the first one did. Rating rows are locked in player id
 * order, so two matches sharing a player never deadlock and each rates from the other's result.
 */
import type { RatingChange } from "@scat/shared";
import type { GameLog } from "@scat/shared/fairness/game-log.ts";
import type { Db } from "../db/database.ts";
import { NEW_SKILL, displayRating, establishment, isProvisional, rateGame, type Skill } from "./rating.ts";
import { checkHold } from "../moderation/holds.ts";
import type { SeatResult } from "@scat/shared/standings.ts";

export interface RankedSeat {
  readonly seat: number;
  readonly playerId: string;
  readonly name: string;
}

export interface RankedResult {
  readonly matchId: string;
  /** False when this match id was already recorded (nothing changed this time). */
  readonly rated: boolean;
  readonly changes: RatingChange[];
}

export async function recordRankedMatch(
  db: Db,
  log: GameLog,
  seats: readonly RankedSeat[],
  standings: readonly SeatResult[],
  endedAt: number,
): Promise<RankedResult> {
  const placeOf = new Map(standings.map((s) => [s.seat, s]));
  return db.transaction().execute(async (tx) => {
    const inserted = await tx
      .insertInto("matches")
      .values({
        id: log.matchId,
        game: log.game,
        seed: log.seed,
        options: JSON.stringify(log.options),
        started_at: log.startedAt,
        ended_at: endedAt,
        standings: JSON.stringify(seats.map((s) => ({ ...s, ...placeOf.get(s.seat) }))),
        log: JSON.stringify(log),
      })
      .onConflict((oc) => oc.column("id").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) return { matchId: log.matchId, rated: false, changes: await changesOf(tx, log.matchId) };

    const ids = seats.map((s) => s.playerId);
    const created = await tx
      .insertInto("ratings")
      .values(
        ids.map((player_id) => ({
          player_id,
          game: log.game,
          mu: NEW_SKILL.mu,
          sigma: NEW_SKILL.sigma,
          rating: displayRating(NEW_SKILL),
          games: 0,
          wins: 0,
          updated_at: endedAt,
        })),
      )
      .onConflict((oc) => oc.columns(["player_id", "game"]).doNothing())
      .returning("player_id")
      .execute();
    const buckets = new Map<number, number>();
    const move = (rating: number, by: number) => buckets.set(rating, (buckets.get(rating) ?? 0) + by);
    for (let i = 0; i < created.length; i++) move(displayRating(NEW_SKILL), 1);
    const rows = await tx
      .selectFrom("ratings")
      .selectAll()
      .where("game", "=", log.game)
      .where("player_id", "in", ids)
      .orderBy("player_id")
      .forUpdate()
      .execute();
    const byId = new Map(rows.map((r) => [r.player_id, r]));
    const before: Skill[] = seats.map((s) => byId.get(s.playerId)!);
    const places = seats.map((s) => placeOf.get(s.seat)?.place ?? seats.length);
    // How established each player is as an opponent (before this game): a win's gain is weighed by it.
    const born = new Map(
      (await tx.selectFrom("players").select(["id", "created_at"]).where("id", "in", ids).execute()).map((p) => [
        p.id,
        Number(p.created_at),
      ]),
    );
    const worth = seats.map((s) => establishment(byId.get(s.playerId)!.games, born.get(s.playerId) ?? endedAt, endedAt));
    const after = rateGame(before, places, worth);

    const changes: RatingChange[] = [];
    for (const [i, s] of seats.entries()) {
      const row = byId.get(s.playerId)!;
      const skill = after[i]!;
      const place = places[i]!;
      const rating = displayRating(skill);
      await tx
        .updateTable("ratings")
        .set({
          mu: skill.mu,
          sigma: skill.sigma,
          rating,
          games: row.games + 1,
          wins: row.wins + (place === 1 ? 1 : 0),
          updated_at: endedAt,
        })
        .where("player_id", "=", s.playerId)
        .where("game", "=", log.game)
        .execute();
      move(row.rating, -1);
      move(rating, 1);
      changes.push({
        seat: s.seat,
        playerId: s.playerId,
        place,
        before: row.rating,
        after: rating,
        delta: rating - row.rating,
        provisional: isProvisional(row.games + 1),
      });
    }
    await countRatings(tx, log.game, buckets);
    await tx
      .insertInto("match_players")
      .values(
        changes.map((c) => ({
          match_id: log.matchId,
          seat: c.seat,
          player_id: c.playerId,
          place: c.place,
          rating_before: c.before,
          rating_after: c.after,
        })),
      )
      .execute();
    const met = seats.flatMap((s) =>
      seats
        .filter((o, j) => o.playerId !== s.playerId && worth[j]! >= 1)
        .map((o) => ({ player_id: s.playerId, game: log.game, opponent_id: o.playerId })),
    );
    if (met.length > 0)
      await tx
        .insertInto("established_opponents")
        .values(met)
        .onConflict((oc) => oc.doNothing())
        .execute();
    await tx
      .insertInto("rating_history")
      .values(
        seats.map((s, i) => ({
          player_id: s.playerId,
          game: log.game,
          match_id: log.matchId,
          at: endedAt,
          rating: displayRating(after[i]!),
          mu: after[i]!.mu,
          sigma: after[i]!.sigma,
        })),
      )
      .execute();
    // Automatic holds (moderation/holds.ts) for those who beat someone here, on the evidence including this game.
    for (const [i, s] of seats.entries()) if (places.some((p) => p > places[i]!)) await checkHold(tx, s.playerId, log.game, endedAt);
    return { matchId: log.matchId, rated: true, changes };
  });
}

/** Moves players between rating buckets (rating_counts), in rating order so writers never deadlock. */
export async function countRatings(db: Db, game: string, buckets: ReadonlyMap<number, number>): Promise<void> {
  const rows = [...buckets]
    .filter(([, by]) => by !== 0)
    .sort(([a], [b]) => a - b)
    .map(([rating, players]) => ({ game, rating, players }));
  if (rows.length === 0) return;
  await db
    .insertInto("rating_counts")
    .values(rows)
    .onConflict((oc) =>
      oc.columns(["game", "rating"]).doUpdateSet((eb) => ({ players: eb("rating_counts.players", "+", eb.ref("excluded.players")) })),
    )
    .execute();
}

async function changesOf(db: Db, matchId: string): Promise<RatingChange[]> {
  const rows = await db
    .selectFrom("match_players as mp")
    .innerJoin("matches as m", "m.id", "mp.match_id")
    .innerJoin("ratings as r", (j) => j.onRef("r.player_id", "=", "mp.player_id").onRef("r.game", "=", "m.game"))
    .select(["mp.seat", "mp.player_id", "mp.place", "mp.rating_before", "mp.rating_after", "r.games"])
    .where("mp.match_id", "=", matchId)
    .orderBy("mp.seat")
    .execute();
  return rows.map((r) => ({
    seat: r.seat,
    playerId: r.player_id,
    place: r.place,
    before: r.rating_before,
    after: r.rating_after,
    delta: r.rating_after - r.rating_before,
    provisional: isProvisional(r.games),
  }));
}
