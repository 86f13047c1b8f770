/** Straights and their kinds (docs/rules/scatterbrain.md, "Straights"). */
import { describe, expect, it } from "vitest";
import { cards } from "../../cards.ts";
import { ALL_CARDS, coverage, isStraight, MULTIPLIERS, straightKind } from "./cards.ts";

describe("7-card straights", () => {
  it("are 7 consecutive ranks of mixed suits", () => {
    expect(isStraight(cards("2D 3C 4S 5H 6H 7C 8D"))).toBe(true);
    expect(isStraight(cards("9D 10C JS QH KH 8C 7D"))).toBe(true);
    expect(isStraight(cards("2D 3C 4S 5H 6H 7C 9D"))).toBe(false);
    expect(isStraight(cards("2D 3C 4S 5H 6H 7C 7D"))).toBe(false);
    expect(isStraight(cards("2D 3C 4S 5H 6H 7C"))).toBe(false);
  });

  it("take an Ace low (A..7) or high (8..A), never both", () => {
    expect(isStraight(cards("AD 2C 3S 4H 5H 6C 7D"))).toBe(true);
    expect(isStraight(cards("8D 9C 10S JH QH KC AD"))).toBe(true);
    expect(isStraight(cards("JH QH KC AD 2C 3S 4H"))).toBe(false);
    expect(isStraight(cards("QH KC AD 2C 3S 4H 5D"))).toBe(false);
  });

  it("are Top in one suit (x3), Pure in one colour (x2), plain otherwise", () => {
    expect(straightKind(cards("AH 2H 3H 4H 5H 6H 7H"))).toBe("top");
    expect(straightKind(cards("AH 2D 3H 4D 5H 6H 7H"))).toBe("pure");
    expect(straightKind(cards("8C 9S 10S JC QS KS AC"))).toBe("pure");
    expect(straightKind(cards("8C 9S 10S JC QS KS AD"))).toBe("plain");
    expect(straightKind(cards("8C 9S 10S JC QS KS KD"))).toBeNull();
    expect([MULTIPLIERS.plain, MULTIPLIERS.pure, MULTIPLIERS.top]).toEqual([1, 2, 3]);
  });

  it("uses all 52 standard cards", () => {
    expect(ALL_CARDS).toHaveLength(52);
    expect(new Set(ALL_CARDS).size).toBe(52);
  });

  it("counts distinct ranks inside a 7-rank window (an Ace counts low or high by window)", () => {
    expect(coverage(cards("AH 2C 2D 5S KD"), 1)).toBe(3);
    expect(coverage(cards("AH 2C 2D 5S KD"), 8)).toBe(2);
  });
});
