/**
 * The name rules on their own (server/src/names/): what is refused and why, what is normalised,
 * which scripts may mix, and which names share a confusable key. The HTTP and table paths that
 * use them are in names-api.test.ts.
 */
import { describe, expect, it } from "vitest";
import { checkScripts } from "../../src/names/scripts.ts";
import { nameKey, skeleton } from "../../src/names/skeleton.ts";
import { checkDisplayName, MAX_LENGTH } from "../../src/names/validate.ts";
import { SPOOFS } from "./spoofs.ts";

describe("display-name rules", () => {
  it.each(SPOOFS)("refuses %s with a reason", (_what, name, reason) => {
    const c = checkDisplayName(name);
    expect(c.ok).toBe(false);
    if (!c.ok) expect(c.reason).toMatch(reason);
  });

  it.each([
    ["  Ada  ", "Ada"],
    ["Ada   Lovelace", "Ada Lovelace"],
    ["\uff21\uff22\uff23", "ABC"], // fullwidth letters: NFKC
    ["Ann\u00a0Lee", "Ann Lee"], // a no-break space becomes a plain one
    ["Zoe\u0308", "Zo\u00eb"], // composed
    ["Иван", "Иван"],
    ["Ελένη", "Ελένη"],
    ["محمد", "محمد"],
    ["山田太郎", "山田太郎"],
    ["やまだ Taro", "やまだ Taro"], // Japanese mixes with Latin (TR 39 Highly Restrictive)
    ["김 Kim", "김 Kim"],
    ["\u0915\u093c\u0940\u0902", "\u0915\u093c\u0940\u0902"], // three marks on one Devanagari letter
    ["\u2764\ufe0f Ann", "\u2764\ufe0f Ann"], // an emoji's variation selector
    ["Dr. Who? #1", "Dr. Who? #1"],
    ["x".repeat(MAX_LENGTH), "x".repeat(MAX_LENGTH)],
  ])("accepts %j as %j", (raw, normal) => {
    expect(checkDisplayName(raw)).toEqual({ ok: true, name: normal });
  });

  it("lets Common and Inherited characters go with any one script, and only the TR 39 mixes", () => {
    expect(checkScripts("Ann 2024 ★").ok).toBe(true);
    expect(checkScripts("Иван 2024 ★").ok).toBe(true);
    expect(checkScripts("漢字かなカナ abc").ok).toBe(true);
    expect(checkScripts("ㄅㄆ 漢 abc").ok).toBe(true);
    expect(checkScripts("Ivan Иван")).toEqual({ ok: false, scripts: ["Latin", "Cyrillic"] });
    expect(checkScripts("Ελένη Ann").ok).toBe(false);
    expect(checkScripts("かな 김").ok).toBe(false); // Japanese kana with Hangul is no TR 39 mix
  });

  it("gives look-alikes one key and different names different keys", () => {
    expect(skeleton("\u0412oo\u0455ter")).toBe("Booster");
    const booster = nameKey("Booster");
    for (const alike of [
      "\u0412oo\u0455ter",
      "B00ster",
      "BOOSTER",
      "booster",
      "\u0392\u03bf\u03bfster",
      "\ua4d0\ua4f3\ua4f3\ua4e2\ua4d4\ua4f0\ua4e3",
    ])
      expect(nameKey(alike)).toBe(booster);
    expect(nameKey("BiII")).toBe(nameKey("Bill")); // capital I and small l
    expect(nameKey("rnary")).toBe(nameKey("mary"));
    for (const other of ["Boaster", "Booster2", "Bo oster"]) expect(nameKey(other)).not.toBe(booster);
    expect(nameKey("Bo\u200boster")).toBe(booster); // default ignorables are dropped
  });

  it("never throws, and a name it accepts is accepted again unchanged (random text)", () => {
    let seed = 24;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    // Mostly letters of a few scripts, with marks, spaces, controls, formats and surrogate halves mixed in.
    const pools = [
      [0x41, 0x7a],
      [0x400, 0x4ff],
      [0x370, 0x3ff],
      [0x300, 0x36f],
      [0x3040, 0x30ff],
      [0x4e00, 0x4e80],
      [0x0, 0x20],
      [0x2000, 0x206f],
      [0xd800, 0xdfff],
      [0x1f300, 0x1f64f],
      [0x20, 0x20],
    ] as const;
    let accepted = 0;
    for (let i = 0; i < 3000; i++) {
      let raw = "";
      const len = 1 + Math.floor(next() * 12);
      for (let j = 0; j < len; j++) {
        const [lo, hi] = pools[Math.floor(next() * pools.length)]!;
        raw += String.fromCodePoint(lo + Math.floor(next() * (hi - lo + 1)));
      }
      const c = checkDisplayName(raw);
      if (!c.ok) continue;
      accepted++;
      expect(checkDisplayName(c.name), JSON.stringify(raw)).toEqual(c);
      expect(c.name, JSON.stringify(raw)).not.toMatch(/[\p{Cc}\p{Cf}\p{Cs}]/u);
    }
    expect(accepted).toBeGreaterThan(100);
  });
});
