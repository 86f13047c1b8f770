/**
 * Bots at three strengths (issue #29, item 3): `botMove` is the one entry the room's bot driver
 * and the benchmark call. Easy is the normal bot with human mistakes (easy.ts); normal is the
 * game's own bot; strong searches sampled deals (strong.ts) in the games that have a search set up
 * here, and plays the normal bot elsewhere.
 */
import type { AnyGame, Seat } from "../engine.ts";
import { ENGINES } from "../games/registry.ts";
import type { GameId } from "../protocol.ts";
import type { Rng } from "../rng.ts";
import { handValue } from "../games/devils-scat/hand-value.ts";
import { completingFaces, meldIn } from "../games/dark-hand/melds.ts";
import { DARK_HEARTS_SEARCH } from "./dark-hearts.ts";
import { drawPile, type Determinizer } from "./determinize.ts";
import { easyMove } from "./easy.ts";
import type { BotStrength } from "./strength.ts";
import { DEFAULT_BUDGET, strongMove, type SearchBudget, type SearchGame } from "./strong.ts";

export * from "./strength.ts";
export { EASY_BLUNDER_RATE } from "./easy.ts";
export { DEFAULT_BUDGET, LIVE_MAX_MS, liveBudget, type SearchBudget } from "./strong.ts";
export { HIDDEN } from "./determinize.ts";

const ROUND_OVER = new Set(["roundOver", "handOver", "gameOver"]);

/** Final score for every seat from the public view, higher better (lower for penalty games). */
function margin(game: AnyGame, sign: 1 | -1) {
  return (state: unknown, seat: Seat): number => {
    const scores = (game.view(state, null) as { seats: { score: number }[] }).seats.map((x) => sign * x.score);
    const mine = scores[seat] ?? 0;
    const best = Math.max(...scores.filter((_, i) => i !== seat));
    return mine - best;
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one determinizer per state shape
function drawPileSearch(game: AnyGame, determinizer: Determinizer<any> = drawPile()): SearchGame<unknown> {
  return {
    game,
    determinizer: determinizer as Determinizer<unknown>,
    roundEnded: (s) => ROUND_OVER.has((s as { phase: string }).phase),
    value: margin(game, 1),
  };
}

/** Skit Scat's kept-hand score: a meld, else its outs (cards that would complete one). */
const skitScatHand = (hand: readonly string[]): number => (meldIn(hand, "light") !== null ? 100 : completingFaces(hand).size);

/** The games the strong bot searches in. */
export const SEARCH: Partial<Record<GameId, SearchGame<unknown>>> = {
  devils_scat: drawPileSearch(ENGINES.devils_scat, drawPile({ score: handValue, tries: 3 })),
  skit_scat: drawPileSearch(ENGINES.skit_scat, drawPile({ score: skitScatHand, tries: 3 })),
  dark_hand: drawPileSearch(ENGINES.dark_hand),
  dark_hearts: DARK_HEARTS_SEARCH as SearchGame<unknown>,
};

/** A bot's move for `seat` at the given strength; null when it has nothing to decide. */
export function botMove(gameId: GameId, state: unknown, seat: Seat, rng: Rng, strength: BotStrength, budget: SearchBudget = DEFAULT_BUDGET): { type: string } | null {
  const game = ENGINES[gameId];
  if (strength === "easy") return easyMove(game, state, seat, rng);
  const search = SEARCH[gameId];
  if (strength === "strong" && search) return strongMove(search, state, seat, rng, budget);
  return game.bot(state, seat, rng) as { type: string } | null;
}
