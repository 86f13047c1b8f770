/**
 * Marking an account as a booster or a cheater (docs/API.md, "Operators"), in one transaction:
 *
 * 1. The account is marked (`account_marks`, one row per account): it leaves every leaderboard
 *    (ranked/queries.ts skips marked accounts) and a second mark changes nothing.
 * 2. Its ratings are reset: every game's rating back to a newcomer's (mu 25, sigma 25/3, 1500,
 *    0 games, 0 wins), `rating_counts` moved with it, a `rating_history` point `reset:<action>`.
 * 3. The refund rule. A victim is every other seat of a ranked match the account played that
 *    ended within the last `windowDays` (`matches.ended_at >= now - windowDays`), whose rating went
 *    down in it (`match_players.rating_after < rating_before`), who is not marked themselves. Each
 *    such loss `L = rating_before - rating_after` (the shown points, exactly what the match took)
 *    is added back to the victim's *current* rating in that game, and `L / 60` to their mu (the
 *    shown rating is round(60 × mu), so rating and mu stay consistent); sigma, games and wins are
 *    left alone (the games were played). Every seat with a loss counts, in games of more than
 *    two seats too, whatever their place: a booster or cheater tilts the whole table. A loss is
 *    refunded at most once (`rating_refunds` keyed by match and victim), so marking a second
 *    account of the same match refunds nothing twice. Each victim gets one `rating_history`
 *    point `refund:<action>` per game with the rating after the refund.
 * 4. The action is recorded in `operator_actions` (who, when, kind, reason, window, and the
 *    whole result), and the answer is that result: marking the account again answers the stored
 *    result of the first mark and changes nothing.
 *
 * Locks: the account's `players` row (FOR NO KEY UPDATE, so a match being recorded with it still
 * goes through), the refund keys in (match, victim) order, then the ratings rows in (game, player)
 * order, then the rating buckets in rating order, as ranked/record-match.ts takes them.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../db/database.ts";
import type { Rating } from "../db/schema.ts";
import { NEW_SKILL, SCALE, displayRating } from "../ranked/rating.ts";
import { countRatings } from "../ranked/record-match.ts";
import { recordAction, type Actor } from "./operators.ts";

export const MARK_KINDS = ["booster", "cheater"] as const;
export type MarkKind = (typeof MARK_KINDS)[number];
const DAY = 86_400_000;

export interface MarkRequest {
  readonly targetId: string;
  readonly kind: MarkKind;
  readonly reason: string;
  readonly windowDays: number;
  readonly actor: Actor;
}

export interface MarkResult {
  readonly action: {
    readonly id: string;
    readonly at: number;
    readonly by: string;
    readonly kind: MarkKind;
    readonly reason: string;
    readonly windowDays: number;
    readonly since: number;
  };
  readonly account: { readonly id: string; readonly name: string };
  readonly reset: readonly { readonly game: string; readonly before: number; readonly after: number; readonly games: number }[];
  readonly refunds: readonly { readonly matchId: string; readonly game: string; readonly playerId: string; readonly points: number }[];
  readonly victims: readonly {
    readonly playerId: string;
    readonly game: string;
    readonly before: number;
    readonly after: number;
    readonly points: number;
  }[];
  readonly totals: { readonly matches: number; readonly victims: number; readonly points: number };
}

export interface Marked {
  readonly result: MarkResult;
  /** False: the account was already marked; nothing changed and `result` is the first mark's. */
  readonly changed: boolean;
  /** Games whose boards changed (the caller drops its cached top 100). */
  readonly games: readonly string[];
}

interface Loss {
  match_id: string;
  game: string;
  player_id: string;
  points: number;
}

export async function markAccount(db: Db, req: MarkRequest, now = Date.now()): Promise<Marked | "unknown-player"> {
  return db.transaction().execute(async (tx) => {
    const player = await tx
      .selectFrom("players")
      .select(["id", "display_name"])
      .where("id", "=", req.targetId)
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!player) return "unknown-player";
    const marked = await tx
      .selectFrom("account_marks as k")
      .innerJoin("operator_actions as a", "a.id", "k.action_id")
      .select("a.details")
      .where("k.player_id", "=", player.id)
      .executeTakeFirst();
    if (marked) return { result: (marked.details as { result: MarkResult }).result, changed: false, games: [] };

    const actionId = randomUUID();
    const since = now - req.windowDays * DAY;
    // Every loss of another seat in the account's matches within the window, not refunded yet.
    const candidates = (
      await sql<Loss>`
      select v.match_id, m.game, v.player_id, v.rating_before - v.rating_after as points
      from match_players t
      join matches m on m.id = t.match_id
      join match_players v on v.match_id = t.match_id and v.player_id <> t.player_id
      where t.player_id = ${player.id} and m.ended_at >= ${since} and v.rating_after < v.rating_before
        and not exists (select 1 from account_marks k where k.player_id = v.player_id)
        and not exists (select 1 from rating_refunds f where f.match_id = v.match_id and f.player_id = v.player_id)
      order by v.match_id, v.player_id`.execute(tx)
    ).rows;
    // Claimed in key order: a concurrent mark of another player of the same match waits here and
    // then finds these taken, so a loss is never given back twice.
    const claimed =
      candidates.length === 0
        ? []
        : await tx
            .insertInto("rating_refunds")
            .values(
              candidates.map((c) => ({
                match_id: c.match_id,
                player_id: c.player_id,
                game: c.game,
                action_id: actionId,
                points: c.points,
                mu: c.points / SCALE,
                at: now,
              })),
            )
            .onConflict((oc) => oc.columns(["match_id", "player_id"]).doNothing())
            .returning(["match_id", "player_id", "game", "points"])
            .execute();

    const owed = new Map<string, { playerId: string; game: string; points: number }>();
    for (const c of claimed) {
      const key = `${c.game}\u0000${c.player_id}`;
      const o = owed.get(key) ?? { playerId: c.player_id, game: c.game, points: 0 };
      o.points += c.points;
      owed.set(key, o);
    }
    const rows = await tx
      .selectFrom("ratings")
      .selectAll()
      .where((eb) =>
        eb.or([
          eb("player_id", "=", player.id),
          ...[...owed.values()].map((o) => eb.and([eb("player_id", "=", o.playerId), eb("game", "=", o.game)])),
        ]),
      )
      .orderBy("game")
      .orderBy("player_id")
      .forUpdate()
      .execute();

    const buckets = new Map<string, Map<number, number>>();
    const move = (game: string, rating: number, by: number) => {
      const b = buckets.get(game) ?? new Map<number, number>();
      b.set(rating, (b.get(rating) ?? 0) + by);
      buckets.set(game, b);
    };
    const reset: { game: string; before: number; after: number; games: number }[] = [];
    const victims: { playerId: string; game: string; before: number; after: number; points: number }[] = [];
    const history: { player_id: string; game: string; match_id: string; at: number; rating: number; mu: number; sigma: number }[] = [];
    const fresh = displayRating(NEW_SKILL);
    for (const r of rows as Rating[]) {
      if (r.player_id === player.id) {
        await tx
          .updateTable("ratings")
          .set({ mu: NEW_SKILL.mu, sigma: NEW_SKILL.sigma, rating: fresh, games: 0, wins: 0, updated_at: now })
          .where("player_id", "=", r.player_id)
          .where("game", "=", r.game)
          .execute();
        move(r.game, r.rating, -1);
        move(r.game, fresh, 1);
        reset.push({ game: r.game, before: r.rating, after: fresh, games: r.games });
        history.push({
          player_id: r.player_id,
          game: r.game,
          match_id: `reset:${actionId}`,
          at: now,
          rating: fresh,
          mu: NEW_SKILL.mu,
          sigma: NEW_SKILL.sigma,
        });
        continue;
      }
      const o = owed.get(`${r.game}\u0000${r.player_id}`);
      if (!o) continue;
      const rating = r.rating + o.points;
      const mu = r.mu + o.points / SCALE;
      await tx.updateTable("ratings").set({ mu, rating }).where("player_id", "=", r.player_id).where("game", "=", r.game).execute();
      move(r.game, r.rating, -1);
      move(r.game, rating, 1);
      victims.push({ playerId: r.player_id, game: r.game, before: r.rating, after: rating, points: o.points });
      history.push({ player_id: r.player_id, game: r.game, match_id: `refund:${actionId}`, at: now, rating, mu, sigma: r.sigma });
    }
    const games = [...buckets.keys()].sort();
    for (const game of games) await countRatings(tx, game, buckets.get(game)!);
    if (history.length > 0) await tx.insertInto("rating_history").values(history).execute();
    await tx.insertInto("account_marks").values({ player_id: player.id, kind: req.kind, action_id: actionId, at: now }).execute();

    const refunds = claimed
      .map((c) => ({ matchId: c.match_id, game: c.game, playerId: c.player_id, points: c.points }))
      .sort((a, b) => (a.matchId < b.matchId ? -1 : a.matchId > b.matchId ? 1 : a.playerId < b.playerId ? -1 : 1));
    const result: MarkResult = {
      action: { id: actionId, at: now, by: req.actor.name, kind: req.kind, reason: req.reason, windowDays: req.windowDays, since },
      account: { id: player.id, name: player.display_name },
      reset,
      refunds,
      victims,
      totals: {
        matches: new Set(refunds.map((r) => r.matchId)).size,
        victims: new Set(victims.map((v) => v.playerId)).size,
        points: refunds.reduce((n, r) => n + r.points, 0),
      },
    };
    await recordAction(tx, req.actor, "mark", player.id, req.reason, { kind: req.kind, windowDays: req.windowDays, result }, now, actionId);
    return { result, changed: true, games };
  });
}

/** Whether an operator marked this account (a hook for the ranked queue: marked accounts may be kept out). */
export async function isMarked(db: Db, playerId: string): Promise<boolean> {
  return (await db.selectFrom("account_marks").select("player_id").where("player_id", "=", playerId).executeTakeFirst()) !== undefined;
}
