/** View secrecy and event redaction (ARCHITECTURE.md, "Views are computed"). */
import { describe, expect, it } from "vitest";
import { cards } from "../../cards.ts";
import { eventsOf, play, scriptedRng } from "../../testkit/scenario.ts";
import { devilsScat as game } from "./index.ts";
import { optionsSchema } from "./options.ts";
import { knockThenPass, scenario } from "./test-support.ts";

const s0 = () => scenario({ hands: ["KH QH 7S", "AS 6G 8W", "9X 9G 7W"], discard: "10W JW", deck: "JS 8G 7G 6X", favored: "S" });
const json = (x: unknown) => JSON.stringify(x);

describe("view", () => {
  it("shows a seat its own hand and value, others only counts, the deck face down", () => {
    const v = game.view(s0(), 1);
    expect(v.you).toEqual({ seat: 1, hand: cards("AS 6G 8W"), info: { value: 11, scat: false, drawnCard: null } });
    expect(v.seats.map((x) => x.handCount)).toEqual([3, 3, 3]);
    expect(v.piles["deck"]).toEqual({ count: 4, cards: [] });
    expect(v.piles["discard"]).toEqual({ count: 2, cards: cards("10W JW") });
    for (const c of cards("KH QH 7S 9X 9G 7W JS 8G 7G 6X")) expect(json(v)).not.toContain(`"${c}"`);
  });

  it("shows a spectator no hand card at all", () => {
    const v = game.view(s0(), null);
    expect(v.you).toBeNull();
    for (const c of cards("KH QH 7S AS 6G 8W 9X 9G 7W JS 8G 7G 6X")) expect(json(v)).not.toContain(`"${c}"`);
  });

  it("has the public table facts", () => {
    const v = game.view(play(game, s0(), [[0, { type: "knock" }]]).state, null);
    expect(v).toMatchObject({ phase: "turn", round: 1, dealer: 2, turn: 1, awaiting: [1], result: null });
    expect(v.info).toEqual({
      favored: "S",
      suits: ["H", "S", "G", "W", "X"],
      knocker: 0,
      target: 12,
      classic: false,
      bootASuit: false,
      lastTurns: [1, 2],
      drawnFrom: null,
      takenFromDiscard: null,
      winners: [],
    });
    expect(v.seats[0]?.info).toEqual({ knocked: true, continued: false });
  });

  it("shows a card drawn from the deck to the drawer only", () => {
    const { state, events } = play(game, s0(), [[0, { type: "drawDeck" }]]);
    expect(game.view(state, 0).you?.info["drawnCard"]).toBe("JS");
    expect(game.view(state, 0).info["drawnFrom"]).toBe("deck");
    for (const seat of [1, 2, null]) {
      expect(json(game.view(state, seat))).not.toContain('"JS"');
      expect(events.map((e) => game.redactEvent(e, seat))).toContainEqual({ type: "cardDrawn", seat: 0, from: "deck", card: null });
    }
    expect(events.map((e) => game.redactEvent(e, 0))).toContainEqual({ type: "cardDrawn", seat: 0, from: "deck", card: "JS" });
  });

  it("shows everyone the card taken from the discard pile", () => {
    const { state, events } = play(game, s0(), [[0, { type: "drawDiscard" }]]);
    expect(game.view(state, null).info["takenFromDiscard"]).toBe("JW");
    expect(game.redactEvent(events[0]!, null)).toEqual({ type: "cardDrawn", seat: 0, from: "discard", card: "JW" });
  });

  it("reveals every hand in the result once the round is over", () => {
    const s = s0();
    const done = play(game, s, knockThenPass(s)).state;
    const v = game.view(done, null);
    expect(v.phase).toBe("roundOver");
    expect(v.turn).toBe(-1);
    expect((v.result as { seats: { hand: string[] }[] }).seats.map((x) => x.hand.join(" "))).toEqual(["KH QH 7S", "AS 6G 8W", "9X 9G 7W"]);
    expect(v.awaiting).toEqual([0, 1, 2]);
  });
});

describe("event redaction", () => {
  it("hides each dealt hand from everyone but its owner, spectators included", () => {
    const { state, events } = game.setup(optionsSchema.parse({ seats: 3 }), { now: 0, rng: scriptedRng({}) });
    const dealt = eventsOf(events, "handDealt");
    expect(dealt).toHaveLength(3);
    for (const e of dealt) {
      expect(game.redactEvent(e, e.seat)).toEqual({ type: "handDealt", seat: e.seat, count: 3, cards: state.hands[e.seat] });
      for (const other of [0, 1, 2, null].filter((x) => x !== e.seat)) {
        const seen = game.redactEvent(e, other);
        expect(seen).toEqual({ type: "handDealt", seat: e.seat, count: 3, cards: null });
      }
    }
    const spectator = json(events.map((e) => game.redactEvent(e, null)));
    for (const c of state.hands.flat()) expect(spectator).not.toContain(`"${c}"`);
  });

  it("passes public events unchanged", () => {
    const e = { type: "cardDiscarded", seat: 1, card: "AS" } as const;
    expect(game.redactEvent(e, 0)).toBe(e);
    expect(game.redactEvent(e, null)).toBe(e);
  });
});
