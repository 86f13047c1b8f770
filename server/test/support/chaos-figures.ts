/**
 * The figures of one chaos scenario run (docs/benchmarks/resilience.md, "Chaos"), printed
 * as one line and, with `CHAOS_OUT=<file>`, appended to that file as a JSON line for
 * `chaos-summary.ts` (`npm run chaos` runs every scenario several times and prints the summary):
 * - steps players saw applied that the durable history lacks ("acknowledged steps lost": a
 *   player's own acknowledged action is one of the steps it saw), out of those checked (all
 *   the players);
 * - each affected player's freeze (the players of the tables the fault hit: on the cut off,
 *   paused or killed process; every player when Redis itself fails): the longest time without
 *   an `events` message that began between the player's last message before the fault and the
 *   fault's end (the heal, the wake, the kill itself), until the next message (its table moving
 *   again, wherever it is); p50 / p99 / max over those players. A table's own quiet moments in
 *   that span count too (a Hit the Deck slap window is 3 s);
 * - the time from the fault until every affected player's table had moved again (the latest end
 *   of those freezes).
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
 * A player's freeze at a fault from `faultAt` to `faultEnd`: the longest gap between its `events`
 * arrivals that began from its last arrival before the fault up to `faultEnd`, and when it
 * ended (`back`); null for a player that got nothing after the fault (its game had ended).
 */
export function freezeAt(p: Player, faultAt: number, faultEnd: number): { freeze: number; back: number } | null {
  const times = seenBy(p)
    .arrivals.map((a) => a.at)
    .sort((a, b) => a - b);
  if (!times.some((t) => t > faultAt)) return null;
  const from = times.filter((t) => t <= faultAt).at(-1) ?? faultAt;
  let best = { freeze: 0, back: from };
  let last = from;
  for (const t of times.filter((x) => x > from)) {
    if (last > faultEnd) break;
    if (t - last > best.freeze) best = { freeze: t - last, back: t };
    last = t;
  }
  return best;
}

/** Prints (and with CHAOS_OUT appends) one run's figures; returns them. */
export function reportChaos(
  scenario: string,
  affected: readonly Player[],
  fault: { at: number; end: number },
  lost: number,
  checked: number,
): ChaosRun {
  const faultAt = fault.at;
  const across = affected.map((p) => freezeAt(p, fault.at, fault.end)).filter((f) => f !== null);
  const freezes = across.map((f) => f.freeze);
  const run: ChaosRun = {
    scenario,
    lost,
    checked,
    freezes,
    allActAgainMs: across.length === 0 ? 0 : Math.max(...across.map((f) => f.back)) - faultAt,
  };
  console.log(
    `chaos ${scenario}: ${lost} of ${checked} steps seen lost; freeze p50 ${quantile(freezes, 0.5)} / p99 ${quantile(freezes, 0.99)} / max ${quantile(freezes, 1)} ms over ${freezes.length} players of the tables hit; all of their tables moving again ${run.allActAgainMs} ms after the fault`,
  );
  if (process.env.CHAOS_OUT) appendFileSync(process.env.CHAOS_OUT, `${JSON.stringify(run)}\n`);
  return run;
}
