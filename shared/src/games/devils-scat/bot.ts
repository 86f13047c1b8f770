/**
 * A sensible bot (not random): take the top discard when it improves the hand, else draw from
 * the deck; discard what keeps the best value; knock on a strong hand; always continue.
 */
import type { Rng } from "../../rng.ts";
import { handValue, chooseDiscard, valueAfterDiscard, isScat } from "./hand-value.ts";
import { legalActions } from "./legal.ts";
import type { DevilsScatAction, DevilsScatState } from "./state.ts";

/** Knock at this value or more (points scoring: "I have the best hand"). */
export const KNOCK_AT = 27;
/** Classic scoring only needs to beat one hand, and a lowest knocker loses two lives. */
export const CLASSIC_KNOCK_AT = 24;

export function bot(s: DevilsScatState, seat: number, _rng: Rng): DevilsScatAction | null {
  const legal = legalActions(s, seat);
  const first = legal[0];
  if (first === undefined) return null;
  if (first.type === "continue") return first;
  const hand = s.hands[seat] ?? [];
  if (s.drawnFrom !== null) {
    const forbidden = s.drawnFrom === "discard" ? s.drawnCard : null;
    return { type: "discard", card: chooseDiscard(hand, forbidden, s.favored) };
  }
  const has = (type: DevilsScatAction["type"]): boolean => legal.some((a) => a.type === type);
  const top = s.discard[s.discard.length - 1];
  const value = handValue(hand);
  const withTop = top === undefined ? -1 : valueAfterDiscard([...hand, top], top);
  const scatWithTop = top !== undefined && isScat(keepBest([...hand, top], top));
  if (scatWithTop && has("drawDiscard")) return { type: "drawDiscard" };
  if (has("knock") && value >= knockThreshold(s)) return { type: "knock" };
  if (withTop > value && has("drawDiscard")) return { type: "drawDiscard" };
  return has("drawDeck") ? { type: "drawDeck" } : { type: "drawDiscard" };
}

/** A bit lower late in the round, when hands have had time to improve everywhere. */
export function knockThreshold(s: DevilsScatState): number {
  const base = s.options.classic ? CLASSIC_KNOCK_AT : KNOCK_AT;
  const alive = s.out.filter((o) => !o).length;
  const laps = Math.floor((s.turnCount - 1) / Math.max(1, alive));
  return base - Math.min(2, Math.max(0, laps - 2));
}

function keepBest(hand: readonly string[], forbidden: string): string[] {
  const out = chooseDiscard(hand, forbidden, null);
  return hand.filter((c) => c !== out);
}
