/**
 * The easy bot: the normal bot, but now and then a human mistake: it picks any legal move instead
 * (so it forgets to call or knock, discards carelessly, takes the wrong pile). Never reads more
 * than the normal bot does.
 */
import type { AnyGame, Seat } from "../engine.ts";
import type { Rng } from "../rng.ts";

/** Share of decisions (with a real choice) where the easy bot blunders. */
export const EASY_BLUNDER_RATE = 0.35;

export function easyMove(game: AnyGame, state: unknown, seat: Seat, rng: Rng): { type: string } | null {
  const normal = game.bot(state, seat, rng) as { type: string } | null;
  if (normal === null) return null;
  const legal = game.legalActions(state, seat) as { type: string }[];
  // "continue" after a round is not a decision; a single legal move leaves nothing to get wrong.
  if (legal.length < 2 || normal.type === "continue") return normal;
  return rng.next() < EASY_BLUNDER_RATE ? rng.pick(legal) : normal;
}
