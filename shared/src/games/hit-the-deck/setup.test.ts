/** Options, the deal and the start card (docs/rules/hit-the-deck.md, "The start"). */
import { describe, expect, it } from "vitest";
import { eventsOf, scriptedRng } from "../../testkit/scenario.ts";
import { ALL_CARDS, faceOf, faces } from "./cards.ts";
import { hitTheDeck as game } from "./index.ts";
import { optionsSchema } from "./options.ts";
import { CardPool, inventory } from "./test-support.ts";

const parse = (o: unknown) => optionsSchema.safeParse(o);

/**
 * A shuffle result that deals the special cards first, turns the faces `top` (top first), and
 * leaves a draw pile with `bottom` at the bottom, number cards in the middle and the remaining
 * special cards on top: a cut (from the middle half) exposes a number card.
 */
function stacked(seats: number, top: string, bottom = ""): string[] {
  const pool = new CardPool();
  const upper = pool.takeAll(top);
  const under = pool.takeAll(bottom);
  const rest = pool.rest();
  const isNumber = (c: string) => /^[1-5]/.test(c);
  const ordered = [...rest.filter((c) => !isNumber(c)), ...rest.filter(isNumber)];
  const dealt = ordered.slice(0, 7 * seats);
  const left = ordered.slice(7 * seats);
  const below = [...under, ...left.filter(isNumber), ...left.filter((c) => !isNumber(c))];
  return [...below, ...upper.reverse(), ...dealt.reverse()];
}

const start = (seats: number, top: string, ints: number[] = [0], bottom = "") =>
  game.setup(optionsSchema.parse({ seats }), { now: 0, rng: scriptedRng({ ints, shuffles: [stacked(seats, top, bottom)] }) });

describe("options", () => {
  it("defaults: 30 s turns, 8 s pause, game to 100, 3 s slap window, 2 s call window", () => {
    expect(optionsSchema.parse({ seats: 4 })).toEqual({
      seats: 4,
      turnMs: 30_000,
      pauseMs: 8_000,
      target: 100,
      raceMs: 3_000,
      callMs: 2_000,
    });
  });

  it("rejects bad options with a readable message", () => {
    expect(parse({ seats: 7 }).error?.issues[0]?.message).toBe("Hit the Deck needs 2 to 6 players");
    expect(parse({ seats: 1 }).success).toBe(false);
    expect(parse({ seats: 3, turnMs: 5_000 }).error?.issues[0]?.message).toMatch(/turnMs must be 10000..120000/);
    expect(parse({ seats: 3, target: 0 }).error?.issues[0]?.message).toMatch(/target/);
    expect(parse({ seats: 3, raceMs: 100 }).success).toBe(false);
    expect(parse({ seats: 3, raceMs: 2_000, callMs: 2_500 }).error?.issues[0]).toMatchObject({
      message: "callMs must not be longer than raceMs",
      path: ["callMs"],
    });
    expect(parse({ seats: 3, slapMs: 1 }).success).toBe(false);
  });

  it("takes the table option target", () => {
    expect(optionsSchema.parse({ seats: 2, target: 250 }).target).toBe(250);
  });
});

describe("the deal", () => {
  it("picks the first dealer at random; play starts at the dealer's left", () => {
    const { state } = start(4, "3R", [2]);
    expect(state.dealer).toBe(2);
    expect(state.turn).toBe(3);
    expect(state.direction).toBe(1);
    expect(state.deadline).toBe(30_000);
  });

  it("deals 7 cards to each player one at a time, turns one card, keeps the rest face down", () => {
    const { state, events } = start(5, "3R");
    expect(state.hands.map((h) => h.length)).toEqual([7, 7, 7, 7, 7]);
    expect(faces(state.discard)).toEqual(["3R"]);
    expect(state.deck).toHaveLength(110 - 35 - 1);
    expect(inventory(state).sort()).toEqual([...ALL_CARDS].sort());
    expect(eventsOf(events, "cardsDealt").map((e) => e.seat)).toEqual([1, 2, 3, 4, 0]);
    expect(eventsOf(events, "startCardTurned").map((e) => faceOf(e.card))).toEqual(["3R"]);
  });

  it("buries a WITH A HAND start card in the deck and turns the next (twice in a row too)", () => {
    const { state, events } = start(3, "HH HH 4B");
    expect(faces(state.discard)).toEqual(["4B"]);
    expect(eventsOf(events, "cardBuried").map((e) => [faceOf(e.card), e.pile])).toEqual([
      ["HH", "deck"],
      ["HH", "deck"],
    ]);
    expect(state.deck.filter((c) => faceOf(c) === "HH")).toHaveLength(4);
    for (const e of eventsOf(events, "cardBuried")) {
      const at = state.deck.indexOf(e.card);
      expect(at).toBeGreaterThanOrEqual(Math.floor(state.deck.length / 4) - 1);
      expect(at).toBeLessThan(Math.ceil((3 * state.deck.length) / 4));
    }
    expect(state.phase).toBe("turn");
    expect(state.race).toBeNull();
  });

  it("a WITH A NUMBER start card is a demand on the first player", () => {
    const { state } = start(3, "H5");
    expect(state.turn).toBe(1);
    expect(state.demand).toEqual({ kind: "number", number: 5 });
  });

  it("a WITH A COLOR start card is a demand on the first player", () => {
    expect(start(3, "HY").state.demand).toEqual({ kind: "colour", colour: "Y" });
  });

  it("a CUT start card skips the first player, who cuts; the second player plays", () => {
    const { state, events } = start(3, "CG");
    const cut = eventsOf(events, "deckCut");
    expect(cut).toHaveLength(1);
    expect(cut[0]?.seat).toBe(1);
    expect(faces(state.discard.slice(0, 1))).toEqual(["CG"]);
    expect(state.discard[1]).toBe(cut[0]?.card);
    expect(state.turn).toBe(2);
  });

  it("a FLIP start card: the first player flips, the direction reverses, the dealer plays", () => {
    const { state, events } = start(3, "FG", [0], "4B");
    expect(eventsOf(events, "deckFlipped")[0]).toMatchObject({ seat: 1, direction: -1 });
    expect(faceOf(state.discard[state.discard.length - 1] as string)).toBe("4B");
    expect(faces(state.deck)).toEqual(["FG"]);
    expect(state.discard).toHaveLength(110 - 21 - 1);
    expect(state.direction).toBe(-1);
    expect(state.turn).toBe(0);
  });
});
