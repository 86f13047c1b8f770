/**
 * WITH A NUMBER and WITH A COLOR: the demand passes around the table until met
 * (docs/rules/hit-the-deck.md, "Demands").
 */
import { describe, expect, it } from "vitest";
import { eventsOf, play, refusal } from "../../testkit/scenario.ts";
import { faceOf, faces } from "./cards.ts";
import { hitTheDeck as game } from "./index.ts";
import { playFace, scenario } from "./test-support.ts";

const plays = (s: ReturnType<typeof scenario>, seat: number) =>
  game
    .legalActions(s, seat)
    .flatMap((a) => (a.type === "play" ? [faceOf(a.card)] : [a.type]))
    .sort();

describe("WITH A NUMBER", () => {
  const s = scenario({ hands: ["H4 1R", "4B 4G H3 HH 2G", "1Y 2Y", "5R"], discard: "2G", deck: "5Y 4R 3R" });

  it("sets a demand on the next player", () => {
    const { state, events } = play(game, s, [[0, playFace(s, 0, "H4")]]);
    expect(state.demand).toEqual({ kind: "number", number: 4 });
    expect(eventsOf(events, "demandSet")).toEqual([{ type: "demandSet", demand: { kind: "number", number: 4 } }]);
    expect(eventsOf(events, "turnStarted")[0]?.demand).toEqual({ kind: "number", number: 4 });
  });

  it("only that number meets it; HIT THE DECK cards and colour matches do not", () => {
    const after = play(game, s, [[0, playFace(s, 0, "H4")]]).state;
    expect(plays(after, 1)).toEqual(["4B", "4G", "slap"]);
    expect(refusal(game, after, 1, playFace(after, 1, "HH"))?.code).toBe("must-meet-demand");
    expect(refusal(game, after, 1, playFace(after, 1, "2G"))?.code).toBe("must-meet-demand");
  });

  it("passes around: who cannot meet it draws one (played if it meets it), then the next must", () => {
    const { state, events } = play(game, s, [
      [0, playFace(s, 0, "H4")],
      [1, playFace(s, 1, "4B")],
    ]);
    expect(state.demand).toBeNull();
    expect(eventsOf(events, "demandMet")).toEqual([{ type: "demandMet", seat: 1, card: "4B.a" }]);
    // Seat 2 cannot meet a demand for 4: draws 5Y, keeps it; seat 3 draws 4R and plays it.
    const again = play(game, s, [[0, playFace(s, 0, "H4")]]).state;
    const passed = play(game, { ...again, turn: 2 }, [[2, { type: "draw" }]]).state;
    expect(passed.demand).toEqual({ kind: "number", number: 4 });
    expect(passed.turn).toBe(3);
    expect(faces(passed.hands[2] ?? []).sort()).toEqual(["1Y", "2Y", "5Y"]);
    const met = play(game, passed, [[3, { type: "draw" }]]).state;
    expect(faceOf(met.discard[met.discard.length - 1] as string)).toBe("4R");
    expect(met.demand).toBeNull();
    expect(met.turn).toBe(0);
  });

  it("after it is met, normal matching resumes on the card that met it", () => {
    const met = play(game, s, [
      [0, playFace(s, 0, "H4")],
      [1, playFace(s, 1, "4B")],
    ]).state;
    expect(faceOf(met.discard[met.discard.length - 1] as string)).toBe("4B");
    expect(plays(met, 2)).toEqual(["draw", "slap"]);
  });
});

describe("WITH A COLOR", () => {
  const s = scenario({ hands: ["HY 1R", "CY 2R H2", "FY 3Y"], discard: "2G", deck: "1B 2B 3B 4B", fill: false });

  it("demands the colour: any card of it, CUT and FLIP included, but no HIT THE DECK card", () => {
    const after = play(game, s, [[0, playFace(s, 0, "HY")]]).state;
    expect(after.demand).toEqual({ kind: "colour", colour: "Y" });
    expect(plays(after, 1)).toEqual(["CY", "slap"]);
    expect(refusal(game, after, 1, playFace(after, 1, "H2"))?.code).toBe("must-meet-demand");
  });

  it("a CUT of the colour meets it and then cuts", () => {
    const { state, events } = play(game, s, [
      [0, playFace(s, 0, "HY")],
      [1, playFace(s, 1, "CY")],
    ]);
    expect(eventsOf(events, "demandMet")).toEqual([{ type: "demandMet", seat: 1, card: "CY.a" }]);
    expect(eventsOf(events, "deckCut")).toEqual([{ type: "deckCut", seat: 2, card: "2B.a" }]);
    expect(state.demand).toBeNull();
    expect(state.turn).toBe(0);
  });
});
