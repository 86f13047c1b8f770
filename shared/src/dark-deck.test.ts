import { describe, expect, it } from "vitest";
import { rankOrdinal, splitCard, standardDeck } from "./cards.ts";
import { byDark, byLight, darkDeck, darkPairs, face, faces } from "./dark-deck.ts";

/** Skit: three of one suit in rank order, Ace low (A-2-3) or high (Q-K-A), never wrapping. */
function isSkit(cs: string[]): boolean {
  const parsed = cs.map(splitCard);
  if (new Set(parsed.map((c) => c.suit)).size !== 1) return false;
  const low = parsed.map((c) => rankOrdinal(c.rank)).sort((a, b) => a - b);
  const high = parsed.map((c) => (c.rank === "A" ? 14 : rankOrdinal(c.rank))).sort((a, b) => a - b);
  const run = (r: number[]) => r[1] === r[0]! + 1 && r[2] === r[1]! + 1;
  return run(low) || run(high);
}
const isScat = (cs: string[]) => new Set(cs.map((c) => splitCard(c).rank)).size === 1;

describe("the Dark deck (docs/rules/common.md, data/dark-deck.json)", () => {
  const pairs = darkPairs();
  it("has 52 cards whose Light faces and Dark faces are each a full standard deck", () => {
    expect(pairs.length).toBe(52);
    expect(new Set(pairs.map((p) => p.light))).toEqual(new Set(standardDeck()));
    expect(new Set(pairs.map((p) => p.dark))).toEqual(new Set(standardDeck()));
  });
  it("never shows the same suit on both faces", () => {
    for (const p of pairs) expect(splitCard(p.light).suit, `${p.light}/${p.dark}`).not.toBe(splitCard(p.dark).suit);
  });
  it("backs Aces with Aces and every 8..K with a 2..7", () => {
    const high = ["8", "9", "10", "J", "Q", "K"];
    const low = ["2", "3", "4", "5", "6", "7"];
    for (const p of pairs) {
      const [l, d] = [splitCard(p.light).rank, splitCard(p.dark).rank];
      expect(l === "A", `${p.light}/${p.dark}`).toBe(d === "A");
      if (high.includes(l)) expect(low, `${p.light}/${p.dark}`).toContain(d);
      if (high.includes(d)) expect(low, `${p.light}/${p.dark}`).toContain(l);
    }
  });
  // Read as: a Skit never backs a Skit and a Scat never backs a Scat (a light Skit 2D 3D 4D
  // does back the dark Scat JC JS JH in the data, so the kinds are compared like for like).
  it("never maps a Skit onto a Skit or a Scat onto a Scat of the other face (Aces excepted)", () => {
    const ids = darkDeck();
    let checked = 0;
    for (let i = 0; i < ids.length; i++)
      for (let j = i + 1; j < ids.length; j++)
        for (let k = j + 1; k < ids.length; k++) {
          const triple = [ids[i]!, ids[j]!, ids[k]!];
          const light = triple.map((c) => face(c, "light"));
          const dark = triple.map((c) => face(c, "dark"));
          if (light.some((c) => c.startsWith("A"))) continue;
          if (isSkit(light) || isScat(light)) checked++;
          expect(isSkit(light) && isSkit(dark), `Skit on Skit: ${triple.join(" ")}`).toBe(false);
          expect(isScat(light) && isScat(dark), `Scat on Scat: ${triple.join(" ")}`).toBe(false);
        }
    expect(checked).toBe(88); // 40 Skits and 48 Scats without an Ace
  });
  it("keeps the pairings printed in the Dark Hearts examples", () => {
    expect(byLight("4H")).toBe("4H/10D");
    expect(byLight("4D")).toBe("4D/JH");
    expect(byLight("QS")).toBe("QS/2H");
    expect(byDark("2H")).toBe("QS/2H");
    expect(faces("4H/10D")).toEqual({ light: "4H", dark: "10D" });
  });
});
