/**
 * What the leaderboard and profile pages read. Every query walks an index: the board by
 * (game, rating desc, player id), a rank by counting the listed entries ahead of a player on that
 * index, the history by (player, game, time), recent matches by (player, match).
 *
 * The board lists established accounts only (`BoardRule`): at least PROVISIONAL_GAMES rated games,
 * a rated game in the last LEADERBOARD_ACTIVE_DAYS, LEADERBOARD_MIN_OPPONENTS distinct established
 * opponents, not marked by an operator (moderation/mark.ts) and not held by an automatic flag
 * (moderation/holds.ts). With the real rule the board reads the partial index `ratings_listed`
 * (games >= 10, updated_at included) from the top, skipping the few marked accounts by an
 * anti-join on `account_marks`. `rating_counts` counts every rated account and cannot know who
 * went inactive, so a rank counts the listed accounts above from `ListedBuckets` (per rating,
 * cached a moment per process like the top 100) plus the ties ahead, live.
 */
import { sql } from "kysely";
import type { BoardEntry, GameRating, HistoryPoint, RecentMatch } from "@scat/shared";
import type { Db } from "../db/database.ts";
import { MIN_OPPONENTS, PROVISIONAL_GAMES, isProvisional } from "./rating.ts";

export const TOP = 100;
const NEIGHBOURS = 5;
const DAY = 86_400_000;

/**
 * Who is on a board (or a podium): at least `minGames` rated games, the last one at or after
 * `activeSince`, at least `minOpponents` distinct opponents met while they were established
 * (`established_opponents`, written by record-match.ts), never marked, not held by an automatic
 * flag that no operator has reviewed yet (moderation/holds.ts).
 */
export interface BoardRule {
  readonly minGames: number;
  readonly activeSince: number;
  readonly minOpponents: number;
  /** False only for EVERY_RATED: accounts held by a flag are listed too. */
  readonly holds: boolean;
}

/** Every rated account that is not marked (tests of ranks and ties). */
export const EVERY_RATED: BoardRule = { minGames: 0, activeSince: 0, minOpponents: 0, holds: false };

/** The rule the routes use: established (not provisional, by default) and active in the last `activeDays`. */
export function boardRule(activeDays: number, minGames = PROVISIONAL_GAMES, now = Date.now(), minOpponents = MIN_OPPONENTS): BoardRule {
  return { minGames, activeSince: now - activeDays * DAY, minOpponents, holds: true };
}

/** Why a rated player is not on the board, or null when they are. */
export type Unlisted = "provisional" | "inactive" | "marked" | "held" | "few-opponents";

type Row = { player_id: string; display_name: string; rating: number; games: number };

function entry(r: Row, rank: number): BoardEntry {
  return { rank, playerId: r.player_id, name: r.display_name, rating: r.rating, games: r.games, provisional: isProvisional(r.games) };
}

/** The listing condition on `ratings r` (the games bound is a literal so the partial index applies). */
function listed(rule: BoardRule) {
  return sql`r.games >= ${sql.lit(Math.max(0, Math.floor(rule.minGames)))} and r.updated_at >= ${rule.activeSince}
    and not exists (select 1 from account_marks k where k.player_id = r.player_id) and ${standing(rule)}`;
}

/** Not held, and (when the rule asks) enough established opponents: a short range of `established_opponents` per row. */
function standing(rule: BoardRule) {
  const held = rule.holds
    ? sql`not exists (select 1 from board_holds h where h.player_id = r.player_id and h.reviewed_at is null)`
    : sql`true`;
  if (rule.minOpponents <= 0) return held;
  return sql`${held} and (select count(*) from established_opponents o where o.player_id = r.player_id and o.game = r.game) >= ${Math.floor(rule.minOpponents)}`;
}

export async function topPlayers(db: Db, game: string, limit = TOP, rule: BoardRule = EVERY_RATED): Promise<BoardEntry[]> {
  const rows = (
    await sql<Row>`select r.player_id, p.display_name, r.rating, r.games
    from ratings r join players p on p.id = r.player_id
    where r.game = ${game} and ${listed(rule)} order by r.rating desc, r.player_id limit ${limit}`.execute(db)
  ).rows;
  return rows.map((r, i) => entry(r, i + 1));
}

/**
 * A listed player's rank (1 = best; the board's order breaks equal ratings by player id) and the
 * listed entries just above and below; null when the player is not on this board. "Ahead of me"
 * is `rating > mine` (from `buckets`, or counted on the board index when none are given) plus
 * `rating = mine and id < mine` (a short range, live); the neighbours are four short ranges (an OR
 * would scan it).
 */
export async function aroundPlayer(
  db: Db,
  game: string,
  playerId: string,
  rule: BoardRule = EVERY_RATED,
  buckets?: ListedBuckets,
): Promise<{ me: BoardEntry; around: BoardEntry[] } | null> {
  const on = listed(rule);
  const mine = (
    await sql<Row>`select r.player_id, p.display_name, r.rating, r.games
    from ratings r join players p on p.id = r.player_id where r.game = ${game} and r.player_id = ${playerId} and ${on}`.execute(db)
  ).rows[0];
  if (!mine) return null;
  // Above my rating: from the buckets when given (a binary search), else counted here (every listed entry above).
  const higher = buckets
    ? sql`${buckets.above(mine.rating)}::bigint`
    : sql`(select count(*) from ratings r where r.game = ${game} and r.rating > ${mine.rating} and ${on})`;
  const ahead = (
    await sql<{ n: string | number }>`select ${higher}
      + (select count(*) from ratings r where r.game = ${game} and r.rating = ${mine.rating} and r.player_id < ${playerId} and ${on}) as n`.execute(
      db,
    )
  ).rows[0]!;
  const rank = Number(ahead.n) + 1;
  const n = NEIGHBOURS;
  const cols = sql`r.player_id, p.display_name, r.rating, r.games`;
  const from = sql`from ratings r join players p on p.id = r.player_id where r.game = ${game} and ${on}`;
  // Nearest first on each side; ties on rating come before the next rating.
  const rows = (
    await sql<Row & { side: string }>`
    (select ${cols}, 'a' as side ${from} and r.rating = ${mine.rating} and r.player_id < ${playerId} order by r.player_id desc limit ${n})
    union all (select ${cols}, 'a' ${from} and r.rating > ${mine.rating} order by r.rating asc, r.player_id desc limit ${n})
    union all (select ${cols}, 'b' ${from} and r.rating = ${mine.rating} and r.player_id > ${playerId} order by r.player_id asc limit ${n})
    union all (select ${cols}, 'b' ${from} and r.rating < ${mine.rating} order by r.rating desc, r.player_id asc limit ${n})`.execute(db)
  ).rows;
  const above = nearest(
    rows.filter((r) => r.side === "a"),
    true,
  ).slice(0, n);
  const below = nearest(
    rows.filter((r) => r.side === "b"),
    false,
  ).slice(0, n);
  const around = [
    ...above.map((r, i) => entry(r, rank - i - 1)).reverse(),
    entry(mine, rank),
    ...below.map((r, i) => entry(r, rank + i + 1)),
  ];
  return { me: entry(mine, rank), around };
}

/** Listed apart from the board, under it. */
export const PROVISIONAL_LIST = 50;

/**
 * Active, unmarked players of `game` with fewer rated games than the board asks (`rule.minGames`),
 * best first: the page lists them apart ("Provisional") instead of showing an empty board. Their
 * rank is their place on this list only. Reads the (game, rating) index of `ratings`.
 */
export async function provisionalPlayers(db: Db, game: string, rule: BoardRule, limit = PROVISIONAL_LIST): Promise<BoardEntry[]> {
  if (rule.minGames <= 0) return [];
  const rows = (
    await sql<Row>`select r.player_id, p.display_name, r.rating, r.games
    from ratings r join players p on p.id = r.player_id
    where r.game = ${game} and r.games > 0 and r.games < ${Math.floor(rule.minGames)} and r.updated_at >= ${rule.activeSince}
      and not exists (select 1 from account_marks k where k.player_id = r.player_id)
      and not exists (select 1 from board_holds h where h.player_id = r.player_id and h.reviewed_at is null)
    order by r.rating desc, r.player_id limit ${limit}`.execute(db)
  ).rows;
  return rows.map((r, i) => entry(r, i + 1));
}

/** Why a player with a rating in `game` is not on its board (null: listed, or no rating at all). */
export async function unlistedReason(db: Db, game: string, playerId: string, rule: BoardRule): Promise<Unlisted | null> {
  const row = await db
    .selectFrom("ratings as r")
    .leftJoin("account_marks as k", "k.player_id", "r.player_id")
    .select(["r.games", "r.updated_at", "k.kind"])
    .where("r.game", "=", game)
    .where("r.player_id", "=", playerId)
    .executeTakeFirst();
  if (!row) return null;
  if (row.kind !== null) return "marked";
  const held =
    rule.holds &&
    (await db
      .selectFrom("board_holds")
      .select("player_id")
      .where("player_id", "=", playerId)
      .where("reviewed_at", "is", null)
      .executeTakeFirst());
  if (held) return "held";
  if (row.games < rule.minGames) return "provisional";
  if (row.updated_at < rule.activeSince) return "inactive";
  if (rule.minOpponents > 0) {
    const met = await db
      .selectFrom("established_opponents")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("player_id", "=", playerId)
      .where("game", "=", game)
      .executeTakeFirstOrThrow();
    if (Number(met.n) < rule.minOpponents) return "few-opponents";
  }
  return null;
}

/** Orders one side's candidates nearest first: by rating toward mine, then by id toward mine. */
function nearest<T extends Row>(rows: readonly T[], above: boolean): T[] {
  return [...rows].sort((x, y) => {
    if (x.rating !== y.rating) return above ? x.rating - y.rating : y.rating - x.rating;
    return above ? (x.player_id < y.player_id ? 1 : -1) : x.player_id < y.player_id ? -1 : 1;
  });
}

export async function ratingsOf(db: Db, playerId: string): Promise<GameRating[]> {
  const rows = await db
    .selectFrom("ratings")
    .select(["game", "rating", "games", "wins"])
    .where("player_id", "=", playerId)
    .orderBy("game")
    .execute();
  return rows.map((r) => ({ ...r, provisional: isProvisional(r.games) }));
}

export async function historyOf(db: Db, playerId: string, game: string, limit = 500): Promise<HistoryPoint[]> {
  const rows = await db
    .selectFrom("rating_history")
    .select(["match_id", "at", "rating"])
    .where("player_id", "=", playerId)
    .where("game", "=", game)
    .orderBy("at", "desc")
    .limit(limit)
    .execute();
  return rows.reverse().map((r) => ({ matchId: r.match_id, at: r.at, rating: r.rating }));
}

export async function recentMatches(db: Db, playerId: string, limit = 20): Promise<RecentMatch[]> {
  const rows = await db
    .selectFrom("match_players as mp")
    .innerJoin("matches as m", "m.id", "mp.match_id")
    .select(["m.id", "m.game", "m.ended_at", "m.standings", "mp.place", "mp.rating_before", "mp.rating_after"])
    .where("mp.player_id", "=", playerId)
    .orderBy("m.ended_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    matchId: r.id,
    game: r.game,
    endedAt: r.ended_at,
    place: r.place,
    ratingBefore: r.rating_before,
    ratingAfter: r.rating_after,
    delta: r.rating_after - r.rating_before,
    players: r.standings,
  }));
}

export async function matchLog(db: Db, matchId: string): Promise<unknown | null> {
  const row = await db.selectFrom("matches").select("log").where("id", "=", matchId).executeTakeFirst();
  return row ? row.log : null;
}

/**
 * How many listed accounts of a game have each rating, best first, with the running total: the
 * number of listed accounts above a rating is a binary search (`above`), whatever the board's size.
 */
export class ListedBuckets {
  private constructor(
    private readonly ratings: readonly number[],
    private readonly before: readonly number[],
    readonly total: number,
  ) {}

  static async read(db: Db, game: string, rule: BoardRule): Promise<ListedBuckets> {
    const rows = (
      await sql<{ rating: number; n: string | number }>`select r.rating, count(*) as n from ratings r
      where r.game = ${game} and ${listed(rule)} group by r.rating order by r.rating desc`.execute(db)
    ).rows;
    const before: number[] = [];
    let total = 0;
    for (const r of rows) {
      before.push(total);
      total += Number(r.n);
    }
    return new ListedBuckets(
      rows.map((r) => r.rating),
      before,
      total,
    );
  }

  /** Listed accounts with a rating strictly above `rating`. */
  above(rating: number): number {
    let lo = 0;
    let hi = this.ratings.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.ratings[mid]! > rating) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.ratings.length ? this.before[lo]! : this.total;
  }
}

/**
 * The top 100 of each game and its rating buckets, kept for a moment per process: every visitor
 * of a board reads the same rows, so a busy board costs one top query and one bucket count (a
 * grouped read of the listed accounts) every `ttlMs`; the own rating, the ties ahead and the
 * neighbours stay live.
 */
export class TopCache {
  private readonly entries = new Map<string, { at: number; rows: Promise<BoardEntry[]> }>();
  private readonly buckets = new Map<string, { at: number; rows: Promise<ListedBuckets>; value?: ListedBuckets }>();
  constructor(private readonly ttlMs = 2_000) {}

  get(db: Db, game: string, rule: BoardRule, now = Date.now()): Promise<BoardEntry[]> {
    const hit = this.entries.get(game);
    if (hit && now - hit.at < this.ttlMs) return hit.rows;
    const rows = topPlayers(db, game, TOP, rule);
    this.entries.set(game, { at: now, rows });
    rows.catch(() => this.entries.delete(game));
    return rows;
  }

  /**
   * The game's listed buckets (for `aroundPlayer`). Past `ttlMs` the last ones still answer while
   * new ones are read (one read at a time), so no request waits for the grouped read but the first
   * and the first after `forget` (this process rated the game: the player looking now sees it).
   */
  counts(db: Db, game: string, rule: BoardRule, now = Date.now()): Promise<ListedBuckets> {
    const hit = this.buckets.get(game);
    if (hit && (now - hit.at < this.ttlMs || !hit.value)) return hit.rows;
    const entry: { at: number; rows: Promise<ListedBuckets>; value?: ListedBuckets } = {
      at: now,
      rows: ListedBuckets.read(db, game, rule),
    };
    entry.rows.then(
      (v) => {
        entry.value = v;
      },
      () => {
        if (this.buckets.get(game) === entry) this.buckets.delete(game);
      },
    );
    if (hit?.value) {
      // Served stale meanwhile; the new ones replace them when read.
      const stale = { at: now, rows: Promise.resolve(hit.value), value: hit.value };
      this.buckets.set(game, stale);
      entry.rows.then(
        () => {
          if (this.buckets.get(game) === stale) this.buckets.set(game, entry);
        },
        () => undefined,
      );
      return stale.rows;
    }
    this.buckets.set(game, entry);
    return entry.rows;
  }

  /** The game's provisional list (`provisionalPlayers`), kept like the top. */
  provisional(db: Db, game: string, rule: BoardRule, now = Date.now()): Promise<BoardEntry[]> {
    const hit = this.pending.get(game);
    if (hit && now - hit.at < this.ttlMs) return hit.rows;
    const rows = provisionalPlayers(db, game, rule);
    this.pending.set(game, { at: now, rows });
    rows.catch(() => this.pending.delete(game));
    return rows;
  }
  private readonly pending = new Map<string, { at: number; rows: Promise<BoardEntry[]> }>();

  /** A rating (or a mark) changed in this process: the next read fetches the board again. */
  forget(game: string): void {
    this.entries.delete(game);
    this.pending.delete(game);
    this.buckets.delete(game);
  }
}
