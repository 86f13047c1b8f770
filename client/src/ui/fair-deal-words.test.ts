import { describe, expect, it } from "vitest";
import { fairDealWords } from "./fair-deal-words.ts";

const mine = "0123456789abcdef0123456789abcdef";

describe("the deal-verified note in words", () => {
  it("a value that came too late is explained calmly, not shown as an alarm or a raw value", () => {
    const text = fairDealWords({ ok: true }, mine, true);
    expect(text).toMatch(/^✓ Deal verified/);
    expect(text).not.toContain("⚠");
    expect(text).not.toContain(mine);
    expect(text).toContain("reached the table too late");
    expect(text).toContain("still the one sealed beforehand");
  });

  it("says plainly when everything is in order", () => {
    expect(fairDealWords({ ok: true }, mine, false)).toBe(
      "✓ Deal verified: the shuffle was sealed before the cards were dealt, includes your random value 01234567…, and every move checks out.",
    );
    expect(fairDealWords({ ok: true }, null, false)).toBe(
      "✓ Deal verified: the shuffle was sealed before the cards were dealt, and every move checks out.",
    );
    expect(fairDealWords({ ok: false, reason: "the seed does not match" }, mine, false)).toBe(
      "✗ Deal NOT verified: the seed does not match",
    );
  });
});
