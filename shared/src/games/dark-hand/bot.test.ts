/** The bots of both games: sensible play only from legal actions, shade chasing and calls. */
import { describe, expect, it } from "vitest";
import { createRng } from "../../rng.ts";
import { play } from "../../testkit/scenario.ts";
import { darkHand, skitScat } from "./index.ts";
import { scenario, turnOf } from "./test-support.ts";

const rng = createRng("bot-test");
const JUNK = "7D/8C 8D/3S 10H/6C";

describe("Skit Scat bot", () => {
  it("takes the top discard when it completes a Scat, and draws blind when the discard does not help", () => {
    expect(skitScat.bot(scenario({ hands: ["9S 9D 2C", "7H 8H KC"], discard: "9C" }), 0, rng)).toEqual({ type: "drawDiscard" });
    expect(skitScat.bot(scenario({ hands: ["9S 9D 2C", "7H 8H KC"], discard: "KH" }), 0, rng)).toEqual({ type: "drawDeck" });
  });

  it("discards the card that keeps the best hand, then declares", () => {
    const drawn = play(skitScat, scenario({ hands: ["9S 9D 2C", "7H 8H KC"], deck: "9C" }), [[0, { type: "drawDeck" }]]).state;
    expect(skitScat.bot(drawn, 0, rng)).toEqual({ type: "discard", card: "2C" });
    const ready = play(skitScat, drawn, [[0, { type: "discard", card: "2C" }]]).state;
    expect(skitScat.bot(ready, 0, rng)).toEqual({ type: "declare" });
  });

  it("keeps a suited run over an unsuited pair-less hand", () => {
    const drawn = play(skitScat, scenario({ hands: ["7H 8H KC", "9S 9D 2C"], deck: "3S" }), [[0, { type: "drawDeck" }]]).state;
    expect(["KC", "3S"]).toContain((skitScat.bot(drawn, 0, rng) as { card: string }).card);
  });

  it("continues after a hand and has nothing to do out of turn", () => {
    const s = scenario({ hands: ["9S 9D 2C", "7H 8H KC"], deck: "9C" });
    expect(skitScat.bot(s, 1, rng)).toBeNull();
    const over = play(skitScat, s, turnOf(0, "deck", "2C", "declare")).state;
    expect(skitScat.bot(over, 1, rng)).toEqual({ type: "continue" });
  });
});

describe("Dark Hand bot: chasing a shade", () => {
  it("keeps the shade with the most outs", () => {
    // Light 9C 9D 10C: four outs (9H 9S 8C JC); the Dark 9H of 6C/9H adds nothing there.
    const s = scenario({ hands: ["9C/2S 9D/5C 10C/4D", "4H/10D 5H/9C QS/2H"], deck: "6C/9H" });
    const drawn = play(darkHand, s, [[0, { type: "drawDeck" }]]).state;
    expect(darkHand.bot(drawn, 0, rng)).toEqual({ type: "discard", card: "6C/9H" });
  });

  it("as a caller, chases only the called shade", () => {
    // Called Dark: Dark 8H 9H is its hope, the Light pair of 9s is worth nothing to it.
    const s = scenario({ hands: ["9C/2S 9D/5C 5C/8H", "4H/10D 5H/9C QS/2H"], deck: "6C/9H", tokens: [4, 5], jokers: { dark: 0 } });
    const drawn = play(darkHand, s, [[0, { type: "drawDeck" }]]).state;
    expect(["9C/2S", "9D/5C"]).toContain((darkHand.bot(drawn, 0, rng) as { card: string }).card);
  });
});

describe("Dark Hand bot: calls", () => {
  const table = (hand1: string, tokens = [5, 5, 5]) => scenario({ hands: ["4H/10D 5H/9C QS/2H", hand1, JUNK], tokens });

  it("calls in its window, before its turn, when its hand is already a meld in a shade", () => {
    expect(darkHand.bot(table("10D/7H JD/7S 8S/7C"), 1, rng)).toEqual({ type: "call", shade: "dark" });
    expect(darkHand.bot(table("9C/2S 9D/5C 9H/3D"), 1, rng)).toEqual({ type: "call", shade: "light" });
  });

  it("does not call on a weak hand, nor with a meld and its last token", () => {
    expect(darkHand.bot(table("2D/JC 3S/KH JS/6D"), 1, rng)).toBeNull();
    expect(darkHand.bot(table("10D/7H JD/7S 8S/7C", [5, 1, 5]), 1, rng)).toBeNull();
  });

  it("calls on its own turn with four outs in a shade and tokens to spare, not when short", () => {
    const s = (tokens: number) => scenario({ hands: ["9C/2S 9D/5C 10C/4D", "4H/10D 5H/9C QS/2H"], tokens: [tokens, 5] });
    expect(darkHand.bot(s(5), 0, rng)).toEqual({ type: "call", shade: "light" });
    expect(darkHand.bot(s(2), 0, rng)?.type).toMatch(/^draw/);
  });

  it("declares a meld it holds on its turn rather than calling", () => {
    const s = scenario({ hands: ["10D/7H JD/7S 8S/7C", "4H/10D 5H/9C QS/2H"], deck: "2D/JC" });
    expect(darkHand.bot(s, 0, rng)).toEqual({ type: "drawDeck" });
    const drawn = play(darkHand, s, [[0, { type: "drawDeck" }]]).state;
    expect(darkHand.bot(drawn, 0, rng)).toEqual({ type: "discard", card: "2D/JC" });
    const ready = play(darkHand, drawn, [[0, { type: "discard", card: "2D/JC" }]]).state;
    expect(darkHand.bot(ready, 0, rng)).toEqual({ type: "declare", shade: "dark" });
  });

  it("in the final round calls only on a Scat (a final-round Skit gains nothing by a call)", () => {
    // Seat 0's Skit opens the final round; seat 2 waits for its last turn, still in its window.
    const opened = (hand2: string) =>
      play(darkHand, scenario({ hands: ["4H/10D 5H/9C QS/2H", JUNK, hand2], deck: "6H/8S" }), turnOf(0, "deck", "QS/2H", "light")).state;
    expect(darkHand.bot(opened("10D/7H JD/7S 8S/7C"), 2, rng)).toEqual({ type: "call", shade: "dark" });
    expect(darkHand.bot(opened("5C/8H 6C/9H 2S/10H"), 2, rng)).toBeNull();
    expect(darkHand.bot(opened("5C/8H 6C/9H 2S/10H"), 1, rng)).toEqual({ type: "drawDeck" });
  });

  it("makes a Forfeit Play in the final round, where it saves a payment", () => {
    const s = scenario({
      hands: ["4H/10D 5H/9C QS/2H", "2C/QH 3C/9D 4S/KC", JUNK],
      deck: "6H/8S 4C/8D",
      tokens: [5, 4, 5],
      jokers: { dark: 1 },
      options: { forfeitPlay: true },
    });
    const ready = play(darkHand, s, [
      ...turnOf(0, "deck", "QS/2H", "light"),
      [1, { type: "drawDeck" }],
      [1, { type: "discard", card: "4S/KC" }],
    ]).state;
    expect(darkHand.bot(ready, 1, rng)).toEqual({ type: "declare", shade: "light" });
  });
});
