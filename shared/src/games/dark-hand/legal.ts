/**
 * Legality (docs/rules/dark-hand.md, "Fine points"). `legalActions` is the oracle; `checkAction`
 * gives the reason any other action is refused, and the property test proves the two agree.
 */
import type { RuleError } from "../../engine.ts";
import { SHADES, type Shade } from "../../dark-deck.ts";
import { meldsOf, shadesOf, type MeldOption } from "./melds.ts";
import { calledShade, type HandAction, type HandState } from "./state.ts";

/** A declaration a seat may make now; `forfeit` marks a caller's wrong-shade Forfeit Play. */
export interface DeclareOption extends MeldOption {
  readonly forfeit: boolean;
}

/** The deck can be drawn from, after reshuffling all but the top discard if it is empty. */
export function canDrawDeck(s: HandState): boolean {
  return s.deck.length > 0 || s.discard.length > 1;
}

export function validSeat(s: HandState, seat: number): boolean {
  return Number.isInteger(seat) && seat >= 0 && seat < s.options.seats;
}

/**
 * What the seat on turn may declare after discarding: any Skit or Scat its hand forms, except in
 * a turn it called in; a caller only in the called shade, or in the other shade as a Forfeit Play
 * (table option, and only while the caller has a token besides the one on the Joker).
 */
export function declareOptions(s: HandState, seat: number): DeclareOption[] {
  if (s.calledThisTurn) return [];
  const called = calledShade(s, seat);
  return meldsOf(s.hands[seat] ?? [], shadesOf(s.rules.dark))
    .map((m) => ({ ...m, forfeit: called !== null && m.shade !== called }))
    .filter((m) => !m.forfeit || (s.rules.forfeitPlay && (s.tokens[seat] ?? 0) >= 1));
}

/**
 * Shades the seat may call now (Dark Hand only): each Joker once per hand, by different players;
 * from the deal until the end of one's first turn, afterwards only during one's own turn.
 */
export function callOptions(s: HandState, seat: number): Shade[] {
  if (!s.rules.dark || s.phase !== "turn" || !validSeat(s, seat) || s.out[seat]) return [];
  if (calledShade(s, seat) !== null) return [];
  if (s.hadTurn[seat] && seat !== s.turn) return [];
  return SHADES.filter((shade) => s.jokers[shade] === null);
}

function declareAction(s: HandState, option: DeclareOption): HandAction {
  return s.rules.dark ? { type: "declare", shade: option.shade } : { type: "declare" };
}

export function legalActions(s: HandState, seat: number): HandAction[] {
  if (!validSeat(s, seat) || s.out[seat]) return [];
  if (s.phase === "roundOver") return s.continued[seat] ? [] : [{ type: "continue" }];
  if (s.phase !== "turn") return [];
  const calls = callOptions(s, seat).map((shade): HandAction => ({ type: "call", shade }));
  if (seat !== s.turn) return calls;
  return [...turnActions(s, seat), ...calls];
}

function turnActions(s: HandState, seat: number): HandAction[] {
  switch (s.step) {
    case "draw": {
      const actions: HandAction[] = [];
      if (canDrawDeck(s)) actions.push({ type: "drawDeck" });
      if (s.discard.length > 0) actions.push({ type: "drawDiscard" });
      return actions;
    }
    case "discard":
      return (s.hands[seat] ?? []).map((card): HandAction => ({ type: "discard", card }));
    case "declare":
      return [...declareOptions(s, seat).map((o) => declareAction(s, o)), { type: "endTurn" }];
    default:
      return [];
  }
}

/** Only the player on turn (or, between hands, everyone who has not continued) is waited for. */
export function awaiting(s: HandState): number[] {
  if (s.phase === "turn") return [s.turn];
  if (s.phase === "roundOver") return s.continued.flatMap((c, seat) => (!c && !s.out[seat] ? [seat] : []));
  return [];
}

const e = (code: string, message: string): RuleError => ({ code, message });

/** Why `action` is refused for `seat`, or null when it is legal. */
export function checkAction(s: HandState, seat: number, action: HandAction): RuleError | null {
  if (s.phase === "gameOver") return e("game-over", "The game is over.");
  if (!validSeat(s, seat)) return e("no-such-seat", "That seat is not at this table.");
  if (s.out[seat]) return e("player-out", "You are out of the game.");
  if (action.type === "continue") {
    if (s.phase !== "roundOver") return e("wrong-phase", "The hand is still being played.");
    return s.continued[seat] ? e("already-continued", "You already continued.") : null;
  }
  if (s.phase !== "turn") return e("wrong-phase", "Wait for the next hand.");
  if (action.type === "call") return checkCall(s, seat, action.shade);
  if (seat !== s.turn) return e("not-your-turn", "It is not your turn.");
  return checkTurnAction(s, seat, action);
}

function checkCall(s: HandState, seat: number, shade: Shade): RuleError | null {
  if (!s.rules.dark) return e("no-calls", "Skit Scat has no calls.");
  if (calledShade(s, seat) !== null) return e("already-called", "You already called this hand.");
  if (s.jokers[shade] !== null) return e("joker-taken", `The ${shade === "dark" ? "Dark" : "Light"} Joker is already taken this hand.`);
  if (s.hadTurn[seat] && seat !== s.turn) return e("call-window-closed", "After your first turn you may only call during your own turn.");
  return null;
}

function checkTurnAction(s: HandState, seat: number, action: HandAction): RuleError | null {
  const step = s.step;
  switch (action.type) {
    case "drawDeck":
      if (step !== "draw") return e("already-drew", "You already drew this turn.");
      return canDrawDeck(s) ? null : e("deck-empty", "There is nothing left to draw.");
    case "drawDiscard":
      if (step !== "draw") return e("already-drew", "You already drew this turn.");
      return s.discard.length > 0 ? null : e("discard-empty", "The discard pile is empty.");
    case "discard":
      if (step === "draw") return e("must-draw-first", "Draw a card before you discard.");
      if (step !== "discard") return e("already-discarded", "You already discarded this turn.");
      return (s.hands[seat] ?? []).includes(action.card) ? null : e("card-not-in-hand", "That card is not in your hand.");
    case "endTurn":
      return step === "declare" ? null : e("not-declare-step", "You can only keep your hand after discarding a Skit or Scat.");
    case "declare":
      return checkDeclare(s, seat, action.shade);
    default:
      return e("unknown-action", "Unknown action.");
  }
}

function checkDeclare(s: HandState, seat: number, shade: Shade | undefined): RuleError | null {
  if (s.step !== "declare") return e("not-declare-step", "Declare at the end of your turn, after discarding.");
  if (s.calledThisTurn) return e("called-this-turn", "You may not declare in the turn you called.");
  if (!s.rules.dark && shade !== undefined) return e("no-shades", "Skit Scat cards have no shades.");
  if (s.rules.dark && shade === undefined) return e("shade-required", "Name the shade your Skit or Scat is made in.");
  const options = declareOptions(s, seat);
  if (options.some((o) => !s.rules.dark || o.shade === shade)) return null;
  const called = calledShade(s, seat);
  if (called !== null && shade !== called) {
    return e(
      "wrong-shade",
      s.rules.forfeitPlay
        ? "A Forfeit Play needs a token besides the one on your Joker."
        : "You called: you may only win in the called shade.",
    );
  }
  return e("no-meld", "Your hand is not a Skit or a Scat in that shade.");
}
