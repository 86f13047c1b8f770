/**
 * Options, the face-up deal and memorise phase, the mercy hand and the simultaneous hole-card
 * choice (docs/rules/scatterbrain.md, "Dealing", "Mercy hand", "The hole card").
 */
import { describe, expect, it } from "vitest";
import { cards } from "../../cards.ts";
import { ctxAt, eventsOf, play, refusal, scriptedRng } from "../../testkit/scenario.ts";
import { ALL_CARDS } from "./cards.ts";
import { scatterbrain as game } from "./index.ts";
import { optionsSchema } from "./options.ts";
import { inventory, stackedDeck } from "./test-support.ts";

const options = optionsSchema.parse({ seats: 4 });
const HANDS = ["2H 9C 4S JD KH 6C 8D", "3H 10C 5S QD AH 7C 9D", "4H JC 6S KD 2S 8C 10D", "5H QC 7S AD 3S 9H JS"];
/** Dealer 0; the deal above, then 10S on top of the deck. */
const deal = (hands = HANDS, now = 0) =>
  game.setup(options, { now, rng: scriptedRng({ ints: [0], shuffles: [stackedDeck(0, hands, "10S")] }) });

describe("options", () => {
  it("defaults: 30 s turns, 8 s memorise, 15 s guesses, 8 s pause", () => {
    expect(options).toEqual({ seats: 4, turnMs: 30_000, memoriseMs: 8_000, guessMs: 15_000, pauseMs: 8_000 });
  });

  it("rejects anything but 4 seats and bad timers with a readable message", () => {
    expect(optionsSchema.safeParse({ seats: 3 }).error?.issues[0]?.message).toBe("Scatterbrain needs exactly 4 players");
    expect(optionsSchema.safeParse({ seats: 4, memoriseMs: 500 }).error?.issues[0]?.message).toMatch(/memoriseMs/);
    expect(optionsSchema.safeParse({ seats: 4, turnMs: 5_000 }).error?.issues[0]?.message).toMatch(/turnMs/);
    expect(optionsSchema.safeParse({ seats: 4, bogus: 1 }).success).toBe(false);
  });
});

describe("the face-up deal and the memorise phase", () => {
  it("deals 7 cards to each player from the dealer's left, face up, with a memorise deadline", () => {
    const { state, events } = deal(HANDS, 1_000);
    expect(state.dealer).toBe(0);
    expect(state.phase).toBe("memorise");
    expect(state.deadline).toBe(1_000 + 8_000);
    expect(state.hands).toEqual(HANDS.map(cards));
    expect(state.deck).toHaveLength(52 - 28);
    expect(state.discard).toEqual([]);
    expect(inventory(state).sort()).toEqual(ALL_CARDS.slice().sort());
    expect(eventsOf(events, "handDealt")).toEqual([{ type: "handDealt", hand: 1, dealer: 0, hands: HANDS.map(cards), deadline: 9_000 }]);
  });

  it("shows every hand to everyone, spectators included, and waits for nobody", () => {
    const { state } = deal();
    for (const seat of [0, 1, 2, 3, null]) expect(game.view(state, seat).info["dealt"]).toEqual(HANDS.map(cards));
    expect(game.awaiting(state)).toEqual([]);
    for (const seat of [0, 1, 2, 3]) expect(game.legalActions(state, seat)).toEqual([]);
    expect(refusal(game, state, 1, { type: "chooseHole", card: "3H" })?.code).toBe("memorising");
  });

  it("at the deadline everyone picks up: hands are hidden, everyone must choose a hole card", () => {
    const { state, events } = game.onDeadline(deal().state, ctxAt(8_000));
    expect(state.phase).toBe("chooseHole");
    expect(state.deadline).toBe(8_000 + 30_000);
    expect(events).toEqual([{ type: "cardsPickedUp", deadline: 38_000 }]);
    expect(game.awaiting(state)).toEqual([0, 1, 2, 3]);
    expect(game.view(state, null).info["dealt"]).toBeNull();
    expect(JSON.stringify(game.view(state, 2))).not.toContain('"3H"');
  });
});

describe("the mercy hand", () => {
  const mercy = ["2H 9C 4S JD KH 6C 8D", "AH 2C 3D 4D 5H 6H 7S", "4H JC 6S KD 2S 8C 10D", "5C QC 7C AD 3S 9H JS"];

  it("scores a straight dealt face up at once and ends the hand without a memorise phase", () => {
    const { state, events } = deal(mercy, 500);
    expect(state.phase).toBe("handOver");
    expect(state.scores).toEqual([0, 10, 0, 0]);
    expect(state.deadline).toBe(500 + 8_000);
    expect(eventsOf(events, "handDealt")[0]?.deadline).toBeNull();
    expect(eventsOf(events, "mercyHand")).toEqual([{ type: "mercyHand", seats: [1], straights: [cards("AH 2C 3D 4D 5H 6H 7S")] }]);
    expect(state.result).toMatchObject({ endedBy: "mercy", dealt: mercy.map(cards), gameOver: false });
    expect(state.result?.seats[1]).toMatchObject({ straight: 10, kind: "plain", multiplier: 1, delta: 10, total: 10 });
  });

  it("applies the multiplier: a Pure straight dealt scores 20, a Top one 30", () => {
    const pure = ["2H 9C 4S JD KH 6C 8D", "AH 2D 3D 4D 5H 6H 7H", "4H JC 6S KD 2S 8C 10D", "5S QC 7C AD 3S 9S JS"];
    expect(deal(pure).state.scores).toEqual([0, 20, 0, 0]);
    const top = ["2H 9C 4S JD KH 6C 8D", "AD 2D 3D 4D 5D 6D 7D", "4H JC 6S KC 2S 8C 10C", "5S QC 7C AH 3S 9S JS"];
    expect(deal(top).state.scores).toEqual([0, 30, 0, 0]);
  });

  it("the same dealer deals again after everyone continues", () => {
    const { state } = deal(mercy);
    const next = play(game, state, [
      [0, { type: "continue" }],
      [1, { type: "continue" }],
      [2, { type: "continue" }],
      [3, { type: "continue" }],
    ]);
    expect(next.state.phase).toBe("memorise");
    expect(next.state.dealer).toBe(0);
    expect(next.state.hand).toBe(2);
    expect(next.state.scores).toEqual([0, 10, 0, 0]);
  });
});

describe("the hole card", () => {
  const picking = () => game.onDeadline(deal().state, ctxAt(8_000)).state;

  it("is chosen by everyone at once: awaiting lists those who have not chosen", () => {
    const { state, events } = play(game, picking(), [[2, { type: "chooseHole", card: "6S" }]]);
    expect(state.holes).toEqual([null, null, "6S", null]);
    expect(state.hands[2]).toEqual(cards("4H JC KD 2S 8C 10D"));
    expect(game.awaiting(state)).toEqual([0, 1, 3]);
    expect(game.legalActions(state, 2)).toEqual([]);
    expect(refusal(game, state, 2, { type: "chooseHole", card: "4H" })?.code).toBe("hole-already-chosen");
    expect(refusal(game, state, 1, { type: "chooseHole", card: "4H" })?.code).toBe("card-not-in-hand");
    expect(game.redactEvent(events[0]!, 2)).toEqual({ type: "holeChosen", seat: 2, card: "6S", timedOut: false });
    for (const seat of [0, 1, 3, null])
      expect(game.redactEvent(events[0]!, seat)).toEqual({ type: "holeChosen", seat: 2, card: null, timedOut: false });
  });

  it("when all have chosen, a card starts the discard pile and the dealer's left plays", () => {
    const { state, events } = play(
      game,
      picking(),
      [
        [0, { type: "chooseHole", card: "6C" }],
        [1, { type: "chooseHole", card: "7C" }],
        [2, { type: "chooseHole", card: "8C" }],
        [3, { type: "chooseHole", card: "9H" }],
      ],
      ctxAt(9_000),
    );
    expect(state.discard).toEqual(["10S"]);
    expect(state.deck).toHaveLength(23);
    expect(state.phase).toBe("turn");
    expect(state.turn).toBe(1);
    expect(state.deadline).toBe(9_000 + 30_000);
    expect(eventsOf(events, "discardStarted")).toEqual([{ type: "discardStarted", card: "10S" }]);
  });

  it("defaults to a random card of the hand for everyone who has not chosen", () => {
    const chosen = play(game, picking(), [[0, { type: "chooseHole", card: "6C" }]]).state;
    const { state, events } = game.onDeadline(chosen, { now: 40_000, rng: scriptedRng({}) });
    // The scripted RNG picks the first card of each hand.
    expect(state.holes).toEqual(["6C", "3H", "4H", "5H"]);
    expect(eventsOf(events, "holeChosen").map((e) => [e.seat, e.timedOut])).toEqual([
      [1, true],
      [2, true],
      [3, true],
    ]);
    expect(state.phase).toBe("turn");
  });
});
