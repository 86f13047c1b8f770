/**
 * What a seat can know about hidden cards, derived only from public history in state: the face-up
 * deal everyone memorised (`ledger` entries marked `dealt`), cards seen taken from the discard
 * pile, hand sizes, and guesses that found nothing (a miss means no opponent still in the hand
 * held the card; it is then taken to be gone for the hand, although it may have been in the deck
 * and be drawn later, a case ignored). Never another seat's hand or hole card.
 *
 * A hole card is chosen from the 7 dealt cards before any draw and never leaves the table, so an
 * opponent's hole card is one of their dealt cards they never discarded and never lost.
 */
import { hidingOpponents } from "./legal.ts";
import { isOpen, type ScatterbrainState } from "./state.ts";

/** Chances that `card` is in `target`'s hand and that it is `target`'s hole card. */
export interface Belief {
  readonly hand: number;
  readonly hole: number;
}

export interface Memory {
  /** The chances for one opponent (zero for the seat itself, callers and players out). */
  belief(target: number, card: string): Belief;
  /**
   * The chances that `card` is in some opponent's hand / is some opponent's hole card: a guess
   * hits whoever holds it, and the places are exclusive, so the chances add up.
   */
  anywhere(card: string): Belief;
}

/** The memory of `seat`, for the cards it may guess (`guessable`: the cards it cannot see). */
export function memoryOf(s: ScatterbrainState, seat: number, guessable: readonly string[]): Memory {
  const n = s.options.seats;
  const dealtKept = new Array<number>(n).fill(0);
  const taken = new Array<number>(n).fill(0);
  const ledger = new Map(s.ledger.map((e) => [e.card, e]));
  for (const entry of s.ledger) {
    if (entry.dealt) dealtKept[entry.seat] = (dealtKept[entry.seat] ?? 0) + 1;
    else taken[entry.seat] = (taken[entry.seat] ?? 0) + 1;
  }
  const missed = new Set(s.misses);
  // Cards nobody has a record of: in the deck, drawn from it by someone, or captured face down.
  const pool = guessable.filter((c) => !ledger.has(c) && !missed.has(c)).length;
  const opponents = hidingOpponents(s, seat);
  const unknownSlots = (target: number): number => {
    const holeInDealt = s.holes[target] === null ? 0 : 1;
    const known = (dealtKept[target] ?? 0) - holeInDealt + (taken[target] ?? 0);
    return Math.max(0, (s.hands[target]?.length ?? 0) - known);
  };
  const belief = (target: number, card: string): Belief => {
    if (missed.has(card) || !isOpen(s, target) || target === seat) return { hand: 0, hole: 0 };
    const entry = ledger.get(card);
    if (entry === undefined) return { hand: pool === 0 ? 0 : unknownSlots(target) / pool, hole: 0 };
    if (entry.seat !== target) return { hand: 0, hole: 0 };
    if (!entry.dealt) return { hand: 1, hole: 0 };
    const candidates = Math.max(1, dealtKept[target] ?? 1);
    return { hand: 1 - 1 / candidates, hole: 1 / candidates };
  };
  return {
    belief,
    anywhere(card: string): Belief {
      let hand = 0;
      let hole = 0;
      for (const t of opponents) {
        const b = belief(t, card);
        hand += b.hand;
        hole += b.hole;
      }
      return { hand, hole };
    },
  };
}
