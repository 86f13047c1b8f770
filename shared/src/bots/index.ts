/**
 * Bots at three strengths: `botMove` is the one entry the room's bot driver
 * and the benchmark call. Easy is the normal bot with human mistakes (easy.ts); normal is the
 * game's own bot; strong searches sampled deals (strong.ts) in the games that have a search set up
 * here, plays Scatterbrain with a hole-card model (scatterbrain.ts), and plays the normal bot
 * elsewhere (Hit the Deck's strength is its race skill, race.ts).
 */
import type { AnyGame, Seat } from "../engine.ts";
import { ENGINES } from "../games/registry.ts";
import type { GameId } from "../protocol.ts";
import type { Rng } from "../rng.ts";
import { handValue } from "../games/devils-scat/hand-value.ts";
import { DARK_HEARTS_SEARCH } from "./dark-hearts.ts";
import { drawPile, type Determinizer } from "./determinize.ts";
import { easyMove } from "./easy.ts";
import type { TableMemory } from "./memory.ts";
import { forgetfulScatterbrainMove } from "./recall.ts";
import { strongScatterbrainMove } from "./scatterbrain.ts";
import type { ScatterbrainState } from "../games/scatterbrain/state.ts";
import type { BotStrength } from "./strength.ts";
import { skitScatStrongMove } from "./skit-scat-strong.ts";
import type { HandState } from "../games/dark-hand/state.ts";
import { DEFAULT_BUDGET, strongMove, type SearchBudget, type SearchGame } from "./strong.ts";

export * from "./strength.ts";
export { EASY_BLUNDER_RATE } from "./easy.ts";
export { DEFAULT_BUDGET, LIVE_MAX_MS, liveBudget, type SearchBudget } from "./strong.ts";
export { HIDDEN } from "./determinize.ts";
export { createTableMemory, type TableMemory } from "./memory.ts";
export { RECALL } from "./recall.ts";

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

/** The games the strong bot searches in. */
export const SEARCH: Partial<Record<GameId, SearchGame<unknown>>> = {
  devils_scat: drawPileSearch(ENGINES.devils_scat, drawPile({ score: handValue, tries: 3 })),
  dark_hand: drawPileSearch(ENGINES.dark_hand),
  dark_hearts: DARK_HEARTS_SEARCH as SearchGame<unknown>,
};

/**
 * A bot's move for `seat` at the given strength; null when it has nothing to decide. `memory`: the
 * table's (memory.ts, `createTableMemory`), fed every state the table passed through; the strong
 * bot uses it where the state does not keep what everyone saw (Skit Scat's discard-pile pickups).
 */
export function botMove(
  gameId: GameId,
  state: unknown,
  seat: Seat,
  rng: Rng,
  strength: BotStrength,
  budget: SearchBudget = DEFAULT_BUDGET,
  memory: TableMemory | null = null,
): { type: string } | null {
  const game = ENGINES[gameId];
  // Scatterbrain's easy and normal bots forget some of the face-up cards (recall.ts).
  if (gameId === "scatterbrain" && strength !== "strong") return forgetfulScatterbrainMove(state as ScatterbrainState, seat, rng, strength);
  if (strength === "easy") return easyMove(game, state, seat, rng);
  const search = SEARCH[gameId];
  if (strength === "strong" && search) return strongMove(search, state, seat, rng, budget, memory);
  if (strength === "strong" && gameId === "skit_scat") return skitScatStrongMove(state as HandState, seat, rng, memory, budget);
  if (strength === "strong" && gameId === "scatterbrain") return strongScatterbrainMove(state as ScatterbrainState, seat, rng);
  return game.bot(state, seat, rng) as { type: string } | null;
}
