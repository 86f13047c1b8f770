/**
 * The 3-player leftover (docs/rules/dark-hearts.md, "The deal", "Breaking hearts",
 * "The leftover").
 */
import { describe, expect, it } from "vitest";
import { eventsOf, play } from "../../testkit/scenario.ts";
import { darkHearts as game } from "./index.ts";
import type { DarkHeartsAction, DarkHeartsState } from "./state.ts";
import { card, scenario } from "./test-support.ts";

const lead = (c: string, shade: "light" | "dark"): DarkHeartsAction => ({ type: "lead", card: card(c), shade });
const follow = (c: string): DarkHeartsAction => ({ type: "play", card: card(c) });
const three = (leftover: string): DarkHeartsState =>
  scenario({ hands: ["2D/JC 7S/JD 8D/3S", "AD/AC 6D/KS 3D/JS", "6H/8S 2S/10H 9C/2S"], leftover });

describe("the leftover goes to the taker of the first trick that breaks hearts", () => {
  it("Light trick: the leftover Light Queen of Spades scores 13 Light", () => {
    const { state, events } = play(game, three("QS/2H"), [
      [0, lead("2D/JC", "light")],
      [1, follow("AD/AC")],
      [2, follow("6H/8S")],
    ]);
    const taken = { seat: 1, card: card("QS/2H"), shade: "light", points: 13 };
    expect(eventsOf(events, "leftoverTaken")).toEqual([{ type: "leftoverTaken", leftover: taken }]);
    expect(eventsOf(events, "trickWon")[0]?.trick).toMatchObject({ points: 1, broke: true, leftover: taken });
    expect(state.handPoints).toEqual({ light: [0, 14, 0], dark: [0, 0, 0] });
    expect(state.leftover).toBeNull();
    expect(state.taken[1]).toContain(card("QS/2H"));
  });

  it("Dark trick: the same card scores only its Dark 2 of Hearts, 1 Dark point", () => {
    const { state } = play(game, three("QS/2H"), [
      [0, lead("2D/JC", "dark")],
      [1, follow("AD/AC")],
      [2, follow("2S/10H")],
    ]);
    expect(state.leftoverTaken).toEqual({ seat: 1, card: card("QS/2H"), shade: "dark", points: 1 });
    expect(state.handPoints).toEqual({ light: [0, 0, 0], dark: [0, 2, 0] });
  });

  it("a leftover with no point face in that shade scores nothing but is still taken", () => {
    const { state } = play(game, three("4H/10D"), [
      [0, lead("2D/JC", "dark")],
      [1, follow("AD/AC")],
      [2, follow("2S/10H")],
    ]);
    expect(state.leftoverTaken).toEqual({ seat: 1, card: card("4H/10D"), shade: "dark", points: 0 });
    expect(state.handPoints.dark).toEqual([0, 1, 0]);
  });

  it("stays face down through clean tricks and is taken only once, by the first break", () => {
    const clean = play(game, three("QS/2H"), [
      [0, lead("8D/3S", "light")],
      [1, follow("6D/KS")],
      [2, follow("9C/2S")],
    ]);
    expect(clean.state.leftover).toBe(card("QS/2H"));
    expect(eventsOf(clean.events, "leftoverTaken")).toEqual([]);
    // Seat 0 won (Light 8D beats 6D); it leads Dark Clubs, seat 2 dumps the Dark 10H: Dark breaks.
    const dark = play(game, clean.state, [
      [0, lead("2D/JC", "dark")],
      [1, follow("AD/AC")],
      [2, follow("2S/10H")],
    ]);
    expect(dark.state.leftoverTaken).toMatchObject({ seat: 1, shade: "dark", points: 1 });
    // Light breaks later (seat 2 dumps the Light 6H on Light Diamonds): no leftover left to take.
    const light = play(game, dark.state, [
      [1, lead("3D/JS", "light")],
      [2, follow("6H/8S")],
      [0, follow("7S/JD")],
    ]);
    expect(light.state.broken).toEqual({ light: true, dark: true });
    expect(eventsOf(light.events, "leftoverTaken")).toEqual([]);
    expect(light.state.leftoverTaken).toMatchObject({ seat: 1 });
  });

  it("is a face-down pile in every view until taken, then public", () => {
    const s = three("QS/2H");
    for (const viewer of [0, 1, 2, null]) {
      const v = game.view(s, viewer);
      expect(v.piles["leftover"]).toEqual({ count: 1, cards: [] });
      expect(v.info["leftover"]).toEqual({ faceDown: true, taken: null });
      expect(JSON.stringify(v)).not.toContain(card("QS/2H"));
    }
    const { state } = play(game, s, [
      [0, lead("2D/JC", "light")],
      [1, follow("AD/AC")],
      [2, follow("6H/8S")],
    ]);
    expect(game.view(state, null).info["leftover"]).toEqual({
      faceDown: false,
      taken: { seat: 1, card: card("QS/2H"), shade: "light", points: 13 },
    });
  });
});
