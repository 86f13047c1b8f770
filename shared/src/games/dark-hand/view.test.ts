/**
 * Views and event redaction (ARCHITECTURE.md, "Views are computed"; docs/rules/common.md,
 * "What each player sees"): a seat sees both faces of its own cards and of face-up
 * cards, only the count of other hands; the draw pile is hidden.
 */
import { describe, expect, it } from "vitest";
import { cards } from "../../cards.ts";
import { faces } from "../../dark-deck.ts";
import { eventsOf, play, scriptedRng } from "../../testkit/scenario.ts";
import { darkHand as game } from "./index.ts";
import { darkHandOptionsSchema } from "./options.ts";
import { scenario, turnOf } from "./test-support.ts";

const json = (x: unknown) => JSON.stringify(x);
const s0 = () =>
  scenario({
    hands: ["4H/10D 5H/9C QS/2H", "9C/2S 9D/5C 7S/JD", "7D/8C 8D/3S 10H/6C"],
    discard: "2D/JC",
    deck: "6H/8S 3S/KH JS/6D",
    tokens: [5, 4, 5],
    jokers: { dark: 1 },
  });
/** Every string a hidden card could leak as: its id and each face. */
const leaks = (id: string) => [id, faces(id).light, faces(id).dark].map((x) => `"${x}"`);

describe("view", () => {
  it("shows a seat both faces of its own cards, others only as counts, the draw pile face down", () => {
    const v = game.view(s0(), 1);
    expect(v.you?.hand).toEqual(cards("9C/2S 9D/5C 7S/JD"));
    expect(v.you?.hand.map((c) => faces(c))).toEqual([
      { light: "9C", dark: "2S" },
      { light: "9D", dark: "5C" },
      { light: "7S", dark: "JD" },
    ]);
    expect(v.seats.map((x) => x.handCount)).toEqual([3, 3, 3]);
    expect(v.piles["deck"]).toEqual({ count: 3, cards: [] });
    expect(v.piles["discard"]).toEqual({ count: 1, cards: ["2D/JC"] });
    for (const c of cards("4H/10D 5H/9C QS/2H 7D/8C 8D/3S 10H/6C 6H/8S 3S/KH JS/6D"))
      for (const l of leaks(c)) expect(json(v)).not.toContain(l);
  });

  it("shows a spectator no hand card at all", () => {
    const v = game.view(s0(), null);
    expect(v.you).toBeNull();
    for (const h of s0().hands) for (const c of h) for (const l of leaks(c)) expect(json(v)).not.toContain(l);
  });

  it("has the public table facts: pot, tokens per seat, Jokers, the call window", () => {
    const v = game.view(s0(), null);
    expect(v).toMatchObject({ phase: "turn", round: 1, dealer: 2, turn: 0, awaiting: [0], result: null });
    expect(v.seats.map((x) => x.score)).toEqual([5, 4, 5]);
    expect(v.seats[1]?.info).toEqual({
      tokens: 4,
      out: false,
      called: "dark",
      inCallWindow: false,
      hadTurn: false,
      declared: null,
      finalTurnPending: false,
      continued: false,
    });
    expect(v.info).toEqual({
      game: "dark_hand",
      startTokens: 5,
      forfeitPlay: false,
      pot: 0,
      step: "draw",
      finalRound: false,
      skitter: null,
      finalTurns: [],
      melds: [],
      jokers: { light: null, dark: 1 },
      callWindow: [0, 2],
      mayCall: { light: [0, 2], dark: [] },
      calledThisTurn: false,
      drawnFrom: null,
      takenFromDiscard: null,
      winners: [],
    });
  });

  it("shows laid-down Skits face up with both faces, the final round and who still has a turn", () => {
    const { state } = play(game, s0(), turnOf(0, "deck", "QS/2H", "light"));
    const v = game.view(state, 2);
    expect(v.info["finalRound"]).toBe(true);
    expect(v.info["skitter"]).toBe(0);
    expect(v.info["finalTurns"]).toEqual([1, 2]);
    expect(v.info["melds"]).toEqual([
      { seat: 0, kind: "skit", shade: "light", cards: cards("4H/10D 5H/9C 6H/8S"), finalRound: false, forfeit: false },
    ]);
    expect(v.seats.map((x) => [x.handCount, x.info["declared"], x.info["finalTurnPending"]])).toEqual([
      [0, "skit", false],
      [3, null, true],
      [3, null, true],
    ]);
    expect(v.piles["discard"]?.cards).toEqual(cards("2D/JC QS/2H"));
  });

  it("tells a seat what its own hand makes and what it may declare or call", () => {
    const s = scenario({ hands: ["9C/2S 9D/5C 7S/JD", "4H/10D 5H/9C QS/2H"], deck: "9H/3D" });
    const ready = play(game, s, turnOf(0, "deck", "7S/JD")).state;
    expect(game.view(ready, 0).you?.info).toEqual({
      makes: [{ kind: "scat", shade: "light" }],
      canDeclare: [{ kind: "scat", shade: "light", forfeit: false }],
      canCall: ["light", "dark"],
      called: null,
      drawnCard: "9H/3D",
    });
    expect(game.view(ready, 1).you?.info).toMatchObject({ makes: [], canDeclare: [], canCall: ["light", "dark"], drawnCard: null });
  });

  it("shows a card drawn from the draw pile to the drawer only, one taken from the discard pile to all", () => {
    const { state, events } = play(game, s0(), [[0, { type: "drawDeck" }]]);
    expect(game.view(state, 0).you?.info["drawnCard"]).toBe("6H/8S");
    for (const seat of [1, 2, null]) {
      for (const l of leaks("6H/8S")) expect(json(game.view(state, seat))).not.toContain(l);
      expect(events.map((e) => game.redactEvent(e, seat))).toContainEqual({ type: "cardDrawn", seat: 0, from: "deck", card: null });
    }
    const took = play(game, s0(), [[0, { type: "drawDiscard" }]]);
    expect(game.view(took.state, null).info["takenFromDiscard"]).toBe("2D/JC");
    expect(game.redactEvent(took.events[0]!, null)).toEqual({ type: "cardDrawn", seat: 0, from: "discard", card: "2D/JC" });
  });

  it("shows the result with laid-down melds once the hand is over", () => {
    const s = scenario({ hands: ["9C/2S 9D/5C 7S/JD", "4H/10D 5H/9C QS/2H"], deck: "9H/3D" });
    const v = game.view(play(game, s, turnOf(0, "deck", "7S/JD", "light")).state, null);
    expect(v.phase).toBe("roundOver");
    expect(v.turn).toBe(-1);
    expect(v.awaiting).toEqual([0, 1]);
    expect(v.result).toMatchObject({ winner: 0, endedBy: "scat", winningMeld: { cards: cards("9C/2S 9D/5C 9H/3D") }, pot: 1 });
    expect(json(v)).not.toContain('"4H/10D"');
  });
});

describe("event redaction", () => {
  it("hides each dealt hand from everyone but its owner, spectators included", () => {
    const { state, events } = game.setup(darkHandOptionsSchema.parse({ seats: 3 }), { now: 0, rng: scriptedRng({}) });
    const dealt = eventsOf(events, "cardsDealt");
    expect(dealt).toHaveLength(3);
    for (const e of dealt) {
      expect(game.redactEvent(e, e.seat)).toEqual({ type: "cardsDealt", seat: e.seat, count: 3, cards: state.hands[e.seat] });
      for (const other of [0, 1, 2, null].filter((x) => x !== e.seat))
        expect(game.redactEvent(e, other)).toEqual({ type: "cardsDealt", seat: e.seat, count: 3, cards: null });
    }
    const spectator = json(events.map((e) => game.redactEvent(e, null)));
    for (const c of state.hands.flat()) for (const l of leaks(c)) expect(spectator).not.toContain(l);
  });
});
