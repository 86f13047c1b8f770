/**
 * Dark Hearts: the game definition (docs/rules/dark-hearts.md; see README.md).
 */
import type { GameDefinition } from "../../engine.ts";
import type { TableView } from "../../protocol.ts";
import { bot } from "./bot.ts";
import { awaiting, legalActions } from "./legal.ts";
import { optionsSchema, type DarkHeartsOptions } from "./options.ts";
import { apply, onDeadline, setup } from "./rules.ts";
import { outcome } from "./scoring.ts";
import { actionSchema, type DarkHeartsAction, type DarkHeartsEvent, type DarkHeartsState } from "./state.ts";
import { redactEvent, view } from "./view.ts";

export const darkHearts: GameDefinition<DarkHeartsState, DarkHeartsAction, DarkHeartsOptions, DarkHeartsEvent, TableView> = {
  id: "dark_hearts",
  title: "Dark Hearts",
  minSeats: 3,
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
export { shadeDeltas, scoreHand, gameWinners, standing } from "./scoring.ts";
export { checkAction, legalLeads, legalFollows, openingCard, passChoices } from "./legal.ts";
export { trickWinner, trickPoints } from "./trick.ts";
export { defaultPass, defaultPlay } from "./defaults.ts";
export { cardDanger, faceDanger } from "./bot.ts";
export { legalActions, awaiting, view, redactEvent, setup, apply, onDeadline, bot, outcome };
