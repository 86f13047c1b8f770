/**
 * Turns: matching, must-play, draw-one-and-play, the reshuffle, timeouts and refusals
 * (docs/rules/hit-the-deck.md, "Play", "Demands"; docs/rules/common.md, "Turns, dealers, piles").
 */
import { describe, expect, it } from "vitest";
import { ctxAt, eventsOf, play, refusal } from "../../testkit/scenario.ts";
import { faceOf, faces } from "./cards.ts";
import { hitTheDeck as game } from "./index.ts";
import { fits } from "./legal.ts";
import { handFaces, playFace, scenario } from "./test-support.ts";

const playable = (s: ReturnType<typeof scenario>, seat = 0) =>
  game
    .legalActions(s, seat)
    .flatMap((a) => (a.type === "play" ? [faceOf(a.card)] : []))
    .sort();

describe("matching", () => {
  it("a number card matches by colour or by number", () => {
    const s = scenario({ hands: ["3G 2R 4B 5Y", "1B"], discard: "2G" });
    expect(playable(s)).toEqual(["2R", "3G"]);
  });

  it("CUT and FLIP match by colour only, never by kind", () => {
    expect(playable(scenario({ hands: ["CG FG CR FR", "1B"], discard: "2G" }))).toEqual(["CG", "FG"]);
    expect(playable(scenario({ hands: ["CR FB 3G", "1B"], discard: "CG" }))).toEqual(["3G"]);
  });

  it("HIT THE DECK cards go on any colour", () => {
    expect(playable(scenario({ hands: ["H3 HY HH 5R", "1B"], discard: "2G" }))).toEqual(["H3", "HH", "HY"]);
  });

  it("any card goes on a WITH A HAND once its race is over", () => {
    expect(playable(scenario({ hands: ["5R CB FY H1", "1B"], discard: "2G HH" }))).toEqual(["5R", "CB", "FY", "H1"]);
  });

  it("plays a card, ends the turn and passes to the left", () => {
    const s = scenario({ hands: ["3G 4B", "1B 2B", "5R"], discard: "2G" });
    const { state, events } = play(game, s, [[0, playFace(s, 0, "3G")]], ctxAt(1_000));
    expect(faces(state.discard)).toEqual(["2G", "3G"]);
    expect(state.turn).toBe(1);
    expect(state.deadline).toBe(31_000);
    expect(eventsOf(events, "turnStarted")).toEqual([{ type: "turnStarted", seat: 1, deadline: 31_000, demand: null }]);
  });
});

describe("must play, or draw one and play it if it fits", () => {
  it("a player who can play may not draw", () => {
    const s = scenario({ hands: ["3G", "1B"], discard: "2G" });
    expect(refusal(game, s, 0, { type: "draw" })?.code).toBe("must-play");
    expect(game.legalActions(s, 0).map((a) => a.type)).toEqual(["play", "slap"]);
  });

  it("a player who cannot play draws one; a fitting card is played at once", () => {
    const s = scenario({ hands: ["5R 4B", "1B"], discard: "2G", deck: "3G" });
    expect(game.legalActions(s, 0)).toEqual([{ type: "draw" }, { type: "slap" }]);
    const { state, events } = play(game, s, [[0, { type: "draw" }]]);
    expect(faceOf(state.discard[state.discard.length - 1] as string)).toBe("3G");
    expect(handFaces(state, 0)).toEqual(["4B", "5R"]);
    expect(eventsOf(events, "cardPlayed")[0]).toMatchObject({ seat: 0, drawn: true });
    expect(state.turn).toBe(1);
  });

  it("a drawn card that does not fit stays in hand and the turn ends", () => {
    const s = scenario({ hands: ["5R 4B", "1B"], discard: "2G", deck: "3Y" });
    const { state } = play(game, s, [[0, { type: "draw" }]]);
    expect(handFaces(state, 0)).toEqual(["3Y", "4B", "5R"]);
    expect(faces(state.discard)).toEqual(["2G"]);
    expect(state.turn).toBe(1);
  });

  it("an empty draw pile: the discard pile but its top is shuffled into a new one", () => {
    const s = scenario({ hands: ["5R", "1B"], discard: "1Y 4Y 2G", fill: false });
    const { state, events } = play(game, s, [[0, { type: "draw" }]]);
    expect(eventsOf(events, "deckReshuffled")).toEqual([{ type: "deckReshuffled", count: 2, keptTop: s.discard[2] }]);
    expect(state.hands[0]).toHaveLength(2);
    expect(state.deck).toHaveLength(1);
    expect(faces(state.discard)).toEqual(["2G"]);
    expect(state.faceUp).toBe(1);
  });

  it("nothing left to draw at all: the turn simply ends", () => {
    const s = scenario({ hands: ["5R", "1B"], discard: "2G", fill: false });
    const { state, events } = play(game, s, [[0, { type: "draw" }]]);
    expect(eventsOf(events, "nothingToDraw")).toEqual([{ type: "nothingToDraw", seat: 0 }]);
    expect(state.turn).toBe(1);
    expect(handFaces(state, 0)).toEqual(["5R"]);
  });
});

describe("timeouts", () => {
  it("default: draw one card and play it if it fits (even holding a playable card)", () => {
    const s = scenario({ hands: ["3G 4B", "1B"], discard: "2G", deck: "2R" });
    const { state, events } = game.onDeadline(s, ctxAt(30_000));
    expect(eventsOf(events, "turnTimedOut")).toEqual([{ type: "turnTimedOut", seat: 0 }]);
    expect(faces(state.discard)).toEqual(["2G", "2R"]);
    expect(state.version).toBe(s.version + 1);
    expect(state.turn).toBe(1);
  });

  it("default with a card that does not fit: it is kept and the turn passes", () => {
    const s = scenario({ hands: ["3G", "1B"], discard: "2G", deck: "5Y" });
    const { state } = game.onDeadline(s, ctxAt(30_000));
    expect(handFaces(state, 0)).toEqual(["3G", "5Y"]);
    expect(state.turn).toBe(1);
  });
});

describe("refusals", () => {
  const s = scenario({ hands: ["3G 4B", "1B 2B"], discard: "2G" });

  it("refuses with kebab-case codes", () => {
    expect(refusal(game, s, 1, playFace(s, 1, "2B"))?.code).toBe("not-your-turn");
    expect(refusal(game, s, 0, playFace(s, 0, "4B"))?.code).toBe("card-does-not-match");
    expect(refusal(game, s, 0, { type: "play", card: "5R.a" })?.code).toBe("card-not-in-hand");
    expect(refusal(game, s, 0, { type: "play", card: "ZZ" })?.code).toBe("card-not-in-hand");
    expect(refusal(game, s, 0, { type: "call" })?.code).toBe("no-race-open");
    expect(refusal(game, s, 0, { type: "continue" })?.code).toBe("wrong-phase");
    expect(refusal(game, s, 7, { type: "draw" })?.code).toBe("no-such-seat");
  });

  it("never mutates its input and steps the version by one", () => {
    const before = JSON.stringify(s);
    const r = game.apply(s, 0, playFace(s, 0, "3G"), ctxAt());
    expect(JSON.stringify(s)).toBe(before);
    expect(r.ok && r.value.state.version).toBe(s.version + 1);
  });

  it("fits() agrees with the legal list", () => {
    for (const id of s.hands[0] ?? []) expect(fits(s, id)).toBe(playable(s).includes(faceOf(id)));
  });
});
