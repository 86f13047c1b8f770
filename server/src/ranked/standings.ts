/**
 * The final standings of a ranked game: a place per seat (1 = first, equal places tie) from the
 * engine's outcome. Seats follow the outcome's ranking; two neighbours share a place when both
 * or neither are winners and their final scores are equal (the engines list tied seats next to
 * each other and put nothing else in `Outcome` that separates them). A seat whose player left
 * and did not take it back before the game ended (a bot finished it) is placed last, below
 * every seat that was played to the end; several such seats share last place.
 */
import type { Outcome } from "@scat/shared";

export interface SeatResult {
  readonly seat: number;
  readonly place: number;
  readonly score: number;
  readonly forfeited: boolean;
}

export function standingsOf(outcome: Outcome, forfeited: ReadonlySet<number>): SeatResult[] {
  const winners = new Set(outcome.winners);
  const played = outcome.ranking.filter((s) => !forfeited.has(s));
  const out: SeatResult[] = [];
  let place = 0;
  played.forEach((seat, i) => {
    const prev = played[i - 1];
    const tied = prev !== undefined && winners.has(prev) === winners.has(seat) && outcome.scores[prev] === outcome.scores[seat];
    if (!tied) place = i + 1;
    out.push({ seat, place, score: outcome.scores[seat] ?? 0, forfeited: false });
  });
  const last = played.length + 1;
  for (const seat of outcome.ranking) if (forfeited.has(seat)) out.push({ seat, place: last, score: outcome.scores[seat] ?? 0, forfeited: true });
  return out;
}
