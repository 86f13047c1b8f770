/**
 * One game as a sequence of steps from a seed (ARCHITECTURE.md principle 3: every game is
 * replayable from `(seed, options, actions)`). The server's live `Match` extends this class and
 * `replaySteps` (used by the fairness verifier) drives the very same one, so the two cannot
 * drift: setup draws from `rngFor(seed, -1)`, the step that leaves version v from `rngFor(seed, v)`,
 * and a deadline step applies only when its time has reached the state's deadline.
 */
import { rngFor } from "./rng.ts";
import type { AnyGame, BaseState, GameEvent, Result, RuleError, Step } from "./engine.ts";

export interface LoggedStep {
  /** The acting seat, or null for a deadline expiry. */
  readonly seat: number | null;
  /** The action as the engine received it (null for a deadline expiry). */
  readonly action: unknown;
  /** Server ms of the step (`Ctx.now`). */
  readonly now: number;
}

export class RecordedMatch {
  state: BaseState;
  readonly log: LoggedStep[] = [];
  readonly setupEvents: readonly GameEvent[];

  constructor(
    readonly game: AnyGame,
    readonly options: unknown,
    readonly startedAt: number,
    readonly seed: string,
  ) {
    const step = game.setup(options, { now: startedAt, rng: rngFor(seed, -1) }) as Step<BaseState, GameEvent>;
    this.state = step.state;
    this.setupEvents = step.events;
  }

  private ctx(now: number) {
    return { now, rng: rngFor(this.seed, this.state.version) };
  }

  /** Applies a seat's action; on a rule error nothing changes. */
  act(seat: number, action: unknown, now: number): Result<readonly GameEvent[], RuleError> {
    const res = this.game.apply(this.state, seat, action, this.ctx(now)) as Result<Step<BaseState, GameEvent>>;
    if (!res.ok) return res;
    this.log.push({ seat, action, now });
    this.state = res.value.state;
    return { ok: true, value: res.value.events };
  }

  /** Applies the defaults of an expired deadline; null when the deadline has not passed. */
  expire(now: number): readonly GameEvent[] | null {
    const deadline = this.state.deadline;
    if (deadline === null || now < deadline) return null;
    const step = this.game.onDeadline(this.state, this.ctx(now)) as Step<BaseState, GameEvent>;
    this.log.push({ seat: null, action: null, now });
    this.state = step.state;
    return step.events;
  }

  legal(seat: number): unknown[] {
    return this.game.legalActions(this.state, seat) as unknown[];
  }

  awaiting(): number[] {
    return this.game.awaiting(this.state);
  }

  get over(): boolean {
    return this.game.outcome(this.state) !== null;
  }
}

/** Why a replay stopped: the step (index into the steps) and a stable code. */
export type ReplayFailure = {
  readonly ok: false;
  readonly step: number;
  readonly code: "illegal-step" | "deadline-not-due" | "engine-error";
  readonly reason: string;
};
export type ReplayResult = { readonly ok: true; readonly state: BaseState } | ReplayFailure;

/**
 * Plays recorded steps again from the seed. A step the engine refuses, a deadline step before
 * its deadline, or an engine exception (a malformed action from an untrusted log) stops it.
 */
export function replaySteps(game: AnyGame, options: unknown, seed: string, startedAt: number, steps: readonly LoggedStep[]): ReplayResult {
  let match: RecordedMatch;
  try {
    match = new RecordedMatch(game, options, startedAt, seed);
  } catch (e) {
    return { ok: false, step: -1, code: "engine-error", reason: `setup failed: ${(e as Error).message}` };
  }
  for (const [i, step] of steps.entries()) {
    try {
      if (step.seat === null) {
        if (!match.expire(step.now)) {
          const deadline = match.state.deadline;
          return {
            ok: false,
            step: i,
            code: "deadline-not-due",
            reason: `step ${i}: a deadline expiry at ${step.now}, but ${deadline === null ? "no deadline was running" : `the deadline was ${deadline}`}`,
          };
        }
      } else {
        const res = match.act(step.seat, step.action, step.now);
        if (!res.ok)
          return {
            ok: false,
            step: i,
            code: "illegal-step",
            reason: `step ${i}: seat ${step.seat} may not ${JSON.stringify(step.action)} (${res.error.code}: ${res.error.message})`,
          };
      }
    } catch (e) {
      return {
        ok: false,
        step: i,
        code: "engine-error",
        reason: `step ${i}: the engine failed on ${JSON.stringify(step)}: ${(e as Error).message}`,
      };
    }
  }
  return { ok: true, state: match.state };
}
