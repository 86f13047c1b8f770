/**
 * Draw/discard turns, calling "Scatterbrain" and turn timeouts (docs/rules/scatterbrain.md, "Playing the
 * hand", "Calling").
 */
import { describe, expect, it } from "vitest";
import { cards } from "../../cards.ts";
import { ctxAt, eventsOf, play, refusal } from "../../testkit/scenario.ts";
import { scatterbrain as game } from "./index.ts";
import { scenario } from "./test-support.ts";

/** Dealer 3, seat 0 to play. Seat 0 needs an 8 (or an Ace) for 2..8; seat 2 already holds 4..10 (it declined before). */
const table = (deck = "JD 8D 2S 5S 6D 9H") =>
  scenario({
    hands: ["2H 3C 4S 5D 6H 9C", "10H JC QS KD 2C 3D", "4H 5C 6S 7D 8H 9D", "JH QC KS AD 2D 3S"],
    holes: ["7C", "AS", "10S", "4D"],
    discard: "QH 8S",
    deck,
  });
const draw = { type: "drawDeck" } as const;
const take = { type: "drawDiscard" } as const;
const discard = (card: string) => ({ type: "discard", card }) as const;

describe("a turn", () => {
  it("draws from the deck (only the drawer learns the card), discards face up, and the turn passes left", () => {
    const { state, events } = play(
      game,
      table(),
      [
        [0, draw],
        [0, discard("JD")],
      ],
      ctxAt(2_000),
    );
    expect(state.hands[0]).toEqual(cards("2H 3C 4S 5D 6H 9C"));
    expect(state.discard).toEqual(cards("QH 8S JD"));
    expect([state.phase, state.turn, state.step, state.deadline]).toEqual(["turn", 1, "draw", 32_000]);
    const drawn = eventsOf(events, "cardDrawn")[0]!;
    expect(game.redactEvent(drawn, 0)).toEqual({ type: "cardDrawn", seat: 0, from: "deck", card: "JD" });
    for (const seat of [1, 2, 3, null])
      expect(game.redactEvent(drawn, seat)).toEqual({ type: "cardDrawn", seat: 0, from: "deck", card: null });
  });

  it("takes the top discard in view of everyone and may discard that very card", () => {
    const taken = play(game, table(), [[0, take]]).state;
    expect(taken.discard).toEqual(["QH"]);
    expect(game.view(taken, 2).info["takenFromDiscard"]).toBe("8S");
    expect(game.legalActions(taken, 0)).toContainEqual(discard("8S"));
    expect(play(game, taken, [[0, discard("8S")]]).state.discard).toEqual(cards("QH 8S"));
  });

  it("keeps every discard showing: the whole pile is in every view", () => {
    const { state } = play(game, table(), [
      [0, draw],
      [0, discard("JD")],
      [1, draw],
      [1, discard("2C")],
    ]);
    for (const seat of [0, 1, 2, 3, null])
      expect(game.view(state, seat).piles["discard"]).toEqual({ count: 4, cards: cards("QH 8S JD 2C") });
  });

  it("never lets the hole card be discarded", () => {
    const drawn = play(game, table(), [[0, draw]]).state;
    expect(refusal(game, drawn, 0, discard("7C"))?.code).toBe("card-not-in-hand");
    expect(game.legalActions(drawn, 0).map((a) => (a.type === "discard" ? a.card : a.type))).toEqual(cards("2H 3C 4S 5D 6H 9C JD"));
  });

  it("refuses out-of-turn and out-of-order actions with codes", () => {
    const s = table();
    expect(refusal(game, s, 1, draw)?.code).toBe("not-your-turn");
    expect(refusal(game, s, 0, discard("2H"))?.code).toBe("must-draw-first");
    expect(refusal(game, s, 0, { type: "callScatterbrain" })?.code).toBe("no-straight");
    expect(refusal(game, s, 0, { type: "guess", card: "AH" })?.code).toBe("not-guessing");
    expect(refusal(game, s, 0, { type: "continue" })?.code).toBe("wrong-phase");
    const drawn = play(game, s, [[0, draw]]).state;
    expect(refusal(game, drawn, 0, take)?.code).toBe("already-drew");
  });
});

describe("calling Scatterbrain", () => {
  /** Seat 0 draws 8D and discards 9C: 2H 3C 4S 5D 6H 8D + hole 7C is a straight. */
  const straight = () =>
    play(game, table("8D 2S 5S 6D 9H"), [
      [0, draw],
      [0, discard("9C")],
    ]).state;

  it("after a discard that leaves a straight, the player may call or not", () => {
    const s = straight();
    expect([s.phase, s.turn, s.step]).toEqual(["turn", 0, "call"]);
    expect(game.awaiting(s)).toEqual([0]);
    expect(game.legalActions(s, 0)).toEqual([{ type: "callScatterbrain" }, { type: "declineCall" }]);
    expect(refusal(game, s, 0, discard("2H"))?.code).toBe("already-discarded");
  });

  it("lays the straight face up for 10 points; the player draws no more and guesses on later turns", () => {
    const { state, events } = play(game, straight(), [[0, { type: "callScatterbrain" }]]);
    expect(state.scores).toEqual([10, 0, 0, 0]);
    expect(state.called).toEqual(["plain", null, null, null]);
    expect(eventsOf(events, "scatterbrainCalled")).toEqual([
      { type: "scatterbrainCalled", seat: 0, cards: cards("2H 3C 4S 5D 6H 8D 7C"), hole: "7C", kind: "plain", multiplier: 1, points: 10 },
    ]);
    expect(game.view(state, null).seats[0]?.info).toMatchObject({ called: true, straight: cards("2H 3C 4S 5D 6H 8D 7C"), handPoints: 10 });
    const round = play(game, state, [
      [1, draw],
      [1, discard("2C")],
      [2, draw],
      [2, discard("5S")],
      [2, { type: "declineCall" }],
      [3, draw],
      [3, discard("6D")],
    ]).state;
    expect([round.phase, round.turn]).toEqual(["guess", 0]);
    expect(round.deadline).toBe(15_000);
    expect(refusal(game, round, 0, draw)?.code).toBe("must-guess-or-skip");
  });

  it("may decline, keeping the straight to play on for a better one", () => {
    const { state, events } = play(game, straight(), [[0, { type: "declineCall" }]]);
    expect(eventsOf(events, "callDeclined")).toEqual([{ type: "callDeclined", seat: 0 }]);
    expect([state.phase, state.turn, state.called[0]]).toEqual(["turn", 1, null]);
  });

  it("Pure straights are x2 and Top straights x3", () => {
    const s = scenario({
      hands: ["2H 3D 4H 5D 6H 9C", "10H JC QS KD 2C 3C", "", ""],
      holes: ["7D", "AS", "10S", "4C"],
      discard: "QH",
      deck: "8H",
    });
    const pure = play(game, s, [
      [0, draw],
      [0, discard("9C")],
      [0, { type: "callScatterbrain" }],
    ]).state;
    expect([pure.called[0], pure.scores[0]]).toEqual(["pure", 20]);
    const t = scenario({
      hands: ["2H 3H 4H 5H 6H 9C", "10C JC QS KD 2C 3C", "", ""],
      holes: ["7H", "AS", "10S", "4C"],
      discard: "QH",
      deck: "8H",
    });
    const top = play(game, t, [
      [0, draw],
      [0, discard("9C")],
      [0, { type: "callScatterbrain" }],
    ]).state;
    expect([top.called[0], top.scores[0]]).toEqual(["top", 30]);
  });
});

describe("turn timeouts (onDeadline)", () => {
  it("draw step: draws from the deck and discards the drawn card", () => {
    const { state, events } = game.onDeadline(table("JD"), ctxAt(30_000));
    expect(events.slice(0, 3)).toEqual([
      { type: "turnTimedOut", seat: 0 },
      { type: "cardDrawn", seat: 0, from: "deck", card: "JD" },
      { type: "cardDiscarded", seat: 0, card: "JD" },
    ]);
    expect(state.hands[0]).toEqual(cards("2H 3C 4S 5D 6H 9C"));
    expect(state.turn).toBe(1);
    expect(state.version).toBe(table().version + 1);
  });

  it("discard step: discards the card just drawn or taken", () => {
    const taken = play(game, table(), [[0, take]]).state;
    const { state } = game.onDeadline(taken, ctxAt(30_000));
    expect(state.discard).toEqual(cards("QH 8S"));
    expect(state.hands[0]).toEqual(cards("2H 3C 4S 5D 6H 9C"));
  });

  it("calls when possible: a straight kept through a timed-out turn is called", () => {
    const s = { ...table("2S 5S"), turn: 2 };
    const { state, events } = game.onDeadline(s, ctxAt(30_000));
    expect(eventsOf(events, "scatterbrainCalled")[0]).toMatchObject({ seat: 2, kind: "plain", points: 10 });
    expect(state.called[2]).toBe("plain");
    expect(state.turn).toBe(3);
  });

  it("call step: calls", () => {
    const s = play(game, table("8D 2S"), [
      [0, draw],
      [0, discard("9C")],
    ]).state;
    expect(game.onDeadline(s, ctxAt(30_000)).state.called[0]).toBe("plain");
  });
});
