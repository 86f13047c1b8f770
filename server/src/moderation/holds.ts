/**
 * Automatic board holds against boosting (docs/API.md, "Who is on a board"). After each rated
 * match, every seat that beat someone is checked on its recent wins in that game (the last
 * `WINDOW_DAYS`, and only those after an operator last reviewed the account):
 *
 * - `fresh-losers`: it beat at least `FRESH_LOSERS` distinct accounts that were younger than
 *   `FRESH_ACCOUNT_MS` when they lost, in as many games (a dumper is an account made for the
 *   purpose; one table of newcomers is not a pattern);
 * - `concentrated`: at least `CONCENTRATED_WINS` wins, `CONCENTRATED_SHARE` or more of them over one
 *   opponent who lost at least `ONE_SIDED` of the games they met in (a farm of a few accounts; a
 *   group of friends spreads its wins over the group, and two friends who meet often trade wins);
 * - `shared-network`: at least `SHARED_WINS` games won over accounts that were seen on the same address
 *   (an IPv6 address by its /64, as addresses.ts and traces.ts hash it) or the same browser device.
 *
 * A flag holds the account off every board and podium (ranked/queries.ts) until an operator
 * reviews it: clearing the hold lists it again (and only later wins can flag it again), marking it
 * (mark.ts) resets it. A hold is a signal for a person, never a sanction: ratings and play go on.
 * Holds show in the operator's suspicious-pairs report. Migration "0017-board-holds".
 */
import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { Db } from "../db/database.ts";
import { recordAction, type Actor } from "./operators.ts";

const DAY = 86_400_000;
export const WINDOW_DAYS = 30;
export const FRESH_ACCOUNT_MS = DAY;
export const FRESH_LOSERS = 3;
export const CONCENTRATED_WINS = 10;
export const CONCENTRATED_SHARE = 0.75;
/** A pairing is one-sided when one account won at least this share of the games they met in. */
export const ONE_SIDED = 0.9;
export const SHARED_WINS = 2;

export type HoldReason = "fresh-losers" | "concentrated" | "shared-network";

export const boardHoldsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("board_holds")
      .addColumn("player_id", "text", (c) => c.primaryKey().references("players.id").onDelete("cascade"))
      .addColumn("game", "text", (c) => c.notNull())
      .addColumn("reasons", "jsonb", (c) => c.notNull())
      .addColumn("at", "bigint", (c) => c.notNull())
      .addColumn("reviewed_at", "bigint")
      .addColumn("reviewed_by", "text")
      .execute();
    // Who met whom while established: the board asks for a number of distinct established opponents.
    await db.schema
      .createTable("established_opponents")
      .addColumn("player_id", "text", (c) => c.notNull().references("players.id").onDelete("cascade"))
      .addColumn("game", "text", (c) => c.notNull())
      .addColumn("opponent_id", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("established_opponents_pk", ["player_id", "game", "opponent_id"])
      .execute();
  },
};

interface Evidence {
  wins: string | number;
  top: string | number | null;
  fresh: string | number;
  shared: string | number;
}

/** The reasons to hold `playerId` now (empty: none), from its wins in `game` since the window or its last review. */
export async function holdReasons(db: Db, playerId: string, game: string, now: number): Promise<HoldReason[]> {
  const since = sql`greatest(${now - WINDOW_DAYS * DAY}::bigint, coalesce((select h.reviewed_at from board_holds h where h.player_id = ${playerId}), 0))`;
  const row = (
    await sql<Evidence>`
    with met as (
      select m.id as match_id, o.player_id as opp, o.place > me.place as won, m.ended_at, p.created_at
      from match_players me join matches m on m.id = me.match_id
      join match_players o on o.match_id = me.match_id and o.player_id <> me.player_id
      join players p on p.id = o.player_id
      where me.player_id = ${playerId} and m.game = ${game} and m.ended_at > ${since}
    ), beaten as (select match_id, opp as loser, ended_at, created_at from met where won)
    select (select count(*) from beaten) as wins,
      (select max(n) from (select count(*) filter (where won) as n from met group by opp
        having count(*) filter (where won) >= ${sql.lit(ONE_SIDED)} * count(*)) t) as top,
      (select least(count(distinct loser), count(distinct match_id)) from beaten where ended_at - created_at < ${FRESH_ACCOUNT_MS}) as fresh,
      (select count(distinct b.match_id) from beaten b where exists (
          select 1 from account_traces x join account_traces y on y.kind = x.kind and y.key_hash = x.key_hash
          where x.player_id = ${playerId} and y.player_id = b.loser)
        or exists (
          select 1 from seen_addresses x join seen_addresses y on y.address_hash = x.address_hash
          where x.player_id = ${playerId} and y.player_id = b.loser)) as shared`.execute(db)
  ).rows[0]!;
  const wins = Number(row.wins);
  const reasons: HoldReason[] = [];
  if (Number(row.fresh) >= FRESH_LOSERS) reasons.push("fresh-losers");
  if (wins >= CONCENTRATED_WINS && Number(row.top ?? 0) >= CONCENTRATED_SHARE * wins) reasons.push("concentrated");
  if (Number(row.shared) >= SHARED_WINS) reasons.push("shared-network");
  return reasons;
}

/** Checks `playerId` (see above) and holds it when a flag is up and no hold is open; true when it is held now. */
export async function checkHold(db: Db, playerId: string, game: string, now: number): Promise<boolean> {
  const reasons = await holdReasons(db, playerId, game, now);
  if (reasons.length === 0) return false;
  await db
    .insertInto("board_holds")
    .values({ player_id: playerId, game, reasons: JSON.stringify(reasons), at: now, reviewed_at: null, reviewed_by: null })
    .onConflict((oc) =>
      oc
        .column("player_id")
        .doUpdateSet({ game, reasons: JSON.stringify(reasons), at: now, reviewed_at: null, reviewed_by: null })
        .where("board_holds.reviewed_at", "is not", null),
    )
    .execute();
  return true;
}

export interface BoardHold {
  readonly player: { readonly id: string; readonly name: string };
  readonly game: string;
  readonly reasons: readonly HoldReason[];
  readonly at: number;
}

/** The open holds, newest first (the operator's suspicious-pairs report shows them). */
export async function openHolds(db: Db, limit = 50): Promise<BoardHold[]> {
  const rows = await db
    .selectFrom("board_holds as h")
    .innerJoin("players as p", "p.id", "h.player_id")
    .select(["h.player_id", "p.display_name", "h.game", "h.reasons", "h.at"])
    .where("h.reviewed_at", "is", null)
    .orderBy("h.at", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    player: { id: r.player_id, name: r.display_name },
    game: r.game,
    reasons: r.reasons as HoldReason[],
    at: Number(r.at),
  }));
}

/** An operator looked at a held account and lets it back on the boards: "cleared", or "not-held". */
export async function clearHold(
  db: Db,
  actor: Actor,
  playerId: string,
  reason: string,
  now = Date.now(),
): Promise<{ cleared: true; game: string } | { cleared: false }> {
  return db.transaction().execute(async (tx) => {
    const done = await tx
      .updateTable("board_holds")
      .set({ reviewed_at: now, reviewed_by: actor.name })
      .where("player_id", "=", playerId)
      .where("reviewed_at", "is", null)
      .returning(["game", "reasons"])
      .executeTakeFirst();
    if (!done) return { cleared: false };
    await recordAction(tx, actor, "clear-hold", playerId, reason, { game: done.game, reasons: done.reasons }, now);
    return { cleared: true, game: done.game };
  });
}
