/**
 * The strong bot's search in Dark Hearts: which card to lead (and in which shade) or to follow
 * with. What the seat knows: its hand, every card played (tricks taken, the trick on the table),
 * and the three cards it passed, which stay in the receiver's hand until played (card counting).
 * Everything else (others' hands, the 3-player leftover, others' passes) is hidden and dealt back
 * at random, keeping the counts and the passed cards where they are. Rollouts are short: the
 * trick on the table and the next one, every seat on the normal bot; the value is the points the
 * seat took over those tricks against the others' mean (both shades; fewer is better). The pass
 * (286 or 680 choices) stays the normal bot's. A seat that has not followed a suit (in a shade) is
 * dealt none of it (the table's `TrickMemory`, trick-memory.ts).
 */
import type { Seat } from "../engine.ts";
import { ENGINES } from "../games/registry.ts";
import { sortCards } from "../games/dark-hearts/cards.ts";
import { passTarget } from "../games/dark-hearts/options.ts";
import type { DarkHeartsState } from "../games/dark-hearts/state.ts";
import type { Rng } from "../rng.ts";
import { HIDDEN, type Determinizer, type Knowledge } from "./determinize.ts";
import { breaksVoid } from "./trick-memory.ts";
import type { SearchGame } from "./strong.ts";

/** Tricks a rollout plays: the one on the table (or being led) and the next. */
export const HEARTS_HORIZON_TRICKS = 2;

/** Cards the seat knows to be in another hand: the three it passed, while not played yet. */
function knownHeld(s: DarkHeartsState, seat: Seat): Map<string, number> {
  const known = new Map<string, number>();
  const mine = s.passes[seat];
  if (s.phase !== "play" || s.passDirection === "hold" || !mine) return known;
  const played = new Set([...s.taken.flat(), ...(s.trick?.plays.map((p) => p.card) ?? [])]);
  const to = passTarget(seat, s.passDirection, s.options.seats);
  for (const c of mine) if (!played.has(c)) known.set(c, to);
  return known;
}

/** Deals tried with the voids kept before one is dealt without them (a deal that keeps them exists; greedy choice can miss it). */
const VOID_TRIES = 20;

/**
 * The unseen cards dealt to the hidden places: `counts[i]` to seat i, each seat none of its
 * `barred` cards, the most barred seat first, the leftover (any card) last. Null when the greedy
 * choice got stuck.
 */
function dealKeepingVoids(
  pool: readonly string[],
  counts: readonly number[],
  barred: readonly (ReadonlySet<string> | null)[],
): string[][] | null {
  const left = pool.slice();
  const out: string[][] = counts.map(() => []);
  const order = counts.map((_, i) => i).sort((a, b) => (barred[b]?.size ?? 0) - (barred[a]?.size ?? 0));
  for (const i of order) {
    for (let k = 0; k < left.length && out[i]!.length < counts[i]!;) {
      if (barred[i]?.has(left[k]!)) k++;
      else out[i]!.push(left.splice(k, 1)[0]!);
    }
    if (out[i]!.length < counts[i]!) return null;
  }
  return out;
}

function hiddenDeal(known: Knowledge<DarkHeartsState>, rng: Rng): { hands: string[][]; leftover: string | null } {
  const s = known.state;
  // The leftover is one more place, taking any card: the last "seat".
  const counts = [...s.hands.map((h) => h.filter((c) => c === HIDDEN).length), s.leftover === HIDDEN ? 1 : 0];
  const barred = [...s.hands.map((_, i) => known.barred?.[i] ?? null), null];
  let deal: string[][] | null = null;
  if (barred.some((b) => b !== null && b.size > 0)) {
    for (let t = 0; t < VOID_TRIES && deal === null; t++) deal = dealKeepingVoids(rng.shuffle(known.unseen), counts, barred);
  }
  if (deal === null) {
    const pool = rng.shuffle(known.unseen);
    let next = 0;
    deal = counts.map((n) => pool.slice(next, (next += n)));
  }
  const hands = s.hands.map((h, i) => {
    const cards = deal![i]!;
    let next = 0;
    return h.includes(HIDDEN) ? sortCards(h.map((c) => (c === HIDDEN ? cards[next++]! : c))) : h;
  });
  return { hands, leftover: s.leftover === HIDDEN ? deal[counts.length - 1]![0]! : s.leftover };
}

export const darkHeartsDeterminizer: Determinizer<DarkHeartsState> = {
  mask(state, seat, memory) {
    const held = knownHeld(state, seat);
    const unseen: string[] = [];
    const s = structuredClone(state);
    s.hands = state.hands.map((h, i) => {
      if (i === seat) return h.slice();
      const open = h.filter((c) => held.get(c) === i);
      const hidden = h.filter((c) => held.get(c) !== i);
      unseen.push(...hidden);
      return [...open, ...hidden.map(() => HIDDEN)];
    });
    if (state.leftover !== null) {
      unseen.push(state.leftover);
      s.leftover = HIDDEN;
    }
    // Another seat's pass is its secret (the receiver's, once passed to it, as part of its hand).
    s.passes = state.passes.map((p, i) => (i === seat || p === null ? p : p.map(() => HIDDEN)));
    // What a seat's play showed it holds none of (only where the memory knows some).
    const barred = state.hands.map((_, i) => {
      const voids = i === seat ? [] : (memory?.voids?.(i) ?? []);
      return voids.length === 0 ? null : new Set(unseen.filter((c) => breaksVoid(c, voids)));
    });
    return { state: s, unseen: unseen.sort(), ...(barred.some((b) => b !== null) ? { barred } : {}) };
  },
  fill(known, rng) {
    const s = structuredClone(known.state);
    const { hands, leftover } = hiddenDeal(known, rng);
    s.hands = hands;
    s.leftover = leftover;
    return s;
  },
};

const points = (s: DarkHeartsState, seat: number): number => (s.handPoints.light[seat] ?? 0) + (s.handPoints.dark[seat] ?? 0);

export const DARK_HEARTS_SEARCH: SearchGame<DarkHeartsState> = {
  game: ENGINES.dark_hearts,
  determinizer: darkHeartsDeterminizer,
  roundEnded: (s) => s.phase !== "play",
  horizon: (start, s) => s.tricksPlayed >= start.tricksPlayed + HEARTS_HORIZON_TRICKS,
  decides: (s) => s.phase === "play",
  // Up to 34 leads (17 cards, two shades) each rolled out: fewer deals keep a move near 10 ms.
  maxSamples: 10,
  value(s, seat) {
    const n = s.options.seats;
    let others = 0;
    for (let i = 0; i < n; i++) if (i !== seat) others += points(s, i);
    return others / (n - 1) - points(s, seat);
  },
};
