/**
 * Suspicious pairs (docs/API.md, "Operators"): from the ranked matches stored in the last `days`,
 * every two accounts that sat at the same table at least `minGames` times, read as "the loser"
 * (the one who placed below the other more often) and "the winner":
 *
 * - `games` together, `losses` (games the loser placed below the winner),
 * - `quickOrLeft`: of those losses, the ones the loser left (a bot finished the seat: the
 *   standings' `forfeited`) or that ended within `earlySteps` logged steps (the game log's steps),
 * - `ratingMoved`: the rating the winner gained in those losses, `loserLost` what the loser lost,
 * - `sharedAddress`: from a hook (`SharedAddress`: the server wires `addresses.ts`, the keyed
 *   hashes of the addresses each account queued from in the last 30 days); null = unknown.
 *
 * Suspicion = quickOrLeft × (quickOrLeft / games) + 0.25 × losses × (losses / games), plus 2
 * when the hook says they share an address: a pair where one side keeps losing by leaving or at
 * once ranks above a pair that meets often with a one-sided but played-out record, which ranks
 * above an even one. Pairs are sorted by suspicion, then by rating moved.
 */
import { sql } from "kysely";
import type { Db } from "../db/database.ts";

const DAY = 86_400_000;

/**
 * Whether two accounts were seen on the same address (addresses.ts in the server; tests may give
 * their own); `unknownAddress` answers null ("unknown") for every pair.
 */
export type SharedAddress = (a: string, b: string) => Promise<boolean | null>;
export const unknownAddress: SharedAddress = async () => null;

export interface PairQuery {
  readonly days: number;
  readonly minGames: number;
  readonly earlySteps: number;
  readonly limit: number;
}

export const PAIR_DEFAULTS: PairQuery = { days: 30, minGames: 3, earlySteps: 20, limit: 50 };

export interface SuspiciousPair {
  readonly loser: { readonly id: string; readonly name: string };
  readonly winner: { readonly id: string; readonly name: string };
  readonly games: number;
  readonly losses: number;
  readonly quickOrLeft: number;
  readonly left: number;
  readonly early: number;
  readonly quickShare: number;
  readonly ratingMoved: number;
  readonly loserLost: number;
  readonly lastMet: number;
  readonly sharedAddress: boolean | null;
  readonly suspicion: number;
}

interface Row {
  loser: string;
  winner: string;
  loser_name: string;
  winner_name: string;
  games: string | number;
  losses: string | number;
  left_n: string | number;
  early_n: string | number;
  quick: string | number;
  moved: string | number | null;
  lost: string | number | null;
  last_met: string | number;
}

const round2 = (x: number): number => Math.round(x * 100) / 100;

export async function suspiciousPairs(
  db: Db,
  q: PairQuery,
  sharedAddress: SharedAddress = unknownAddress,
  now = Date.now(),
): Promise<SuspiciousPair[]> {
  const since = now - q.days * DAY;
  // One row per seat of a recent match, with its rating delta, whether it left, and the game's length.
  const rows = (
    await sql<Row>`
    with seats as (
      select mp.match_id, mp.player_id, mp.place, mp.rating_after - mp.rating_before as delta, m.ended_at,
        coalesce((select (s->>'forfeited')::boolean from jsonb_array_elements(m.standings) s where (s->>'seat')::int = mp.seat limit 1), false) as forfeited,
        coalesce(jsonb_array_length(m.log->'steps'), 0) as steps
      from matches m join match_players mp on mp.match_id = m.id
      where m.ended_at >= ${since}
    ), pairs as (
      select a.player_id as loser, b.player_id as winner,
        count(*) as games,
        count(*) filter (where a.place > b.place) as losses,
        count(*) filter (where a.place > b.place and a.forfeited) as left_n,
        count(*) filter (where a.place > b.place and not a.forfeited and a.steps <= ${q.earlySteps}) as early_n,
        count(*) filter (where a.place > b.place and (a.forfeited or a.steps <= ${q.earlySteps})) as quick,
        sum(b.delta) filter (where a.place > b.place) as moved,
        sum(-a.delta) filter (where a.place > b.place) as lost,
        max(a.ended_at) as last_met
      from seats a join seats b on b.match_id = a.match_id and b.player_id <> a.player_id
      group by a.player_id, b.player_id
      having count(*) >= ${q.minGames}
    )
    select pairs.*, pl.display_name as loser_name, pw.display_name as winner_name
    from pairs join players pl on pl.id = pairs.loser join players pw on pw.id = pairs.winner`.execute(db)
  ).rows;

  // Each pair appears twice (both ways round): keep the way with more losses (then more quick ones).
  const best = new Map<string, Row>();
  for (const r of rows) {
    const key = r.loser < r.winner ? `${r.loser}|${r.winner}` : `${r.winner}|${r.loser}`;
    const seen = best.get(key);
    if (
      !seen ||
      Number(r.losses) > Number(seen.losses) ||
      (Number(r.losses) === Number(seen.losses) && Number(r.quick) > Number(seen.quick))
    )
      best.set(key, r);
  }
  const pairs: SuspiciousPair[] = [];
  for (const r of best.values()) {
    const games = Number(r.games);
    const losses = Number(r.losses);
    const quick = Number(r.quick);
    const shared = await sharedAddress(r.loser, r.winner);
    const suspicion = round2((quick * quick) / games + (0.25 * losses * losses) / games + (shared === true ? 2 : 0));
    pairs.push({
      loser: { id: r.loser, name: r.loser_name },
      winner: { id: r.winner, name: r.winner_name },
      games,
      losses,
      quickOrLeft: quick,
      left: Number(r.left_n),
      early: Number(r.early_n),
      quickShare: round2(quick / games),
      ratingMoved: Number(r.moved ?? 0),
      loserLost: Number(r.lost ?? 0),
      lastMet: Number(r.last_met),
      sharedAddress: shared,
      suspicion,
    });
  }
  pairs.sort((a, b) => b.suspicion - a.suspicion || b.ratingMoved - a.ratingMoved || (a.loser.id < b.loser.id ? -1 : 1));
  return pairs.slice(0, q.limit);
}
