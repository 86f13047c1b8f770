/**
 * Scatterbrain bots' memory fits their strength (recall.ts): easy remembers about a quarter of the
 * others' face-up cards, normal about 0.6, strong all; a guess reads only what is remembered, so a
 * hole card seen face up and then forgotten is not named with certainty.
 */
import { describe, expect, it } from "vitest";
import { createRng } from "../rng.ts";
import { guessableCards } from "../games/scatterbrain/legal.ts";
import { memoryOf } from "../games/scatterbrain/memory.ts";
import { scenario } from "../games/scatterbrain/test-support.ts";
import type { ScatterbrainState } from "../games/scatterbrain/state.ts";
import { botMove } from "./index.ts";
import { RECALL, recallOf } from "./recall.ts";
import { BOT_STRENGTHS } from "./strength.ts";

/** Seat 0 has called and guesses; seat 1 kept only one dealt card (AS), so AS is its hole card: a full memory knows it. */
const guessing = (hand: number): ScatterbrainState => ({
  ...scenario({
    hands: ["2H 3C 4S 5D 6H 8D", "10H JC QS KD 2C 3D", "4H 5C 6S 7D 8H 9D", "JH QC KS AD 2D 5S"],
    holes: ["7C", "AS", "10S", "4D"],
    dealt: ["2H 3C 4S 5D 6H 8D 7C", "AS 5H 10D 7H 9H 10C JS", "4H 5C 6S 7D 8H 9D 10S", "JH QC KS AD 2D 3S 4D"],
    taken: ["", "", "", "5S"],
    discard: "QH 8S 5H 10D 7H 9H 10C JS 3S",
    called: ["plain", null, null, null],
  }),
  hand,
});

const HANDS = 200;

describe("Scatterbrain: a bot's memory fits its strength", () => {
  it("a full memory names seat 1's hole card AS with certainty", () => {
    const s = guessing(1);
    expect(memoryOf(s, 0, guessableCards(s, 0)).belief(1, "AS")).toEqual({ hand: 0, hole: 1 });
  });

  for (const strength of BOT_STRENGTHS) {
    it(`${strength}: remembers about ${RECALL[strength]} of the face-up cards and names AS only when it remembers it`, () => {
      let remembered = 0;
      let named = 0;
      let namedForgotten = 0;
      for (let hand = 1; hand <= HANDS; hand++) {
        const s = guessing(hand);
        const knows = recallOf(s, 0, RECALL[strength])("AS");
        if (knows) remembered++;
        const move = botMove("scatterbrain", s, 0, createRng(`guess:${hand}`), strength) as { type: string; card?: string };
        expect(move.type).toBe("guess");
        if (move.card === "AS") {
          named++;
          if (!knows) namedForgotten++;
        }
        if (!knows) {
          // Forgotten: one of the cards it cannot place, far from certain.
          expect(memoryOf(s, 0, guessableCards(s, 0), recallOf(s, 0, RECALL[strength])).belief(1, "AS").hole).toBeLessThan(0.1);
        }
      }
      const share = remembered / HANDS;
      expect(Math.abs(share - RECALL[strength])).toBeLessThan(0.1);
      if (strength === "strong") expect(named).toBe(HANDS);
      // Easy blunders into a random guess now and then (one card of ~40); normal never names a forgotten AS.
      if (strength === "normal") expect(namedForgotten).toBe(0);
      if (strength === "easy") expect(namedForgotten).toBeLessThan(0.05 * (HANDS - remembered));
      if (strength !== "strong") expect(named / HANDS).toBeLessThan(RECALL[strength] + 0.1);
    });
  }

  it("forgets the same cards all hand long, and what easy remembers normal remembers too", () => {
    const s = guessing(7);
    const later: ScatterbrainState = { ...s, version: s.version + 9, misses: ["JD"] };
    const cards = s.ledger.map((e) => e.card);
    const easy = recallOf(s, 0, RECALL.easy);
    const normal = recallOf(s, 0, RECALL.normal);
    expect(cards.map(recallOf(later, 0, RECALL.easy))).toEqual(cards.map(easy));
    for (const c of cards) if (easy(c)) expect(normal(c)).toBe(true);
  });
});
