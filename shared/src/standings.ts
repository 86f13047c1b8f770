/**
 * The final standings of a game: a place per seat (1 = first, equal places tie) from the
 * engine's outcome. One reading for the ranked ratings (server/src/ranked/), the places the
 * table state carries (`outcome.places`) and the results panel, live or replayed. Seats follow the outcome's ranking; two neighbours share a place when both
 * or neither are winners and the game ranks them on equal terms. `Outcome` does not say that
 * (its `scores` are what the table shows), so the ranked side knows, per game, what the engine
 * ranks on (`rankKeys`): the hand a player went out in (Skit Scat, Dark Hand; classic Devil's
 * Scat), the full standing (Dark Hearts: both shades), else the final score. A seat whose player
 * left and did not take it back before the game ended (a bot finished it) is placed last, below
 * every seat that was played to the end; several such seats share last place.
 */
import type { Outcome } from "./engine.ts";
import { standing } from "./games/dark-hearts/scoring.ts";

export interface SeatResult {
  readonly seat: number;
  readonly place: number;
  readonly score: number;
  readonly forfeited: boolean;
}

/** Per seat, what the game's ranking compares (equal keys, equal place); null: the final score. */
export type RankKey = (seat: number) => string;

/** Index of the elimination (a group of seats out in one hand, or one seat) a seat belongs to; -1: never out. */
function outAt(eliminated: readonly (number | readonly number[])[], seat: number): number {
  return eliminated.findIndex((e) => (typeof e === "number" ? e === seat : e.includes(seat)));
}

/** The ranking key of a finished game's state, per game (see the file comment). */
export function rankKeys(game: string, state: unknown): RankKey | null {
  switch (game) {
    case "skit_scat":
    case "dark_hand": {
      const s = state as { eliminated: number[][] };
      return (seat) => String(outAt(s.eliminated, seat));
    }
    case "devils_scat": {
      const s = state as { options: { classic?: boolean }; eliminated: number[]; scores: number[] };
      return s.options.classic ? (seat) => String(outAt(s.eliminated, seat)) : (seat) => String(s.scores[seat]);
    }
    case "dark_hearts": {
      const s = state as { scores: Parameters<typeof standing>[0] };
      return (seat) => JSON.stringify(standing(s.scores, seat));
    }
    default:
      return null;
  }
}

export function standingsOf(outcome: Outcome, forfeited: ReadonlySet<number>, key: RankKey | null = null): SeatResult[] {
  const winners = new Set(outcome.winners);
  const keyOf = key ?? ((seat: number) => String(outcome.scores[seat]));
  const played = outcome.ranking.filter((s) => !forfeited.has(s));
  const out: SeatResult[] = [];
  let place = 0;
  played.forEach((seat, i) => {
    const prev = played[i - 1];
    const tied = prev !== undefined && winners.has(prev) === winners.has(seat) && keyOf(prev) === keyOf(seat);
    if (!tied) place = i + 1;
    out.push({ seat, place, score: outcome.scores[seat] ?? 0, forfeited: false });
  });
  const last = played.length + 1;
  for (const seat of outcome.ranking)
    if (forfeited.has(seat)) out.push({ seat, place: last, score: outcome.scores[seat] ?? 0, forfeited: true });
  return out;
}

/** The place of each seat, by seat index (every seat played to the end): what the results panel shows. */
export function placesBySeat(game: string, state: unknown, outcome: Outcome): number[] {
  const places = outcome.scores.map(() => 0);
  for (const r of standingsOf(outcome, new Set(), rankKeys(game, state))) places[r.seat] = r.place;
  return places;
}
