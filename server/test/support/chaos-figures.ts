/**
 * The figures of one chaos scenario run (issue 25 item 7; docs/BENCHMARKS.md, "Chaos"), printed
 * as one line and, with `CHAOS_OUT=<file>`, appended to that file as a JSON line for
 * `chaos-summary.ts` (`npm run chaos` runs every scenario several times and prints the summary):
 * - steps players saw applied that the durable history lacks ("acknowledged steps lost": a
 *   player's own acknowledged action is one of the steps it saw), out of those checked (all
 *   the players);
 * - each affected player's freeze (the players of the tables the fault hit: on the cut off,
 *   paused or killed process; every player when Redis itself fails): from the last `events`
 *   message before the fault to the first one after it (its table moving again, wherever it
 *   is), p50 / p99 / max over those players. A table may have been quiet before the fault for
 *   its own reasons (a 3 s Hit the Deck slap window): that counts too;
 * - the time from the fault until every affected player's table had moved again (the latest of
 *   those first messages after the fault).
 */
import { appendFileSync } from "node:fs";
import type { Player } from "./resume-play.ts";
import { seenBy } from "./seen-steps.ts";

export interface ChaosRun {
  readonly scenario: string;
  readonly lost: number;
  readonly checked: number;
  /** Each affected player's freeze across the fault (ms). */
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
 * A player's freeze across a fault at `faultAt`: from its last `events` arrival before the fault
 * to its first after it (`back`); null for a player that got nothing after the fault (its game
 * had ended before it).
 */
export function freezeAcross(p: Player, faultAt: number): { freeze: number; back: number } | null {
  const times = seenBy(p).arrivals.map((a) => a.at).sort((a, b) => a - b);
  const back = times.find((t) => t > faultAt);
  if (back === undefined) return null;
  const before = times.filter((t) => t <= faultAt).at(-1) ?? faultAt;
  return { freeze: back - before, back };
}

/** Prints (and with CHAOS_OUT appends) one run's figures; returns them. */
export function reportChaos(scenario: string, affected: readonly Player[], faultAt: number, lost: number, checked: number): ChaosRun {
  const across = affected.map((p) => freezeAcross(p, faultAt)).filter((f) => f !== null);
  const freezes = across.map((f) => f.freeze);
  const run: ChaosRun = { scenario, lost, checked, freezes, allActAgainMs: across.length === 0 ? 0 : Math.max(...across.map((f) => f.back)) - faultAt };
  console.log(`chaos ${scenario}: ${lost} of ${checked} steps seen lost; freeze p50 ${quantile(freezes, 0.5)} / p99 ${quantile(freezes, 0.99)} / max ${quantile(freezes, 1)} ms over ${freezes.length} players of the tables hit; all of their tables moving again ${run.allActAgainMs} ms after the fault`);
  if (process.env.CHAOS_OUT) appendFileSync(process.env.CHAOS_OUT, `${JSON.stringify(run)}\n`);
  return run;
}
