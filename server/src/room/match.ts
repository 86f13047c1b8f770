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
    now: number,
    readonly seed: string = randomBytes(16).toString("hex"),
  ) {
    const step = game.setup(options, { now, rng: rngFor(seed, 0) }) as Step<BaseState, GameEvent>;
    this.state = step.state;
    this.setupEvents = step.events;
  }

  private ctx(now: number) {
    return { now, rng: rngFor(this.seed, this.state.version + 1) };
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
