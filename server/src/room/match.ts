/**
 * One game in progress: the engine state, its secret seed and the replay log. It knows nothing
 * of Colyseus; time comes in as `now`. Step n draws its randomness from `rngFor(seed, n)`, so
 * `(seed, options, log)` replays the game exactly.
 */
import { randomBytes } from "node:crypto";
import { rngFor, type AnyGame, type BaseState, type GameEvent, type Result, type RuleError, type Step } from "@scat/shared";

export interface LoggedStep {
  /** The acting seat, or null for a deadline expiry. */
  readonly seat: number | null;
  readonly action: unknown;
  readonly now: number;
}

export class Match {
  state: BaseState;
  readonly log: LoggedStep[] = [];
  readonly setupEvents: readonly GameEvent[];

  constructor(
    readonly game: AnyGame,
    readonly options: unknown,
    readonly startedAt: number,
    readonly seed: string = randomBytes(16).toString("hex"),
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

/** Plays a recorded match again from its seed, options, start time and log. */
export function replayMatch(game: AnyGame, options: unknown, seed: string, startedAt: number, log: readonly LoggedStep[]): BaseState {
  const match = new Match(game, options, startedAt, seed);
  for (const step of log) {
    if (step.seat === null) {
      if (!match.expire(step.now)) throw new Error(`replay: deadline not due at ${step.now}`);
    } else {
      const res = match.act(step.seat, step.action, step.now);
      if (!res.ok) throw new Error(`replay: ${res.error.code} at seat ${step.seat}`);
    }
  }
  return match.state;
}
