/**
 * Going out, scoring, the pause between hands and the end of the game (docs/rules/hit-the-deck.md,
 * "Ending the hand").
 */
import { describe, expect, it } from "vitest";
import { ctxAt, eventsOf, play, refusal } from "../../testkit/scenario.ts";
import { hitTheDeck as game } from "./index.ts";
import { playFace, scenario } from "./test-support.ts";

const outWith = (last: string, scores?: number[], options = {}) =>
  scenario({ hands: [last, "1B 5R CG H2", "HH 3Y"], discard: "2G", ...(scores ? { scores } : {}), options });

describe("going out", () => {
  it("the hand ends the moment a player has no cards; others score their cards", () => {
    const s = outWith("3G");
    const { state, events } = play(game, s, [[0, playFace(s, 0, "3G")]], ctxAt(2_000));
    expect(state.phase).toBe("roundOver");
    expect(state.result).toEqual({
      round: 1,
      winner: 0,
      seats: [
        { seat: 0, hand: [], points: 0, total: 0 },
        { seat: 1, hand: s.hands[1], points: 1 + 5 + 10 + 10, total: 26 },
        { seat: 2, hand: s.hands[2], points: 10 + 3, total: 13 },
      ],
    });
    expect(state.scores).toEqual([0, 26, 13]);
    expect(eventsOf(events, "wentOut")).toEqual([{ type: "wentOut", seat: 0 }]);
    expect(state.deadline).toBe(2_000 + 8_000);
    expect(state.turn).toBe(-1);
  });

  it("going out on WITH A HAND opens no race; on a CUT or FLIP nothing is cut or flipped", () => {
    for (const last of ["HH", "CG", "FG", "H4"]) {
      const s = outWith(last);
      const { state, events } = play(game, s, [[0, playFace(s, 0, last)]]);
      expect(state.phase).toBe("roundOver");
      expect(state.race).toBeNull();
      expect(state.demand).toBeNull();
      expect(events.map((e) => e.type)).toEqual(["cardPlayed", "wentOut", "roundScored"]);
    }
  });

  it("going out by meeting a demand", () => {
    const s = scenario({ hands: ["4R", "1B"], discard: "H4", demand: { kind: "number", number: 4 } });
    const { state, events } = play(game, s, [[0, playFace(s, 0, "4R")]]);
    expect(eventsOf(events, "demandMet")).toHaveLength(1);
    expect(state.phase).toBe("roundOver");
  });
});

describe("between hands", () => {
  const over = () => {
    const s = outWith("3G", [10, 20, 30]);
    return play(game, s, [[0, playFace(s, 0, "3G")]], ctxAt(2_000)).state;
  };

  it("each seat may continue; the next hand is dealt when all have, the deal passing left", () => {
    const s = over();
    expect(game.awaiting(s)).toEqual([0, 1, 2]);
    expect(refusal(game, s, 0, playFace(s, 1, "1B"))?.code).toBe("wrong-phase");
    expect(refusal(game, s, 1, { type: "slap" })?.code).toBe("wrong-phase");
    const half = play(game, s, [[0, { type: "continue" }]]).state;
    expect(refusal(game, half, 0, { type: "continue" })?.code).toBe("already-continued");
    expect(game.awaiting(half)).toEqual([1, 2]);
    const { state, events } = play(
      game,
      half,
      [
        [1, { type: "continue" }],
        [2, { type: "continue" }],
      ],
      ctxAt(3_000),
    );
    expect(state.round).toBe(2);
    expect(state.dealer).toBe((s.dealer + 1) % 3);
    expect(state.hands.map((h) => h.length)).toEqual([7, 7, 7]);
    expect(state.result).toBeNull();
    expect(state.direction).toBe(1);
    expect(eventsOf(events, "roundDealt")[0]).toMatchObject({ round: 2, dealer: 0 });
  });

  it("at the pause deadline the next hand is dealt anyway", () => {
    const { state } = game.onDeadline(over(), ctxAt(10_000));
    expect(state.round).toBe(2);
    expect(state.scores).toEqual([10, 46, 43]);
  });
});

describe("the end of the game", () => {
  it("ends when someone reaches the target (default 100); the lowest total wins", () => {
    const s = outWith("3G", [40, 80, 90]);
    const { state, events } = play(game, s, [[0, playFace(s, 0, "3G")]]);
    expect(state.scores).toEqual([40, 106, 103]);
    expect(state.phase).toBe("gameOver");
    expect(state.deadline).toBeNull();
    expect(eventsOf(events, "gameWon")).toEqual([{ type: "gameWon", winners: [0], scores: [40, 106, 103] }]);
    expect(game.outcome(state)).toEqual({ winners: [0], ranking: [0, 2, 1], scores: [40, 106, 103] });
    for (const seat of [0, 1, 2]) expect(game.legalActions(state, seat)).toEqual([]);
    expect(game.awaiting(state)).toEqual([]);
    expect(refusal(game, state, 0, { type: "continue" })?.code).toBe("game-over");
    expect(game.onDeadline(state, ctxAt(1e9)).state).toBe(state);
  });

  it("the going-out player need not be the winner; lowest totals tie for the win", () => {
    const s = outWith("3G", [50, 10, 10], { target: 30 });
    const { state } = play(game, s, [[0, playFace(s, 0, "3G")]]);
    expect(state.scores).toEqual([50, 36, 23]);
    expect(state.winners).toEqual([2]);
    const tie = outWith("3G", [13, 0, 0], { target: 20 });
    expect(play(game, tie, [[0, playFace(tie, 0, "3G")]]).state.winners).toEqual([0, 2]);
  });

  it("the table option target: a game to 250 goes on at 106", () => {
    const s = outWith("3G", [40, 80, 90], { target: 250 });
    expect(play(game, s, [[0, playFace(s, 0, "3G")]]).state.phase).toBe("roundOver");
    expect(game.outcome(s)).toBeNull();
  });
});
