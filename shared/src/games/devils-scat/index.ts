/**
 * Devil's Scat: the game definition (docs/rules/devils-scat.md; see README.md).
 */
import type { GameDefinition, Outcome } from "../../engine.ts";
import type { TableView } from "../../protocol.ts";
import { bot } from "./bot.ts";
import { awaiting, legalActions } from "./legal.ts";
import { optionsSchema, type DevilsScatOptions } from "./options.ts";
import { apply, onDeadline, setup } from "./rules.ts";
import { actionSchema, type DevilsScatAction, type DevilsScatEvent, type DevilsScatState } from "./state.ts";
import { redactEvent, view } from "./view.ts";

/** Null until gameOver; then the winner first, others by points (or by how long they lasted). */
export function outcome(s: DevilsScatState): Outcome | null {
  if (s.phase !== "gameOver") return null;
  const scores = (s.options.classic ? s.lives : s.scores).slice();
  const seats = scores.map((_, seat) => seat);
  const outAt = (seat: number): number => {
    const i = s.eliminated.indexOf(seat);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  const rank = (seat: number): number[] => [s.winners.includes(seat) ? 1 : 0, s.options.classic ? outAt(seat) : (scores[seat] ?? 0)];
  const ranking = seats.sort((a, b) => {
    const [ra, rb] = [rank(a), rank(b)];
    return (rb[0] ?? 0) - (ra[0] ?? 0) || (rb[1] ?? 0) - (ra[1] ?? 0) || a - b;
  });
  return { winners: s.winners.slice(), ranking, scores };
}

export const devilsScat: GameDefinition<DevilsScatState, DevilsScatAction, DevilsScatOptions, DevilsScatEvent, TableView> = {
  id: "devils_scat",
  title: "Devil's Scat",
  minSeats: 2,
  maxSeats: 6,
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
export * from "./hand-value.ts";
export * from "./options.ts";
export * from "./state.ts";
export { roundWinner, pointsItems, classicLivesLost, scoreRound } from "./scoring.ts";
export { checkAction, canDrawDeck } from "./legal.ts";
export { knockThreshold, KNOCK_AT, CLASSIC_KNOCK_AT } from "./bot.ts";
export { legalActions, awaiting, view, redactEvent, setup, apply, onDeadline, bot };
