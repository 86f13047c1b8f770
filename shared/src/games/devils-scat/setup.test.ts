/** Options, setup, the deal and instant Scats after it (docs/rules/devils-scat.md, "Scat at once"; docs/rules/common.md, "Turns, dealers, piles"). */
import { describe, expect, it } from "vitest";
import { cards } from "../../cards.ts";
import { eventsOf, scriptedRng } from "../../testkit/scenario.ts";
import { cardSuit, gameDeck } from "./cards.ts";
import { devilsScat as game } from "./index.ts";
import { optionsSchema } from "./options.ts";
import { inventory, stackedDeck } from "./test-support.ts";

const parse = (o: unknown) => optionsSchema.safeParse(o);

describe("options", () => {
  it("defaults turnMs 30 s, pauseMs 8 s, no variants", () => {
    expect(optionsSchema.parse({ seats: 4 })).toEqual({ seats: 4, turnMs: 30_000, pauseMs: 8_000, bootASuit: false, classic: false });
  });

  it("rejects bad options with a readable message", () => {
    expect(parse({ seats: 7 }).error?.issues[0]?.message).toMatch(/2 to 6 players/);
    expect(parse({ seats: 1 }).success).toBe(false);
    expect(parse({ seats: 3, turnMs: 5_000 }).error?.issues[0]?.message).toMatch(/turnMs/);
    expect(parse({ seats: 3, pauseMs: -1 }).success).toBe(false);
    expect(parse({ seats: 3, clasic: true }).success).toBe(false);
  });

  it("allows Boot a Suit only for 2-3 players", () => {
    expect(parse({ seats: 3, bootASuit: true }).success).toBe(true);
    const bad = parse({ seats: 4, bootASuit: true });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe("Boot a Suit is only for 2-3 player games");
    expect(bad.error?.issues[0]?.path).toEqual(["bootASuit"]);
  });
});

describe("setup and the deal", () => {
  it("picks the first dealer at random and starts at the dealer's left", () => {
    const { state } = game.setup(optionsSchema.parse({ seats: 4 }), { now: 0, rng: scriptedRng({ ints: [2] }) });
    expect(state.dealer).toBe(2);
    expect(state.turn).toBe(3);
    expect(state.deadline).toBe(30_000);
  });

  it("deals 3 cards each, flips one discard, keeps the rest face down and flips a favored suit", () => {
    const { state, events } = game.setup(optionsSchema.parse({ seats: 5 }), { now: 0, rng: scriptedRng({ ints: [0], shuffles: [] }) });
    expect(state.hands.map((h) => h.length)).toEqual([3, 3, 3, 3, 3]);
    expect(state.discard).toHaveLength(1);
    expect(state.deck).toHaveLength(45 - 15 - 1);
    expect(state.suits).toContain(state.favored);
    expect(inventory(state).sort()).toEqual(gameDeck().sort());
    expect(eventsOf(events, "roundDealt")[0]).toMatchObject({ round: 1, dealer: 0, favored: state.favored, deckCount: 29 });
    expect(eventsOf(events, "handDealt").map((e) => e.seat)).toEqual([1, 2, 3, 4, 0]);
  });

  it("Boot a Suit removes one suit and its favored card for the whole game", () => {
    // pick() on the scripted RNG takes the first suit: hearts are booted.
    const { state } = game.setup(optionsSchema.parse({ seats: 2, bootASuit: true }), { now: 0, rng: scriptedRng({}) });
    expect(state.suits).toEqual(["S", "G", "W", "X"]);
    expect(state.favored).not.toBe("H");
    expect(inventory(state)).toHaveLength(36);
    expect(inventory(state).some((c) => cardSuit(c) === "H")).toBe(false);
  });

  it("reveals a dealt Scat at once; with two, the first in turn order from the dealer's left wins", () => {
    // Dealer 1: turn order 2, 3, 0, 1. Seats 0 and 3 are dealt Scats; seat 3 comes first.
    const hands = ["AH KH QH", "6S 7G 8W", "9X 9G 7W", "AS 10S JS"];
    const deck = stackedDeck([2, 3, 0, 1], hands, "6X");
    const { state, events } = game.setup(optionsSchema.parse({ seats: 4 }), { now: 0, rng: scriptedRng({ ints: [1], shuffles: [deck] }) });
    expect(state.hands.map((h) => h.join(" "))).toEqual(hands);
    expect(state.phase).toBe("roundOver");
    expect(state.result?.winner).toBe(3);
    expect(state.result?.endedBy).toBe("scat");
    expect(eventsOf(events, "scatRevealed")).toEqual([
      { type: "scatRevealed", seat: 3, hand: cards("AS 10S JS"), value: 31, devilsScat: false },
    ]);
    expect(eventsOf(events, "turnStarted")).toEqual([]);
  });

  it("reveals a dealt Devil's Scat", () => {
    const hands = ["7H KH QH", "6S 6G 6W"];
    const deck = stackedDeck([1, 0], hands, "6X");
    const { state } = game.setup(optionsSchema.parse({ seats: 2 }), { now: 0, rng: scriptedRng({ ints: [0], shuffles: [deck] }) });
    expect(state.result?.winner).toBe(1);
    expect(state.result?.devilsScat).toBe(true);
  });

  it("reshuffles all cards and flips a new favored suit every round", () => {
    const reversed = [...gameDeck()].reverse();
    const opts = optionsSchema.parse({ seats: 2 });
    const first = game.setup(opts, { now: 0, rng: scriptedRng({ ints: [1], shuffles: [reversed, ["G", "H", "S", "W", "X"]] }) }).state;
    expect(first.favored).toBe("G");
    expect(first.hands).toEqual([cards("6H 8H 10H"), cards("7H 9H JH")]);
    const paused = { ...first, phase: "roundOver" as const, deadline: 0, turn: -1 };
    const next = game.onDeadline(paused, { now: 0, rng: scriptedRng({ shuffles: [reversed, ["W", "H", "S", "G", "X"]] }) }).state;
    expect(next.round).toBe(2);
    expect(next.dealer).toBe(0);
    expect(next.favored).toBe("W");
    expect(next.hands).toEqual([cards("7H 9H JH"), cards("6H 8H 10H")]);
    expect(next.discard).toEqual(["QH"]);
    expect(inventory(next).sort()).toEqual(gameDeck().sort());
  });
});
