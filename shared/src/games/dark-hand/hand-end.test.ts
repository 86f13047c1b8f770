/**
 * The Scat that ends the hand, the Skit that opens a final round, tokens and the pot, players
 * going out, the last player with tokens winning (docs/rules/dark-hand.md,
 * "The final round", "Paying"). Skit Scat, standard cards.
 */
import { describe, expect, it } from "vitest";
import { cards } from "../../cards.ts";
import { ctxAt, eventsOf, play, refusal } from "../../testkit/scenario.ts";
import { outcome, skitScat as game } from "./index.ts";
import { scenario, turnOf } from "./test-support.ts";

const paid = (s: { result: { seats: readonly { paid: number }[] } | null }) => s.result?.seats.map((r) => r.paid);

describe("a Scat", () => {
  it("ends the hand at once: the declarer wins and everyone else pays 1 into the pot", () => {
    const s = scenario({ hands: ["9S 9D 2C", "7H 8H KC", "4D JS QC"], deck: "9C 3D" });
    const { state, events } = play(game, s, turnOf(0, "deck", "2C", "declare"));
    expect(state.phase).toBe("roundOver");
    expect(state.result).toMatchObject({ endedBy: "scat", winner: 0, callerWon: false, pot: 2 });
    expect(paid(state)).toEqual([0, 1, 1]);
    expect(state.tokens).toEqual([3, 2, 2]);
    expect(state.pot).toBe(2);
    expect(state.melds).toEqual([{ seat: 0, kind: "scat", shade: null, cards: cards("9S 9D 9C"), finalRound: false, forfeit: false }]);
    expect(eventsOf(events, "handScored")).toHaveLength(1);
    expect(state.deadline).toBe(8_000);
  });
});

describe("a Skit and the final round", () => {
  // Seat 0 makes 6-7-8 of hearts; seats 1 and 2 then get one more turn each.
  const skit = () => scenario({ hands: ["7H 8H KC", "9S 9D 2C", "4D 5D QC"], deck: "6H 3D 6D 9C", dealer: 2 });

  it("gives every other player one more turn, in order, then the Skit wins", () => {
    const opened = play(game, skit(), turnOf(0, "deck", "KC", "declare"));
    expect(eventsOf(opened.events, "finalRoundStarted")).toEqual([{ type: "finalRoundStarted", skitter: 0, seats: [1, 2] }]);
    expect(opened.state.turn).toBe(1);
    expect(opened.state.finalTurns).toEqual([1, 2]);
    expect(opened.state.hands[0]).toEqual([]);
    const { state, events } = play(game, opened.state, [...turnOf(1, "deck", "3D"), ...turnOf(2, "deck", "QC", "declare")]);
    expect(eventsOf(events, "turnStarted").map((e) => [e.seat, e.finalTurn])).toEqual([[2, true]]);
    expect(state.phase).toBe("roundOver");
    expect(state.result).toMatchObject({ endedBy: "skit", winner: 0 });
    // Seat 2 made 4-5-6 of diamonds in its final draw: it pays nothing; seat 1 pays 1.
    expect(paid(state)).toEqual([0, 1, 0]);
    expect(state.tokens).toEqual([3, 2, 3]);
  });

  it("ends at once on the first Scat of the final round: everyone else pays, Skits included", () => {
    const s = scenario({ hands: ["7H 8H KC", "9S 9D 2C", "4D 5D QC"], deck: "6H 9C 6D", dealer: 2 });
    const { state } = play(game, s, [...turnOf(0, "deck", "KC", "declare"), ...turnOf(1, "deck", "2C", "declare")]);
    expect(state.phase).toBe("roundOver");
    expect(state.result).toMatchObject({ endedBy: "scat", winner: 1 });
    // The Skit player pays; seat 2 never got its final draw and pays too.
    expect(paid(state)).toEqual([1, 0, 1]);
  });

  it("lets a final-round Skit be kept (endTurn): then it pays like no Skit", () => {
    const opened = play(game, skit(), turnOf(0, "deck", "KC", "declare")).state;
    const { state } = play(game, opened, [...turnOf(1, "deck", "3D"), ...turnOf(2, "deck", "QC", "endTurn")]);
    expect(paid(state)).toEqual([0, 1, 1]);
  });

  it("allows no second final round: a later Skit only ends that player's turn", () => {
    const opened = play(game, skit(), turnOf(0, "deck", "KC", "declare")).state;
    const { state } = play(game, opened, [...turnOf(1, "deck", "3D"), ...turnOf(2, "deck", "QC", "declare")]);
    expect(state.melds.map((m) => [m.seat, m.kind, m.finalRound])).toEqual([
      [0, "skit", false],
      [2, "skit", true],
    ]);
  });
});

describe("tokens, players going out and the end of the game", () => {
  it("a player who pays their last token is out: dealt nothing, skipped for turns and deals", () => {
    const s = scenario({ hands: ["9S 9D 2C", "7H 8H KC", "4D JS QC"], deck: "9C 3D", tokens: [3, 1, 2], pot: 3 });
    const { state, events } = play(game, s, turnOf(0, "deck", "2C", "declare"));
    expect(state.out).toEqual([false, true, false]);
    expect(state.result?.seats[1]).toMatchObject({ paid: 1, tokens: 0, out: true });
    expect(eventsOf(events, "playerOut")).toEqual([{ type: "playerOut", seat: 1 }]);
    expect(game.awaiting(state)).toEqual([0, 2]);
    expect(refusal(game, state, 1, { type: "continue" })?.code).toBe("player-out");
    // Dealer was 2: the deal passes to seat 0 and the first turn is seat 2 (seat 1 is skipped).
    const next = play(game, state, [
      [0, { type: "continue" }],
      [2, { type: "continue" }],
    ]).state;
    expect(next.round).toBe(2);
    expect(next.dealer).toBe(0);
    expect(next.turn).toBe(2);
    expect(next.hands.map((h) => h.length)).toEqual([3, 0, 3]);
  });

  it("the last player with tokens wins the game and everything in the pot", () => {
    const s = scenario({ hands: ["9S 9D 2C", "7H 8H KC"], deck: "9C 3D", tokens: [2, 1], pot: 3 });
    const { state, events } = play(game, s, turnOf(0, "deck", "2C", "declare"));
    expect(state.phase).toBe("gameOver");
    expect(state.deadline).toBeNull();
    expect(state.tokens).toEqual([6, 0]);
    expect(state.pot).toBe(0);
    expect(eventsOf(events, "gameWon")).toEqual([{ type: "gameWon", winner: 0, pot: 4, tokens: [6, 0] }]);
    expect(outcome(state)).toEqual({ winners: [0], ranking: [0, 1], scores: [6, 0] });
    expect(game.legalActions(state, 0)).toEqual([]);
    expect(game.awaiting(state)).toEqual([]);
  });

  it("ranks the others by how long they lasted", () => {
    const s = scenario({ hands: ["9S 9D 2C", "7H 8H KC", "4D JS QC", ""], deck: "9C 3D", tokens: [2, 1, 1, 0], pot: 8 });
    const end = play(game, { ...s, eliminated: [[3]] }, turnOf(0, "deck", "2C", "declare")).state;
    expect(outcome(end)?.ranking).toEqual([0, 1, 2, 3]);
    expect(outcome(end)?.winners).toEqual([0]);
  });

  it("deals the next hand when everyone still in has continued, or when the pause runs out", () => {
    const s = scenario({ hands: ["9S 9D 2C", "7H 8H KC", "4D JS QC"], deck: "9C 3D" });
    const over = play(game, s, turnOf(0, "deck", "2C", "declare")).state;
    expect(game.legalActions(over, 1)).toEqual([{ type: "continue" }]);
    const one = play(game, over, [[1, { type: "continue" }]]).state;
    expect(game.awaiting(one)).toEqual([0, 2]);
    expect(refusal(game, one, 1, { type: "continue" })?.code).toBe("already-continued");
    const timed = game.onDeadline(one, ctxAt(8_000)).state;
    expect(timed.phase).toBe("turn");
    expect(timed.round).toBe(2);
    expect(timed.melds).toEqual([]);
    expect(timed.result).toBeNull();
    expect(timed.tokens).toEqual([3, 2, 2]);
  });
});
