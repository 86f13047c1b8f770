/**
 * A sensible bot (not random), using only what its seat could know (memory.ts):
 * - hole card: a card inside the 7-rank window the deal covers best;
 * - turns: take the top discard only when it improves the best window around the hole card,
 *   discard the card that keeps the best window (preferring cards the table never saw it hold,
 *   so its hole card stays hidden among many), and always call a straight;
 * - guesses: the card with the best expected points over all opponents still hiding cards (a
 *   guess hits whoever holds it), from the deal it memorised, the discards it watched, the misses
 *   heard and what is still unaccounted for; hole cards are weighted among the dealt cards each
 *   opponent never discarded.
 */
import type { Rng } from "../../rng.ts";
import { coverage, inWindow, WINDOW_STARTS } from "./cards.ts";
import { POINTS } from "./hand-end.ts";
import { legalActions } from "./legal.ts";
import { memoryOf, REMEMBERS_ALL, type Recall } from "./memory.ts";
import type { ScatterbrainAction, ScatterbrainState } from "./state.ts";

/** `remembers`: the face-up cards of others it still remembers (all by default; bots/recall.ts forgets by strength). */
export function bot(s: ScatterbrainState, seat: number, rng: Rng, remembers: Recall = REMEMBERS_ALL): ScatterbrainAction | null {
  const legal = legalActions(s, seat);
  const first = legal[0];
  if (first === undefined) return null;
  switch (first.type) {
    case "continue":
    case "callScatterbrain":
      return first;
    case "chooseHole":
      return { type: "chooseHole", card: holeChoice(s.hands[seat] ?? [], rng) };
    case "discard":
      return { type: "discard", card: discardChoice(s, seat, rng) };
    case "drawDeck":
    case "drawDiscard":
      return drawChoice(s, seat, legal);
    default:
      return guessChoice(s, seat, legal, rng, remembers);
  }
}

/** How close hand + hole are to a straight: the best window around the hole card, then how many windows tie. */
export function handScore(hand: readonly string[], hole: string): number {
  const cards = [...hand, hole];
  let best = 0;
  let ties = 0;
  for (const start of WINDOW_STARTS) {
    if (!inWindow(hole, start)) continue;
    const cov = coverage(cards, start);
    if (cov > best) [best, ties] = [cov, 1];
    else if (cov === best) ties += 1;
  }
  return best * 10 + ties;
}

/** A random card inside a best-covered window of the deal: the straight will be built around it. */
export function holeChoice(hand: readonly string[], rng: Rng): string {
  const covs = WINDOW_STARTS.map((start) => coverage(hand, start));
  const best = Math.max(...covs);
  const start = rng.pick(WINDOW_STARTS.filter((_, i) => covs[i] === best));
  return rng.pick(hand.filter((c) => inWindow(c, start)));
}

/** Best score after discarding one of `cards`, and the cards achieving it. */
function bestDiscards(cards: readonly string[], hole: string): { score: number; discards: string[] } {
  let score = -1;
  let discards: string[] = [];
  for (const c of cards) {
    const v = handScore(
      cards.filter((x) => x !== c),
      hole,
    );
    if (v > score) [score, discards] = [v, [c]];
    else if (v === score) discards.push(c);
  }
  return { score, discards };
}

/** The cards this bot would discard: those keeping the best window, the ones the table never saw it hold first. */
export function discardOptions(s: ScatterbrainState, seat: number): string[] {
  const hand = s.hands[seat] ?? [];
  const { discards } = bestDiscards(hand, s.holes[seat] as string);
  const shown = new Set(s.ledger.flatMap((e) => (e.dealt ? [e.card] : [])));
  const unseen = discards.filter((c) => !shown.has(c));
  return unseen.length > 0 ? unseen : discards;
}

function discardChoice(s: ScatterbrainState, seat: number, rng: Rng): string {
  return rng.pick(discardOptions(s, seat));
}

function drawChoice(s: ScatterbrainState, seat: number, legal: readonly ScatterbrainAction[]): ScatterbrainAction {
  const hand = s.hands[seat] ?? [];
  const hole = s.holes[seat] as string;
  const top = s.discard[s.discard.length - 1];
  const canTake = legal.some((a) => a.type === "drawDiscard");
  const canDraw = legal.some((a) => a.type === "drawDeck");
  const better = top !== undefined && bestDiscards([...hand, top], hole).score > handScore(hand, hole);
  return (better && canTake) || !canDraw ? { type: "drawDiscard" } : { type: "drawDeck" };
}

/**
 * Expected points of each card named, summed over every opponent still hiding cards (after the
 * deck ran out a hand card scores nothing but still narrows the search a little); the best one,
 * ties at random.
 */
function guessChoice(
  s: ScatterbrainState,
  seat: number,
  legal: readonly ScatterbrainAction[],
  rng: Rng,
  remembers: Recall,
): ScatterbrainAction {
  const guesses = legal.filter((a): a is Extract<ScatterbrainAction, { type: "guess" }> => a.type === "guess");
  if (guesses.length === 0) return legal[0] as ScatterbrainAction;
  const memory = memoryOf(
    s,
    seat,
    guesses.map((g) => g.card),
    remembers,
  );
  const handValue = s.deckOut === null ? POINTS.handCard : 0.1;
  let best = -1;
  let picks: ScatterbrainAction[] = [];
  for (const g of guesses) {
    const b = memory.anywhere(g.card);
    const value = b.hand * handValue + b.hole * POINTS.holeCard;
    if (value > best + 1e-9) [best, picks] = [value, [g]];
    else if (Math.abs(value - best) <= 1e-9) picks.push(g);
  }
  return rng.pick(picks);
}
