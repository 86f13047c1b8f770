/**
 * Skit Scat and Dark Hand: two game definitions over one engine (docs/rules/dark-hand.md,
 * docs/rules/skit-scat.md; see README.md).
 */
import type { BaseOptions, GameDefinition, Outcome } from "../../engine.ts";
import type { TableView } from "../../protocol.ts";
import { bot } from "./bot.ts";
import { awaiting, legalActions } from "./legal.ts";
import {
  darkHandOptionsSchema,
  darkHandRules,
  skitScatOptionsSchema,
  skitScatRules,
  type DarkHandOptions,
  type SkitScatOptions,
} from "./options.ts";
import { apply, onDeadline, setupGame } from "./rules.ts";
import { actionSchema, type HandAction, type HandEvent, type HandState } from "./state.ts";
import { redactEvent, view } from "./view.ts";

/**
 * Null until gameOver; then the last player with tokens first, the others by how long they lasted
 * (players who went out in the same hand by seat).
 */
export function outcome(s: HandState): Outcome | null {
  if (s.phase !== "gameOver") return null;
  const outAt = (seat: number): number => {
    const i = s.eliminated.findIndex((group) => group.includes(seat));
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  const ranking = s.tokens.map((_, seat) => seat).sort((a, b) => outAt(b) - outAt(a) || a - b);
  return { winners: s.winners.slice(), ranking, scores: s.tokens.slice() };
}

type Definition<O extends BaseOptions> = GameDefinition<HandState, HandAction, O, HandEvent, TableView>;

const shared = {
  minSeats: 2,
  maxSeats: 6,
  actionSchema,
  apply,
  onDeadline,
  legalActions,
  awaiting,
  view,
  redactEvent,
  outcome,
  bot,
} as const;

export const skitScat: Definition<SkitScatOptions> = {
  id: "skit_scat",
  title: "Skit Scat",
  optionsSchema: skitScatOptionsSchema,
  setup: (options, ctx) => setupGame(options, skitScatRules(), ctx),
  ...shared,
};

export const darkHand: Definition<DarkHandOptions> = {
  id: "dark_hand",
  title: "Dark Hand",
  optionsSchema: darkHandOptionsSchema,
  setup: (options, ctx) => setupGame(options, darkHandRules(options), ctx),
  ...shared,
};

export * from "./melds.ts";
export * from "./options.ts";
export * from "./state.ts";
export { settleHand, settleSeat, winningMeld } from "./payments.ts";
export { callOptions, canDrawDeck, checkAction, declareOptions, type DeclareOption } from "./legal.ts";
export { defaultDeclaration, setupGame } from "./rules.ts";
export { callWanted, CALL_OUTS, CALL_TOKENS } from "./bot.ts";
export { legalActions, awaiting, view, redactEvent, apply, onDeadline, bot };
