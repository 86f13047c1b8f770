/**
 * Fair-play signals from reaction times (issue 28 item 3): a profile of each seat's adjudicated
 * reaction times in real-time races (Hit the Deck slaps, Dark Hand calls) and the flags an
 * implausible one raises, for operators to look at. A flag is a signal, never a sanction: nothing
 * here bans, blocks or changes a result.
 *
 * - `under-floor`: `UNDER_FLOOR_COUNT` or more of the last `KEEP` reactions under the human floor
 *   (100 ms: faster than a person can react to a card).
 * - `too-regular`: at least `REGULAR_MIN` reactions whose spread (standard deviation) is under
 *   `REGULAR_SD_MS`: people vary by tens of milliseconds from one reaction to the next, a script
 *   that waits a fixed time does not.
 * Each flag is raised once per seat and table.
 */
export type FairPlayFlag = "under-floor" | "too-regular";

export const HUMAN_FLOOR_MS = 100;
const KEEP = 20;
export const UNDER_FLOOR_COUNT = 3;
export const REGULAR_MIN = 12;
export const REGULAR_SD_MS = 8;

export class ReactionProfile {
  private readonly recent: number[] = [];
  private readonly raised = new Set<FairPlayFlag>();

  /** Records a reaction time; returns the flags it newly raises. */
  record(reactionMs: number): FairPlayFlag[] {
    if (!Number.isFinite(reactionMs)) return [];
    this.recent.push(reactionMs);
    if (this.recent.length > KEEP) this.recent.shift();
    const out: FairPlayFlag[] = [];
    const raise = (flag: FairPlayFlag) => {
      if (this.raised.has(flag)) return;
      this.raised.add(flag);
      out.push(flag);
    };
    if (this.recent.filter((r) => r < HUMAN_FLOOR_MS).length >= UNDER_FLOOR_COUNT) raise("under-floor");
    if (this.recent.length >= REGULAR_MIN && standardDeviation(this.recent.slice(-REGULAR_MIN)) < REGULAR_SD_MS) raise("too-regular");
    return out;
  }

  get flags(): readonly FairPlayFlag[] {
    return [...this.raised];
  }
}

function standardDeviation(values: readonly number[]): number {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
}
