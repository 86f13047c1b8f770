/** Options, definitions, setup and the deal (docs/rules/dark-hand.md, "The deck and the tokens"). */
import { describe, expect, it } from "vitest";
import { standardDeck } from "../../cards.ts";
import { darkDeck, faces } from "../../dark-deck.ts";
import { eventsOf, scriptedRng } from "../../testkit/scenario.ts";
import { darkHand, skitScat } from "./index.ts";
import { darkHandOptionsSchema, skitScatOptionsSchema } from "./options.ts";
import { inventory } from "./test-support.ts";

describe("definitions", () => {
  it("exports Skit Scat and Dark Hand for 2 to 6 seats", () => {
    expect([skitScat.id, skitScat.title, skitScat.minSeats, skitScat.maxSeats]).toEqual(["skit_scat", "Skit Scat", 2, 6]);
    expect([darkHand.id, darkHand.title, darkHand.minSeats, darkHand.maxSeats]).toEqual(["dark_hand", "Dark Hand", 2, 6]);
  });
});

describe("options", () => {
  it("defaults turnMs 30 s and pauseMs 8 s; Dark Hand 5 tokens, no Forfeit Play", () => {
    expect(skitScatOptionsSchema.parse({ seats: 4 })).toEqual({ seats: 4, turnMs: 30_000, pauseMs: 8_000 });
    expect(darkHandOptionsSchema.parse({ seats: 4 })).toEqual({ seats: 4, turnMs: 30_000, pauseMs: 8_000, tokens: 5, forfeitPlay: false });
    expect(darkHandOptionsSchema.parse({ seats: 2, tokens: 7, forfeitPlay: true })).toMatchObject({ tokens: 7, forfeitPlay: true });
  });

  it("rejects bad options with a readable message", () => {
    expect(skitScatOptionsSchema.safeParse({ seats: 7 }).error?.issues[0]?.message).toBe("Skit Scat needs 2 to 6 players");
    expect(darkHandOptionsSchema.safeParse({ seats: 1 }).error?.issues[0]?.message).toBe("Dark Hand needs 2 to 6 players");
    expect(darkHandOptionsSchema.safeParse({ seats: 3, tokens: 6 }).error?.issues[0]?.message).toBe("tokens must be 5 or 7");
    expect(darkHandOptionsSchema.safeParse({ seats: 3, turnMs: 5_000 }).error?.issues[0]?.message).toMatch(/turnMs/);
    expect(skitScatOptionsSchema.safeParse({ seats: 3, tokens: 5 }).success).toBe(false);
    expect(darkHandOptionsSchema.safeParse({ seats: 3, forfeit: true }).success).toBe(false);
  });
});

describe("setup and the deal", () => {
  it("Skit Scat: 3 tokens each, the standard deck, 3 cards each and one discard", () => {
    const { state, events } = skitScat.setup(skitScatOptionsSchema.parse({ seats: 4 }), { now: 0, rng: scriptedRng({ ints: [1] }) });
    expect(state.tokens).toEqual([3, 3, 3, 3]);
    expect(state.pot).toBe(0);
    expect(state.hands.map((h) => h.length)).toEqual([3, 3, 3, 3]);
    expect(state.discard).toHaveLength(1);
    expect(state.deck).toHaveLength(52 - 12 - 1);
    expect(inventory(state).sort()).toEqual(standardDeck().sort());
    expect(state.dealer).toBe(1);
    expect(state.turn).toBe(2);
    expect(state.step).toBe("draw");
    expect(state.deadline).toBe(30_000);
    expect(eventsOf(events, "cardsDealt").map((e) => e.seat)).toEqual([2, 3, 0, 1]);
    expect(eventsOf(events, "handDealt")[0]).toMatchObject({ round: 1, dealer: 1, deckCount: 39, order: [2, 3, 0, 1] });
  });

  it("Dark Hand: 5 tokens (7 as an option), the Dark deck with both faces in every id, Jokers on the table", () => {
    const five = darkHand.setup(darkHandOptionsSchema.parse({ seats: 3 }), { now: 0, rng: scriptedRng({}) }).state;
    expect(five.tokens).toEqual([5, 5, 5]);
    expect(five.jokers).toEqual({ light: null, dark: null });
    expect(inventory(five).sort()).toEqual(darkDeck().sort());
    for (const card of five.hands.flat()) expect(faces(card).light.length).toBeGreaterThan(1);
    const seven = darkHand.setup(darkHandOptionsSchema.parse({ seats: 3, tokens: 7 }), { now: 0, rng: scriptedRng({}) }).state;
    expect(seven.tokens).toEqual([7, 7, 7]);
  });

  it("deals one card at a time from the dealer's left (deck top is the last element)", () => {
    const deck = standardDeck();
    const { state } = skitScat.setup(skitScatOptionsSchema.parse({ seats: 2 }), {
      now: 0,
      rng: scriptedRng({ ints: [0], shuffles: [deck] }),
    });
    // Dealer 0: seat 1 gets the 1st, 3rd, 5th cards off the top.
    expect(state.hands[1]).toEqual(["KS", "JS", "9S"]);
    expect(state.hands[0]).toEqual(["QS", "10S", "8S"]);
    expect(state.discard).toEqual(["7S"]);
  });
});
