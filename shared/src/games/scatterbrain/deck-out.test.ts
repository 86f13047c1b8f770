/**
 * The deck ends (docs/rules/scatterbrain.md, "The deck ends"): without a
 * call, everyone guesses in turn until a hole card is found; after a call, each caller guesses once.
 */
import { describe, expect, it } from "vitest";
import { cards } from "../../cards.ts";
import { ctxAt, eventsOf, play, refusal, scriptedRng } from "../../testkit/scenario.ts";
import type { StraightKind } from "./cards.ts";
import { scatterbrain as game } from "./index.ts";
import { scenario } from "./test-support.ts";

const table = (called: (StraightKind | null)[] = [null, null, null, null], turn = 0) =>
  scenario({
    hands: ["2H 3C 4S 5D 6H 9C", "10H JC QS KD 2C 3D", "4H 5C 6S 7D 8H 9D", "JH QC KS AD 2D 3S"],
    holes: ["7C", "AS", "10S", "4D"],
    discard: "QH 8S",
    deck: "JD",
    called,
    turn,
  });
const guess = (card: string) => ({ type: "guess", card }) as const;
const lastCard = (seat: number) =>
  [
    [seat, { type: "drawDeck" }],
    [seat, { type: "discard", card: "JD" }],
  ] as const;

describe("the deck runs out before anyone has called", () => {
  const exhausted = () => play(game, table(), [...lastCard(0)], ctxAt(1_000));

  it("the player whose turn was next guesses first; everyone guesses in turn; no passing", () => {
    const { state, events } = exhausted();
    expect(eventsOf(events, "deckExhausted")).toEqual([{ type: "deckExhausted", procedure: "noCall", guessers: [1, 2, 3, 0] }]);
    expect([state.phase, state.turn, state.deckOut, state.deadline]).toEqual(["guess", 1, "noCall", 16_000]);
    expect(game.legalActions(state, 1)).not.toContainEqual({ type: "skipGuess" });
    expect(refusal(game, state, 1, { type: "skipGuess" })?.code).toBe("must-guess");
    expect(game.legalActions(state, 1)).toContainEqual(guess("7C"));
    expect(refusal(game, state, 1, guess("AS"))?.code).toBe("card-visible");
  });

  it("a hand card guessed goes face up on the discard pile for no points; a miss does nothing", () => {
    const first = play(game, exhausted().state, [[1, guess("4H")]]).state;
    expect(first.lastGuess).toEqual({ seat: 1, card: "4H", outcome: "hand", holder: 2, points: 0, deckOut: "noCall" });
    const { state } = play(game, first, [[2, guess("AH")]]);
    expect(state.discard).toEqual(cards("QH 8S JD 4H"));
    expect(state.hands[2]).toEqual(cards("5C 6S 7D 8H 9D"));
    expect(state.scores).toEqual([0, 0, 0, 0]);
    expect(state.trophies.flat()).toEqual([]);
    expect(state.lastGuess).toEqual({ seat: 2, card: "AH", outcome: "miss", holder: null, points: 0, deckOut: "noCall" });
    expect(state.turn).toBe(3);
  });

  it("the first hole card guessed scores 20 and ends the hand", () => {
    const { state, events } = play(game, exhausted().state, [
      [1, guess("4H")],
      [2, guess("AH")],
      [3, guess("7C")],
    ]);
    expect(state.scores).toEqual([0, 0, 0, 20]);
    expect(state.lastGuess).toMatchObject({ seat: 3, card: "7C", outcome: "hole", holder: 0 });
    expect(state.phase).toBe("handOver");
    expect(state.result).toMatchObject({ endedBy: "holeGuessed", leaders: [3], gameOver: false });
    expect(state.result?.seats[3]).toMatchObject({ holeHits: 1, multiplier: 1, delta: 20, total: 20 });
    expect(eventsOf(events, "handScored")).toHaveLength(1);
  });

  it("on timeout a random guess is made (the hand must end with a hole card found)", () => {
    const { state, events } = game.onDeadline(exhausted().state, { now: 16_000, rng: scriptedRng({}) });
    expect(events[0]).toEqual({ type: "turnTimedOut", seat: 1 });
    expect(eventsOf(events, "cardGuessed")[0]?.guess).toEqual({
      seat: 1,
      card: "AC",
      outcome: "miss",
      holder: null,
      points: 0,
      deckOut: "noCall",
    });
    expect(state.turn).toBe(2);
  });
});

describe("the deck runs out after at least one call", () => {
  /** Seats 0 and 2 have called; seat 1 draws the last card. */
  const exhausted = () => play(game, table(["plain", null, "plain", null], 1), [...lastCard(1)]);

  it("each caller, in turn order from the next player, guesses once", () => {
    const { state, events } = exhausted();
    expect(eventsOf(events, "deckExhausted")).toEqual([{ type: "deckExhausted", procedure: "afterCall", guessers: [2, 0] }]);
    expect([state.phase, state.turn, state.finalGuessers]).toEqual(["guess", 2, [0]]);
    expect(game.legalActions(state, 2)).toContainEqual({ type: "skipGuess" });
    // The other caller's straight is face up: it cannot be named.
    expect(refusal(game, state, 2, guess("7C"))?.code).toBe("card-visible");
  });

  it("a hand card scores nothing (it goes to the discard pile); a hole card scores 20; then the hand ends", () => {
    const { state } = play(game, exhausted().state, [
      [2, guess("JC")],
      [0, guess("4D")],
    ]);
    expect(state.discard.at(-1)).toBe("JC");
    expect(state.trophies[2]).toEqual([]);
    expect(state.scores).toEqual([20, 0, 0, 0]);
    expect(state.out[3]).toBe(true);
    expect(state.lastGuess).toEqual({ seat: 0, card: "4D", outcome: "hole", holder: 3, points: 20, deckOut: "afterCall" });
    expect(state.phase).toBe("handOver");
    expect(state.result?.endedBy).toBe("deckOut");
  });

  it("ends after the last caller's guess even when it finds nothing", () => {
    const { state } = play(game, exhausted().state, [
      [2, guess("AH")],
      [0, { type: "skipGuess" }],
    ]);
    expect(state.phase).toBe("handOver");
    expect(state.scores).toEqual([0, 0, 0, 0]);
  });

  it("can also run out through a replacement drawn after a hand card was guessed", () => {
    const s = table(["plain", null, null, null], 0);
    const { state, events } = play(game, s, [[0, guess("JC")]]);
    expect(state.hands[1]).toContain("JD");
    expect(eventsOf(events, "deckExhausted")).toEqual([{ type: "deckExhausted", procedure: "afterCall", guessers: [0] }]);
    expect([state.phase, state.turn]).toEqual(["guess", 0]);
  });
});
