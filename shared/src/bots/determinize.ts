/**
 * What a seat knows, and guesses at the rest: `mask` keeps only what the seat may see (every card
 * it cannot see becomes HIDDEN; the unseen cards come back as a sorted list, so their hidden order
 * is gone); `fill` deals the unseen cards back into the hidden places from a seeded shuffle. The
 * strong bot searches over filled states only, so it can never use a card it could not see.
 */
import type { Seat } from "../engine.ts";
import type { Rng } from "../rng.ts";
import type { TableMemory } from "./memory.ts";

export const HIDDEN = "??";

export interface Knowledge<S> {
  /** The state with every card the seat cannot see replaced by HIDDEN. */
  readonly state: S;
  /** The cards behind the HIDDEN places, sorted. */
  readonly unseen: readonly string[];
  /**
   * Per seat, unseen cards its hidden places cannot hold, as its play has shown (a void in a
   * trick game); absent or null: any.
   */
  readonly barred?: readonly (ReadonlySet<string> | null)[];
}

export interface Determinizer<S> {
  /** `memory`: what the table's bots remember of public play the state does not keep (memory.ts). */
  mask(state: S, seat: Seat, memory?: TableMemory | null): Knowledge<S>;
  fill(known: Knowledge<S>, rng: Rng): S;
}

/** The draw-pile games (Devil's Scat, Skit Scat, Dark Hand): others' hands and the deck are hidden. */
interface DrawPileState {
  hands: string[][];
  deck: string[];
  turn: number;
  drawnFrom: string | null;
  drawnCard: string | null;
}

/**
 * `keptHand`: opponents keep good hands, so a uniform deal underrates them (and a searcher that
 * believes it knocks too early). With a hand score, each hidden hand is the best of `tries` draws
 * from the unseen cards.
 */
export function drawPile(keptHand?: { score: (hand: readonly string[]) => number; tries: number }): Determinizer<DrawPileState> {
  return {
    mask: drawPileDeterminizer.mask,
    fill(known, rng) {
      if (!keptHand) return drawPileDeterminizer.fill(known, rng);
      let pool = rng.shuffle(known.unseen);
      const s: DrawPileState = structuredClone(known.state);
      s.hands = s.hands.map((hand) => {
        const open = hand.filter((c) => c !== HIDDEN);
        const hidden = hand.length - open.length;
        if (hidden === 0) return hand;
        // Cards known to be in the hand (taken from the discard pile) stay; the rest is the best of `tries` draws.
        let best: string[] = pool.slice(0, hidden);
        for (let t = 1; t < keptHand.tries; t++) {
          const draw = rng.shuffle(pool).slice(0, hidden);
          if (keptHand.score([...open, ...draw]) > keptHand.score([...open, ...best])) best = draw;
        }
        const taken = new Set(best);
        pool = pool.filter((c) => !taken.has(c));
        return [...open, ...best];
      });
      s.deck = s.deck.map(() => pool.shift()!);
      if (s.drawnCard === HIDDEN) s.drawnCard = s.hands[s.turn]?.at(-1) ?? null;
      return s;
    },
  };
}

export const drawPileDeterminizer: Determinizer<DrawPileState> = {
  mask(state, seat, memory) {
    const unseen: string[] = [];
    const hide = (cards: readonly string[]): string[] => {
      unseen.push(...cards);
      return cards.map(() => HIDDEN);
    };
    // Another's hand: the cards it was seen to take from the discard pile stay face up (first),
    // the rest is hidden. (A remembered card is checked to be there: a memory that missed a step
    // must not deal a card twice; a right memory always passes.)
    const handOf = (h: readonly string[], i: number): string[] => {
      const open = (memory?.held(i) ?? []).filter((c) => h.includes(c));
      return [...open, ...hide(h.filter((c) => !open.includes(c)))];
    };
    const s: DrawPileState = structuredClone(state);
    s.hands = state.hands.map((h, i) => (i === seat ? h.slice() : handOf(h, i)));
    s.deck = hide(state.deck);
    // Another seat's card drawn from the deck is in its hand (hidden there too).
    if (s.drawnFrom === "deck" && s.turn !== seat && s.drawnCard !== null) s.drawnCard = HIDDEN;
    return { state: s, unseen: unseen.sort() };
  },
  fill(known, rng) {
    const pool = rng.shuffle(known.unseen);
    let next = 0;
    const deal = (cards: readonly string[]): string[] => cards.map((c) => (c === HIDDEN ? pool[next++]! : c));
    const s: DrawPileState = structuredClone(known.state);
    s.hands = s.hands.map(deal);
    s.deck = deal(s.deck);
    if (s.drawnCard === HIDDEN) s.drawnCard = s.hands[s.turn]?.at(-1) ?? null;
    return s;
  },
};
