/**
 * CUT THE DECK and FLIP THE DECK with every consequence (docs/rules/hit-the-deck.md, "Cut the deck", "Flip the deck").
 * An exposed card acts as if the seat that exposed it (the cutter, the flipper) had played it.
 */
import { describe, expect, it } from "vitest";
import { ctxAt, eventsOf, play, scriptedRng } from "../../testkit/scenario.ts";
import { faceOf, faces } from "./cards.ts";
import { hitTheDeck as game } from "./index.ts";
import { playFace, scenario } from "./test-support.ts";

const top = (s: { discard: string[] }) => faceOf(s.discard[s.discard.length - 1] as string);
const withInts = (...ints: number[]) => ({ now: 0, rng: scriptedRng({ ints }) });

describe("CUT THE DECK", () => {
  // Draw pile (top first) 1Y 2Y 3Y 4Y: the middle half is 3Y (index pick 0) and 2Y (pick 1).
  const cutter = (exposed: string, seats = 3) =>
    scenario({
      hands: ["CG 5B 5B", ...Array.from({ length: seats - 1 }, () => "1B 1R")],
      discard: "2G",
      deck: `1Y ${exposed} 3Y 4Y`,
      fill: false,
    });

  it("skips the next player, who cuts; the exposed card goes on top; the player after plays", () => {
    const s = cutter("2Y");
    const { state, events } = play(game, s, [[0, playFace(s, 0, "CG")]], withInts(1));
    expect(eventsOf(events, "deckCut")).toEqual([{ type: "deckCut", seat: 1, card: "2Y.a" }]);
    expect(faces(state.discard)).toEqual(["2G", "CG", "2Y"]);
    expect(faces(state.deck)).toEqual(["4Y", "3Y", "1Y"]);
    expect(state.turn).toBe(2);
    expect(state.hands[1]).toHaveLength(2);
  });

  it("cuts from the middle half of the draw pile", () => {
    const s = cutter("2Y");
    expect(top(play(game, s, [[0, playFace(s, 0, "CG")]], withInts(0)).state)).toBe("3Y");
  });

  it("an exposed WITH A NUMBER is a demand on the player after the cutter", () => {
    const s = cutter("H4");
    const { state } = play(game, s, [[0, playFace(s, 0, "CG")]], withInts(1));
    expect(state.demand).toEqual({ kind: "number", number: 4 });
    expect(state.turn).toBe(2);
  });

  it("an exposed CUT skips the player after the cutter too, who cuts again", () => {
    const s = cutter("CY");
    const { state, events } = play(game, s, [[0, playFace(s, 0, "CG")]], withInts(1, 1));
    expect(eventsOf(events, "deckCut").map((e) => e.seat)).toEqual([1, 2]);
    expect(faces(state.discard)).toEqual(["2G", "CG", "CY", "3Y"]);
    expect(state.turn).toBe(0);
  });

  it("an exposed FLIP acts as if the cutter played it: the next seat flips, direction reverses, the cutter plays", () => {
    const s = cutter("FY");
    const { state, events } = play(game, s, [[0, playFace(s, 0, "CG")]], withInts(1));
    expect(eventsOf(events, "deckFlipped")).toEqual([{ type: "deckFlipped", seat: 2, card: "4Y.a", direction: -1 }]);
    expect(state.direction).toBe(-1);
    expect(state.turn).toBe(1);
    expect(faces(state.deck)).toEqual(["FY", "CG", "2G"]);
  });

  it("an exposed WITH A HAND opens the race: the cutter must call, the player after plays next", () => {
    const s = cutter("HH");
    const { state } = play(game, s, [[0, playFace(s, 0, "CG")]], withInts(1));
    expect(state.phase).toBe("race");
    expect(state.race).toMatchObject({ cause: 1, how: "cut", next: 2, call: "pending" });
  });

  it("with two players, the CUT player plays again", () => {
    const s = cutter("2Y", 2);
    expect(play(game, s, [[0, playFace(s, 0, "CG")]], withInts(1)).state.turn).toBe(0);
  });

  it("an empty draw pile is refilled first; with nothing at all to cut, it only skips", () => {
    const s = scenario({ hands: ["CG 5B", "1B", "1R"], discard: "2G", fill: false });
    const { state, events } = play(game, s, [[0, playFace(s, 0, "CG")]]);
    expect(eventsOf(events, "deckReshuffled")).toHaveLength(1);
    expect(faces(state.discard)).toEqual(["CG", "2G"]);
    const dry = scenario({ hands: ["CG 5B", "1B", "1R"], discard: "", fill: false });
    const r = play(game, dry, [[0, playFace(dry, 0, "CG")]]);
    expect(eventsOf(r.events, "deckCut")).toEqual([{ type: "deckCut", seat: 1, card: null }]);
    expect(r.state.turn).toBe(2);
  });
});

describe("FLIP THE DECK", () => {
  // Discard 1G 2G; draw pile top first 5Y 4Y 3B: after the flip 3B (its bottom) is on top.
  const flipper = (deck = "5Y 4Y 3B", seats = 3) =>
    scenario({ hands: ["FG 3R 5B", ...Array.from({ length: seats - 1 }, () => "1B 1R")], discard: "1G 2G", deck, fill: false });

  it("swaps the piles, each turned over; the direction reverses; the FLIP player plays again", () => {
    const s = flipper();
    const { state, events } = play(game, s, [[0, playFace(s, 0, "FG")]]);
    expect(faces(state.discard)).toEqual(["5Y", "4Y", "3B"]);
    expect(faces(state.deck)).toEqual(["FG", "2G", "1G"]);
    expect(state.deck[state.deck.length - 1]).toBe(s.discard[0]);
    expect(state.faceUp).toBe(1);
    expect(eventsOf(events, "deckFlipped")).toEqual([{ type: "deckFlipped", seat: 1, card: "3B.a", direction: -1 }]);
    expect(state.direction).toBe(-1);
    expect(state.turn).toBe(0);
  });

  it("the FLIP player follows the exposed card, then play goes the other way", () => {
    const s = flipper();
    const flipped = play(game, s, [[0, playFace(s, 0, "FG")]]).state;
    expect(game.legalActions(flipped, 0).flatMap((a) => (a.type === "play" ? [faceOf(a.card)] : []))).toEqual(["3R", "5B"]);
    expect(play(game, flipped, [[0, playFace(flipped, 0, "3R")]]).state.turn).toBe(2);
  });

  it("an exposed WITH A COLOR is a demand on the FLIP player", () => {
    const { state } = play(game, flipper("5Y 4Y HR"), [[0, { type: "play", card: "FG" }]]);
    expect(state.demand).toEqual({ kind: "colour", colour: "R" });
    expect(state.turn).toBe(0);
  });

  it("a FLIP exposed by FLIP is buried in that pile and the card under it exposed", () => {
    const s = flipper("5Y 4Y 3B FR");
    const { state, events } = play(game, s, [[0, playFace(s, 0, "FG")]]);
    expect(eventsOf(events, "cardBuried")).toEqual([{ type: "cardBuried", card: "FR", pile: "discard", exposed: "3B.a" }]);
    expect(top(state)).toBe("3B");
    expect(faces(state.discard).sort()).toEqual(["3B", "4Y", "5Y", "FR"]);
    expect(state.direction).toBe(-1);
    expect(state.turn).toBe(0);
  });

  it("buries several FLIPs in a row; a pile of nothing but FLIPs stays as it is", () => {
    const s = flipper("5Y FB FR");
    const { state } = play(game, s, [[0, playFace(s, 0, "FG")]]);
    expect(top(state)).toBe("5Y");
    const only = flipper("FB FR");
    const r = play(game, only, [[0, playFace(only, 0, "FG")]]);
    expect(top(r.state)).toBe("FR");
    expect(r.state.turn).toBe(0);
  });

  it("an exposed WITH A HAND opens the race: the seat that flipped calls, the FLIP player plays after", () => {
    const { state } = play(game, flipper("5Y 4Y HH"), [[0, { type: "play", card: "FG" }]]);
    expect(state.race).toMatchObject({ cause: 1, how: "flipped", next: 0 });
  });

  it("an exposed CUT acts as if the flipper played it: the FLIP player is skipped and cuts", () => {
    const s = flipper("5Y 4Y 3Y 2Y CY");
    // The new draw pile is the old discard pile turned over: FG 2G 1G; the cut takes 2G.
    const { state, events } = play(game, s, [[0, playFace(s, 0, "FG")]], withInts(1));
    expect(eventsOf(events, "deckCut")).toEqual([{ type: "deckCut", seat: 0, card: "2G.a" }]);
    expect(state.turn).toBe(2);
  });

  it("with two players, the FLIP player plays again", () => {
    const s = flipper("5Y 4Y 3B", 2);
    const { state, events } = play(game, s, [[0, playFace(s, 0, "FG")]]);
    expect(eventsOf(events, "deckFlipped")[0]?.seat).toBe(1);
    expect(state.turn).toBe(0);
  });

  it("an empty draw pile is refilled by the reshuffle before the flip", () => {
    const s = scenario({ hands: ["FG 5B", "1B", "1R"], discard: "1G 2G", fill: false });
    const { state, events } = play(game, s, [[0, playFace(s, 0, "FG")]]);
    expect(eventsOf(events, "deckReshuffled")).toHaveLength(1);
    expect(faces(state.deck)).toEqual(["FG"]);
    expect(faces(state.discard).sort()).toEqual(["1G", "2G"]);
    expect(state.turn).toBe(0);
  });

  it("with nothing at all to flip, only the direction reverses and the FLIP player plays again", () => {
    const s = scenario({ hands: ["FG 5B", "1B", "1R"], discard: "", fill: false });
    const { state, events } = play(game, s, [[0, playFace(s, 0, "FG")]], ctxAt());
    expect(eventsOf(events, "deckFlipped")).toEqual([{ type: "deckFlipped", seat: 1, card: null, direction: -1 }]);
    expect(faces(state.discard)).toEqual(["FG"]);
    expect(state.turn).toBe(0);
  });
});
