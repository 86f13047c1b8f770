/**
 * Legality (docs/rules/scatterbrain.md, "Fine points"). `legalActions` is the oracle; `checkAction` (check.ts)
 * gives the reason an action is refused, and the property test proves the two agree.
 */
import { ALL_CARDS } from "./cards.ts";
import { isOpen, type ScatterbrainAction, type ScatterbrainState } from "./state.ts";

export const validSeat = (s: ScatterbrainState, seat: number): boolean => Number.isInteger(seat) && seat >= 0 && seat < s.options.seats;

/** Cards face up on the table: the discard pile, called straights, trophies and hole cards won. */
export function tableCards(s: ScatterbrainState): Set<string> {
  const seen = new Set<string>(s.discard);
  s.called.forEach((kind, seat) => {
    if (kind === null) return;
    for (const c of s.hands[seat] ?? []) seen.add(c);
    const hole = s.holes[seat];
    if (hole) seen.add(hole);
  });
  for (const c of s.trophies.flat()) seen.add(c);
  for (const c of s.holesWon.flat()) seen.add(c);
  return seen;
}

/** Whether `seat` can see `card` (on the table, in its hand or as its hole card); a quick check for `apply`. */
export function visibleTo(s: ScatterbrainState, seat: number, card: string): boolean {
  if (s.holes[seat] === card || (s.hands[seat] ?? []).includes(card) || s.discard.includes(card)) return true;
  if (s.trophies.some((t) => t.includes(card)) || s.holesWon.some((t) => t.includes(card))) return true;
  return s.called.some((kind, owner) => kind !== null && (s.holes[owner] === card || (s.hands[owner] ?? []).includes(card)));
}

/**
 * Cards `seat` may name in a guess: any card not visible to them, on the table or in their hand
 * (or hole). A caller's cards are face up and so never nameable; a knocked-out player's hand lies
 * face down before its guesser (nobody may look), so those cards may be named, but they are in no
 * hand any more: naming one is a miss.
 */
export function guessableCards(s: ScatterbrainState, seat: number): string[] {
  const seen = tableCards(s);
  for (const c of s.hands[seat] ?? []) seen.add(c);
  const hole = s.holes[seat];
  if (hole) seen.add(hole);
  return ALL_CARDS.filter((c) => !seen.has(c));
}

/** Opponents a guess can hit: still in the hand and not called (callers' cards are face up, players out hold none). */
export function hidingOpponents(s: ScatterbrainState, seat: number): number[] {
  return s.out.flatMap((_, t) => (t !== seat && isOpen(s, t) ? [t] : []));
}

/** Passing is allowed on a caller's guessing turn, not in the no-call end-of-deck guessing (it must find a hole card). */
export const canSkipGuess = (s: ScatterbrainState): boolean => s.deckOut !== "noCall";

export function legalActions(s: ScatterbrainState, seat: number): ScatterbrainAction[] {
  if (!validSeat(s, seat)) return [];
  switch (s.phase) {
    case "chooseHole":
      return s.holes[seat] === null ? (s.hands[seat] ?? []).map((card) => ({ type: "chooseHole", card })) : [];
    case "handOver":
      return s.continued[seat] ? [] : [{ type: "continue" }];
    case "turn":
      return seat === s.turn ? turnActions(s, seat) : [];
    case "guess":
      return seat === s.turn ? guessActions(s, seat) : [];
    default:
      return [];
  }
}

function turnActions(s: ScatterbrainState, seat: number): ScatterbrainAction[] {
  if (s.step === "call") return [{ type: "callScatterbrain" }, { type: "declineCall" }];
  if (s.step === "discard") return (s.hands[seat] ?? []).map((card) => ({ type: "discard", card }));
  const actions: ScatterbrainAction[] = [];
  if (s.deck.length > 0) actions.push({ type: "drawDeck" });
  if (s.discard.length > 0) actions.push({ type: "drawDiscard" });
  return actions;
}

function guessActions(s: ScatterbrainState, seat: number): ScatterbrainAction[] {
  const actions = guessableCards(s, seat).map((card): ScatterbrainAction => ({ type: "guess", card }));
  if (canSkipGuess(s)) actions.push({ type: "skipGuess" });
  return actions;
}

export function awaiting(s: ScatterbrainState): number[] {
  switch (s.phase) {
    case "chooseHole":
      return s.holes.flatMap((h, seat) => (h === null ? [seat] : []));
    case "turn":
    case "guess":
      return [s.turn];
    case "handOver":
      return s.continued.flatMap((c, seat) => (c ? [] : [seat]));
    default:
      return [];
  }
}
