/**
 * The strong bot in Scatterbrain: the normal bot's play, with sharper guesses (card counting with
 * a model of how players choose their hole card) and discards that deny the next player.
 *
 * The normal bot weighs an opponent's hole card evenly among the dealt cards it never let go
 * (scatterbrain/memory.ts). But a hole card is not chosen at random: a player builds the straight
 * around it, so it lies in the 7-rank window its face-up deal covered best (everyone memorised the
 * deal). And every card an opponent took from the discard pile was worth taking for that straight,
 * so its hole lies in a window with those cards too. `holeBelief` weighs each candidate so:
 * the chance a player choosing inside a best-covered window would pick it, mixed with the even
 * weight (`EVEN_SHARE`) so that a player who chooses otherwise is still found, and cut down
 * (`FAR_WEIGHT`) where a card it took lies in no window with it. Only public information is read:
 * the face-up deal, the ledger of who kept and who took what, the guesses that missed.
 *
 * Each guess is the card with the best expected points, as the normal bot scores it, with the
 * sharper hole-card chances. Each discard is one normal would make, the one least useful to the
 * next player still drawing (`strongDiscard`). Every other move is the normal bot's.
 */
import type { Seat } from "../engine.ts";
import { bot, discardOptions, handScore } from "../games/scatterbrain/bot.ts";
import { coverage, inWindow, WINDOW_STARTS } from "../games/scatterbrain/cards.ts";
import { POINTS } from "../games/scatterbrain/hand-end.ts";
import { hidingOpponents, legalActions } from "../games/scatterbrain/legal.ts";
import { memoryOf } from "../games/scatterbrain/memory.ts";
import { isOpen, seatsFrom, type ScatterbrainAction, type ScatterbrainState } from "../games/scatterbrain/state.ts";
import type { Rng } from "../rng.ts";

/** The even weight's share of a hole-card belief (a player who did not choose in its best window). */
export const EVEN_SHARE = 0.25;
/** A candidate's weight for each card the player took from the pile that shares no window with it. */
export const FAR_WEIGHT = 0.2;

/** Windows of `cards` with the most distinct ranks. */
function bestWindows(cards: readonly string[]): number[] {
  const covs = WINDOW_STARTS.map((start) => coverage(cards, start));
  const best = Math.max(...covs);
  return WINDOW_STARTS.filter((_, i) => covs[i] === best);
}

/**
 * `target`'s hole card as `seat` may believe it: card -> chance, over the dealt cards `target` has
 * kept (the ledger's), summing to 1 (empty when it has no hidden hole card).
 */
export function holeBelief(s: ScatterbrainState, target: Seat): Map<string, number> {
  const kept = s.ledger.filter((e) => e.seat === target && e.dealt).map((e) => e.card);
  const taken = s.ledger.filter((e) => e.seat === target && !e.dealt).map((e) => e.card);
  const belief = new Map<string, number>();
  if (kept.length === 0 || s.holes[target] === null) return belief;
  const dealt = s.dealt[target] ?? [];
  const windows = bestWindows(dealt);
  // How a player choosing a card inside one of its best-covered windows picks (the window, then a card in it).
  const chosen = (card: string): number =>
    windows.reduce((p, w) => (inWindow(card, w) ? p + 1 / (windows.length * dealt.filter((c) => inWindow(c, w)).length) : p), 0);
  let total = 0;
  for (const card of kept) {
    let w = (1 - EVEN_SHARE) * chosen(card) + EVEN_SHARE / dealt.length;
    for (const t of taken) if (!WINDOW_STARTS.some((start) => inWindow(card, start) && inWindow(t, start))) w *= FAR_WEIGHT;
    belief.set(card, w);
    total += w;
  }
  for (const [card, w] of belief) belief.set(card, total > 0 ? w / total : 1 / kept.length);
  return belief;
}

/** A guessing turn: the card with the best expected points over the opponents still hiding cards. */
function strongGuess(s: ScatterbrainState, seat: Seat, legal: readonly ScatterbrainAction[], rng: Rng): ScatterbrainAction {
  const guesses = legal.filter((a): a is Extract<ScatterbrainAction, { type: "guess" }> => a.type === "guess");
  if (guesses.length === 0) return legal[0] as ScatterbrainAction;
  const memory = memoryOf(
    s,
    seat,
    guesses.map((g) => g.card),
  );
  const holes = new Map<string, number>();
  const keptBy = new Map<string, Seat>();
  for (const t of hidingOpponents(s, seat)) {
    for (const [card, p] of holeBelief(s, t)) {
      holes.set(card, (holes.get(card) ?? 0) + p);
      keptBy.set(card, t);
    }
  }
  const handValue = s.deckOut === null ? POINTS.handCard : 0.1;
  let best = -1;
  let picks: ScatterbrainAction[] = [];
  for (const g of guesses) {
    const b = memory.anywhere(g.card);
    // A dealt card kept is in that hand or is its hole: the sharper hole chance, the rest hand.
    const hole = keptBy.has(g.card) ? holes.get(g.card)! : b.hole;
    const hand = keptBy.has(g.card) ? 1 - hole : b.hand;
    const value = hand * handValue + hole * POINTS.holeCard;
    if (value > best + 1e-9) [best, picks] = [value, [g]];
    else if (Math.abs(value - best) <= 1e-9) picks.push(g);
  }
  return rng.pick(picks);
}

/**
 * How likely the next player to draw would take `card` from the pile: over its hole-card belief,
 * whether the card widens its best window around that hole, judged on the cards the table knows
 * it holds (dealt and kept, taken from the pile).
 */
function useTo(s: ScatterbrainState, taker: Seat, card: string): number {
  const known = s.ledger.filter((e) => e.seat === taker).map((e) => e.card);
  let p = 0;
  for (const [hole, chance] of holeBelief(s, taker)) {
    const hand = known.filter((c) => c !== hole);
    if (handScore([...hand, card], hole) > handScore(hand, hole)) p += chance;
  }
  return p;
}

/**
 * A discard: among the cards normal would discard (it keeps the best window and prefers cards the
 * table never saw it hold), the one least useful to the next player still drawing, who may take it.
 */
function strongDiscard(s: ScatterbrainState, seat: Seat, rng: Rng): ScatterbrainAction | null {
  const usual = bot(s, seat, rng);
  const taker = seatsFrom(s, seat).find((t) => t !== seat && isOpen(s, t));
  if (usual?.type !== "discard" || taker === undefined) return usual;
  const options = discardOptions(s, seat);
  const use = options.map((c) => useTo(s, taker, c));
  const least = Math.min(...use);
  if (use[options.indexOf(usual.card)]! <= least) return usual;
  return { type: "discard", card: options[use.indexOf(least)]! };
}

export function strongScatterbrainMove(s: ScatterbrainState, seat: Seat, rng: Rng): ScatterbrainAction | null {
  const legal = legalActions(s, seat);
  if (legal.some((a) => a.type === "guess")) return strongGuess(s, seat, legal, rng);
  if (legal[0]?.type === "discard") return strongDiscard(s, seat, rng);
  return bot(s, seat, rng);
}
