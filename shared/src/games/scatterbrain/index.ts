/**
 * Scatterbrain: the game definition (docs/rules/scatterbrain.md; see README.md).
 */
import type { GameDefinition, Outcome } from "../../engine.ts";
import type { TableView } from "../../protocol.ts";
import { bot } from "./bot.ts";
import { awaiting, legalActions } from "./legal.ts";
import { optionsSchema, type ScatterbrainOptions } from "./options.ts";
import { apply, onDeadline, setup } from "./rules.ts";
import { actionSchema, type ScatterbrainAction, type ScatterbrainEvent, type ScatterbrainState } from "./state.ts";
import { redactEvent, view } from "./view.ts";

/** Null until gameOver; then the single highest total first, the others by points. */
export function outcome(s: ScatterbrainState): Outcome | null {
  if (s.phase !== "gameOver") return null;
  const scores = s.scores.slice();
  const ranking = scores.map((_, seat) => seat).sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0) || a - b);
  return { winners: s.winners.slice(), ranking, scores };
}

export const scatterbrain: GameDefinition<ScatterbrainState, ScatterbrainAction, ScatterbrainOptions, ScatterbrainEvent, TableView> = {
  id: "scatterbrain",
  title: "Scatterbrain",
  minSeats: 4,
  maxSeats: 4,
  optionsSchema,
  actionSchema,
  setup,
  apply,
  onDeadline,
  legalActions,
  awaiting,
  view,
  redactEvent,
  outcome,
  bot,
};

export * from "./cards.ts";
export * from "./options.ts";
export * from "./state.ts";
export { checkAction } from "./check.ts";
export { guessableCards, hidingOpponents, tableCards } from "./legal.ts";
export { POINTS, leaders } from "./hand-end.ts";
export { memoryOf, type Belief, type Memory } from "./memory.ts";
export { handScore, holeChoice } from "./bot.ts";
export { legalActions, awaiting, view, redactEvent, setup, apply, onDeadline, bot };
