/**
 * Skit Scat's opponent model, fast: `explainsTurns` (skit-scat.ts) on card indices. The strong
 * bot's heads-up belief (skit-scat-strong.ts) tests a few hundred candidate hands a move against
 * six turns of play; the normal bot's own judge (dark-hand/bot.ts `handScore`: parsed card ids,
 * sets of faces, both shades) made that 20-60 ms a move, this ~1/10 of it. Hand-written (no library
 * scores Skit Scat hands); a test checks it agrees with `explainsTurns` on every turn of seeded games.
 *
 * Skit Scat has one shade and no calls, so the normal bot's hand score is 1.01 x (1000 or 1100 for a
 * Skit or Scat, else 10 per out: a card that completes one, not dead). Its rules read on that:
 * a discard is among its best when no other kept hand scores more; it takes the top of the pile
 * when the best hand keeping it scores more than its hand (by over half an out: one out).
 */
import { STANDARD_RANKS, STANDARD_SUITS } from "../cards.ts";
import { completingFaces, meldIn } from "../games/dark-hand/melds.ts";
import type { HandState } from "../games/dark-hand/state.ts";
import type { TurnSeen } from "./memory.ts";

const DECK: readonly string[] = STANDARD_SUITS.flatMap((s) => STANDARD_RANKS.map((r) => `${r}${s}`));
const INDEX: ReadonlyMap<string, number> = new Map(DECK.map((c, i) => [c, i]));
const N = DECK.length;

/** For each pair of cards, the cards that complete a meld with it (as `completingFaces`). */
const PAIR_OUTS: readonly (readonly number[])[] = Array.from({ length: N * N }, (_, k) => {
  const a = Math.floor(k / N),
    b = k % N;
  return a === b ? [] : [...completingFaces([DECK[a]!, DECK[b]!])].map((c) => INDEX.get(c)!);
});
/** Each meld's score (Skit 1000, Scat 1100) by its three cards (`key3`); no entry: no meld. */
const MELD = new Map<number, number>();
for (let a = 0; a < N; a++)
  for (let b = a + 1; b < N; b++)
    for (const c of PAIR_OUTS[a * N + b]!) {
      const kind = meldIn([DECK[a]!, DECK[b]!, DECK[c]!], "light");
      MELD.set(key3(a, b, c), kind === "scat" ? 1100 : 1000);
    }

/**
 * The cards that would complete a meld with two of `hand`'s, each with the best meld it makes
 * (a Scat before a Skit): what the seat holding `hand` would take from the pile and win with.
 */
export function completions(hand: readonly string[]): Map<string, "scat" | "skit"> {
  const idx = cardIndices(hand);
  const out = new Map<string, "scat" | "skit">();
  for (let i = 0; i < idx.length; i++)
    for (let j = i + 1; j < idx.length; j++) {
      for (const c of PAIR_OUTS[idx[i]! * N + idx[j]!]!) {
        const kind = MELD.get(key3(idx[i]!, idx[j]!, c)) === 1100 ? "scat" : "skit";
        if (kind === "scat" || !out.has(DECK[c]!)) out.set(DECK[c]!, kind);
      }
    }
  return out;
}

/** The three cards' key, in ascending order. */
function key3(a: number, b: number, c: number): number {
  const lo = Math.min(a, b, c),
    hi = Math.max(a, b, c);
  return (lo * N + (a + b + c - lo - hi)) * N + hi;
}

/** Marks of the outs counted for the hand being scored (a fresh stamp per hand: no clearing). */
const counted = new Uint32Array(N);
let stamp = 0;

/** The normal bot's score of a 3-card hand (without its 1.01 factor) when `dead` cards are dead. */
function score(a: number, b: number, c: number, dead: Uint8Array): number {
  const meld = MELD.get(key3(a, b, c));
  if (meld !== undefined) return meld;
  stamp += 1;
  counted[a] = counted[b] = counted[c] = stamp; // a card in the hand is no out
  let outs = 0;
  for (const pair of [a * N + b, a * N + c, b * N + c]) {
    for (const out of PAIR_OUTS[pair]!) {
      if (counted[out] === stamp || dead[out] === 1) continue;
      counted[out] = stamp;
      outs += 1;
    }
  }
  return 10 * outs;
}

/** The best score of `x`, `y`, `z` with one of them swapped for `top` (the top kept). */
function bestWith(x: number, y: number, z: number, top: number, dead: Uint8Array): number {
  return Math.max(score(top, y, z, dead), score(x, top, z, dead), score(x, y, top, dead));
}

interface FastTurn {
  /** The pile was empty at its start: the reading stops here (as in `explainsTurns`). */
  readonly stop: boolean;
  /** Dead cards when it was to draw, and when it discarded. */
  readonly before: Uint8Array;
  readonly atDiscard: Uint8Array;
  readonly onPile: Uint8Array;
  readonly top: number;
  readonly discarded: number;
  readonly fromDiscard: boolean;
}

function deadOf(pile: readonly string[], melds: readonly number[]): Uint8Array {
  const dead = new Uint8Array(N);
  for (const c of pile.slice(0, -1)) dead[INDEX.get(c)!] = 1;
  for (const c of melds) dead[c] = 1;
  return dead;
}

/** A seat's turns read for the model (the judges as `judgesOf` in skit-scat.ts makes them). */
export function fastTurns(s: HandState, turns: readonly TurnSeen[]): readonly FastTurn[] {
  const melds = s.melds.flatMap((m) => m.cards).map((c) => INDEX.get(c)!);
  return turns.map((t) => {
    const top = t.pile.at(-1);
    if (top === undefined)
      return {
        stop: true,
        before: new Uint8Array(N),
        atDiscard: new Uint8Array(N),
        onPile: new Uint8Array(N),
        top: -1,
        discarded: -1,
        fromDiscard: false,
      };
    const onPile = new Uint8Array(N);
    for (const c of t.pile) onPile[INDEX.get(c)!] = 1;
    const fromDiscard = t.from === "discard";
    return {
      stop: false,
      before: deadOf(t.pile, melds),
      atDiscard: deadOf(fromDiscard ? t.pile.slice(0, -1) : t.pile, melds),
      onPile,
      top: INDEX.get(top)!,
      discarded: INDEX.get(t.discarded)!,
      fromDiscard,
    };
  });
}

/** Card ids as indices for `explains`, and back. */
export const cardIndices = (cards: readonly string[]): number[] => cards.map((c) => INDEX.get(c)!);
export const cardIds = (indices: readonly number[]): string[] => indices.map((i) => DECK[i]!);

/**
 * `explainsTurns` (skit-scat.ts) on `fastTurns`: whether `hand` (indices, the seat's hand now)
 * explains its last `depth` turns for the normal bot.
 */
export function explains(turns: readonly FastTurn[], hand: readonly number[], depth: number, memo: Memo = new Map(), from = 0): boolean {
  const t = turns[from];
  if (t === undefined || t.stop || depth <= 0 || hand.length !== 3) return true;
  // The answer depends on the hand's cards, not their order: read back once per hand, turn and depth.
  const key = (depth * 64 + from) * N * N * N + key3(hand[0]!, hand[1]!, hand[2]!);
  const known = memo.get(key);
  if (known !== undefined) return known;
  const answer = explainsNow(turns, hand, depth, memo, from, t);
  memo.set(key, answer);
  return answer;
}

/** Answers already read back for one seat's `turns` (share one across calls with the same turns). */
export type Memo = Map<number, boolean>;

function explainsNow(turns: readonly FastTurn[], hand: readonly number[], depth: number, memo: Memo, from: number, t: FastTurn): boolean {
  const [a, b, c] = hand as [number, number, number];
  const d = t.discarded;
  // Its discard among its best: keeping the hand scores no less than keeping any other three.
  const kept = score(a, b, c, t.atDiscard);
  if (score(d, b, c, t.atDiscard) > kept || score(a, d, c, t.atDiscard) > kept || score(a, b, d, t.atDiscard) > kept) return false;
  const four = [a, b, c, d];
  for (let i = 0; i < 4; i++) {
    const x = four[i]!;
    if (t.fromDiscard ? x !== t.top : x === t.top || takenEarlier(turns, from, x)) continue;
    if (four.indexOf(x) !== i) continue;
    const prev = four.filter((_, j) => j !== i);
    if (prev.some((c) => t.onPile[c] === 1)) continue;
    const [x0, x1, x2] = prev as [number, number, number];
    const took = bestWith(x0, x1, x2, t.top, t.before) > score(x0, x1, x2, t.before);
    if (took !== t.fromDiscard) continue;
    if (explains(turns, prev, depth - 1, memo, from + 1)) return true;
  }
  return false;
}

/** Whether the seat took `card` from the pile in a turn before turn `from`'s. */
function takenEarlier(turns: readonly FastTurn[], from: number, card: number): boolean {
  for (let k = from + 1; k < turns.length; k++) if (turns[k]!.fromDiscard && turns[k]!.top === card) return true;
  return false;
}
