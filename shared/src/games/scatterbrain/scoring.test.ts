/**
 * The end of a hand and of the game (docs/rules/scatterbrain.md,
 * "End of game"): the result pause, the deal passing left, 100 points with one player alone on top,
 * and a tie on top playing further hands with all four.
 */
import { describe, expect, it } from "vitest";
import { ctxAt, eventsOf, play, refusal } from "../../testkit/scenario.ts";
import { scatterbrain as game } from "./index.ts";
import { scenario } from "./test-support.ts";

/** The deck is out, nobody called: seat 1 guesses first; seat 0's hole card is 7C. */
const lastGuess = (scores: number[]) =>
  play(
    game,
    scenario({
      hands: ["2H 3C 4S 5D 6H 9C", "10H JC QS KD 2C 3D", "4H 5C 6S 7D 8H 9D", "JH QC KS AD 2D 3S"],
      holes: ["7C", "AS", "10S", "4D"],
      discard: "QH 8S",
      deck: "JD",
      scores,
    }),
    [
      [0, { type: "drawDeck" }],
      [0, { type: "discard", card: "JD" }],
    ],
  ).state;
const found = (scores: number[]) => play(game, lastGuess(scores), [[1, { type: "guess", card: "7C" }]], ctxAt(5_000));
const everyone = [0, 1, 2, 3].map((seat) => [seat, { type: "continue" }] as const);

describe("between hands", () => {
  it("shows the result for pauseMs; each seat may continue; the deal passes left", () => {
    const { state } = found([0, 0, 0, 0]);
    expect([state.phase, state.deadline]).toEqual(["handOver", 5_000 + 8_000]);
    expect(game.awaiting(state)).toEqual([0, 1, 2, 3]);
    const some = play(game, state, [[2, { type: "continue" }]]).state;
    expect(game.awaiting(some)).toEqual([0, 1, 3]);
    expect(refusal(game, some, 2, { type: "continue" })?.code).toBe("already-continued");
    const next = play(game, state, everyone).state;
    expect([next.phase, next.hand, next.dealer]).toEqual(["memorise", 2, 0]);
    expect(next.hands.every((h) => h.length === 7)).toBe(true);
  });

  it("deals on at the pause deadline", () => {
    const { state } = found([0, 0, 0, 0]);
    const next = game.onDeadline(state, ctxAt(13_000)).state;
    expect([next.phase, next.dealer, next.deadline]).toEqual(["memorise", 0, 13_000 + 8_000]);
  });
});

describe("the end of the game", () => {
  it("ends after a hand in which someone reaches 100 and is alone on top", () => {
    const { state, events } = found([0, 90, 95, 0]);
    expect(state.scores).toEqual([0, 110, 95, 0]);
    expect([state.phase, state.deadline, state.winners]).toEqual(["gameOver", null, [1]]);
    expect(eventsOf(events, "gameWon")).toEqual([{ type: "gameWon", winners: [1], scores: [0, 110, 95, 0] }]);
    expect(game.outcome(state)).toEqual({ winners: [1], ranking: [1, 2, 0, 3], scores: [0, 110, 95, 0] });
    expect(game.awaiting(state)).toEqual([]);
    for (const seat of [0, 1, 2, 3]) expect(game.legalActions(state, seat)).toEqual([]);
    expect(refusal(game, state, 0, { type: "continue" })?.code).toBe("game-over");
  });

  it("the highest total wins, not the first to pass 100", () => {
    const { state } = found([0, 85, 120, 0]);
    expect(state.winners).toEqual([2]);
  });

  it("a tie for highest at 100 or more plays further hands with all four", () => {
    const { state } = found([0, 80, 100, 0]);
    expect(state.scores).toEqual([0, 100, 100, 0]);
    expect(state.phase).toBe("handOver");
    expect(state.result).toMatchObject({ leaders: [1, 2], gameOver: false });
    expect(game.outcome(state)).toBeNull();
    const next = play(game, state, everyone).state;
    expect(next.phase).toBe("memorise");
    expect(next.hands.map((h) => h.length)).toEqual([7, 7, 7, 7]);
  });

  it("nobody at 100 yet: the game goes on", () => {
    expect(found([0, 70, 0, 0]).state.phase).toBe("handOver");
  });
});
