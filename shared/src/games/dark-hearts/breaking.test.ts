/**
 * Breaking hearts per shade and leading point cards (docs/rules/dark-hearts.md,
 * "Breaking hearts").
 */
import { describe, expect, it } from "vitest";
import { eventsOf, play, refusal } from "../../testkit/scenario.ts";
import { darkHearts as game } from "./index.ts";
import type { DarkHeartsAction } from "./state.ts";
import { card, scenario } from "./test-support.ts";

const leads = (legal: readonly DarkHeartsAction[]) => legal.map((a) => (a.type === "lead" ? `${a.card}:${a.shade}` : a.type));

describe("leading point cards", () => {
  it("a point face may not be led in its shade before hearts are broken there", () => {
    // 4H/10D: Light 4H (point), Dark 10D. QS/2H: point in both shades. 2D/JC: no point face.
    const s = scenario({ hands: ["4H/10D QS/2H 2D/JC", "", "", ""] });
    expect(leads(game.legalActions(s, 0))).toEqual(["2D/JC:light", "2D/JC:dark", "4H/10D:dark"]);
    expect(refusal(game, s, 0, { type: "lead", card: card("4H/10D"), shade: "light" })?.code).toBe("hearts-not-broken");
    expect(refusal(game, s, 0, { type: "lead", card: card("QS/2H"), shade: "dark" })?.code).toBe("hearts-not-broken");
  });

  it("once Light is broken, Light point faces may be led Light; Dark stays closed", () => {
    const s = scenario({ hands: ["4H/10D QS/2H 2D/JC", "", "", ""], broken: { light: true } });
    expect(leads(game.legalActions(s, 0))).toEqual(["2D/JC:light", "2D/JC:dark", "QS/2H:light", "4H/10D:light", "4H/10D:dark"]);
  });

  it("a leader holding only cards that are point cards in both shades may lead them", () => {
    const s = scenario({ hands: ["QS/2H 3H/QS", "", "", ""] });
    expect(leads(game.legalActions(s, 0))).toEqual(["QS/2H:light", "QS/2H:dark", "3H/QS:light", "3H/QS:dark"]);
  });

  it("a hand of point faces in one shade only must lead the other shade", () => {
    const s = scenario({ hands: ["4H/10D 5H/9C", "", "", ""] });
    expect(leads(game.legalActions(s, 0))).toEqual(["4H/10D:dark", "5H/9C:dark"]);
  });
});

describe("breaking hearts", () => {
  const hands = ["2D/JC 7S/JD", "AD/AC 8D/3S", "5H/9C 9C/2S", "2S/10H 6S/QD"];

  it("breaks in a shade when a point face of that shade is taken in a trick of that shade", () => {
    // Light Diamonds: 2D, AD, 5H (Light heart: 1 point), 2S. Seat 1 takes it.
    const { state, events } = play(game, scenario({ hands }), [
      [0, { type: "lead", card: card("2D/JC"), shade: "light" }],
      [1, { type: "play", card: card("AD/AC") }],
      [2, { type: "play", card: card("5H/9C") }],
      [3, { type: "play", card: card("2S/10H") }],
    ]);
    expect(state.broken).toEqual({ light: true, dark: false });
    expect(eventsOf(events, "heartsBroken")).toEqual([{ type: "heartsBroken", shade: "light", seat: 1 }]);
    expect(eventsOf(events, "trickWon")[0]?.trick).toMatchObject({ winner: 1, points: 1, broke: true });
    // The Dark 10H on 2S/10H was in a Light trick: it does not break Dark.
    expect(state.handPoints).toEqual({ light: [0, 1, 0, 0], dark: [0, 0, 0, 0] });
  });

  it("a point face of the other shade breaks nothing", () => {
    // Dark Clubs: JC, AC, 9C, 10H. The Dark 10H breaks Dark; Light 5H on 5H/9C does not break Light.
    const { state } = play(game, scenario({ hands }), [
      [0, { type: "lead", card: card("2D/JC"), shade: "dark" }],
      [1, { type: "play", card: card("AD/AC") }],
      [2, { type: "play", card: card("5H/9C") }],
      [3, { type: "play", card: card("2S/10H") }],
    ]);
    expect(state.broken).toEqual({ light: false, dark: true });
    expect(state.handPoints).toEqual({ light: [0, 0, 0, 0], dark: [0, 1, 0, 0] });
  });

  it("the Queen of Spades face breaks too, and a clean trick breaks nothing", () => {
    const queen = play(game, scenario({ hands: ["8D/3S", "6D/KS", "3H/QS", "JD/7S"] }), [
      [0, { type: "lead", card: card("8D/3S"), shade: "dark" }],
      [1, { type: "play", card: card("6D/KS") }],
      [2, { type: "play", card: card("3H/QS") }],
      [3, { type: "play", card: card("JD/7S") }],
    ]).state;
    expect(queen.broken).toEqual({ light: false, dark: true });
    expect(queen.handPoints.dark).toEqual([0, 13, 0, 0]);
    const clean = play(game, scenario({ hands: ["8D/3S", "6D/KS", "3D/JS", "JD/7S"] }), [
      [0, { type: "lead", card: card("8D/3S"), shade: "light" }],
      [1, { type: "play", card: card("6D/KS") }],
      [2, { type: "play", card: card("3D/JS") }],
      [3, { type: "play", card: card("JD/7S") }],
    ]).state;
    expect(clean.broken).toEqual({ light: false, dark: false });
  });
});
