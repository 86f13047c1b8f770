/**
 * The strong bot for the card games: information-set Monte Carlo (determinized flat Monte Carlo).
 * From what the seat knows (`Determinizer.mask`), it samples complete deals consistent with it,
 * plays every legal move on each sample and finishes the round with every seat on the normal bot
 * policy, and keeps the move with the best mean result. The same samples and rollout streams serve
 * every candidate move (common random numbers), so the comparison is fair with few samples.
 * Deterministic for a given `rng`; the budget caps samples and, off tests, wall time.
 */
import type { AnyGame, Ctx, Seat } from "../engine.ts";
import { createRng, type Rng } from "../rng.ts";
import type { Determinizer } from "./determinize.ts";

export interface SearchBudget {
  /** Sampled deals per move (each candidate is rolled out once on each). */
  readonly samples: number;
  /** Stop sampling after this many ms (null: never; tests and the benchmark use null to stay deterministic). */
  readonly maxMs: number | null;
  /** A rollout stops after this many steps even if the round has not ended. */
  readonly maxSteps: number;
}

export const DEFAULT_BUDGET: SearchBudget = { samples: 32, maxMs: 40, maxSteps: 400 };

export interface SearchGame<S> {
  readonly game: AnyGame;
  readonly determinizer: Determinizer<S>;
  /** The round (or the game) is over: rollouts stop here. */
  roundEnded(state: S): boolean;
  /** How good `state` is for `seat` (higher is better). */
  value(state: S, seat: Seat): number;
}

type Action = { type: string };

export function strongMove<S>(g: SearchGame<S>, state: S, seat: Seat, rng: Rng, budget: SearchBudget = DEFAULT_BUDGET): Action | null {
  const legal = g.game.legalActions(state, seat) as Action[];
  if (legal.length === 0) return null;
  if (legal.length === 1 || legal[0]!.type === "continue") return legal[0]!;
  const known = g.determinizer.mask(state, seat);
  const seed = rng.int(2 ** 31);
  const totals = legal.map(() => 0);
  const started = budget.maxMs === null ? 0 : performance.now();
  for (let i = 0; i < budget.samples; i++) {
    if (budget.maxMs !== null && i > 0 && performance.now() - started > budget.maxMs) break;
    const deal = g.determinizer.fill(known, createRng(`${seed}:deal:${i}`));
    legal.forEach((action, k) => {
      totals[k]! += rollout(g, deal, seat, action, createRng(`${seed}:play:${i}`), budget.maxSteps);
    });
  }
  // The normal bot's move (chosen on a sampled deal: it too sees only the seat's knowledge) wins
  // ties, so the search only overrides it on evidence; a first-listed move wins no tie.
  const usual = g.game.bot(g.determinizer.fill(known, createRng(`${seed}:deal:0`)), seat, createRng(`${seed}:usual`)) as Action | null;
  let best = Math.max(0, usual === null ? 0 : legal.findIndex((a) => JSON.stringify(a) === JSON.stringify(usual)));
  for (let k = 0; k < legal.length; k++) if (totals[k]! > totals[best]!) best = k;
  return legal[best]!;
}

/** Plays `action` for `seat`, then the normal bot for everyone until the round ends. */
function rollout<S>(g: SearchGame<S>, start: S, seat: Seat, action: Action, rng: Rng, maxSteps: number): number {
  const ctx: Ctx = { now: 0, rng };
  const first = g.game.apply(start, seat, action, ctx);
  if (!first.ok) return -Infinity;
  let s = first.value.state as S;
  for (let step = 0; step < maxSteps && !g.roundEnded(s); step++) {
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
