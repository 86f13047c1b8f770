/** Turns, draws, discards, knocks, reshuffles and timeouts (docs/rules/devils-scat.md, "A turn", "Default action"). */
import { describe, expect, it } from "vitest";
import { cards } from "../../cards.ts";
import { ctxAt, eventsOf, play, refusal } from "../../testkit/scenario.ts";
import { devilsScat as game } from "./index.ts";
import { scenario } from "./test-support.ts";

const three = () => scenario({ hands: ["KH QH 7S", "AS 6G 8W", "9X 9G 7W"], discard: "10W", deck: "JS 8G 7G 6X", favored: "S" });

describe("improving the hand", () => {
  it("draws from the deck, then discards; the turn passes left", () => {
    const { state, events } = play(game, three(), [
      [0, { type: "drawDeck" }],
      [0, { type: "discard", card: "7S" }],
    ]);
    expect(state.hands[0]).toEqual(cards("KH QH JS"));
    expect(state.discard).toEqual(cards("10W 7S"));
    expect(state.turn).toBe(1);
    expect(eventsOf(events, "cardDrawn")[0]).toEqual({ type: "cardDrawn", seat: 0, from: "deck", card: "JS" });
  });

  it("draws the top of the discard pile", () => {
    const { state } = play(game, three(), [
      [0, { type: "drawDiscard" }],
      [0, { type: "discard", card: "7S" }],
    ]);
    expect(state.hands[0]).toEqual(cards("KH QH 10W"));
    expect(state.discard).toEqual(cards("7S"));
  });

  it("may not discard the card just taken from the discard pile", () => {
    const { state } = play(game, three(), [[0, { type: "drawDiscard" }]]);
    expect(refusal(game, state, 0, { type: "discard", card: "10W" })?.code).toBe("cannot-discard-drawn-card");
    expect(game.legalActions(state, 0).map((a) => (a.type === "discard" ? a.card : a.type))).toEqual(cards("KH QH 7S"));
  });

  it("may discard a card just drawn from the deck", () => {
    const { state } = play(game, three(), [
      [0, { type: "drawDeck" }],
      [0, { type: "discard", card: "JS" }],
    ]);
    expect(state.hands[0]).toEqual(cards("KH QH 7S"));
  });

  it("refuses out-of-turn, out-of-order and unknown-card actions with codes", () => {
    const s = three();
    expect(refusal(game, s, 1, { type: "drawDeck" })?.code).toBe("not-your-turn");
    expect(refusal(game, s, 0, { type: "discard", card: "KH" })?.code).toBe("must-draw-first");
    expect(refusal(game, s, 0, { type: "continue" })?.code).toBe("wrong-phase");
    const drawn = play(game, s, [[0, { type: "drawDeck" }]]).state;
    expect(refusal(game, drawn, 0, { type: "drawDiscard" })?.code).toBe("already-drew");
    expect(refusal(game, drawn, 0, { type: "knock" })?.code).toBe("already-drew");
    expect(refusal(game, drawn, 0, { type: "discard", card: "AS" })?.code).toBe("card-not-in-hand");
    expect(refusal(game, drawn, 0, { type: "discard", card: "ZZ" })?.code).toBe("card-not-in-hand");
  });

  it("never mutates its input and steps the version by one", () => {
    const s = three();
    const before = JSON.stringify(s);
    const r = game.apply(s, 0, { type: "drawDeck" }, ctxAt());
    expect(JSON.stringify(s)).toBe(before);
    expect(r.ok && r.value.state.version).toBe(s.version + 1);
  });

  it("starts each turn with a deadline of now + turnMs", () => {
    const { state, events } = play(
      game,
      three(),
      [
        [0, { type: "drawDeck" }],
        [0, { type: "discard", card: "7S" }],
      ],
      ctxAt(5_000),
    );
    expect(state.deadline).toBe(5_000 + 30_000);
    expect(eventsOf(events, "turnStarted")).toEqual([{ type: "turnStarted", seat: 1, deadline: 35_000, lastTurn: false }]);
  });
});

describe("knocking", () => {
  it("is allowed on the first turn and ends the knocker's turn", () => {
    const { state, events } = play(game, three(), [[0, { type: "knock" }]]);
    expect(state.knocker).toBe(0);
    expect(state.turn).toBe(1);
    expect(state.lastTurns).toEqual([1, 2]);
    expect(eventsOf(events, "knocked")).toEqual([{ type: "knocked", seat: 0, lastTurns: [1, 2] }]);
  });

  it("gives every other player exactly one more turn, then the round ends", () => {
    const s = scenario({ hands: ["KH QH 7S", "AS 6G 8W", "9X 9G 7W"], discard: "10W", deck: "JS 8G 7G 6X", dealer: 0 });
    // Dealer 0: seat 1 plays first; seat 2 knocks; seats 0 and 1 get one last turn each.
    const { state, events } = play(game, s, [
      [1, { type: "drawDeck" }],
      [1, { type: "discard", card: "JS" }],
      [2, { type: "knock" }],
      [0, { type: "drawDeck" }],
      [0, { type: "discard", card: "8G" }],
    ]);
    expect(state.phase).toBe("turn");
    expect(state.turn).toBe(1);
    expect(refusal(game, state, 1, { type: "knock" })?.code).toBe("already-knocked");
    const end = play(game, state, [
      [1, { type: "drawDeck" }],
      [1, { type: "discard", card: "7G" }],
    ]);
    expect(end.state.phase).toBe("roundOver");
    expect(end.state.result?.endedBy).toBe("knock");
    expect(end.state.result?.knocker).toBe(2);
    expect(
      eventsOf([...events, ...end.events], "turnStarted")
        .filter((e) => e.lastTurn)
        .map((e) => e.seat),
    ).toEqual([0, 1]);
  });

  it("ends the round at once on a Scat made during the last turns", () => {
    const s = scenario({ hands: ["KH QH 7S", "AS KS 8W", "9X 9G 7W"], discard: "10W", deck: "QS 8G 7G 6X" });
    const { state, events } = play(game, s, [
      [0, { type: "knock" }],
      [1, { type: "drawDeck" }],
      [1, { type: "discard", card: "8W" }],
    ]);
    expect(state.phase).toBe("roundOver");
    expect(state.result?.winner).toBe(1);
    expect(state.result?.endedBy).toBe("scat");
    expect(eventsOf(events, "scatRevealed")).toEqual([
      { type: "scatRevealed", seat: 1, hand: cards("AS KS QS"), value: 31, devilsScat: false },
    ]);
  });

  it("ends the round at once on a Devil's Scat made by a discard", () => {
    const s = scenario({ hands: ["6H 6S 9G", "AS KS 8W"], discard: "10W", deck: "6X 8G 7G" });
    const { state } = play(game, s, [
      [0, { type: "drawDeck" }],
      [0, { type: "discard", card: "9G" }],
    ]);
    expect(state.phase).toBe("roundOver");
    expect(state.result?.devilsScat).toBe(true);
    expect(state.result?.winner).toBe(0);
  });
});

describe("the draw pile", () => {
  it("when empty, keeps the top discard and shuffles the rest into a new draw pile", () => {
    const s = scenario({ hands: ["KH QH 7S", "AS 6G 8W"], discard: "6H 7H 8H 9S", deck: "" });
    const { state, events } = play(game, s, [[0, { type: "drawDeck" }]]);
    expect(eventsOf(events, "deckReshuffled")).toEqual([{ type: "deckReshuffled", count: 3, keptTop: "9S" }]);
    expect(state.discard).toEqual(["9S"]);
    expect(state.deck).toHaveLength(2);
    expect(cards("6H 7H 8H")).toContain(state.drawnCard);
    expect([...state.deck, state.drawnCard].sort()).toEqual(cards("6H 7H 8H").sort());
  });

  it("cannot be drawn from when only the top discard is left", () => {
    const s = scenario({ hands: ["KH QH 7S", "AS 6G 8W"], discard: "9S", deck: "" });
    expect(game.legalActions(s, 0)).toEqual([{ type: "drawDiscard" }, { type: "knock" }]);
    expect(refusal(game, s, 0, { type: "drawDeck" })?.code).toBe("deck-empty");
  });
});

describe("timeouts (onDeadline)", () => {
  it("draws from the deck and discards the lowest card keeping the best value", () => {
    const s = scenario({ hands: ["KH QH 7S", "AS 6G 8W"], discard: "10W", deck: "6S 8G" });
    const { state, events } = game.onDeadline(s, ctxAt(30_000));
    expect(events[0]).toEqual({ type: "turnTimedOut", seat: 0 });
    expect(state.hands[0]).toEqual(cards("KH QH 7S"));
    expect(state.discard.at(-1)).toBe("6S");
    expect(state.turn).toBe(1);
    expect(state.version).toBe(s.version + 1);
  });

  it("only discards when the player already drew, never the card taken from the discard pile", () => {
    const s = scenario({ hands: ["KH QH 7S", "AS 6G 8W"], discard: "6W", deck: "6S 8G" });
    const drawn = play(game, s, [[0, { type: "drawDiscard" }]]).state;
    const { state } = game.onDeadline(drawn, ctxAt(30_000));
    expect(state.hands[0]).toEqual(cards("KH QH 6W"));
    expect(state.discard).toEqual(["7S"]);
  });

  it("draws from the discard pile when the deck cannot be drawn", () => {
    const s = scenario({ hands: ["KH QH 7S", "AS 6G 8W"], discard: "JH", deck: "" });
    const { state, events } = game.onDeadline(s, ctxAt(30_000));
    expect(eventsOf(events, "cardDrawn")[0]?.from).toBe("discard");
    expect(state.hands[0]).toEqual(cards("KH QH JH"));
  });
});
