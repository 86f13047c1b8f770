import { describe, expect, it } from "vitest";
import { ENGINES } from "../games/registry.ts";
import type { GameId } from "../protocol.ts";
import { createRng, rngFor } from "../rng.ts";
import { HIDDEN, drawPileDeterminizer } from "./determinize.ts";
import { botMove, SEARCH } from "./index.ts";
import { playBotGame } from "./play.ts";
import type { BotStrength } from "./strength.ts";

const BUDGET = { samples: 4, maxSteps: 200 };
const SEARCHED = Object.keys(SEARCH) as GameId[];

/** A state some turns into a seeded game where `seat` has a real choice. */
function midGame(gameId: GameId, seed: string): { state: { hands: string[][]; deck: string[]; version: number }; seat: number } {
  const game = ENGINES[gameId];
  let step = 0;
  let s = game.setup(game.optionsSchema.parse({ seats: 3, turnMs: 30_000 }), { now: 0, rng: rngFor(seed, step++) }).state;
  for (let i = 0; i < 200; i++) {
    const seat = game.awaiting(s)[0] as number;
    if (i >= 4 && game.legalActions(s, seat).length > 1) return { state: s, seat };
    const r = game.apply(s, seat, game.bot(s, seat, createRng(`${i}`)), { now: 0, rng: rngFor(seed, step++) });
    if (!r.ok) throw new Error(r.error.message);
    s = r.value.state;
  }
  throw new Error("no choice found");
}

describe("bots at three strengths", () => {
  it.each(SEARCHED)("%s: the strong bot's input is what the seat sees: swapping hidden cards changes neither its knowledge nor its move", (gameId) => {
    const game = ENGINES[gameId];
    const { state, seat } = midGame(gameId, `iso:${gameId}`);
    // Same view for `seat`, different hidden cards: the others' hands and the deck reshuffled.
    const hidden = [...state.hands.flatMap((h, i) => (i === seat ? [] : h)), ...state.deck];
    const pool = createRng("other deal").shuffle(hidden);
    const other = structuredClone(state);
    let k = 0;
    other.hands = state.hands.map((h, i) => (i === seat ? h.slice() : h.map(() => pool[k++]!)));
    other.deck = state.deck.map(() => pool[k++]!);
    expect(other.hands).not.toEqual(state.hands);
    expect(game.view(other, seat)).toEqual(game.view(state, seat));

    const a = drawPileDeterminizer.mask(state as never, seat);
    const b = drawPileDeterminizer.mask(other as never, seat);
    expect(a).toEqual(b);
    expect(JSON.stringify(a.state)).not.toContain(state.hands[(seat + 1) % 3]![0]! + '"'); // another's card is not in it as such
    expect((a.state as { hands: string[][] }).hands[(seat + 1) % 3]!.every((c) => c === HIDDEN)).toBe(true);
    expect(botMove(gameId, state, seat, createRng("x"), "strong", BUDGET)).toEqual(botMove(gameId, other, seat, createRng("x"), "strong", BUDGET));
  });

  it.each(SEARCHED)("%s: a sampled deal keeps the seat's hand, every count, and deals exactly the unseen cards", (gameId) => {
    const { state, seat } = midGame(gameId, `fill:${gameId}`);
    const determinizer = SEARCH[gameId]!.determinizer;
    const known = determinizer.mask(state, seat);
    const deal = determinizer.fill(known, createRng("d")) as unknown as typeof state;
    expect(deal.hands[seat]).toEqual(state.hands[seat]);
    expect(deal.hands.map((h) => h.length)).toEqual(state.hands.map((h) => h.length));
    expect(deal.deck.length).toBe(state.deck.length);
    const dealt = [...deal.hands.flatMap((h, i) => (i === seat ? [] : h)), ...deal.deck].sort();
    expect(dealt).toEqual([...known.unseen]);
  });

  it("every strength plays whole games of every game to the end with legal moves, deterministically under a seed", () => {
    for (const gameId of Object.keys(ENGINES) as GameId[]) {
      const strengths: BotStrength[] = SEARCHED.includes(gameId) ? ["easy", "normal"] : ["easy", "strong"];
      while (strengths.length < ENGINES[gameId].minSeats) strengths.push("normal");
      const g = playBotGame(gameId, strengths, `t:${gameId}`, BUDGET);
      expect(g.winners.length).toBeGreaterThan(0);
      expect(playBotGame(gameId, strengths, `t:${gameId}`, BUDGET).winners).toEqual(g.winners);
    }
    const strong = playBotGame("devils_scat", ["strong", "easy"], "t:strong", { samples: 2, maxSteps: 100 });
    expect(playBotGame("devils_scat", ["strong", "easy"], "t:strong", { samples: 2, maxSteps: 100 }).winners).toEqual(strong.winners);
  });
});
