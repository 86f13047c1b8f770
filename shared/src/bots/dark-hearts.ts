/**
 * The strong bot's search in Dark Hearts: which card to lead (and in which shade) or to follow
 * with. What the seat knows: its hand, every card played (tricks taken, the trick on the table),
 * and the three cards it passed, which stay in the receiver's hand until played (card counting).
 * Everything else (others' hands, the 3-player leftover, others' passes) is hidden and dealt back
 * at random, keeping the counts and the passed cards where they are. Rollouts are short: the
 * trick on the table and the next one, every seat on the normal bot; the value is the points the
 * seat took over those tricks against the others' mean (both shades; fewer is better). The pass
 * (286 or 680 choices) stays the normal bot's.
 */
import type { Seat } from "../engine.ts";
import { ENGINES } from "../games/registry.ts";
import { sortCards } from "../games/dark-hearts/cards.ts";
import { passTarget } from "../games/dark-hearts/options.ts";
import type { DarkHeartsState } from "../games/dark-hearts/state.ts";
import { HIDDEN, type Determinizer } from "./determinize.ts";
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

export const darkHeartsDeterminizer: Determinizer<DarkHeartsState> = {
  mask(state, seat) {
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
    return { state: s, unseen: unseen.sort() };
  },
  fill(known, rng) {
    const pool = rng.shuffle(known.unseen);
    let next = 0;
    const s = structuredClone(known.state);
    s.hands = s.hands.map((h) => (h.includes(HIDDEN) ? sortCards(h.map((c) => (c === HIDDEN ? pool[next++]! : c))) : h));
    if (s.leftover === HIDDEN) s.leftover = pool[next++]!;
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
