/**
 * The engine contract every game implements (ARCHITECTURE.md, "The engine contract").
 * Engines are pure: time and randomness arrive through `Ctx`, nothing here touches I/O.
 */
import type { z } from "zod";
import type { Rng } from "./rng.ts";

export type Seat = number;

/** Time and randomness for one step. `rng` is derived from the match seed and the step number. */
export interface Ctx {
  readonly now: number;
  readonly rng: Rng;
}

/** A rejected action: a stable kebab-case code and a sentence a player can read. */
export interface RuleError {
  readonly code: string;
  readonly message: string;
}

export type Result<T, E = RuleError> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = (code: string, message: string): { ok: false; error: RuleError } => ({
  ok: false,
  error: { code, message },
});

/** Fields every game state carries. */
export interface BaseState {
  /** Incremented on every accepted step; a stale timer or bot compares it. */
  readonly version: number;
  readonly phase: string;
  /** Absolute ms (same clock as `Ctx.now`) when `onDeadline` applies defaults, or null. */
  readonly deadline: number | null;
}

/** Every event names its type in the past tense (`cardDrawn`, `roundScored`). */
export interface GameEvent {
  readonly type: string;
}

export interface Step<S, E> {
  readonly state: S;
  readonly events: readonly E[];
}

/**
 * The frame of every engine step, an accepted action or a deadline: a copy of `state` made by
 * the game's `clone`, its version bumped, changed in place by `body`, which pushes the events.
 */
export function advance<S extends { version: number }, E>(state: S, clone: (s: S) => S, body: (s: S, events: E[]) => void): Step<S, E> {
  const s = clone(state);
  s.version += 1;
  const events: E[] = [];
  body(s, events);
  return { state: s, events };
}

export interface Outcome {
  /** Seats that won the game (usually one). */
  readonly winners: readonly Seat[];
  /** Every seat, best first; equal places share a rank in `places`. */
  readonly ranking: readonly Seat[];
  /** Final score shown per seat (points, lives or tokens, per game). */
  readonly scores: readonly number[];
}

/** Options every table has, whatever the game. */
export interface BaseOptions {
  readonly seats: number;
  /** Time for one decision, in ms. */
  readonly turnMs: number;
}

export interface GameDefinition<
  S extends BaseState = BaseState,
  A extends { type: string } = { type: string },
  O extends BaseOptions = BaseOptions,
  E extends GameEvent = GameEvent,
  V = unknown,
> {
  readonly id: string;
  readonly title: string;
  readonly minSeats: number;
  readonly maxSeats: number;
  /** Parses and defaults the table options (variants included); rejects bad ones. */
  readonly optionsSchema: z.ZodType<O>;
  /** Parses an action message from a client (shape only; legality is `apply`'s job). */
  readonly actionSchema: z.ZodType<A>;
  setup(options: O, ctx: Ctx): Step<S, E>;
  /** Never mutates `state`. Accepts exactly the actions `legalActions` lists. */
  apply(state: S, seat: Seat, action: A, ctx: Ctx): Result<Step<S, E>>;
  /** Applies the default action(s) of whoever the deadline was waiting for. */
  onDeadline(state: S, ctx: Ctx): Step<S, E>;
  /** The single oracle of legality. Empty when the seat has nothing to decide. */
  legalActions(state: S, seat: Seat): A[];
  /** Seats whose decision the game waits for now (for bots, clocks and the UI). */
  awaiting(state: S): Seat[];
  /** What `seat` may see (null = spectator). The only way secret state leaves the engine. */
  view(state: S, seat: Seat | null): V;
  /** The event as `seat` may see it, or null when it must not see it at all. */
  redactEvent(event: E, seat: Seat | null): E | null;
  /** Null while the game goes on. */
  outcome(state: S): Outcome | null;
  /** A bot's choice among `legalActions(state, seat)`. Null when it has nothing to decide. */
  bot(state: S, seat: Seat, rng: Rng): A | null;
}

/** A game definition with its type parameters erased, as the room and registry hold it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGame = GameDefinition<any, any, any, any, any>;
