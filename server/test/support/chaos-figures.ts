/**
 * The figures of one chaos scenario run (issue 25 item 7; docs/BENCHMARKS.md, "Chaos"), printed
 * as one line and, with `CHAOS_OUT=<file>`, appended to that file as a JSON line for
 * `chaos-summary.ts` (`npm run chaos` runs every scenario several times and prints the summary):
 * - steps players saw applied that the durable history lacks ("acknowledged steps lost": a
 *   player's own acknowledged action is one of the steps it saw), out of those checked;
 * - each affected player's longest freeze (the players of the tables the fault hit: on the cut
 *   off, paused or killed process; every player when Redis itself fails): the longest time
 *   without an `events` message from the last one before the fault until every player acted
 *   again (p50, p99, max over those players). The games' own quiet moments count too (a Hit the
 *   Deck slap window is 3 s, Scatterbrain shows its cards for 2 s): a floor of about 3 s;
 *   steps lost and every player's time to act again are over all the players;
 * - the time from the fault until every player had acted again.
 */
import { appendFileSync } from "node:fs";
import type { Player } from "./resume-play.ts";
import { seenBy } from "./seen-steps.ts";

export interface ChaosRun {
  readonly scenario: string;
  readonly lost: number;
  readonly checked: number;
  /** Each player's longest freeze (ms). */
  readonly freezes: readonly number[];
  readonly allActAgainMs: number;
}

/** The `q` quantile (0..1) of `values` (nearest rank); 0 for none. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/**
 * A player's longest freeze around a fault at `faultAt`, up to `until` (when every player had
 * acted again): the longest gap between its `events` arrivals that ends after the fault, counted
 * from its last arrival before the fault (and to `until` if nothing came after it). Null for a
 * player that saw nothing after the fault because its game had ended before it.
 */
export function longestFreeze(p: Player, faultAt: number, until: number): number | null {
  const times = seenBy(p).arrivals.map((a) => a.at).filter((t) => t <= until).sort((a, b) => a - b);
  const before = times.filter((t) => t <= faultAt).at(-1) ?? faultAt;
  const after = times.filter((t) => t > faultAt);
  if (after.length === 0) return null;
  let longest = 0;
  let last = before;
  for (const t of after) {
    longest = Math.max(longest, t - last);
    last = t;
  }
  return longest;
}

/** Prints (and with CHAOS_OUT appends) one run's figures; returns them. */
export function reportChaos(scenario: string, affected: readonly Player[], faultAt: number, allActedAt: number, lost: number, checked: number): ChaosRun {
  const freezes = affected.map((p) => longestFreeze(p, faultAt, allActedAt)).filter((f): f is number => f !== null);
  const run: ChaosRun = { scenario, lost, checked, freezes, allActAgainMs: allActedAt - faultAt };
  console.log(`chaos ${scenario}: ${lost} of ${checked} steps seen lost; longest freeze p50 ${quantile(freezes, 0.5)} / p99 ${quantile(freezes, 0.99)} / max ${quantile(freezes, 1)} ms over ${freezes.length} players; every player acting again ${run.allActAgainMs} ms after the fault`);
  if (process.env.CHAOS_OUT) appendFileSync(process.env.CHAOS_OUT, `${JSON.stringify(run)}\n`);
  return run;
}
