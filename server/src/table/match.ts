/**
 * One game in progress: the engine state, its secret seed and the replay log (the stepping
 * itself is `RecordedMatch` in shared/, the same code the fairness verifier replays with). It
 * knows nothing of Colyseus; time comes in as `now`. The seed and the salt come from a CSPRNG;
 * only their commitment is public until the game is over (docs/FAIRNESS.md).
 */
import { randomBytes } from "node:crypto";
import { RecordedMatch, replaySteps, type AnyGame, type BaseState, type LoggedStep } from "@scat/shared";
import { commitSeed } from "@scat/shared/fairness/commitment.ts";
import { dealSeed, type SeatEntropy } from "@scat/shared/fairness/entropy.ts";

export type { LoggedStep };

export class Match extends RecordedMatch {
  /** SHA-256 of `serverSeed:salt`, published in the table state before the deal. */
  readonly commitment: string;
  /** The committed seed; the game is played from `seed` = `dealSeed(serverSeed, entropy)` when there are seat values. */
  readonly serverSeed: string;
  /**
   * A table resumed after its process died: the deadline running at the crash is extended by
   * the outage, so nobody is timed out by our crash (docs/OPERATIONS.md). It applies while the
   * state is still at `version`; any later step sets its deadline from the real clock again.
   */
  private extension: { readonly version: number; readonly ms: number } | null = null;

  constructor(
    game: AnyGame,
    options: unknown,
    startedAt: number,
    seed: string = randomBytes(16).toString("hex"),
    /** Revealed with the seed at the end; keeps the commitment from being a bare hash of the seed. */
    readonly salt: string = randomBytes(16).toString("hex"),
    /** Every seat's value (docs/FAIRNESS.md, "Players' entropy"); null: the seed alone (a journal from before). */
    readonly entropy: readonly SeatEntropy[] | null = null,
  ) {
    super(game, options, startedAt, entropy === null ? seed : dealSeed(seed, entropy));
    this.serverSeed = seed;
    this.commitment = commitSeed(seed, salt);
  }

  /** Rebuilds a match from its journal: the same seed, salt, seat values, options and steps, replayed. */
  static restore(
    game: AnyGame,
    options: unknown,
    startedAt: number,
    seed: string,
    salt: string,
    steps: readonly LoggedStep[],
    entropy: readonly SeatEntropy[] | null = null,
  ): Match {
    const match = new Match(game, options, startedAt, seed, salt, entropy);
    for (const [i, step] of steps.entries()) {
      const ok = step.seat === null ? match.expire(step.now) !== null : match.act(step.seat, step.action, step.now).ok;
      if (!ok) throw new Error(`restore: journal step ${i} does not replay (${JSON.stringify(step)})`);
    }
    return match;
  }

  /** Extends the deadline running now by `ms` (the outage of a resumed table, a pause while the journal was saving). */
  extendDeadline(ms: number): void {
    if (this.state.deadline === null || ms <= 0) return;
    const before = this.extension?.version === this.state.version ? this.extension.ms : 0;
    this.extension = { version: this.state.version, ms: before + ms };
  }

  /** The deadline the room arms and shows: the engine's, plus an outage extension if one applies. */
  get deadline(): number | null {
    const d = this.state.deadline;
    if (d === null) return null;
    return this.extension !== null && this.extension.version === this.state.version ? d + this.extension.ms : d;
  }
}

/** Plays a recorded match again from its seed, options, start time and log. */
export function replayMatch(game: AnyGame, options: unknown, seed: string, startedAt: number, log: readonly LoggedStep[]): BaseState {
  const res = replaySteps(game, options, seed, startedAt, log);
  if (!res.ok) throw new Error(`replay: ${res.reason}`);
  return res.state;
}
