/**
 * docs/rules/<game>.md shows the same rules the product's rules panel shows: its title, goal,
 * every section heading, every paragraph and every example caption of `rules/<game>.ts`, word for
 * word (the page then adds its "Fine points"). Change one, change the other.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { darkHandRules } from "./dark-hand.ts";
import { darkHeartsRules } from "./dark-hearts.ts";
import { devilsScatRules } from "./devils-scat.ts";
import { hitTheDeckRules } from "./hit-the-deck.ts";
import { scatterbrainRules } from "./scatterbrain.ts";
import { skitScatRules } from "./skit-scat.ts";
import type { GameRules } from "./types.ts";

const PAGES: ReadonlyArray<readonly [string, GameRules]> = [
  ["devils-scat.md", devilsScatRules],
  ["skit-scat.md", skitScatRules],
  ["dark-hand.md", darkHandRules],
  ["dark-hearts.md", darkHeartsRules],
  ["scatterbrain.md", scatterbrainRules],
  ["hit-the-deck.md", hitTheDeckRules],
];

/** What of the panel's text the page lacks, one line each. */
export function missingFromPage(page: string, rules: GameRules): string[] {
  const lines = new Set(page.split("\n").map((l) => l.trim()));
  const want = [`# ${rules.title}`, `**Goal:** ${rules.goal}`];
  for (const s of rules.sections) {
    want.push(`## ${s.heading}`, ...s.text);
    for (const e of s.examples ?? []) want.push(`- \`${e.cards.join(" ")}\`${e.shade ? ` (${e.shade} faces)` : ""}: ${e.caption}`);
  }
  return want.filter((w) => !lines.has(w));
}

describe("docs/rules pages and the rules panel", () => {
  for (const [file, rules] of PAGES) {
    it(`docs/rules/${file} carries the panel's ${rules.title} word for word`, () => {
      const page = readFileSync(join(import.meta.dirname, "..", "..", "..", "docs", "rules", file), "utf8");
      expect(missingFromPage(page, rules)).toEqual([]);
    });
  }

  it("sees a changed paragraph", () => {
    const rules: GameRules = { ...devilsScatRules, sections: [{ heading: "A", text: ["One.", "Two."] }] };
    expect(missingFromPage(`# ${rules.title}\n**Goal:** ${rules.goal}\n## A\nOne.\nTwo!\n`, rules)).toEqual(["Two."]);
  });
});
