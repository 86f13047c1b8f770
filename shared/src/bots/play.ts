/**
 * Plays one whole seeded game between bots of given strengths, with no clock (deadlines apply
 * only when nobody can move). Used by the benchmark and the tests.
 */
import type { Ctx } from "../engine.ts";
import { ENGINES } from "../games/registry.ts";
import type { GameId } from "../protocol.ts";
import { createRng, rngFor } from "../rng.ts";
import { botMove } from "./index.ts";
import type { BotStrength } from "./strength.ts";
import type { SearchBudget } from "./strong.ts";

export interface PlayedGame {
  readonly winners: readonly number[];
  /** ms spent choosing moves, and moves chosen, per strength. */
  readonly cpu: Partial<Record<BotStrength, { ms: number; moves: number }>>;
}

export function playBotGame(gameId: GameId, strengths: readonly BotStrength[], seed: string, budget: SearchBudget, maxSteps = 20_000): PlayedGame {
  const game = ENGINES[gameId];
  const options = game.optionsSchema.parse({ seats: strengths.length, turnMs: 30_000 });
  let step = 0;
  const ctx = (): Ctx => ({ now: 0, rng: rngFor(seed, step++) });
  let s = game.setup(options, ctx()).state;
  const cpu: PlayedGame["cpu"] = {};
  while (step < maxSteps) {
    const outcome = game.outcome(s);
    if (outcome) return { winners: outcome.winners, cpu };
    let moved = false;
    for (const seat of game.awaiting(s) as number[]) {
      const strength = strengths[seat]!;
      const t0 = performance.now();
      const a = botMove(gameId, s, seat, createRng(`${seed}:bot:${s.version}:${seat}`), strength, budget);
      const c = (cpu[strength] ??= { ms: 0, moves: 0 });
      c.ms += performance.now() - t0;
      c.moves += 1;
      if (!a) continue;
      const r = game.apply(s, seat, a, ctx());
      if (!r.ok) throw new Error(`${gameId}: ${strength} bot at seat ${seat} chose an illegal move ${JSON.stringify(a)}: ${r.error.message}`);
      s = r.value.state;
      moved = true;
      break;
    }
    if (!moved) s = game.onDeadline(s, ctx()).state;
  }
  throw new Error(`${gameId}: no outcome after ${maxSteps} steps (seed ${seed})`);
}
