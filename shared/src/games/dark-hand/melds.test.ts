/** Skits and Scats (docs/rules/dark-hand.md, "Skit and Scat"). */
import { describe, expect, it } from "vitest";
import { cards } from "../../cards.ts";
import { completingFaces, meldIn, meldOfFaces, meldsOf, SKIT_RUNS } from "./melds.ts";

const kind = (notation: string) => meldOfFaces(cards(notation));

describe("Skit", () => {
  it("is three cards of one suit in rank order", () => {
    expect(kind("7H 8H 9H")).toBe("skit");
    expect(kind("JS 10S QS")).toBe("skit");
    expect(kind("7H 8H 9S")).toBeNull();
    expect(kind("7H 8H 10H")).toBeNull();
  });

  it("has the Ace low (A-2-3) or high (Q-K-A), never both (K-A-2)", () => {
    expect(kind("AD 2D 3D")).toBe("skit");
    expect(kind("QD KD AD")).toBe("skit");
    expect(kind("KD AD 2D")).toBeNull();
    expect(SKIT_RUNS).toHaveLength(12);
  });
});

describe("Scat", () => {
  it("is three cards of one rank", () => {
    expect(kind("9C 9D 9H")).toBe("scat");
    expect(kind("AC AS AH")).toBe("scat");
    expect(kind("9C 9D 8H")).toBeNull();
  });
});

describe("shades (Dark Hand)", () => {
  it("judges a Dark hand on its Light faces and on its Dark faces, never mixed", () => {
    // Light 4H 5H 6H is a Skit; their Dark faces 10D 9C 8S are nothing.
    const lightSkit = cards("4H/10D 5H/9C 6H/8S");
    expect(meldIn(lightSkit, "light")).toBe("skit");
    expect(meldIn(lightSkit, "dark")).toBeNull();
    // Dark 7H 7S 7C is a Scat; their Light faces 10D JD 8S are nothing.
    const darkScat = cards("10D/7H JD/7S 8S/7C");
    expect(meldsOf(darkScat, ["light", "dark"])).toEqual([{ kind: "scat", shade: "dark" }]);
    // Light 4H, Light 5H and Dark 6H may not be combined.
    expect(meldsOf(cards("4H/10D 5H/9C QD/6H"), ["light", "dark"])).toEqual([]);
  });

  it("sees Aces back Aces, so an Ace Scat is one in both shades", () => {
    expect(meldsOf(cards("AC/AH AD/AC AH/AS"), ["light", "dark"])).toEqual([
      { kind: "scat", shade: "light" },
      { kind: "scat", shade: "dark" },
    ]);
  });

  it("judges a standard card (Skit Scat) as itself", () => {
    expect(meldIn(cards("7H 8H 9H"), "light")).toBe("skit");
  });
});

describe("completing faces (the bot's outs)", () => {
  it("lists the other suits of a pair and the missing ranks of suited runs", () => {
    expect([...completingFaces(cards("9C 9D 2S"))].sort()).toEqual(cards("9H 9S"));
    expect([...completingFaces(cards("5H 6H KS"))].sort()).toEqual(cards("4H 7H"));
    expect([...completingFaces(cards("AH 2H 9S"))]).toEqual(cards("3H"));
    expect([...completingFaces(cards("AH KH 9S"))]).toEqual(cards("QH"));
    expect([...completingFaces(cards("2C 7D QS"))]).toEqual([]);
  });
});
