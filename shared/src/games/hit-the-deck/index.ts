/**
 * Hit the Deck: the game definition (docs/rules/hit-the-deck.md; see README.md).
 */
import type { GameDefinition, Outcome } from "../../engine.ts";
import type { TableView } from "../../protocol.ts";
import { bot } from "./bot.ts";
import { awaiting, legalActions } from "./legal.ts";
import { optionsSchema, type HitTheDeckOptions } from "./options.ts";
import { apply, onDeadline, setup } from "./rules.ts";
import { actionSchema, type HitTheDeckAction, type HitTheDeckEvent, type HitTheDeckState } from "./state.ts";
import { redactEvent, view } from "./view.ts";

/** Null until gameOver; then the lowest total first (ties share a place, by seat). */
export function outcome(s: HitTheDeckState): Outcome | null {
  if (s.phase !== "gameOver") return null;
  const scores = s.scores.slice();
  const ranking = scores.map((_, seat) => seat).sort((a, b) => (scores[a] ?? 0) - (scores[b] ?? 0) || a - b);
  return { winners: s.winners.slice(), ranking, scores };
}

export const hitTheDeck: GameDefinition<HitTheDeckState, HitTheDeckAction, HitTheDeckOptions, HitTheDeckEvent, TableView> = {
  id: "hit_the_deck",
  title: "Hit the Deck",
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
export * from "./options.ts";
export * from "./state.ts";
export { fits, playableCards, checkAction, mustCall } from "./legal.ts";
export { rankSlaps, RACE_PENALTY, FAKE_OUT_PENALTY } from "./race.ts";
export { scoreHand, lowestScorers } from "./round.ts";
export { HAND_SIZE } from "./deal.ts";
export { MAX_CHAIN } from "./effects.ts";
export {
  botReactionMs,
  botCallDelayMs,
  botRacePlan,
  botFakeOutMs,
  choosePlay,
  type BotRacePlan,
  BOT_REACTION_MEDIAN_MS,
  BOT_REACTION_SIGMA,
  BOT_DISTRACTED_RATE,
  BOT_FORGET_CALL_RATE,
  BOT_CALL_MEDIAN_MS,
  BOT_FAKE_OUT_RATE,
  BOT_MIN_REACTION_MS,
} from "./bot.ts";
export { legalActions, awaiting, view, redactEvent, setup, apply, onDeadline, bot };
