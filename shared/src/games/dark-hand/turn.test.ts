/** Draw/discard turns, declaring, the draw pile, refusals and timeouts (docs/rules/dark-hand.md, "A turn"). */
import { describe, expect, it } from "vitest";
import { cards } from "../../cards.ts";
import { ctxAt, eventsOf, play, refusal } from "../../testkit/scenario.ts";
import { skitScat as game } from "./index.ts";
import { scenario, turnOf } from "./test-support.ts";

const three = () => scenario({ hands: ["7H 8H KC", "9S 9D 2C", "4D JS QC"], discard: "5C", deck: "6H 9H 3D AS 10C" });

describe("a turn", () => {
  it("draws from the draw pile, discards any card; the turn passes left", () => {
    const { state, events } = play(game, three(), turnOf(0, "deck", "KC"));
    expect(state.hands[0]).toEqual(cards("7H 8H 6H"));
    expect(state.discard).toEqual(cards("5C KC"));
    // 7-8-6 of hearts is a Skit: the player chooses whether to declare it.
    expect(state.step).toBe("declare");
    expect(game.legalActions(state, 0)).toEqual([{ type: "declare" }, { type: "endTurn" }]);
    expect(eventsOf(events, "cardDrawn")).toEqual([{ type: "cardDrawn", seat: 0, from: "deck", card: "6H" }]);
  });

  it("ends the turn at once after a discard that makes no Skit or Scat", () => {
    const { state, events } = play(game, three(), turnOf(0, "deck", "6H"));
    expect(state.turn).toBe(1);
    expect(state.step).toBe("draw");
    expect(eventsOf(events, "turnEnded")).toEqual([{ type: "turnEnded", seat: 0 }]);
  });

  it("draws the top of the discard pile and may discard that same card", () => {
    const took = play(game, three(), [[0, { type: "drawDiscard" }]]).state;
    expect(took.hands[0]).toEqual(cards("7H 8H KC 5C"));
    expect(game.legalActions(took, 0).map((a) => (a.type === "discard" ? a.card : a.type))).toEqual(cards("7H 8H KC 5C"));
    const back = play(game, took, [[0, { type: "discard", card: "5C" }]]).state;
    expect(back.discard).toEqual(cards("5C"));
  });

  it("may keep a Skit or Scat instead of declaring it, and declare it at the end of a later turn", () => {
    const kept = play(game, three(), turnOf(0, "deck", "KC", "endTurn")).state;
    expect(kept.turn).toBe(1);
    expect(kept.hands[0]).toEqual(cards("7H 8H 6H"));
    const later = play(game, kept, [...turnOf(1, "deck", "9H"), ...turnOf(2, "deck", "3D"), ...turnOf(0, "deck", "AS", "declare")]).state;
    expect(later.melds.map((m) => [m.seat, m.kind])).toEqual([[0, "skit"]]);
  });

  it("refuses out-of-turn, out-of-order and unknown-card actions with codes", () => {
    const s = three();
    expect(refusal(game, s, 1, { type: "drawDeck" })?.code).toBe("not-your-turn");
    expect(refusal(game, s, 0, { type: "discard", card: "KC" })?.code).toBe("must-draw-first");
    expect(refusal(game, s, 0, { type: "declare" })?.code).toBe("not-declare-step");
    expect(refusal(game, s, 0, { type: "endTurn" })?.code).toBe("not-declare-step");
    expect(refusal(game, s, 0, { type: "continue" })?.code).toBe("wrong-phase");
    expect(refusal(game, s, 1, { type: "call", shade: "dark" })?.code).toBe("no-calls");
    expect(refusal(game, s, 7, { type: "drawDeck" })?.code).toBe("no-such-seat");
    const drawn = play(game, s, [[0, { type: "drawDeck" }]]).state;
    expect(refusal(game, drawn, 0, { type: "drawDiscard" })?.code).toBe("already-drew");
    expect(refusal(game, drawn, 0, { type: "discard", card: "9S" })?.code).toBe("card-not-in-hand");
    const declaring = play(game, drawn, [[0, { type: "discard", card: "KC" }]]).state;
    expect(refusal(game, declaring, 0, { type: "declare", shade: "light" })?.code).toBe("no-shades");
    expect(refusal(game, declaring, 0, { type: "discard", card: "7H" })?.code).toBe("already-discarded");
  });

  it("never mutates its input and steps the version by one", () => {
    const s = three();
    const before = JSON.stringify(s);
    const r = game.apply(s, 0, { type: "drawDeck" }, ctxAt());
    expect(JSON.stringify(s)).toBe(before);
    expect(r.ok && r.value.state.version).toBe(s.version + 1);
  });

  it("starts each turn with a deadline of now + turnMs", () => {
    const { state, events } = play(game, three(), turnOf(0, "deck", "6H"), ctxAt(5_000));
    expect(state.deadline).toBe(35_000);
    expect(eventsOf(events, "turnStarted")).toEqual([{ type: "turnStarted", seat: 1, deadline: 35_000, finalTurn: false }]);
  });
});

describe("the draw pile", () => {
  it("when empty, keeps the top discard and shuffles the rest into a new draw pile", () => {
    const s = scenario({ hands: ["7H 8H KC", "9S 9D 2C"], discard: "2H 3S 4D 5C", deck: "" });
    const { state, events } = play(game, s, [[0, { type: "drawDeck" }]]);
    expect(eventsOf(events, "deckReshuffled")).toEqual([{ type: "deckReshuffled", count: 3, keptTop: "5C" }]);
    expect(state.discard).toEqual(["5C"]);
    expect([...state.deck, state.drawnCard].sort()).toEqual(cards("2H 3S 4D").sort());
  });

  it("cannot be drawn from when only the top discard is left", () => {
    const s = scenario({ hands: ["7H 8H KC", "9S 9D 2C"], discard: "5C", deck: "" });
    expect(game.legalActions(s, 0)).toEqual([{ type: "drawDiscard" }]);
    expect(refusal(game, s, 0, { type: "drawDeck" })?.code).toBe("deck-empty");
  });
});

describe("timeouts (default actions)", () => {
  it("draw from the draw pile and discard the card drawn, keeping the hand", () => {
    const s = three();
    const { state, events } = game.onDeadline(s, ctxAt(30_000));
    expect(state.hands[0]).toEqual(cards("7H 8H KC"));
    expect(state.discard).toEqual(cards("5C 6H"));
    expect(state.turn).toBe(1);
    expect(state.version).toBe(s.version + 1);
    expect(events[0]).toEqual({ type: "turnTimedOut", seat: 0 });
  });

  it("after drawing, discard the card drawn; then declare if allowed", () => {
    const drawn = play(game, three(), [[0, { type: "drawDeck" }]]).state;
    expect(game.onDeadline(drawn, ctxAt()).state.hands[0]).toEqual(cards("7H 8H KC"));
    const declaring = play(game, drawn, [[0, { type: "discard", card: "KC" }]]).state;
    const { state, events } = game.onDeadline(declaring, ctxAt());
    expect(eventsOf(events, "declared")).toEqual([
      { type: "declared", seat: 0, kind: "skit", shade: null, cards: cards("7H 8H 6H"), finalRound: false, forfeit: false },
    ]);
    expect(state.skitter).toBe(0);
  });

  it("a hand that was already a Scat is declared by the default turn", () => {
    const s = scenario({ hands: ["9S 9D 9C", "7H 8H KC"], deck: "2C 3C" });
    const { state } = game.onDeadline(s, ctxAt());
    expect(state.phase).toBe("roundOver");
    expect(state.result?.winner).toBe(0);
  });
});
