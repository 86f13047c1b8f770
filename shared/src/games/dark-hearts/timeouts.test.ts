/** Default plays at a turn deadline (docs/rules/dark-hearts.md, "Default play"). */
import { describe, expect, it } from "vitest";
import { ctxAt, eventsOf, play } from "../../testkit/scenario.ts";
import { darkHearts as game } from "./index.ts";
import { card, scenario } from "./test-support.ts";

describe("turn deadline", () => {
  it("a follower plays its lowest legal card by the trick's shade", () => {
    // Dark Diamonds led; seat 1 holds Dark 3D (9H/3D) and Dark AD (AS/AD): plays the Dark 3D.
    const s = play(game, scenario({ hands: ["4H/10D", "AS/AD 9H/3D 2C/QH", "", ""] }), [
      [0, { type: "lead", card: card("4H/10D"), shade: "dark" }],
    ]).state;
    const { state, events } = game.onDeadline(s, ctxAt(50_000));
    expect(eventsOf(events, "turnTimedOut")).toEqual([{ type: "turnTimedOut", seat: 1 }]);
    expect(eventsOf(events, "cardPlayed")[0]).toMatchObject({ seat: 1, card: card("9H/3D"), face: "3D", lead: false });
    expect(state.version).toBe(s.version + 1);
  });

  it("a void follower plays its lowest face in the trick's shade", () => {
    const s = play(game, scenario({ hands: ["4H/10D", "AD/AC 2C/QH 7S/JD", "", ""] }), [
      [0, { type: "lead", card: card("4H/10D"), shade: "dark" }],
    ]).state;
    const { events } = game.onDeadline(s, ctxAt());
    expect(eventsOf(events, "cardPlayed")[0]).toMatchObject({ card: card("7S/JD"), face: "JD" });
  });

  it("a leader leads its lowest legal Light face, Light", () => {
    const s = scenario({ hands: ["AD/AC 2H/9S 9C/2S", "", "", ""] });
    const { events } = game.onDeadline(s, ctxAt());
    // 2H is a point face and Light is unbroken: the lowest legal Light face is 9C.
    expect(eventsOf(events, "cardPlayed")[0]).toMatchObject({ seat: 0, card: card("9C/2S"), shade: "light", face: "9C", lead: true });
  });

  it("a leader with no legal Light lead leads its lowest Dark face", () => {
    const s = scenario({ hands: ["4H/10D 5H/9C", "", "", ""] });
    const { events } = game.onDeadline(s, ctxAt());
    expect(eventsOf(events, "cardPlayed")[0]).toMatchObject({ card: card("5H/9C"), shade: "dark", face: "9C" });
  });

  it("the first trick's leader leads the Dark 2 of Clubs", () => {
    const s = scenario({ hands: ["AD/AC KS/2C", "2D/JC", "", ""], tricksPlayed: 0 });
    const { events } = game.onDeadline(s, ctxAt());
    expect(eventsOf(events, "cardPlayed")[0]).toMatchObject({ card: card("KS/2C"), shade: "dark", face: "2C" });
  });
});
