/**
 * Leads, following and winning (docs/rules/dark-hearts.md, "Tricks", "Points", and the two
 * classic examples below).
 */
import { describe, expect, it } from "vitest";
import { ctxAt, eventsOf, play, refusal } from "../../testkit/scenario.ts";
import { darkHearts as game } from "./index.ts";
import { card, dh, scenario } from "./test-support.ts";

const cardsOf = (legal: readonly { type: string; card?: string }[]) => legal.map((a) => a.card);

describe("the first trick", () => {
  const first = () => scenario({ hands: ["KS/2C 7C/10S", "KC/5S 3C/9D", "5D/10C 4C/8D", "KD/6S JC/2D"], tricksPlayed: 0, now: 1_000 });

  it("the Dark 2 of Clubs holder must lead it, Dark", () => {
    const s = first();
    expect(s.turn).toBe(0);
    expect(game.legalActions(s, 0)).toEqual([{ type: "lead", card: card("KS/2C"), shade: "dark" }]);
    expect(refusal(game, s, 0, { type: "lead", card: card("KS/2C"), shade: "light" })?.code).toBe("must-lead-opening-card");
    expect(refusal(game, s, 0, { type: "lead", card: card("7C/10S"), shade: "dark" })?.code).toBe("must-lead-opening-card");
    expect(refusal(game, s, 0, { type: "play", card: card("KS/2C") })?.code).toBe("must-lead");
    expect(refusal(game, s, 1, { type: "play", card: card("KC/5S") })?.code).toBe("not-your-turn");
  });

  it("classic example: Dark 2C led, Dark 10C takes, Dark 6S is off-suit, the Light KC is ignored", () => {
    const { state, events } = play(game, first(), [
      [0, { type: "lead", card: card("KS/2C"), shade: "dark" }],
      [1, { type: "play", card: card("KC/5S") }],
      [2, { type: "play", card: card("5D/10C") }],
      [3, { type: "play", card: card("KD/6S") }],
    ]);
    const won = eventsOf(events, "trickWon")[0]?.trick;
    expect(won).toMatchObject({ number: 1, leader: 0, shade: "dark", suit: "C", winner: 2, points: 0, broke: false });
    expect(eventsOf(events, "cardPlayed").map((e) => e.face)).toEqual(["2C", "5S", "10C", "6S"]);
    expect(state.turn).toBe(2);
    expect(state.tricksWon).toEqual([0, 0, 1, 0]);
    expect(eventsOf(events, "turnStarted").at(-1)).toMatchObject({ seat: 2, lead: true, trick: 2 });
  });

  it("no card with a Dark point face may be played, unless nothing else is legal", () => {
    const s = play(game, scenario({ hands: ["KS/2C 7C/10S", "2C/QH 3C/9D", "3H/QS QS/2H", "KD/6S JC/2D"], tricksPlayed: 0 }), [
      [0, { type: "lead", card: card("KS/2C"), shade: "dark" }],
    ]).state;
    // 2C/QH shows the Dark QH: refused while 3C/9D is playable. A Light heart face would be fine.
    expect(cardsOf(game.legalActions(s, 1))).toEqual(dh("3C/9D"));
    expect(refusal(game, s, 1, { type: "play", card: card("2C/QH") })?.code).toBe("no-points-on-first-trick");
    const s2 = play(game, s, [[1, { type: "play", card: card("3C/9D") }]]).state;
    // Seat 2 holds only Dark point faces (Dark QS, Dark 2H): either may be played.
    expect(cardsOf(game.legalActions(s2, 2))).toEqual(dh("QS/2H 3H/QS"));
  });

  it("a Light point face is no point on a Dark first trick", () => {
    const s = play(game, scenario({ hands: ["KS/2C 7C/10S", "4H/10D 3C/9D", "5D/10C 4C/8D", "KD/6S JC/2D"], tricksPlayed: 0 }), [
      [0, { type: "lead", card: card("KS/2C"), shade: "dark" }],
    ]).state;
    expect(cardsOf(game.legalActions(s, 1))).toEqual(dh("3C/9D 4H/10D"));
  });
});

describe("later tricks", () => {
  it("the leader chooses the shade; the led card's face in it sets the suit", () => {
    const s = scenario({ hands: ["4H/10D 2D/JC", "AD/AC 9H/3D", "KD/6S 5H/9C", "2S/10H 3D/JS"], broken: { light: true } });
    const light = play(game, s, [[0, { type: "lead", card: card("4H/10D"), shade: "light" }]]).state;
    expect(light.trick).toMatchObject({ shade: "light", suit: "H" });
    expect(cardsOf(game.legalActions(light, 1))).toEqual(dh("9H/3D"));
    const dark = play(game, s, [[0, { type: "lead", card: card("4H/10D"), shade: "dark" }]]).state;
    expect(dark.trick).toMatchObject({ shade: "dark", suit: "D" });
    expect(cardsOf(game.legalActions(dark, 1))).toEqual(dh("9H/3D"));
  });

  it("following is by shade and suit: a card whose other face has the suit does not follow", () => {
    // Dark Diamonds led. AD/AC is Light Diamond but Dark Club: it does not follow; 9H/3D does.
    const s = play(game, scenario({ hands: ["4H/10D 2D/JC", "AD/AC 9H/3D", "KD/6S 5H/9C", "2S/10H 3D/JS"] }), [
      [0, { type: "lead", card: card("4H/10D"), shade: "dark" }],
    ]).state;
    expect(refusal(game, s, 1, { type: "play", card: card("AD/AC") })?.code).toBe("must-follow-suit");
    expect(refusal(game, s, 1, { type: "lead", card: card("9H/3D"), shade: "dark" })?.code).toBe("not-leading");
    // Seat 2 has no Dark Diamond: any card.
    const s2 = play(game, s, [[1, { type: "play", card: card("9H/3D") }]]).state;
    expect(cardsOf(game.legalActions(s2, 2))).toEqual(dh("KD/6S 5H/9C"));
  });

  it("the highest face of the led suit in the trick's shade wins; higher off-suit faces do not", () => {
    const { events } = play(game, scenario({ hands: ["4H/10D", "9H/3D", "KD/6S", "AS/AD"] }), [
      [0, { type: "lead", card: card("4H/10D"), shade: "dark" }],
      [1, { type: "play", card: card("9H/3D") }],
      [2, { type: "play", card: card("KD/6S") }],
      [3, { type: "play", card: card("AS/AD") }],
    ]);
    // Dark faces 10D 3D 6S AD: the Dark Ace of Diamonds wins (Aces high).
    expect(eventsOf(events, "trickWon")[0]?.trick.winner).toBe(3);
  });

  it("classic example: Light 4H led, Light 7H takes 15 points; Dark JH and Dark 2H are ignored", () => {
    const s = scenario({ hands: ["4H/10D 2D/JC", "4D/JH 3D/JS", "QS/2H 9S/4H", "7H/KD 5S/QC"], broken: { light: true } });
    const { state, events } = play(game, s, [
      [0, { type: "lead", card: card("4H/10D"), shade: "light" }],
      [1, { type: "play", card: card("4D/JH") }],
      [2, { type: "play", card: card("QS/2H") }],
      [3, { type: "play", card: card("7H/KD") }],
    ]);
    expect(eventsOf(events, "trickWon")[0]?.trick).toMatchObject({ shade: "light", suit: "H", winner: 3, points: 15 });
    expect(state.handPoints).toEqual({ light: [0, 0, 0, 15], dark: [0, 0, 0, 0] });
    expect(state.taken[3]).toEqual(dh("4H/10D 4D/JH QS/2H 7H/KD"));
    expect(state.turn).toBe(3);
  });

  it("play passes clockwise from the leader, around the table", () => {
    const s = scenario({ hands: ["AS/AD 2D/JC", "9H/3D", "KD/6S", ""], trick: { leader: 3, shade: "dark", plays: "4H/10D" } });
    expect(s.turn).toBe(0);
    expect(cardsOf(game.legalActions(s, 0))).toEqual(dh("AS/AD"));
    expect(play(game, s, [[0, { type: "play", card: card("AS/AD") }]]).state.turn).toBe(1);
  });

  it("each turn has a deadline of now + turnMs", () => {
    const s = scenario({ hands: ["4H/10D 2D/JC", "4D/JH 3D/JS", "QS/2H 9S/4H", "7H/KD 5S/QC"] });
    const r = game.apply(s, 0, { type: "lead", card: card("2D/JC"), shade: "light" }, ctxAt(7_000));
    expect(r.ok && r.value.state).toMatchObject({ turn: 1, deadline: 37_000, version: s.version + 1 });
  });
});
