/** The 110-card deck and its notation (docs/rules/hit-the-deck.md, "The cards"). */
import { describe, expect, it } from "vitest";
import { ALL_CARDS, card, faceCounts, faceOf, faces, handPoints, isCard, isHitCard } from "./cards.ts";

const countOf = (face: string) => ALL_CARDS.filter((c) => faceOf(c) === face).length;

describe("the deck", () => {
  it("has 110 distinct cards", () => {
    expect(ALL_CARDS).toHaveLength(110);
    expect(new Set(ALL_CARDS).size).toBe(110);
    expect(faceCounts().reduce((n, [, k]) => n + k, 0)).toBe(110);
  });

  it("has per colour four each of 1..5, two CUT, one FLIP", () => {
    for (const c of ["R", "Y", "G", "B"]) {
      for (const n of [1, 2, 3, 4, 5]) expect(countOf(`${n}${c}`)).toBe(4);
      expect(countOf(`C${c}`)).toBe(2);
      expect(countOf(`F${c}`)).toBe(1);
    }
  });

  it("has ten WITH A NUMBER (two each of 1..5), four WITH A COLOR, four WITH A HAND", () => {
    for (const n of [1, 2, 3, 4, 5]) expect(countOf(`H${n}`)).toBe(2);
    for (const c of ["R", "Y", "G", "B"]) expect(countOf(`H${c}`)).toBe(1);
    expect(countOf("HH")).toBe(4);
  });
});

describe("notation", () => {
  it("writes copies with a letter and single cards as their face", () => {
    expect(ALL_CARDS.slice(0, 4)).toEqual(["1R.a", "1R.b", "1R.c", "1R.d"]);
    expect(ALL_CARDS).toContain("FG");
    expect(ALL_CARDS).toContain("HB");
    expect(ALL_CARDS).toContain("CY.b");
    expect(ALL_CARDS).toContain("H3.b");
    expect(ALL_CARDS).toContain("HH.d");
    expect(faces(["3R.c", "FG", "HH.a"])).toEqual(["3R", "FG", "HH"]);
  });

  it("parses every kind, colour by letter", () => {
    expect(card("3R.a")).toMatchObject({ kind: "number", colour: "R", number: 3, points: 3 });
    expect(card("CB.b")).toMatchObject({ kind: "cut", colour: "B", number: null, points: 10 });
    expect(card("FY")).toMatchObject({ kind: "flip", colour: "Y", points: 10 });
    expect(card("H4.a")).toMatchObject({ kind: "hitNumber", colour: null, number: 4, points: 10 });
    expect(card("HG")).toMatchObject({ kind: "hitColour", colour: null, demandColour: "G", points: 10 });
    expect(card("HH.c")).toMatchObject({ kind: "hitHand", colour: null, points: 10 });
    expect(isHitCard("HG")).toBe(true);
    expect(isHitCard("CB.a")).toBe(false);
  });

  it("knows its own ids and refuses others", () => {
    expect(isCard("5B.d")).toBe(true);
    for (const bad of ["6R.a", "3R.e", "3R", "FR.a", "HX", "AH"]) expect(isCard(bad)).toBe(false);
    expect(() => card("AH")).toThrow(/not a Hit the Deck card/);
  });

  it("scores numbers at face value and every other card 10 (docs/rules/hit-the-deck.md, Ending the hand)", () => {
    expect(handPoints(["1R.a", "5G.b", "CR.a", "FB", "H2.a", "HY", "HH.a"])).toBe(1 + 5 + 50);
  });
});
