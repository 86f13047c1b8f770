/**
 * A sensible bot (not random), deterministic: passes its most dangerous cards, leads low in the
 * shade where the card is weakest, ducks under the trick's winning face, dumps point faces of the
 * trick's shade and dangerous cards when void, and always continues.
 */
import { face } from "../../dark-deck.ts";
import type { Rng } from "../../rng.ts";
import { cardPoints, pointValue, rankValue, sortCards, suitOf, type Shade } from "./cards.ts";
import { legalActions } from "./legal.ts";
import type { DarkHeartsAction, DarkHeartsState, Trick } from "./state.ts";

/**
 * How much trouble one face can bring: the Queen of Spades most, the Ace and King of Spades (they
 * catch her), high hearts, then any high card (it wins tricks).
 */
export function faceDanger(f: string): number {
  if (f === "QS") return 13;
  const rank = rankValue(f);
  if (suitOf(f) === "S" && rank > 12) return 5;
  if (suitOf(f) === "H") return 1 + rank / 4;
  return Math.max(0, rank - 8) / 2;
}

/** A card is one object: both faces leave the hand together. */
export function cardDanger(card: string): number {
  return faceDanger(face(card, "light")) + faceDanger(face(card, "dark"));
}

const other = (shade: Shade): Shade => (shade === "light" ? "dark" : "light");

/** Best by a score (highest first); ties keep the earlier (hand order), so the bot is deterministic. */
function best<T>(items: readonly T[], score: (x: T) => number): T | undefined {
  let top: T | undefined;
  let topScore = -Infinity;
  for (const x of items) {
    const v = score(x);
    if (v > topScore) [top, topScore] = [x, v];
  }
  return top;
}

export function bot(s: DarkHeartsState, seat: number, _rng: Rng): DarkHeartsAction | null {
  const legal = legalActions(s, seat);
  const first = legal[0];
  if (first === undefined) return null;
  if (first.type === "continue") return first;
  if (first.type === "passCards") return choosePass(s.hands[seat] ?? [], legal);
  if (first.type === "lead") return best(legal, leadScore) ?? first;
  const trick = s.trick as Trick;
  const cards = legal.flatMap((a) => (a.type === "play" ? [a.card] : []));
  const card = chooseFollow(trick, cards, trick.plays.length === s.options.seats - 1);
  return card === undefined ? first : { type: "play", card };
}

/** Pass the three most dangerous cards. */
function choosePass(hand: readonly string[], legal: readonly DarkHeartsAction[]): DarkHeartsAction {
  const worst = hand
    .slice()
    .sort((a, b) => cardDanger(b) - cardDanger(a))
    .slice(0, 3);
  const action: DarkHeartsAction = { type: "passCards", cards: sortCards(worst) };
  return legal.find((a) => JSON.stringify(a) === JSON.stringify(action)) ?? (legal[0] as DarkHeartsAction);
}

/**
 * A lead is good when its face in the chosen shade is low (someone else likely wins) and carries
 * no points, and when it sheds a card whose other face is dangerous.
 */
function leadScore(a: DarkHeartsAction): number {
  if (a.type !== "lead") return -Infinity;
  const f = face(a.card, a.shade);
  const risk = rankValue(f) + (pointValue(f) > 0 ? 8 + 2 * pointValue(f) : 0);
  return cardDanger(a.card) - faceDanger(f) * 0.5 + faceDanger(face(a.card, other(a.shade))) * 0.5 - risk * 1.5;
}

/** The highest face of the led suit so far, in the trick's shade. */
function winningRank(trick: Trick): number {
  return Math.max(
    0,
    ...trick.plays
      .map((p) => face(p.card, trick.shade))
      .filter((f) => suitOf(f) === trick.suit)
      .map(rankValue),
  );
}

/**
 * Following suit: duck with the highest face that still loses; if it must win, win high when last
 * and the trick is clean, else as low as possible. Void: dump the trick shade's points, else the
 * most dangerous card.
 */
function chooseFollow(trick: Trick, cards: readonly string[], last: boolean): string | undefined {
  const sh = trick.shade;
  const rank = (c: string): number => rankValue(face(c, sh));
  const following = cards.filter((c) => suitOf(face(c, sh)) === trick.suit);
  if (following.length === 0) return best(cards, (c) => cardPoints(c, sh) * 10 + cardDanger(c));
  const top = winningRank(trick);
  const ducks = following.filter((c) => rank(c) < top);
  if (ducks.length > 0) return best(ducks, (c) => rank(c) * 2 + cardDanger(c) * 0.1);
  const clean = trick.plays.every((p) => cardPoints(p.card, sh) === 0);
  if (last && clean) return best(following, (c) => rank(c) - 20 * cardPoints(c, sh) + cardDanger(c) * 0.1);
  return best(following, (c) => -rank(c) - 20 * cardPoints(c, sh));
}
