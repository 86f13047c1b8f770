/**
 * Two scores, shooting the moon per shade, the pause between hands and the end of the game
 * (docs/rules/dark-hearts.md, "Shooting the moon", "The end").
 */
import { describe, expect, it } from "vitest";
import { ctxAt, eventsOf, play, refusal } from "../../testkit/scenario.ts";
import { darkHearts as game } from "./index.ts";
import { gameWinners, shadeDeltas } from "./scoring.ts";
import type { DarkHeartsAction, DarkHeartsState, PerShade } from "./state.ts";
import { card, scenario } from "./test-support.ts";

/** The last trick of a hand: Dark Clubs led by seat 0, seat 1's Dark AC takes one Dark heart. */
const lastTrick: [number, DarkHeartsAction][] = [
  [0, { type: "lead", card: card("2D/JC"), shade: "dark" }],
  [1, { type: "play", card: card("AD/AC") }],
  [2, { type: "play", card: card("2S/10H") }],
  [3, { type: "play", card: card("9C/2S") }],
];
const ending = (handPoints: PerShade<number[]>, scores?: PerShade<number[]>): DarkHeartsState =>
  scenario({ hands: ["2D/JC", "AD/AC", "2S/10H", "9C/2S"], handPoints, ...(scores ? { scores } : {}), tricksPlayed: 12, dealer: 3 });

describe("shooting the moon, per shade", () => {
  it("several takers: everyone scores what they took", () => {
    expect(shadeDeltas([0, 5, 3, 0])).toEqual({ delta: [0, 5, 3, 0], moon: null });
    expect(shadeDeltas([0, 0, 0, 0])).toEqual({ delta: [0, 0, 0, 0], moon: null });
  });

  it("one taker: scores 0 and everyone else adds that many", () => {
    expect(shadeDeltas([0, 20, 0, 0])).toEqual({ delta: [20, 0, 20, 20], moon: 1 });
  });

  it("a hand where one player shot the moon in Light only", () => {
    const { state, events } = play(
      game,
      ending({ light: [0, 25, 0, 0], dark: [3, 0, 4, 5] }, { light: [10, 10, 10, 10], dark: [1, 2, 3, 4] }),
      lastTrick,
      ctxAt(2_000),
    );
    const result = eventsOf(events, "roundScored")[0]?.result;
    expect(result?.moon).toEqual({ light: 1, dark: null });
    expect(result?.seats.map((r) => r.taken)).toEqual([
      { light: 0, dark: 3 },
      { light: 25, dark: 1 },
      { light: 0, dark: 4 },
      { light: 0, dark: 5 },
    ]);
    expect(result?.seats.map((r) => r.delta.light)).toEqual([25, 0, 25, 25]);
    expect(state.scores).toEqual({ light: [35, 10, 35, 35], dark: [4, 3, 7, 9] });
    expect(state).toMatchObject({ phase: "roundOver", deadline: 10_000, turn: -1, result });
    expect(result).toMatchObject({ round: 1, dealer: 3, final: false, leftover: null });
  });
});

describe("between hands", () => {
  const over = () => play(game, ending({ light: [1, 0, 0, 0], dark: [0, 0, 0, 0] }), lastTrick).state;

  it("waits for every seat to continue; the deal then passes left", () => {
    const s = over();
    expect(game.awaiting(s)).toEqual([0, 1, 2, 3]);
    const partial = play(game, s, [[2, { type: "continue" }]]).state;
    expect(game.awaiting(partial)).toEqual([0, 1, 3]);
    expect(refusal(game, partial, 2, { type: "continue" })?.code).toBe("already-continued");
    const { state, events } = play(game, partial, [
      [0, { type: "continue" }],
      [1, { type: "continue" }],
      [3, { type: "continue" }],
    ]);
    expect(state).toMatchObject({ phase: "pass", round: 2, dealer: 0, passDirection: "right", result: null });
    expect(state.scores).toEqual(s.scores);
    expect(eventsOf(events, "roundDealt")).toHaveLength(1);
  });

  it("deals on at the pause deadline", () => {
    const { state } = game.onDeadline(over(), ctxAt(20_000));
    expect(state).toMatchObject({ phase: "pass", round: 2, dealer: 0 });
  });
});

describe("the end of the game", () => {
  it("ends after the hand in which a player reaches 100 in either shade", () => {
    const { state, events } = play(
      game,
      ending({ light: [2, 0, 0, 3], dark: [0, 0, 0, 0] }, { light: [98, 40, 60, 70], dark: [30, 99, 20, 50] }),
      lastTrick,
    );
    // Light: 100 for seat 0. Dark: seat 1 took the only point: a Dark moon of 1 (others +1).
    expect(state.scores).toEqual({ light: [100, 40, 60, 73], dark: [31, 99, 21, 51] });
    expect(state).toMatchObject({ phase: "gameOver", deadline: null, winners: [2] });
    expect(eventsOf(events, "gameWon")).toEqual([{ type: "gameWon", winners: [2], scores: state.scores }]);
    expect(game.outcome(state)).toEqual({ winners: [2], ranking: [2, 0, 1, 3], scores: [31, 40, 21, 51] });
    expect(game.awaiting(state)).toEqual([]);
    for (const seat of [0, 1, 2, 3]) expect(game.legalActions(state, seat)).toEqual([]);
    expect(refusal(game, state, 0, { type: "continue" })?.code).toBe("game-over");
  });

  it("a player over 100 in one shade can still win with the lowest score in the other", () => {
    expect(gameWinners({ light: [104, 30, 40], dark: [12, 35, 20] })).toEqual([0]);
  });

  it("equal lowest single scores: the lower other-shade score wins; still equal, the win is shared", () => {
    expect(gameWinners({ light: [20, 50, 100], dark: [60, 20, 30] })).toEqual([1]);
    expect(gameWinners({ light: [20, 50, 100], dark: [50, 20, 30] })).toEqual([0, 1]);
  });

  it("keeps going when nobody has reached 100", () => {
    expect(game.outcome(ending({ light: [0, 0, 0, 0], dark: [0, 0, 0, 0] }))).toBeNull();
  });
});
