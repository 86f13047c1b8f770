/**
 * Legality (docs/rules/devils-scat.md, "A turn": improve or knock). `legalActions` is the oracle;
 * `checkAction` gives the reason a listed-or-not action is refused, and the property test proves
 * the two agree.
 */
import type { RuleError } from "../../engine.ts";
import type { DevilsScatAction, DevilsScatState } from "./state.ts";

/** The deck can be drawn from, after reshuffling all but the top discard if it is empty. */
export function canDrawDeck(s: DevilsScatState): boolean {
  return s.deck.length > 0 || s.discard.length > 1;
}

export function validSeat(s: DevilsScatState, seat: number): boolean {
  return Number.isInteger(seat) && seat >= 0 && seat < s.options.seats;
}

export function legalActions(s: DevilsScatState, seat: number): DevilsScatAction[] {
  if (!validSeat(s, seat)) return [];
  if (s.phase === "roundOver") return !s.out[seat] && !s.continued[seat] ? [{ type: "continue" }] : [];
  if (s.phase !== "turn" || seat !== s.turn) return [];
  if (s.drawnFrom === null) {
    const actions: DevilsScatAction[] = [];
    if (canDrawDeck(s)) actions.push({ type: "drawDeck" });
    if (s.discard.length > 0) actions.push({ type: "drawDiscard" });
    if (s.knocker === null) actions.push({ type: "knock" });
    return actions;
  }
  const hand = s.hands[seat] ?? [];
  const forbidden = s.drawnFrom === "discard" ? s.drawnCard : null;
  return hand.filter((c) => c !== forbidden).map((card) => ({ type: "discard", card }));
}

export function awaiting(s: DevilsScatState): number[] {
  if (s.phase === "turn") return [s.turn];
  if (s.phase === "roundOver") return s.continued.flatMap((c, seat) => (!c && !s.out[seat] ? [seat] : []));
  return [];
}

const e = (code: string, message: string): RuleError => ({ code, message });

/** Why `action` is refused for `seat`, or null when it is legal. */
export function checkAction(s: DevilsScatState, seat: number, action: DevilsScatAction): RuleError | null {
  if (s.phase === "gameOver") return e("game-over", "The game is over.");
  if (!validSeat(s, seat)) return e("no-such-seat", "That seat is not at this table.");
  if (s.out[seat]) return e("player-out", "You are out of the game.");
  if (action.type === "continue") {
    if (s.phase !== "roundOver") return e("wrong-phase", "The round is still being played.");
    return s.continued[seat] ? e("already-continued", "You already continued.") : null;
  }
  if (s.phase !== "turn") return e("wrong-phase", "Wait for the next round.");
  if (seat !== s.turn) return e("not-your-turn", "It is not your turn.");
  return checkTurnAction(s, action);
}

function checkTurnAction(s: DevilsScatState, action: DevilsScatAction): RuleError | null {
  const drew = s.drawnFrom !== null;
  switch (action.type) {
    case "drawDeck":
      if (drew) return e("already-drew", "You already drew this turn.");
      return canDrawDeck(s) ? null : e("deck-empty", "There is nothing left to draw.");
    case "drawDiscard":
      if (drew) return e("already-drew", "You already drew this turn.");
      return s.discard.length > 0 ? null : e("discard-empty", "The discard pile is empty.");
    case "knock":
      if (drew) return e("already-drew", "You already drew: discard to end your turn.");
      return s.knocker === null ? null : e("already-knocked", "Someone already knocked this round.");
    case "discard":
      if (!drew) return e("must-draw-first", "Draw a card before you discard.");
      if (!(s.hands[s.turn] ?? []).includes(action.card)) return e("card-not-in-hand", "That card is not in your hand.");
      if (s.drawnFrom === "discard" && action.card === s.drawnCard) {
        return e("cannot-discard-drawn-card", "You may not discard the card you just took from the discard pile.");
      }
      return null;
    default:
      return e("unknown-action", "Unknown action.");
  }
}
