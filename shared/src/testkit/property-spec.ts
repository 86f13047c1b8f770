/**
 * What a game supplies to the generic property harness, and what the harness records.
 */
import type { BaseOptions, BaseState, GameDefinition, GameEvent, Seat } from "../engine.ts";

export interface PropertySpec<S extends BaseState, A extends { type: string }, O extends BaseOptions, E extends GameEvent, V> {
  readonly game: GameDefinition<S, A, O, E, V>;
  /** The whole action space for this state and seat (legal or not), e.g. every discard of every card. */
  candidateActions(state: S, seat: Seat): A[];
  /** Every card in every place (hands, piles, tricks...); duplicates included. */
  inventory(state: S): string[];
  /** The cards in play this game, each once. */
  fullDeck(state: S): string[];
  /** The cards `seat` (null = spectator) is allowed to know about in this state. */
  visibleCards(state: S, seat: Seat | null): ReadonlySet<string>;
  /** Every card id the game could ever use (to find card ids in views and events). */
  readonly cardIds: readonly string[];
  /** A finished game must end within this many steps. */
  readonly maxSteps: number;
}

export interface PlayConfig {
  /** Chance a move is the bot's choice rather than a random legal action. */
  readonly botRate: number;
  /** Chance a step lets the deadline expire (`onDeadline`) when one is set. */
  readonly deadlineRate: number;
  /**
   * Every step checks the first awaited seat's candidate actions, every seat's legal actions,
   * card conservation, every seat's events and the views of the seat that just moved and of a
   * spectator. Every `fullEvery` steps it also checks every seat's candidates, every seat's view
   * and that `apply` left its input unchanged. 1 = everything every step.
   */
  readonly fullEvery: number;
  /** Relative weight of a legal action in random play (default 1 each), e.g. to make rounds long. */
  readonly weight?: (action: { type: string }) => number;
}

export const DEFAULT_PLAY: PlayConfig = { botRate: 0.4, deadlineRate: 0.05, fullEvery: 3 };

/** One recorded step: a seat's action, or a deadline expiry (`seat` and `action` null). */
export interface LoggedStep<A> {
  readonly seat: Seat | null;
  readonly action: A | null;
  readonly now: number;
}

export interface GameLog<O, A> {
  readonly seed: string;
  readonly options: O;
  readonly steps: LoggedStep<A>[];
}

/** Thrown when a property fails; carries what is needed to reproduce it. */
export class PropertyFailure extends Error {
  constructor(
    message: string,
    readonly log: GameLog<unknown, unknown>,
    readonly step: number,
  ) {
    super(`${message}\n  at step ${step} of game seed "${log.seed}" options ${JSON.stringify(log.options)}`);
  }
}
