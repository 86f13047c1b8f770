/**
 * Default actions applied at a deadline (docs/rules/dark-hearts.md, "Default play"; docs/rules/common.md).
 */
import { face } from "../../dark-deck.ts";
import { cardOrder, lowestIn, rankValue, sortCards } from "./cards.ts";
import { legalFollows, legalLeads } from "./legal.ts";
import type { DarkHeartsAction, DarkHeartsState } from "./state.ts";

/**
 * Pass the three cards with the highest Light-face rank; among equal ranks the one later in hand
 * order (hearts, then spades, diamonds, clubs) goes first.
 */
export function defaultPass(hand: readonly string[]): string[] {
  const ranked = hand.slice().sort((a, b) => rankValue(face(b, "light")) - rankValue(face(a, "light")) || cardOrder(b) - cardOrder(a));
  return sortCards(ranked.slice(0, 3));
}

/**
 * The lowest legal card by the trick's shade; as leader the lowest legal Light face, led Light
 * (Dark when no Light lead is legal; the first trick's lead is forced).
 */
export function defaultPlay(s: DarkHeartsState): DarkHeartsAction | null {
  const hand = s.hands[s.turn] ?? [];
  if (s.trick !== null) {
    const card = lowestIn(legalFollows(s, hand), s.trick.shade);
    return card === undefined ? null : { type: "play", card };
  }
  const leads = legalLeads(s, hand);
  for (const shade of ["light", "dark"] as const) {
    const card = lowestIn(
      leads.filter((l) => l.shade === shade).map((l) => l.card),
      shade,
    );
    if (card !== undefined) return { type: "lead", card, shade };
  }
  return null;
}
