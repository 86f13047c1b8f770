import { describe, expect, it } from "vitest";
import { ENGINES } from "../games/registry.ts";
import type { GameId } from "../protocol.ts";
import { createRng, rngFor } from "../rng.ts";
import { sortCards } from "../games/dark-hearts/cards.ts";
import { passTarget } from "../games/dark-hearts/options.ts";
import type { DarkHeartsState } from "../games/dark-hearts/state.ts";
import { darkHeartsDeterminizer } from "./dark-hearts.ts";
import { HIDDEN, drawPileDeterminizer } from "./determinize.ts";
import { botMove, SEARCH } from "./index.ts";
import { playBotGame } from "./play.ts";
import type { BotStrength } from "./strength.ts";

const BUDGET = { samples: 4, maxSteps: 200 };
const SEARCHED = Object.keys(SEARCH) as GameId[];
const DRAW_PILE: GameId[] = ["devils_scat", "skit_scat", "dark_hand"];

/** A state some turns into a seeded game where `seat` has a real choice (and `when` holds). */
function midGame(gameId: GameId, seed: string, when: (s: never) => boolean = () => true): { state: { hands: string[][]; deck: string[]; version: number }; seat: number } {
  const game = ENGINES[gameId];
  let step = 0;
  let s = game.setup(game.optionsSchema.parse({ seats: 3, turnMs: 30_000 }), { now: 0, rng: rngFor(seed, step++) }).state;
  for (let i = 0; i < 200; i++) {
    const seat = game.awaiting(s)[0] as number;
    if (i >= 4 && game.legalActions(s, seat).length > 1 && when(s as never)) return { state: s, seat };
    const r = game.apply(s, seat, game.bot(s, seat, createRng(`${i}`)), { now: 0, rng: rngFor(seed, step++) });
    if (!r.ok) throw new Error(r.error.message);
    s = r.value.state;
  }
  throw new Error("no choice found");
}

describe("bots at three strengths", () => {
  it.each(DRAW_PILE)("%s: the strong bot's input is what the seat sees: swapping hidden cards changes neither its knowledge nor its move", (gameId) => {
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

  it.each(DRAW_PILE)("%s: a sampled deal keeps the seat's hand, every count, and deals exactly the unseen cards", (gameId) => {
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

  it.each(SEARCHED)("%s: the strong bot's move is legal and the same for the same seed and sample count", (gameId) => {
    const { state, seat } = midGame(gameId, `same:${gameId}`, (s: { phase: string }) => s.phase === "turn" || s.phase === "play");
    const move = botMove(gameId, state, seat, createRng("same"), "strong", BUDGET);
    expect(ENGINES[gameId].legalActions(state, seat)).toContainEqual(move);
    expect(botMove(gameId, state, seat, createRng("same"), "strong", BUDGET)).toEqual(move);
  });

  it("Dark Hearts: the strong bot knows where its passed cards went and nothing else of other hands", () => {
    const { state, seat } = midGame("dark_hearts", "dh", (s: DarkHeartsState) => s.phase === "play" && s.passDirection !== "hold" && s.tricksPlayed === 0) as unknown as { state: DarkHeartsState; seat: number };
    const to = passTarget(seat, state.passDirection, state.options.seats);
    const passed = state.passes[seat]!.filter((c) => state.hands[to]!.includes(c));
    expect(passed.length).toBeGreaterThan(0);
    const known = darkHeartsDeterminizer.mask(state, seat);
    expect(known.unseen).not.toContain(passed[0]);
    for (let i = 0; i < state.options.seats; i++) if (i !== seat) expect(known.unseen.filter((c) => state.hands[i]!.includes(c)).length).toBe(state.hands[i]!.length - (i === to ? passed.length : 0));
    // Others' hidden cards swapped among them (the passed ones stay): the same knowledge and move.
    const others = [0, 1, 2].filter((i) => i !== seat);
    const pool = createRng("swap").shuffle(others.flatMap((i) => state.hands[i]!.filter((c) => !passed.includes(c))));
    const other = structuredClone(state);
    let k = 0;
    for (const i of others) other.hands[i] = sortCards(state.hands[i]!.map((c) => (passed.includes(c) ? c : pool[k++]!)));
    other.passes = state.passes.map((p, i) => (i === seat ? p : p && p.map((c, j) => `${c}${j}`)));
    expect(darkHeartsDeterminizer.mask(other, seat)).toEqual(known);
    expect(botMove("dark_hearts", other, seat, createRng("x"), "strong", BUDGET)).toEqual(botMove("dark_hearts", state, seat, createRng("x"), "strong", BUDGET));
    const deal = darkHeartsDeterminizer.fill(known, createRng("d"));
    expect(deal.hands[to]).toEqual(expect.arrayContaining(passed));
    expect(deal.hands.map((h) => h.length)).toEqual(state.hands.map((h) => h.length));
  });

  it("duplicate deals: the same seed deals the same first hands whoever sits where", () => {
    // (checked through the first hand result: both games play the same cards at the start)
    const a = playBotGame("devils_scat", ["normal", "easy"], "dup", BUDGET);
    const b = playBotGame("devils_scat", ["easy", "normal"], "dup", BUDGET);
    expect(a.firstDeal).toEqual(b.firstDeal);
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
