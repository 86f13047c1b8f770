/**
 * A finished game, step by step, for the replay viewer (docs/FAIRNESS.md, "Replays"). Built only
 * from a log that verifies: every frame is the engine state after some number of the log's steps,
 * made by the same `RecordedMatch` the server ran, so what the viewer shows is what the table
 * showed. Frame 0 is the deal; frame i is the state after `steps[i - 1]`. Views and events come
 * through the engine's own `view` and `redactEvent`, per seat or as a spectator.
 */
import type { AnyGame, BaseState, GameEvent, Outcome } from "../engine.ts";
import type { TableView } from "../protocol.ts";
import { ENGINES } from "../games/registry.ts";
import { RecordedMatch, type LoggedStep } from "../recorded-match.ts";
import { dealSeedOf, type GameLog } from "./game-log.ts";
import { verifyLog, type VerifyFailure, type VerifyOptions } from "./verify.ts";

export interface ReplayFrame {
  /** Steps applied (0: the deal). */
  readonly index: number;
  readonly state: BaseState;
  /** Events of the step that led here (frame 0: the deal's). Unredacted: use `eventsFor`. */
  readonly events: readonly GameEvent[];
  /** The step that led here (null for frame 0). */
  readonly step: LoggedStep | null;
  /** Server ms of this frame (the deal's time, or the step's). */
  readonly now: number;
  /** The round (hand) number the public view shows. */
  readonly round: number;
}

export interface ReplayRound {
  readonly round: number;
  /** The first frame of the round. */
  readonly frame: number;
}

export class Replay {
  readonly frames: readonly ReplayFrame[];
  readonly rounds: readonly ReplayRound[];

  constructor(
    readonly log: GameLog,
    readonly game: AnyGame,
  ) {
    const match = new RecordedMatch(game, game.optionsSchema.parse(log.options), log.startedAt, dealSeedOf(log));
    const frames: ReplayFrame[] = [this.frame(0, match.state, match.setupEvents, null, log.startedAt)];
    for (const step of log.steps) {
      const events = step.seat === null ? match.expire(step.now) : unwrap(match.act(step.seat, step.action, step.now));
      if (events === null) throw new Error(`step ${frames.length - 1} did not replay`);
      frames.push(this.frame(frames.length, match.state, events, step, step.now));
    }
    this.frames = frames;
    const rounds: ReplayRound[] = [];
    for (const f of frames) if (rounds[rounds.length - 1]?.round !== f.round) rounds.push({ round: f.round, frame: f.index });
    this.rounds = rounds;
  }

  private frame(index: number, state: BaseState, events: readonly GameEvent[], step: LoggedStep | null, now: number): ReplayFrame {
    return { index, state, events, step, now, round: (this.game.view(state, null) as TableView).round };
  }

  get seats(): number {
    return (this.log.options as { seats: number }).seats;
  }

  /** The last frame index. */
  get last(): number {
    return this.frames.length - 1;
  }

  /** The outcome at the last frame (equal to the log's: the log verified). */
  get outcome(): Outcome | null {
    return this.game.outcome(this.at(this.last).state);
  }

  at(index: number): ReplayFrame {
    return this.frames[Math.max(0, Math.min(this.last, Math.trunc(index)))]!;
  }

  /** What `seat` saw at this frame (null: a spectator). */
  view(index: number, seat: number | null): TableView {
    return this.game.view(this.at(index).state, seat) as TableView;
  }

  /** The frame's events as `seat` was sent them (null: a spectator). */
  eventsFor(index: number, seat: number | null): GameEvent[] {
    return this.at(index)
      .events.map((e) => this.game.redactEvent(e, seat) as GameEvent | null)
      .filter((e): e is GameEvent => e !== null);
  }

  /** Every seat's hand at this frame, each from that seat's own view ("all hands open"). */
  hands(index: number): string[][] {
    return Array.from({ length: this.seats }, (_, seat) => [...(this.view(index, seat).you?.hand ?? [])]);
  }

  /** What the step that led to this frame was, in words. */
  describe(index: number): string {
    return describeStep(this.at(index).step);
  }

  outcomeAt(index: number): Outcome | null {
    return this.game.outcome(this.at(index).state);
  }

  /** The first frame of `round` (the last round's when past the end; frame 0 before the first). */
  roundStart(round: number): number {
    let frame = 0;
    for (const r of this.rounds) if (r.round <= round) frame = r.frame;
    return frame;
  }
}

function unwrap(res: ReturnType<RecordedMatch["act"]>): readonly GameEvent[] | null {
  return res.ok ? res.value : null;
}

export type ReplayResult = { readonly ok: true; readonly replay: Replay } | VerifyFailure;

/** Verifies a log (any parsed JSON) and, when it verifies, builds its replay. */
export function openReplay(input: unknown, opts: VerifyOptions = {}): ReplayResult {
  const verdict = verifyLog(input, opts);
  if (!verdict.ok) return verdict;
  const game = (opts.engines ?? ENGINES)[verdict.log.game]!;
  return { ok: true, replay: new Replay(verdict.log, game) };
}

/** One line describing a step for people: "Seat 2: discard 7H", "Time ran out". */
export function describeStep(step: LoggedStep | null): string {
  if (step === null) return "The deal";
  if (step.seat === null) return "Time ran out: the defaults were applied";
  const { type, ...rest } = step.action as { type?: unknown } & Record<string, unknown>;
  const detail = Object.entries(rest)
    .map(([k, v]) => `${k} ${typeof v === "string" ? v : JSON.stringify(v)}`)
    .join(", ");
  return `Seat ${step.seat + 1}: ${String(type ?? "?")}${detail ? ` (${detail})` : ""}`;
}
