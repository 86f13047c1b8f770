import { describe, expect, it } from "vitest";
import { cards } from "../../cards.ts";
import { ALL_CARDS, cardValue, gameDeck } from "./cards.ts";
import { chooseDiscard, handValue, isDevilsScat, isScat, isSuitedRun } from "./hand-value.ts";

const v = (hand: string): number => handValue(cards(hand));

describe("cards", () => {
  it("has 45 cards of 5 suits (H S G W X) and 9 ranks 6..A", () => {
    expect(ALL_CARDS).toHaveLength(45);
    expect(new Set(ALL_CARDS).size).toBe(45);
    expect(ALL_CARDS).toContain("10G");
    expect(ALL_CARDS).toContain("AX");
    expect(ALL_CARDS).not.toContain("5H");
    expect(gameDeck(["H", "S", "G", "W"])).toHaveLength(36);
  });

  it("values aces 11, faces 10, numbers face value", () => {
    expect(cards("AH KS QG JW 10X 9H 6S").map(cardValue)).toEqual([11, 10, 10, 10, 10, 9, 6]);
  });
});

describe("hand value (docs/rules/devils-scat.md, Values)", () => {
  it("is the largest same-suit total", () => {
    expect(v("10H QH KH")).toBe(30);
    expect(v("AH KS QG")).toBe(11);
    expect(v("AH 9H 6S")).toBe(20);
    expect(v("7S 6S AH")).toBe(13);
  });

  it("is exactly 31 for an ace and two ten-value cards of one suit: a Scat", () => {
    expect(v("AG KG QG")).toBe(31);
    expect(isScat(cards("AG 10G JG"))).toBe(true);
    expect(isScat(cards("AG 10G JS"))).toBe(false);
  });

  it("is 29.5 for three suited number cards in a row", () => {
    expect(v("6H 7H 8H")).toBe(29.5);
    expect(v("9W 7W 8W")).toBe(29.5);
    expect(v("8X 9X 10X")).toBe(29.5);
    expect(isScat(cards("8X 9X 10X"))).toBe(false);
  });

  it("never counts face cards or aces as numbers in a run", () => {
    expect(isSuitedRun(cards("9S 10S JS"))).toBe(false);
    expect(v("9S 10S JS")).toBe(29);
    expect(v("QH KH AH")).toBe(31);
    expect(isSuitedRun(cards("QH KH AH"))).toBe(false);
  });

  it("needs one suit and consecutive ranks for a run", () => {
    expect(v("6H 7H 8S")).toBe(13);
    expect(v("6H 8H 10H")).toBe(24);
  });

  it("is 30.5 for three of a kind", () => {
    expect(v("7H 7S 7G")).toBe(30.5);
    expect(v("AH AS AG")).toBe(30.5);
    expect(isScat(cards("AH AS AG"))).toBe(false);
  });

  it("is 30.5 for three 6s, the Devil's Scat, which counts as a Scat", () => {
    expect(v("6H 6S 6X")).toBe(30.5);
    expect(isDevilsScat(cards("6H 6S 6X"))).toBe(true);
    expect(isScat(cards("6H 6S 6X"))).toBe(true);
    expect(isDevilsScat(cards("7H 7S 7X"))).toBe(false);
  });
});

describe("chooseDiscard (default discard)", () => {
  it("keeps the best hand value", () => {
    expect(chooseDiscard(cards("AH KH 6S QH"), null, null)).toBe("6S");
  });

  it("discards the lowest-value card among those keeping the best value", () => {
    expect(chooseDiscard(cards("KH QH 7S 6G"), null, null)).toBe("6G");
  });

  it("never discards the card taken from the discard pile", () => {
    expect(chooseDiscard(cards("KH QH 7S 6G"), "6G", null)).toBe("7S");
  });

  it("among equal cards keeps the favored suit", () => {
    expect(chooseDiscard(cards("KH QH 7S 7G"), null, "S")).toBe("7G");
    expect(chooseDiscard(cards("KH QH 7S 7G"), null, "G")).toBe("7S");
  });
});
