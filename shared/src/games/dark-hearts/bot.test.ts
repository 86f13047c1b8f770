/** The bot plays sensibly, only legal actions, deterministically. */
import { describe, expect, it } from "vitest";
import { createRng } from "../../rng.ts";
import { play } from "../../testkit/scenario.ts";
import { sortCards } from "./cards.ts";
import { darkHearts as game } from "./index.ts";
import type { DarkHeartsAction } from "./state.ts";
import { card, dh, scenario } from "./test-support.ts";

const rng = () => createRng("bot");
const botOn = (s: ReturnType<typeof scenario>, seat: number) => game.bot(s, seat, rng());

describe("bot", () => {
  it("passes its most dangerous cards: Queens of Spades and high spades and hearts", () => {
    const s = scenario({ hands: ["3H/QS AS/AD 2D/JC 8D/3S 9C/2S KH/7D 4C/8D", "", "", ""], phase: "pass" });
    expect(botOn(s, 0)).toEqual({ type: "passCards", cards: sortCards(dh("3H/QS AS/AD KH/7D")) });
  });

  it("ducks under the winning face of the trick's shade", () => {
    // Dark Diamonds, Dark 10D winning; the bot holds Dark 3D and Dark AD and keeps under with 3D.
    const s = play(game, scenario({ hands: ["4H/10D", "AS/AD 9H/3D", "", ""] }), [
      [0, { type: "lead", card: card("4H/10D"), shade: "dark" }],
    ]).state;
    expect(botOn(s, 1)).toEqual({ type: "play", card: card("9H/3D") });
  });

  it("plays the highest card that still ducks", () => {
    const s = play(game, scenario({ hands: ["KH/7D", "9H/3D AS/AD 7H/KD QC/5D", "", ""] }), [
      [0, { type: "lead", card: card("KH/7D"), shade: "dark" }],
    ]).state;
    expect(botOn(s, 1)).toEqual({ type: "play", card: card("QC/5D") });
  });

  it("when void, dumps the Queen of Spades face of the trick's shade", () => {
    const s = play(game, scenario({ hands: ["4H/10D", "3H/QS 2D/JC 7C/10S", "", ""] }), [
      [0, { type: "lead", card: card("4H/10D"), shade: "dark" }],
    ]).state;
    expect(botOn(s, 1)).toEqual({ type: "play", card: card("3H/QS") });
  });

  it("last to a clean trick it must win, wins with its highest card", () => {
    // Dark Spades: 3S, 2S, 8S, no points. Seat 3 holds only the Dark KS and AS: it sheds the Ace.
    const s = play(game, scenario({ hands: ["8D/3S", "9C/2S", "6H/8S", "6D/KS AH/AS"] }), [
      [0, { type: "lead", card: card("8D/3S"), shade: "dark" }],
      [1, { type: "play", card: card("9C/2S") }],
      [2, { type: "play", card: card("6H/8S") }],
    ]).state;
    expect(botOn(s, 3)).toEqual({ type: "play", card: card("AH/AS") });
  });

  it("leads low in the shade where the card is weak, not a point card", () => {
    // AD/AC is an Ace both ways; 9C/2S is a Light 9 but a Dark 2: it leads 9C/2S Dark.
    const s = scenario({ hands: ["AD/AC 9C/2S KD/6S", "", "", ""] });
    expect(botOn(s, 0)).toEqual({ type: "lead", card: card("9C/2S"), shade: "dark" });
  });

  it("always continues and returns null when it has nothing to decide", () => {
    const s = scenario({ hands: ["2D/JC", "3C/9D", "", ""] });
    expect(botOn(s, 1)).toBeNull();
    expect(game.bot({ ...s, phase: "roundOver" }, 1, rng())).toEqual({ type: "continue" });
  });

  it("is deterministic and legal across a whole game with 3 and 4 seats", () => {
    for (const seats of [3, 4]) {
      let s = game.setup(game.optionsSchema.parse({ seats, target: 40 }), { now: 0, rng: createRng(`deal${seats}`) }).state;
      for (let step = 0; step < 5_000 && game.outcome(s) === null; step++) {
        const seat = game.awaiting(s)[0] as number;
        const a = game.bot(s, seat, rng()) as DarkHeartsAction;
        expect(game.bot(s, seat, createRng("other"))).toEqual(a);
        const r = game.apply(s, seat, a, { now: step, rng: createRng(`s${step}`) });
        if (!r.ok) throw new Error(r.error.code);
        s = r.value.state;
      }
      expect(game.outcome(s)).not.toBeNull();
    }
  });
});
