/**
 * The guessing turns of players who have called (docs/rules/scatterbrain.md,
 * "Guessing"): a guess names only a card and hits whichever opponent holds it:
 * hand card +2 and a trophy, hole card +20 and that opponent out of the hand, anything else
 * nothing; multipliers apply to guess points.
 */
import { describe, expect, it } from "vitest";
import { cards } from "../../cards.ts";
import { ctxAt, eventsOf, play, refusal } from "../../testkit/scenario.ts";
import type { StraightKind } from "./cards.ts";
import { scatterbrain as game } from "./index.ts";
import { guessableCards } from "./legal.ts";
import { scenario } from "./test-support.ts";

/** Seat 0 has called 2..8 and guesses now; dealer 3. */
const table = (kind: StraightKind = "plain", deck = "JD 9H 5S", called: (StraightKind | null)[] = [kind, null, null, null]) =>
  scenario({
    hands: ["2H 3C 4S 5D 6H 8D", "10H JC QS KD 2C 3D", "4H 5C 6S 7D 8H 9D", "JH QC KS AD 2D 3S"],
    holes: ["7C", "AS", "10S", "4D"],
    discard: "QH 8S",
    deck,
    called,
    scores: [10, 0, 0, 0],
  });
const guess = (card: string) => ({ type: "guess", card }) as const;

describe("what may be guessed", () => {
  it("a card only: any card not visible to the guesser; or no guess", () => {
    const s = table();
    expect([s.phase, s.turn]).toEqual(["guess", 0]);
    const hidden = guessableCards(s, 0);
    expect(hidden).toHaveLength(52 - 7 - 2);
    expect(hidden).not.toContain("QH");
    expect(hidden).not.toContain("7C");
    // Every opponent's hand and hole cards, and the deck, are hidden from the guesser.
    for (const c of cards("10H AS 4H 10S JH 4D JD 9H 5S")) expect(hidden).toContain(c);
    const legal = game.legalActions(s, 0);
    expect(legal).toHaveLength(43 + 1);
    expect(legal.slice(0, -1)).toEqual(hidden.map(guess));
    expect(legal.at(-1)).toEqual({ type: "skipGuess" });
  });

  it("the action names no opponent", () => {
    expect(game.actionSchema.parse({ type: "guess", target: 1, card: "AS" })).toEqual(guess("AS"));
  });

  it("refuses visible cards and non-cards", () => {
    const s = table();
    expect(refusal(game, s, 0, guess("QH"))?.code).toBe("card-visible");
    expect(refusal(game, s, 0, guess("2H"))?.code).toBe("card-visible");
    expect(refusal(game, s, 0, guess("7C"))?.code).toBe("card-visible");
    expect(refusal(game, s, 0, guess("1X"))?.code).toBe("no-such-card");
    expect(refusal(game, s, 1, guess("AS"))?.code).toBe("not-your-turn");
  });

  it("never names another caller's card: their straight (hole card included) is face up", () => {
    const s = table("plain", "JD", ["plain", "plain", null, null]);
    expect(refusal(game, s, 0, guess("10H"))?.code).toBe("card-visible");
    expect(refusal(game, s, 0, guess("AS"))?.code).toBe("card-visible");
    expect(guessableCards(s, 0)).not.toContain("AS");
    expect(game.legalActions(s, 0)).toContainEqual(guess("AD"));
  });

  it("never names a trophy, a hole card won or a discard: they lie face up", () => {
    const { state } = play(game, table(), [
      [0, guess("JC")],
      [1, { type: "drawDeck" }],
      [1, { type: "discard", card: "9H" }],
    ]);
    const won = play(game, { ...state, turn: 0, phase: "guess", step: null }, [[0, guess("10S")]]).state;
    const hidden = guessableCards({ ...won, turn: 3 }, 3);
    for (const c of ["JC", "10S", "9H", "QH"]) expect(hidden).not.toContain(c);
    expect(hidden).toContain("4H");
  });
});

describe("guess outcomes", () => {
  it("a card in an opponent's hand: +2, handed over face up as a trophy, replaced from the deck", () => {
    const { state, events } = play(game, table(), [[0, guess("JC")]]);
    expect(state.scores).toEqual([12, 0, 0, 0]);
    expect(state.trophies[0]).toEqual(["JC"]);
    expect(state.hands[1]).toEqual(cards("10H QS KD 2C 3D JD"));
    expect(state.lastGuess).toEqual({ seat: 0, card: "JC", outcome: "hand", holder: 1, points: 2, deckOut: null });
    expect(eventsOf(events, "cardGuessed")).toEqual([{ type: "cardGuessed", guess: state.lastGuess }]);
    const replaced = eventsOf(events, "replacementDrawn")[0]!;
    expect(game.redactEvent(replaced, 1)).toEqual({ type: "replacementDrawn", seat: 1, card: "JD" });
    for (const seat of [0, 2, 3, null]) expect(game.redactEvent(replaced, seat)).toEqual({ type: "replacementDrawn", seat: 1, card: null });
    expect([state.phase, state.turn]).toEqual(["turn", 1]);
    expect(game.view(state, 3).seats[0]?.info["trophies"]).toEqual(["JC"]);
  });

  it("hits whichever opponent holds the card, in hand or as hole card", () => {
    const cases = [
      ["10H", 1, "hand"],
      ["AS", 1, "hole"],
      ["9D", 2, "hand"],
      ["10S", 2, "hole"],
      ["2D", 3, "hand"],
      ["4D", 3, "hole"],
    ] as const;
    for (const [card, holder, outcome] of cases) {
      const { state } = play(game, table(), [[0, guess(card)]]);
      expect(state.lastGuess).toMatchObject({ seat: 0, card, holder, outcome, points: outcome === "hole" ? 20 : 2 });
      expect(state.hands[holder]).not.toContain(card);
      expect(state.out[holder]).toBe(outcome === "hole");
      expect(state.out.filter(Boolean)).toHaveLength(outcome === "hole" ? 1 : 0);
      expect(state.misses).toEqual([]);
    }
  });

  it("no replacement when the deck is empty", () => {
    const { state } = play(game, table("plain", ""), [[0, guess("JC")]]);
    expect(state.hands[1]).toEqual(cards("10H QS KD 2C 3D"));
    expect(state.trophies[0]).toEqual(["JC"]);
  });

  it("an opponent's hole card: +20, the opponent is out; hand face down to the guesser, hole face up", () => {
    const { state, events } = play(game, table(), [[0, guess("10S")]]);
    expect(state.scores).toEqual([30, 0, 0, 0]);
    expect(state.out).toEqual([false, false, true, false]);
    expect(state.lastGuess).toEqual({ seat: 0, card: "10S", outcome: "hole", holder: 2, points: 20, deckOut: null });
    expect(state.holesWon[0]).toEqual(["10S"]);
    expect(state.captured[0]).toEqual(cards("4H 5C 6S 7D 8H 9D"));
    expect([state.hands[2], state.holes[2]]).toEqual([[], null]);
    expect(eventsOf(events, "playerOutOfHand")).toEqual([{ type: "playerOutOfHand", seat: 2, by: 0, cards: 6 }]);
    const v = game.view(state, 0);
    expect(v.seats[0]?.info).toMatchObject({ holesWon: ["10S"], captured: 6 });
    expect(JSON.stringify(v)).not.toContain('"4H"');
  });

  it("a player out of the hand is skipped in turn order; their face-down hand may be named, but it is a miss", () => {
    const out = play(game, table(), [
      [0, guess("10S")],
      [1, { type: "drawDeck" }],
      [1, { type: "discard", card: "JD" }],
    ]).state;
    expect(out.turn).toBe(3);
    const back = play(game, out, [
      [3, { type: "drawDeck" }],
      [3, { type: "discard", card: "9H" }],
    ]).state;
    expect(back.turn).toBe(0);
    expect(game.legalActions(back, 0)).toContainEqual(guess("4H"));
    const { state } = play(game, back, [[0, guess("4H")]]);
    expect(state.lastGuess).toEqual({ seat: 0, card: "4H", outcome: "miss", holder: null, points: 0, deckOut: null });
    expect(state.captured[0]).toContain("4H");
    expect(state.scores[0]).toBe(30);
    expect(state.misses).toEqual(["4H"]);
  });

  it("anything else (a card in the deck): nothing happens", () => {
    const { state, events } = play(game, table(), [[0, guess("9H")]]);
    expect(state.scores).toEqual([10, 0, 0, 0]);
    expect(state.deck).toEqual(cards("5S 9H JD"));
    expect(state.trophies[0]).toEqual([]);
    expect(state.misses).toEqual(["9H"]);
    expect(eventsOf(events, "cardGuessed")[0]?.guess).toEqual({
      seat: 0,
      card: "9H",
      outcome: "miss",
      holder: null,
      points: 0,
      deckOut: null,
    });
    expect(state.turn).toBe(1);
  });

  it("no guess: passing, or the default when the guess window times out", () => {
    const { state, events } = play(game, table(), [[0, { type: "skipGuess" }]]);
    expect(eventsOf(events, "guessSkipped")).toEqual([{ type: "guessSkipped", seat: 0 }]);
    expect(state.turn).toBe(1);
    const timed = game.onDeadline(table(), ctxAt(15_000));
    expect(timed.events.slice(0, 2)).toEqual([
      { type: "turnTimedOut", seat: 0 },
      { type: "guessSkipped", seat: 0 },
    ]);
    expect(timed.state.scores).toEqual([10, 0, 0, 0]);
  });
});

describe("multipliers apply to guess points", () => {
  it("Pure (x2): a hand card is worth 4, a hole card 40", () => {
    expect(play(game, table("pure"), [[0, guess("JC")]]).state.scores[0]).toBe(14);
    expect(play(game, table("pure"), [[0, guess("AS")]]).state.scores[0]).toBe(50);
  });

  it("Top (x3): a hand card is worth 6, a hole card 60, and the hand result shows it", () => {
    const s = { ...table("top", "JD 9H", ["top", "plain", null, "plain"]), scores: [30, 10, 0, 10] };
    const { state } = play(game, s, [
      [0, guess("5C")],
      [1, { type: "skipGuess" }],
      [2, { type: "drawDeck" }],
      [2, { type: "discard", card: "9H" }],
    ]);
    expect(state.scores[0]).toBe(36);
    // The deck ran out: the callers guess once each from seat 3 (seat 3, then 0, then 1).
    expect([state.deckOut, state.turn, state.finalGuessers]).toEqual(["afterCall", 3, [0, 1]]);
    const end = play(game, state, [
      [3, { type: "skipGuess" }],
      [0, guess("10S")],
    ]).state;
    expect(end.phase).toBe("handOver");
    expect(end.result?.seats[0]).toMatchObject({
      straight: 10,
      handHits: 1,
      holeHits: 1,
      kind: "top",
      multiplier: 3,
      delta: 96,
      total: 96,
    });
  });
});

describe("the hand ends when nobody is left hiding cards", () => {
  it("the last player who has not called loses their hole card: the hand is over", () => {
    const s = table("plain", "JD 9H", ["plain", "plain", null, "plain"]);
    const { state } = play(game, s, [[0, guess("10S")]]);
    expect(state.phase).toBe("handOver");
    expect(state.result?.endedBy).toBe("noneLeft");
  });
});
