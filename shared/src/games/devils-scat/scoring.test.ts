/** Round winner and scoring (docs/rules/devils-scat.md, "Round winner", "Round scoring"). */
import { describe, expect, it } from "vitest";
import { ctxAt, eventsOf, play } from "../../testkit/scenario.ts";
import { devilsScat as game } from "./index.ts";
import { TARGETS, targetFor } from "./options.ts";
import { pointsItems, roundWinner } from "./scoring.ts";
import { scenario, type Scenario } from "./test-support.ts";
import { cards } from "../../cards.ts";

/** Seat 0 knocks; the others take their last turn drawing from the deck and discarding that card. */
function knockRound(sc: Scenario) {
  const s = scenario({ deck: "6X 7X 8X 9X 10X", ...sc });
  const n = sc.hands.length;
  const moves: [number, { type: "knock" } | { type: "drawDeck" } | { type: "discard"; card: string }][] = [[0, { type: "knock" }]];
  const deck = s.deck.slice();
  for (let seat = 1; seat < n; seat++) {
    moves.push([seat, { type: "drawDeck" }], [seat, { type: "discard", card: deck.pop() as string }]);
  }
  return play(game, s, moves);
}

describe("round winner", () => {
  it("is the single highest hand", () => {
    const { state } = knockRound({ hands: ["KH QH 7S", "AS 6G 8W", "9X 9G 7W"] });
    expect(state.result?.winner).toBe(0);
  });

  it("is nobody on a tie for highest", () => {
    const { state } = knockRound({ hands: ["KH QH 7S", "KS QS 7G", "9G 8W 7W"] });
    expect(state.result?.winner).toBeNull();
    expect(state.result?.seats.map((r) => r.won)).toEqual([0, 0, 0]);
  });

  it("is the Scat player whatever the other values", () => {
    expect(
      roundWinner(
        new Map([
          [0, 30.5],
          [1, 31],
        ]),
        0,
      ),
    ).toBe(0);
    expect(
      roundWinner(
        new Map([
          [0, 20],
          [1, 20],
        ]),
        null,
      ),
    ).toBeNull();
  });
});

describe("points scoring", () => {
  it("gives +1 won, +1 for 29 or more, +1 for exactly 31, +1 favored when those scored", () => {
    expect(pointsItems(cards("AH KH QH"), 0, 0, null, "H")).toEqual({ won: 1, over29: 1, scat31: 1, favored: 1, knockPenalty: 0 });
    expect(pointsItems(cards("6S 7S 8S"), 1, 0, null, "H")).toEqual({ won: 0, over29: 1, scat31: 0, favored: 0, knockPenalty: 0 });
    expect(pointsItems(cards("7S 7G 7H"), 1, 0, null, "H")).toEqual({ won: 0, over29: 1, scat31: 0, favored: 1, knockPenalty: 0 });
  });

  it("gives no favored bonus to a hand that scored nothing else", () => {
    expect(pointsItems(cards("KH 6S 7G"), 1, 0, null, "H").favored).toBe(0);
  });

  it("takes 1 from a knocker only when someone else won", () => {
    expect(pointsItems(cards("KH 6S 7G"), 1, 0, 1, "H").knockPenalty).toBe(-1);
    expect(pointsItems(cards("KH 6S 7G"), 1, null, 1, "H").knockPenalty).toBe(0);
    expect(pointsItems(cards("KH QH 7G"), 1, 1, 1, "H").knockPenalty).toBe(0);
  });

  it("scores a whole round into the result and the totals", () => {
    const s = scenario({ hands: ["6S 7S 8S", "AS KS 8W", "9X 9G 7W"], deck: "QS", favored: "S", scores: [3, 2, 0] });
    const { state, events } = play(game, s, [
      [0, { type: "knock" }],
      [1, { type: "drawDeck" }],
      [1, { type: "discard", card: "8W" }],
    ]);
    expect(state.result?.winner).toBe(1);
    const [r0, r1, r2] = state.result?.seats ?? [];
    expect(r0).toMatchObject({ won: 0, over29: 1, scat31: 0, favored: 1, knockPenalty: -1, delta: 1, total: 4 });
    expect(r1).toMatchObject({ won: 1, over29: 1, scat31: 1, favored: 1, knockPenalty: 0, delta: 4, total: 6, scat: true });
    expect(r2).toMatchObject({ won: 0, over29: 0, scat31: 0, favored: 0, knockPenalty: 0, delta: 0, total: 0 });
    expect(state.scores).toEqual([4, 6, 0]);
    expect(eventsOf(events, "roundScored")).toHaveLength(1);
  });

  it("never takes a total below 0", () => {
    const { state } = knockRound({ hands: ["6S 7G 9H", "KS QS 9S"], scores: [0, 0] });
    expect(state.result?.seats[0]).toMatchObject({ knockPenalty: -1, delta: 0, total: 0 });
    expect(state.scores[0]).toBe(0);
  });

  it("has targets 15, 12, 10, 9, 8 for 2..6 players", () => {
    expect([2, 3, 4, 5, 6].map(targetFor)).toEqual([15, 12, 10, 9, 8]);
    expect(TARGETS).toEqual({ 2: 15, 3: 12, 4: 10, 5: 9, 6: 8 });
  });

  it("ends the game when the round's winner reaches the target", () => {
    const { state, events } = knockRound({ hands: ["KH QH 7S", "AS 6G 8W"], scores: [14, 3], favored: "W" });
    expect(state.phase).toBe("gameOver");
    expect(state.deadline).toBeNull();
    expect(game.outcome(state)).toEqual({ winners: [0], ranking: [0, 1], scores: [15, 3] });
    expect(eventsOf(events, "gameWon")).toEqual([{ type: "gameWon", winners: [0], scores: [15, 3] }]);
    expect(game.legalActions(state, 0)).toEqual([]);
    expect(game.awaiting(state)).toEqual([]);
  });

  it("does not end the game for a player over the target who did not win the round", () => {
    const { state } = knockRound({ hands: ["KH QH 7S", "6S 7S 8S", "9X 9G 7W"], scores: [2, 20, 11] });
    expect(state.result?.winner).toBe(1);
    expect(state.scores[1]).toBe(22);
    expect(state.phase).toBe("gameOver");
    const s2 = knockRound({ hands: ["KH QH 7S", "6S 7G 8H", "9X 9G 7W"], scores: [2, 20, 1] }).state;
    expect(s2.result?.winner).toBe(0);
    expect(s2.phase).toBe("roundOver");
    expect(game.outcome(s2)).toBeNull();
  });

  it("does not end the game when nobody wins the round", () => {
    const { state } = knockRound({ hands: ["KH QH 7S", "KS QS 7G"], scores: [20, 20] });
    expect(state.result?.winner).toBeNull();
    expect(state.phase).toBe("roundOver");
    expect(state.deadline).toBe(0 + 8_000);
  });
});

describe("after the round", () => {
  it("deals the next round when every seat has continued, the dealer passing left", () => {
    const done = knockRound({ hands: ["KH QH 7S", "AS 6G 8W", "9X 9G 7W"] }).state;
    expect(done.dealer).toBe(2);
    const half = play(game, done, [
      [0, { type: "continue" }],
      [2, { type: "continue" }],
    ]).state;
    expect(half.phase).toBe("roundOver");
    expect(game.awaiting(half)).toEqual([1]);
    expect(game.legalActions(half, 0)).toEqual([]);
    const next = play(game, half, [[1, { type: "continue" }]], ctxAt(100));
    expect(next.state.phase).toBe("turn");
    expect(next.state.round).toBe(2);
    expect(next.state.dealer).toBe(0);
    expect(next.state.turn).toBe(1);
    expect(next.state.result).toBeNull();
    expect(next.state.hands.map((h) => h.length)).toEqual([3, 3, 3]);
    expect(eventsOf(next.events, "roundDealt")).toHaveLength(1);
  });

  it("deals the next round at the pause deadline", () => {
    const done = knockRound({ hands: ["KH QH 7S", "AS 6G 8W"] }).state;
    const { state } = game.onDeadline(done, ctxAt(8_000));
    expect(state.phase).toBe("turn");
    expect(state.round).toBe(2);
  });
});
