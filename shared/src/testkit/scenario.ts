/**
 * Scenario helpers shared by every game's tests: fixed contexts, stepping that fails loudly, and
 * card-notation parsing (re-exported from cards.ts so tests import one module).
 */
import type { BaseState, Ctx, GameDefinition, GameEvent, RuleError, Seat } from "../engine.ts";
import { createRng, type Rng } from "../rng.ts";

export { cards, notation } from "../cards.ts";

/** A context at `now` with an RNG seeded from `seed` (deterministic). */
export function ctxAt(now = 0, seed = "scenario"): Ctx {
  return { now, rng: createRng(seed) };
}

/** An RNG whose `shuffle` keeps the order and `int`/`pick` return the first choice: for tests that pin the deal. */
export function identityRng(): Rng {
  return {
    next: () => 0,
    int: () => 0,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error("pick from an empty list");
      return items[0] as T;
    },
    shuffle: <T>(items: readonly T[]): T[] => items.slice(),
  };
}

/**
 * An RNG that plays a script: `int` returns the scripted numbers in order, `shuffle` returns the
 * scripted arrays in order (each must be a permutation of its input), then both behave like
 * `identityRng`. For tests that fix a deal or the first dealer.
 */
export function scriptedRng(script: { ints?: readonly number[]; shuffles?: readonly (readonly unknown[])[] }): Rng {
  const ints = [...(script.ints ?? [])];
  const shuffles = [...(script.shuffles ?? [])];
  const base = identityRng();
  return {
    ...base,
    int: (n: number): number => {
      const v = ints.shift() ?? 0;
      if (v < 0 || v >= n) throw new Error(`scripted int ${v} is outside [0, ${n})`);
      return v;
    },
    shuffle: <T>(items: readonly T[]): T[] => {
      const next = shuffles.shift();
      if (next === undefined) return items.slice();
      const sorted = (xs: readonly unknown[]): string => JSON.stringify(xs.map((x) => JSON.stringify(x)).sort());
      if (sorted(next) !== sorted(items)) throw new Error("scripted shuffle is not a permutation of its input");
      return next.slice() as T[];
    },
  };
}

export interface Played<S, E> {
  readonly state: S;
  readonly events: E[];
}

type AnyDef<S extends BaseState, A extends { type: string }, E extends GameEvent> = GameDefinition<S, A, never, E, unknown>;

/** Applies `[seat, action]` moves in order, throwing with the rule error on the first refusal. */
export function play<S extends BaseState, A extends { type: string }, E extends GameEvent>(
  game: Pick<AnyDef<S, A, E>, "apply">,
  state: S,
  moves: ReadonlyArray<readonly [Seat, A]>,
  ctx: Ctx = ctxAt(),
): Played<S, E> {
  let current = state;
  const events: E[] = [];
  for (const [seat, action] of moves) {
    const r = game.apply(current, seat, action, ctx);
    if (!r.ok) throw new Error(`seat ${seat} ${JSON.stringify(action)} refused: ${r.error.code} (${r.error.message})`);
    current = r.value.state;
    events.push(...r.value.events);
  }
  return { state: current, events };
}

/** The refusal of one action, or null when it was accepted. */
export function refusal<S extends BaseState, A extends { type: string }, E extends GameEvent>(
  game: Pick<AnyDef<S, A, E>, "apply">,
  state: S,
  seat: Seat,
  action: A,
  ctx: Ctx = ctxAt(),
): RuleError | null {
  const r = game.apply(state, seat, action, ctx);
  return r.ok ? null : r.error;
}

/** Events of one type, narrowed. */
export function eventsOf<E extends GameEvent, T extends E["type"]>(events: readonly E[], type: T): Extract<E, { type: T }>[] {
  return events.filter((e): e is Extract<E, { type: T }> => e.type === type);
}
