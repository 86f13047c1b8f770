/**
 * The strong bot for the card games: information-set Monte Carlo (determinized flat Monte Carlo).
 * From what the seat knows (`Determinizer.mask`), it samples complete deals consistent with it,
 * plays every legal move on each sample and finishes the round with every seat on the normal bot
 * policy, and keeps the move with the best mean result. The same samples and rollout streams serve
 * every candidate move (common random numbers), so the comparison is fair with few samples.
 * Deterministic for a given `rng` and sample count; shared code reads no clock: a time cap comes
 * with the caller's clock (`SearchBudget.time`, the server's room passes its own, `liveBudget`).
 */
import type { AnyGame, Ctx, Seat } from "../engine.ts";
import { createRng, type Rng } from "../rng.ts";
import type { Determinizer } from "./determinize.ts";
import type { TableMemory } from "./memory.ts";

export interface SearchBudget {
  /** Sampled deals per move (each candidate is rolled out once on each). */
  readonly samples: number;
  /** A rollout stops after this many steps even if the round has not ended. */
  readonly maxSteps: number;
  /**
   * Stop sampling once `now()` says `maxMs` have passed (after at least one deal). Absent: the
   * sample count alone decides, so the move is the same for the same rng (tests, the benchmark).
   */
  readonly time?: { readonly now: () => number; readonly maxMs: number };
  /** Standard errors the search's gain must clear to override the normal bot (default `Z_MARGIN`). */
  readonly zMargin?: number;
}

/** Samples only: deterministic. */
export const DEFAULT_BUDGET: SearchBudget = { samples: 32, maxSteps: 400 };

/** A live table's cap on one strong move (keeps a table's server cost low). */
export const LIVE_MAX_MS = 40;

/** The live tables' budget: `DEFAULT_BUDGET` cut at `LIVE_MAX_MS` by the caller's clock. */
export function liveBudget(now: () => number): SearchBudget {
  return { ...DEFAULT_BUDGET, time: { now, maxMs: LIVE_MAX_MS } };
}

type Action = { type: string };

export interface SearchGame<S> {
  readonly game: AnyGame;
  readonly determinizer: Determinizer<S>;
  /** The round (or the game) is over: rollouts stop here. */
  roundEnded(state: S): boolean;
  /** A shorter horizon (rollouts also stop once this says so, from the searched state `start`). */
  horizon?(start: S, state: S): boolean;
  /** At most this many deals whatever the budget (a game with many moves to compare). */
  readonly maxSamples?: number;
  /** Deals per move as a multiple of the budget's (a game whose rollouts are cheap, or whose moves differ subtly). */
  readonly sampleFactor?: number;
  /**
   * The moves worth rolling out (default: every legal move); the normal bot's move is always
   * compared. Fewer candidates leave time for more deals.
   */
  candidates?(state: S, seat: Seat, legal: readonly Action[]): readonly Action[];
  /** Whether the search decides this move (else the normal bot does; default: every move). */
  decides?(state: S, seat: Seat): boolean;
  /** How good `state` is for `seat` (higher is better). */
  value(state: S, seat: Seat): number;
}

/**
 * How sure the search must be before it overrides the normal bot: a move replaces the normal
 * bot's only when its mean gain over it, paired sample by sample, stays above 0 after taking
 * `Z_MARGIN` standard errors off (a one-sided test). Noise alone then rarely moves it off a good
 * default, so the search is never much worse than normal by chance.
 */
export const Z_MARGIN = 1.64;

export function strongMove<S>(
  g: SearchGame<S>,
  state: S,
  seat: Seat,
  rng: Rng,
  budget: SearchBudget = DEFAULT_BUDGET,
  memory: TableMemory | null = null,
): Action | null {
  const allLegal = g.game.legalActions(state, seat) as Action[];
  if (allLegal.length === 0) return null;
  if (allLegal.length === 1 || allLegal[0]!.type === "continue") return allLegal[0]!;
  if (g.decides && !g.decides(state, seat)) return g.game.bot(state, seat, rng) as Action | null;
  const known = g.determinizer.mask(state, seat, memory);
  const seed = rng.int(2 ** 31);
  // The normal bot's move (chosen on a sampled deal: it too sees only the seat's knowledge).
  const usualAction = g.game.bot(
    g.determinizer.fill(known, createRng(`${seed}:deal:0`)),
    seat,
    createRng(`${seed}:usual`),
  ) as Action | null;
  const same = (a: Action) => usualAction !== null && JSON.stringify(a) === JSON.stringify(usualAction);
  const shortlist = g.candidates?.(state, seat, allLegal) ?? allLegal;
  const legal = shortlist.some(same) ? [...shortlist] : [...shortlist, ...allLegal.filter(same)];
  const usual = legal.findIndex(same);
  if (usual < 0) return usualAction; // not a move the search compares (a call off turn, a pass): normal's choice
  const values: number[][] = legal.map(() => []);
  const time = budget.time;
  const started = time ? time.now() : 0;
  const samples = Math.min(Math.round(budget.samples * (g.sampleFactor ?? 1)), g.maxSamples ?? Infinity);
  for (let i = 0; i < samples; i++) {
    if (time && i > 0 && time.now() - started > time.maxMs) break;
    const deal = g.determinizer.fill(known, createRng(`${seed}:deal:${i}`));
    legal.forEach((action, k) => {
      values[k]!.push(rollout(g, deal, seat, action, createRng(`${seed}:play:${i}`), budget.maxSteps));
    });
  }
  let best = usual;
  let bestBound = 0;
  for (let k = 0; k < legal.length; k++) {
    if (k === usual) continue;
    const bound = lowerBound(
      values[k]!.map((v, i) => v - values[usual]![i]!),
      budget.zMargin ?? Z_MARGIN,
    );
    if (bound > bestBound) [best, bestBound] = [k, bound];
  }
  return legal[best]!;
}

/** Mean minus `z` standard errors (-Infinity with fewer than 2 samples or a failed move). */
function lowerBound(diffs: readonly number[], z: number): number {
  const n = diffs.length;
  if (n < 2 || diffs.some((d) => !Number.isFinite(d))) return -Infinity;
  const mean = diffs.reduce((a, b) => a + b, 0) / n;
  const variance = diffs.reduce((a, d) => a + (d - mean) ** 2, 0) / (n - 1);
  return mean - z * Math.sqrt(variance / n);
}

/** Plays `action` for `seat`, then the normal bot for everyone until the round ends. */
function rollout<S>(g: SearchGame<S>, start: S, seat: Seat, action: Action, rng: Rng, maxSteps: number): number {
  const ctx: Ctx = { now: 0, rng };
  const first = g.game.apply(start, seat, action, ctx);
  if (!first.ok) return -Infinity;
  let s = first.value.state as S;
  for (let step = 0; step < maxSteps && !g.roundEnded(s) && !g.horizon?.(start, s); step++) {
    let moved = false;
    for (const p of g.game.awaiting(s)) {
      const a = (g.game.bot(s, p, rng) ?? g.game.legalActions(s, p)[0]) as Action | undefined;
      if (!a) continue;
      const r = g.game.apply(s, p, a, ctx);
      if (r.ok) {
        s = r.value.state as S;
        moved = true;
        break;
      }
    }
    if (!moved) s = g.game.onDeadline(s, ctx).state as S;
  }
  return g.value(s, seat);
}
