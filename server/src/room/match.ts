/**
 * One game in progress: the engine state, its secret seed and the replay log (the stepping
 * itself is `RecordedMatch` in shared/, the same code the fairness verifier replays with). It
 * knows nothing of Colyseus; time comes in as `now`. The seed and the salt come from a CSPRNG;
 * only their commitment is public until the game is over (docs/FAIRNESS.md).
 */
import { randomBytes } from "node:crypto";
import { RecordedMatch, replaySteps, type AnyGame, type BaseState, type LoggedStep } from "@scat/shared";
import { commitSeed } from "@scat/shared/fairness/commitment.ts";

export type { LoggedStep };

export class Match extends RecordedMatch {
  /** SHA-256 of `seed:salt`, published in the table state from the deal on. */
  readonly commitment: string;

  constructor(
    game: AnyGame,
    options: unknown,
    startedAt: number,
    seed: string = randomBytes(16).toString("hex"),
    /** Revealed with the seed at the end; keeps the commitment from being a bare hash of the seed. */
    readonly salt: string = randomBytes(16).toString("hex"),
  ) {
    super(game, options, startedAt, seed);
    this.commitment = commitSeed(seed, salt);
  }
}

/** Plays a recorded match again from its seed, options, start time and log. */
export function replayMatch(game: AnyGame, options: unknown, seed: string, startedAt: number, log: readonly LoggedStep[]): BaseState {
  const res = replaySteps(game, options, seed, startedAt, log);
  if (!res.ok) throw new Error(`replay: ${res.reason}`);
  return res.state;
}
