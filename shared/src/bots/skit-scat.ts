/**
 * The strong bot's deals in Skit Scat (its belief, skit-scat-strong.ts): what the seat knows, and
 * an opponent model for the rest.
 *
 * Known (the table's memory, memory.ts): every card another seat took from the discard pile and
 * still holds is in that hand in every sampled deal; a card back on the pile or laid down is out.
 *
 * Guessed: the rest of each hidden hand is drawn from the unseen cards, and kept only if it
 * explains that seat's last turns (`MODEL_DEPTH`) as a sensible player (the normal bot,
 * `wouldTake`/`bestDiscards`) would have played them: it took the top discard because that
 * improved its hand (or left it because it did not), and the card it discarded was its least useful. A hand that explains
 * nothing in `MODEL_TRIES` draws falls back to the best of the first `KEPT_TRIES` by its outs
 * (the plain kept-hand guess), so a player the model does not fit (a human playing otherwise)
 * still gets a plausible hand.
 */
import type { Seat } from "../engine.ts";
import { bestDiscards, judgeFor, wouldTake, type Judge } from "../games/dark-hand/bot.ts";
import { completingFaces, meldIn } from "../games/dark-hand/melds.ts";
import type { HandState } from "../games/dark-hand/state.ts";
import type { Rng } from "../rng.ts";
import { drawPileDeterminizer, HIDDEN, type Determinizer, type Knowledge } from "./determinize.ts";
import type { TableMemory, TurnSeen } from "./memory.ts";
import { cardIndices, explains, fastTurns } from "./skit-scat-model.ts";

/** Draws tried per hidden hand for one that explains the seat's last turn. */
export const MODEL_TRIES = 24;
/** The fallback: the best of this many draws by outs. */
export const KEPT_TRIES = 3;

/** A kept hand's score: a meld, else its outs (cards that would complete one). */
export const keptScore = (hand: readonly string[]): number => (meldIn(hand, "light") !== null ? 100 : completingFaces(hand).size);

interface SkitScatKnowledge extends Knowledge<HandState> {
  /** Each other seat's turns this hand (public, the latest first), for the opponent model. */
  readonly turns: readonly (readonly TurnSeen[])[];
}

/**
 * A turn's judges (the pile at its draw and at its discard) and its pile, made once per turn seen
 * and state asked about (the judges read the state's melds and called shade: keyed by the turn
 * alone, a later move would reuse judges made from an older state, and the same state and seed
 * could give another move depending on what was asked before).
 */
type TurnJudges = { before: Judge; atDiscard: Judge; onPile: ReadonlySet<string> };
const judges = new WeakMap<HandState, WeakMap<TurnSeen, TurnJudges>>();
function judgesOf(s: HandState, t: TurnSeen): TurnJudges {
  let forState = judges.get(s);
  if (!forState) judges.set(s, (forState = new WeakMap()));
  let j = forState.get(t);
  if (!j) {
    const before = judgeFor({ ...s, discard: t.pile.slice(), turn: t.seat }, t.seat);
    const atDiscard = judgeFor({ ...s, discard: t.from === "discard" ? t.pile.slice(0, -1) : t.pile.slice(), turn: t.seat }, t.seat);
    forState.set(t, (j = { before, atDiscard, onPile: new Set(t.pile) }));
  }
  return j;
}

/** Turns of a seat's history the model reads back (the latest first). */
export const MODEL_DEPTH = 3;

/**
 * Whether `hand` (the seat's hand now) explains its last turns (`turns`, the latest first) for
 * the normal bot. Read back one turn: with its discard back and the card it drew out, its hand
 * then must take (or leave) the top of the pile as it did, hold no card that was on the pile, and
 * its discard must be among its best. A deck draw is unseen: each card of the four it could have
 * been (not the top it left, not one it took from the pile earlier) is tried, and the turn before
 * read from the hand that gives.
 */
export function explainsTurns(s: HandState, turns: readonly TurnSeen[], hand: readonly string[], depth = MODEL_DEPTH): boolean {
  const t = turns[0];
  if (t === undefined || depth <= 0 || hand.length !== 3) return true;
  const top = t.pile.at(-1);
  if (top === undefined) return true;
  const four = [...hand, t.discarded];
  const judged = judgesOf(s, t);
  if (!bestDiscards(judged.atDiscard, four).includes(t.discarded)) return false;
  const earlier = turns.slice(1);
  const takenEarlier = new Set(earlier.flatMap((e) => (e.from === "discard" ? [e.pile.at(-1)!] : [])));
  const drawn = t.from === "discard" ? [top] : four.filter((x) => x !== top && !takenEarlier.has(x));
  for (const x of drawn) {
    const i = four.indexOf(x);
    if (i < 0) continue;
    const prev = four.filter((_, j) => j !== i);
    if (prev.some((c) => judged.onPile.has(c))) continue;
    if (wouldTake(judged.before, prev, top) !== (t.from === "discard")) continue;
    if (explainsTurns(s, earlier, prev, depth - 1)) return true;
  }
  return false;
}

export const skitScatDeterminizer: Determinizer<HandState> = {
  mask(state, seat, memory?: TableMemory | null) {
    const base = drawPileDeterminizer.mask(state as never, seat, memory) as unknown as Knowledge<HandState>;
    const turns = state.hands.map((_, i) => (i === seat ? [] : (memory?.turns(i) ?? [])));
    return { ...base, turns } satisfies SkitScatKnowledge;
  },
  fill(k, rng: Rng) {
    const known = k as SkitScatKnowledge;
    let pool = rng.shuffle(known.unseen);
    const s: HandState = structuredClone(known.state);
    s.hands = s.hands.map((hand, i: Seat) => {
      const open = hand.filter((c) => c !== HIDDEN);
      const hidden = hand.length - open.length;
      if (hidden === 0) return hand;
      const draw = (): string[] => rng.shuffle(pool).slice(0, hidden);
      let chosen: string[] | null = null;
      const tries: string[][] = [];
      const turns = known.turns?.[i] ?? [];
      // `explainsTurns` on card indices (skit-scat-model.ts: the same answers, faster).
      const fast = fastTurns(s, turns);
      const memo = new Map<number, boolean>();
      for (let t = 0; t < (turns.length > 0 ? MODEL_TRIES : KEPT_TRIES) && chosen === null; t++) {
        const d = t === 0 ? pool.slice(0, hidden) : draw();
        tries.push(d);
        if (turns.length > 0 && explains(fast, cardIndices([...open, ...d]), MODEL_DEPTH, memo)) chosen = d;
      }
      if (chosen === null)
        chosen = tries.slice(0, KEPT_TRIES).reduce((a, b) => (keptScore([...open, ...b]) > keptScore([...open, ...a]) ? b : a));
      const taken = new Set(chosen);
      pool = pool.filter((c) => !taken.has(c));
      return [...open, ...chosen];
    });
    s.deck = s.deck.map(() => pool.shift()!);
    if (s.drawnCard === HIDDEN) s.drawnCard = s.hands[s.turn]?.at(-1) ?? null;
    return s;
  },
};
