/**
 * Why an action is refused (stable kebab-case codes), or null when `legalActions` lists it.
 */
import type { RuleError } from "../../engine.ts";
import { isCard } from "./cards.ts";
import { canSkipGuess, validSeat, visibleTo } from "./legal.ts";
import type { ScatterbrainAction, ScatterbrainState } from "./state.ts";

const e = (code: string, message: string): RuleError => ({ code, message });

export function checkAction(s: ScatterbrainState, seat: number, action: ScatterbrainAction): RuleError | null {
  if (s.phase === "gameOver") return e("game-over", "The game is over.");
  if (!validSeat(s, seat)) return e("no-such-seat", "That seat is not at this table.");
  switch (action.type) {
    case "continue":
      if (s.phase !== "handOver") return e("wrong-phase", "The hand is still being played.");
      return s.continued[seat] ? e("already-continued", "You already continued.") : null;
    case "chooseHole":
      if (s.phase === "memorise") return e("memorising", "Cards are still face up: memorise them first.");
      if (s.phase !== "chooseHole") return e("wrong-phase", "Hole cards are chosen right after the deal.");
      if (s.holes[seat] !== null) return e("hole-already-chosen", "You already chose your hole card.");
      return (s.hands[seat] ?? []).includes(action.card) ? null : e("card-not-in-hand", "That card is not in your hand.");
    default:
      if (s.phase !== "turn" && s.phase !== "guess") return e("wrong-phase", "Nobody is playing a turn now.");
      if (seat !== s.turn) return e("not-your-turn", "It is not your turn.");
      return s.phase === "turn" ? checkTurn(s, seat, action) : checkGuess(s, seat, action);
  }
}

function checkTurn(s: ScatterbrainState, seat: number, action: ScatterbrainAction): RuleError | null {
  switch (action.type) {
    case "drawDeck":
    case "drawDiscard": {
      if (s.step !== "draw") return e("already-drew", "You already drew this turn.");
      const empty = action.type === "drawDeck" ? s.deck.length === 0 : s.discard.length === 0;
      return empty ? e("pile-empty", "There is no card to take there.") : null;
    }
    case "discard":
      if (s.step === "draw") return e("must-draw-first", "Draw a card before you discard.");
      if (s.step === "call") return e("already-discarded", "You already discarded: call Scatterbrain or not.");
      return (s.hands[seat] ?? []).includes(action.card)
        ? null
        : e("card-not-in-hand", "That card is not in your hand (the hole card never leaves the table).");
    case "callScatterbrain":
    case "declineCall":
      return s.step === "call" ? null : e("no-straight", "You can call only right after a discard that leaves you a 7-card straight.");
    default:
      return e("not-guessing", "You guess only after you have called Scatterbrain.");
  }
}

function checkGuess(s: ScatterbrainState, seat: number, action: ScatterbrainAction): RuleError | null {
  if (action.type === "skipGuess") return canSkipGuess(s) ? null : e("must-guess", "The deck is out: you must guess a card.");
  if (action.type !== "guess") return e("must-guess-or-skip", "This is a guessing turn: guess a card or pass.");
  if (!isCard(action.card)) return e("no-such-card", "That is not a card.");
  return !visibleTo(s, seat, action.card) ? null : e("card-visible", "You can see that card: guess one you cannot see.");
}
