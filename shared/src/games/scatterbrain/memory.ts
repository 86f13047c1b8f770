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
import { isOpen, type LedgerEntry, type ScatterbrainState } from "./state.ts";

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

/**
 * Which face-up cards of others a seat still remembers (its own it sees). A person forgets; a
 * bot's strength says how much (bots/recall.ts). The count of dealt cards each opponent still
 * keeps is taken as known (counting is easier than remembering faces).
 */
export type Recall = (card: string) => boolean;
export const REMEMBERS_ALL: Recall = () => true;

/**
 * The memory of `seat`, for the cards it may guess (`guessable`: the cards it cannot see), with
 * only the ledger entries of others it `remembers`. A forgotten card is one of the cards it cannot
 * place: it may be in a hand, or be a hole card, as likely as any other it cannot place. Remembering
 * every card gives exactly the full-memory chances.
 */
export function memoryOf(s: ScatterbrainState, seat: number, guessable: readonly string[], remembers: Recall = REMEMBERS_ALL): Memory {
  const n = s.options.seats;
  const dealtKept = new Array<number>(n).fill(0);
  const recalledDealt = new Array<number>(n).fill(0);
  const recalledTaken = new Array<number>(n).fill(0);
  const ledger = new Map<string, LedgerEntry>();
  for (const entry of s.ledger) {
    if (entry.dealt) dealtKept[entry.seat] = (dealtKept[entry.seat] ?? 0) + 1;
    if (entry.seat !== seat && !remembers(entry.card)) continue;
    ledger.set(entry.card, entry);
    if (entry.dealt) recalledDealt[entry.seat] = (recalledDealt[entry.seat] ?? 0) + 1;
    else recalledTaken[entry.seat] = (recalledTaken[entry.seat] ?? 0) + 1;
  }
  const missed = new Set(s.misses);
  // Cards it cannot place: in the deck, drawn from it by someone, captured face down, or forgotten.
  const pool = guessable.filter((c) => !ledger.has(c) && !missed.has(c)).length;
  const opponents = hidingOpponents(s, seat);
  const kept = (target: number): number => Math.max(1, dealtKept[target] ?? 1);
  /** A remembered dealt card's chance to be the hole card: one of the dealt cards kept. */
  const holeShare = (target: number): number => (s.holes[target] === null ? 0 : 1 / kept(target));
  // Hand cards (and the hole card's share) of `target` that no remembered card accounts for.
  const unknownHand = (target: number): number =>
    Math.max(0, (s.hands[target]?.length ?? 0) - (recalledDealt[target] ?? 0) * (1 - holeShare(target)) - (recalledTaken[target] ?? 0));
  const unknownHole = (target: number): number =>
    s.holes[target] === null ? 0 : Math.max(0, (dealtKept[target] ?? 0) - (recalledDealt[target] ?? 0)) / kept(target);
  const belief = (target: number, card: string): Belief => {
    if (missed.has(card) || !isOpen(s, target) || target === seat) return { hand: 0, hole: 0 };
    const entry = ledger.get(card);
    if (entry === undefined)
      return pool === 0 ? { hand: 0, hole: 0 } : { hand: unknownHand(target) / pool, hole: unknownHole(target) / pool };
    if (entry.seat !== target) return { hand: 0, hole: 0 };
    if (!entry.dealt) return { hand: 1, hole: 0 };
    return { hand: 1 - 1 / kept(target), hole: 1 / kept(target) };
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
