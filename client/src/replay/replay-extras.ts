/**
 * What a game adds to the replay's side panel beyond the table itself. Hit the Deck: the last
 * closed slap race in full (reaction times, how each was adjudicated, arrival order).
 */
import { raceReport, raceReportLines } from "../games/hit-the-deck/race-report.ts";
import { lastRaceOf } from "../games/hit-the-deck/view-model.ts";
import type { Json, TableSnap } from "../net/snapshot.ts";

export interface ReplayExtra {
  /** A panel section for this frame, or null. */
  panel(snap: TableSnap, name: (seat: number) => string): HTMLElement | null;
  /** Plain facts for the test hook. */
  state(snap: TableSnap, name: (seat: number) => string): Json;
}

const hitTheDeck: ReplayExtra = {
  panel(snap, name) {
    const race = lastRaceOf(snap);
    return race ? raceReport(race, name) : null;
  },
  state(snap, name) {
    const race = lastRaceOf(snap);
    return { raceReport: race ? raceReportLines(race, name) : null };
  },
};

const EXTRAS: Readonly<Record<string, ReplayExtra>> = { hit_the_deck: hitTheDeck };

export function replayExtra(game: string): ReplayExtra | null {
  return EXTRAS[game] ?? null;
}
