/**
 * The order operators read open reports in: by signal, not by arrival, so a few accounts filing
 * all they may cannot push a genuine report off the list (as a list of the newest 100 let them).
 *
 * Each reporter has one vote, shared out over its open reports: a report weighs the reporter's
 * standing divided by how many open reports that reporter has. Standing follows how operators
 * answered the reporter before: (1 + actioned) / (1 + dismissed), kept between 1/4 and 4, halved
 * for an account that has not finished `PLAYED_GAMES` games (fresh accounts are the cheap ones). A report
 * where the server saw the two accounts together (at the table by seat, or in a stored match both
 * played) weighs full; one naming an account alone weighs half. A reported player's score is the
 * sum, over the distinct reporters with an open report on it, of that reporter's heaviest report;
 * reports are listed by their player's score, then newest first. Five accounts filing twenty
 * reports each carry five votes in all, spread thin; one player reported once by someone who
 * reports little scores a whole vote.
 */
import type { Db } from "../db/database.ts";

/** At most this many open reports (the newest) are weighed: beyond it the queue needs more operators, not a longer scan. */
export const RANK_SCAN = 5000;
const STANDING_MIN = 0.25;
const STANDING_MAX = 4;
/** Finished games (the conduct record's `completed`) before a reporter's vote counts whole. */
export const PLAYED_GAMES = 3;
const FRESH_WEIGHT = 0.5;
/** A report naming an account alone (nothing on the server shows the two met) weighs this much. */
const UNSEEN_WEIGHT = 0.5;

export interface RankedReport {
  readonly id: string;
  /** The reported player's score (rounded to hundredths). */
  readonly score: number;
  /** Distinct reporters with an open report on the reported player. */
  readonly reporters: number;
}

export function reporterStanding(actioned: number, dismissed: number): number {
  return Math.min(STANDING_MAX, Math.max(STANDING_MIN, (1 + actioned) / (1 + dismissed)));
}

export async function rankOpenReports(db: Db, limit: number): Promise<RankedReport[]> {
  const open = await db
    .selectFrom("reports")
    .select(["id", "at", "reporter_id", "reported_id", "source"])
    .where("status", "=", "open")
    .orderBy("at", "desc")
    .orderBy("id")
    .limit(RANK_SCAN)
    .execute();
  if (open.length === 0) return [];
  const reporters = [...new Set(open.map((r) => r.reporter_id))];
  const answered = await db
    .selectFrom("reports")
    .select(["reporter_id", "status"])
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("reporter_id", "in", reporters)
    .where("status", "in", ["actioned", "dismissed"])
    .groupBy(["reporter_id", "status"])
    .execute();
  const history = new Map<string, { actioned: number; dismissed: number }>();
  for (const a of answered) {
    const h = history.get(a.reporter_id) ?? { actioned: 0, dismissed: 0 };
    if (a.status === "actioned") h.actioned = Number(a.n);
    else h.dismissed = Number(a.n);
    history.set(a.reporter_id, h);
  }
  const played = await db
    .selectFrom("conduct_records")
    .select("player_id")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("player_id", "in", reporters)
    .where("outcome", "=", "completed")
    .groupBy("player_id")
    .execute();
  const seasoned = new Set(played.filter((p) => Number(p.n) >= PLAYED_GAMES).map((p) => p.player_id));
  const openBy = new Map<string, number>();
  for (const r of open) openBy.set(r.reporter_id, (openBy.get(r.reporter_id) ?? 0) + 1);
  // Per reported player: each reporter's heaviest report on it.
  const votes = new Map<string, Map<string, number>>();
  for (const r of open) {
    const h = history.get(r.reporter_id) ?? { actioned: 0, dismissed: 0 };
    const seen = r.source === "table" || r.source === "match" ? 1 : UNSEEN_WEIGHT;
    const fresh = seasoned.has(r.reporter_id) ? 1 : FRESH_WEIGHT;
    const weight = (reporterStanding(h.actioned, h.dismissed) * seen * fresh) / openBy.get(r.reporter_id)!;
    const byReporter = votes.get(r.reported_id) ?? new Map<string, number>();
    byReporter.set(r.reporter_id, Math.max(weight, byReporter.get(r.reporter_id) ?? 0));
    votes.set(r.reported_id, byReporter);
  }
  const score = new Map<string, number>();
  for (const [reported, byReporter] of votes)
    score.set(
      reported,
      [...byReporter.values()].reduce((a, b) => a + b, 0),
    );
  // `open` is newest first: a player's newest report is its first index there.
  const newestOf = new Map<string, number>();
  open.forEach((r, i) => {
    if (!newestOf.has(r.reported_id)) newestOf.set(r.reported_id, i);
  });
  const ranked = open.map((r, newest) => ({ r, newest, score: score.get(r.reported_id)!, player: newestOf.get(r.reported_id)! }));
  // Among equal scores the player reported most recently first; a player's reports stay together, newest first.
  ranked.sort((a, b) => b.score - a.score || a.player - b.player || a.newest - b.newest);
  return ranked
    .slice(0, limit)
    .map(({ r, score: s }) => ({ id: r.id, score: Math.round(s * 100) / 100, reporters: votes.get(r.reported_id)!.size }));
}
