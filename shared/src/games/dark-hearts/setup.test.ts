/** Options, the deal and the pass rotation (docs/rules/dark-hearts.md, "The deal", "The pass"). */
import { describe, expect, it } from "vitest";
import { ctxAt, eventsOf, scriptedRng } from "../../testkit/scenario.ts";
import { ALL_CARDS, OPENING_CARD, OPENING_FALLBACK, sortCards } from "./cards.ts";
import { darkHearts as game } from "./index.ts";
import { optionsSchema, passDirectionFor, passSource, passTarget } from "./options.ts";
import { card } from "./test-support.ts";

const ctx = (dealer: number, deck: readonly string[] = ALL_CARDS, now = 0) => ({
  now,
  rng: scriptedRng({ ints: [dealer], shuffles: [deck] }),
});

describe("options", () => {
  it("defaults to 4 seats, 30 s turns, an 8 s pause and the game to 100", () => {
    expect(optionsSchema.parse({})).toEqual({ seats: 4, turnMs: 30_000, pauseMs: 8_000, target: 100 });
    expect(game).toMatchObject({ id: "dark_hearts", title: "Dark Hearts", minSeats: 3, maxSeats: 4 });
  });

  it("refuses bad options with a readable message", () => {
    const message = (o: unknown) => optionsSchema.safeParse(o).error?.issues[0]?.message;
    expect(message({ seats: 2 })).toBe("Dark Hearts needs 3 or 4 players");
    expect(message({ seats: 5 })).toBe("Dark Hearts needs 3 or 4 players");
    expect(message({ turnMs: 5_000 })).toBe("turnMs must be 10000..120000");
    expect(optionsSchema.safeParse({ seats: 4, jokers: true }).success).toBe(false);
  });
});

describe("the deal", () => {
  it("gives 4 players 13 cards each, dealt one at a time from the dealer's left, sorted", () => {
    const { state, events } = game.setup(optionsSchema.parse({ seats: 4 }), ctx(2));
    expect(state.dealer).toBe(2);
    expect(state.hands.map((h) => h.length)).toEqual([13, 13, 13, 13]);
    expect(state.leftover).toBeNull();
    // Seat 3 (dealer's left) gets the 1st, 5th, 9th... card.
    expect(state.hands[3]).toEqual(sortCards(ALL_CARDS.filter((_, i) => i % 4 === 0)));
    expect(eventsOf(events, "roundDealt")[0]).toMatchObject({ round: 1, dealer: 2, passDirection: "left", handSize: 13, leftover: false });
  });

  it("gives 3 players 17 cards each and leaves one card face down", () => {
    const { state, events } = game.setup(optionsSchema.parse({ seats: 3 }), ctx(0));
    expect(state.hands.map((h) => h.length)).toEqual([17, 17, 17]);
    expect(state.leftover).toBe(ALL_CARDS[51]);
    expect(new Set([...state.hands.flat(), state.leftover]).size).toBe(52);
    expect(eventsOf(events, "roundDealt")[0]).toMatchObject({ handSize: 17, leftover: true });
    expect(JSON.stringify(game.view(state, 0))).not.toContain(`"${state.leftover}"`);
  });

  it("opens the pass with a deadline of now + turnMs", () => {
    const { state, events } = game.setup(optionsSchema.parse({ seats: 4 }), ctx(0, ALL_CARDS, 1_000));
    expect(state.phase).toBe("pass");
    expect(state.deadline).toBe(31_000);
    expect(game.awaiting(state)).toEqual([0, 1, 2, 3]);
    expect(eventsOf(events, "passStarted")).toEqual([{ type: "passStarted", direction: "left", deadline: 31_000 }]);
  });
});

describe("pass rotation", () => {
  it("4 players: left, right, across, hold, then again", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((r) => passDirectionFor(r, 4))).toEqual([
      "left",
      "right",
      "across",
      "hold",
      "left",
      "right",
      "across",
      "hold",
    ]);
  });

  it("3 players skip across: left, right, hold", () => {
    expect([1, 2, 3, 4, 5, 6].map((r) => passDirectionFor(r, 3))).toEqual(["left", "right", "hold", "left", "right", "hold"]);
  });

  it("left is the next seat clockwise, right the previous, across two away", () => {
    expect([0, 1, 2, 3].map((s) => passTarget(s, "left", 4))).toEqual([1, 2, 3, 0]);
    expect([0, 1, 2, 3].map((s) => passTarget(s, "right", 4))).toEqual([3, 0, 1, 2]);
    expect([0, 1, 2, 3].map((s) => passTarget(s, "across", 4))).toEqual([2, 3, 0, 1]);
    expect([0, 1, 2].map((s) => passSource(passTarget(s, "right", 3), "right", 3))).toEqual([0, 1, 2]);
  });
});

describe("the opening lead", () => {
  it("is the Dark 2 of Clubs (the card KS/2C), led Dark", () => {
    expect(OPENING_CARD).toBe(card("KS/2C"));
    expect(OPENING_FALLBACK).toBe(card("QH/3C"));
  });

  it("with 3 players and the Dark 2 of Clubs as the leftover, the Dark 3 of Clubs leads", () => {
    const deck = [...ALL_CARDS.filter((c) => c !== OPENING_CARD), OPENING_CARD];
    const options = optionsSchema.parse({ seats: 3 });
    let s = game.setup(options, ctx(0, deck)).state;
    expect(s.leftover).toBe(OPENING_CARD);
    for (const seat of [0, 1, 2]) {
      const r = game.apply(s, seat, game.legalActions(s, seat)[0] as never, ctxAt());
      if (!r.ok) throw new Error(r.error.code);
      s = r.value.state;
    }
    const holder = s.hands.findIndex((h) => h.includes(OPENING_FALLBACK));
    expect(s.phase).toBe("play");
    expect(s.turn).toBe(holder);
    expect(game.legalActions(s, holder)).toEqual([{ type: "lead", card: OPENING_FALLBACK, shade: "dark" }]);
  });
});
