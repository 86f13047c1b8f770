/**
 * Fair-play signals from reaction times: a profile of each seat's adjudicated
 * reaction times in real-time races (Hit the Deck slaps, Dark Hand calls) and the flags an
 * implausible one raises, for operators to look at. A flag is a signal, never a sanction: nothing
 * here bans, blocks or changes a result.
 *
 * - `under-floor`: `UNDER_FLOOR_COUNT` or more of the last `KEEP` reactions under the human floor
 *   (100 ms: faster than a person can react to a card).
 * - `too-regular`: at least `REGULAR_MIN` reactions whose spread (standard deviation) is under
 *   `REGULAR_SD_MS`: people vary by tens of milliseconds from one reaction to the next, a script
 *   that waits a fixed time does not.
 * - `claim-quota`: the claim quota (realtime/claim-quota.ts) has withheld `QUOTA_FLAG_MS` or more
 *   of this seat's claims in all: its claims kept beating the server's own estimate by more than
 *   an honest render time, past the whole bucket (a client claiming presses earlier, or cards
 *   shown later, than they were).
 * Each flag is raised once per seat and table, with its evidence (`evidence`), which the table
 * stores for operators (fair-play/store.ts).
 */
export type FairPlayFlag = "under-floor" | "too-regular" | "claim-quota";
export const FAIR_PLAY_FLAGS: readonly FairPlayFlag[] = ["under-floor", "too-regular", "claim-quota"];

export const HUMAN_FLOOR_MS = 100;
const KEEP = 20;
export const UNDER_FLOOR_COUNT = 3;
export const REGULAR_MIN = 12;
export const REGULAR_SD_MS = 8;
/** Claim time the quota withheld from one seat, in all, that raises `claim-quota` (ms). */
export const QUOTA_FLAG_MS = 30;

export class ReactionProfile {
  private readonly recent: number[] = [];
  /** Each flag raised, with what raised it. */
  private readonly raised = new Map<FairPlayFlag, Record<string, unknown>>();

  /**
   * Records a reaction time (and the claim time the seat's quota has withheld in all, ms);
   * returns the flags it newly raises.
   */
  record(reactionMs: number, withheldMs = 0): FairPlayFlag[] {
    if (!Number.isFinite(reactionMs)) return [];
    this.recent.push(reactionMs);
    if (this.recent.length > KEEP) this.recent.shift();
    const out: FairPlayFlag[] = [];
    const raise = (flag: FairPlayFlag, evidence: Record<string, unknown>) => {
      if (this.raised.has(flag)) return;
      this.raised.set(flag, evidence);
      out.push(flag);
    };
    const reactions = (list: readonly number[]) => list.map((r) => Math.round(r));
    const under = this.recent.filter((r) => r < HUMAN_FLOOR_MS).length;
    if (under >= UNDER_FLOOR_COUNT)
      raise("under-floor", { underFloor: under, floorMs: HUMAN_FLOOR_MS, reactionsMs: reactions(this.recent) });
    const last = this.recent.slice(-REGULAR_MIN);
    const sd = last.length >= REGULAR_MIN ? standardDeviation(last) : Infinity;
    if (sd < REGULAR_SD_MS) raise("too-regular", { sdMs: Math.round(sd * 10) / 10, limitMs: REGULAR_SD_MS, reactionsMs: reactions(last) });
    if (Number.isFinite(withheldMs) && withheldMs >= QUOTA_FLAG_MS) {
      raise("claim-quota", { withheldMs: Math.round(withheldMs), limitMs: QUOTA_FLAG_MS, reactionsMs: reactions(this.recent) });
    }
    return out;
  }

  get flags(): readonly FairPlayFlag[] {
    return [...this.raised.keys()];
  }

  /** What raised a flag (null: not raised). */
  evidence(flag: FairPlayFlag): Record<string, unknown> | null {
    return this.raised.get(flag) ?? null;
  }
}

function standardDeviation(values: readonly number[]): number {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
}
