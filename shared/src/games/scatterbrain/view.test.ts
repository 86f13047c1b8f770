/**
 * Views and event redaction (ARCHITECTURE.md, "Views are computed"; docs/rules/scatterbrain.md, "Dealing"):
 * after the memorise phase a seat sees its own hand and hole card, the whole discard pile, called
 * straights, trophies, and nothing else, even though it saw every hand during the deal.
 */
import { describe, expect, it } from "vitest";
import { cards } from "../../cards.ts";
import { ctxAt, play, scriptedRng } from "../../testkit/scenario.ts";
import { scatterbrain as game } from "./index.ts";
import { optionsSchema } from "./options.ts";
import { scenario, visibleCards } from "./test-support.ts";

const json = (x: unknown) => JSON.stringify(x);
const table = (called: ("plain" | null)[] = ["plain", null, null, null]) =>
  scenario({
    hands: ["2H 3C 4S 5D 6H 8D", "10H JC QS KD 2C 3D", "4H 5C 6S 7D 8H 9D", "JH QC KS AD 2D 3S"],
    holes: ["7C", "AS", "10S", "4D"],
    discard: "QH 8S",
    deck: "JD 9H 5S",
    called,
  });

describe("view after the memorise phase", () => {
  it("shows a seat its own hand and hole card, others' counts and hole flags only", () => {
    const s = table();
    const v = game.view(s, 1);
    expect(v.you).toEqual({ seat: 1, hand: cards("10H JC QS KD 2C 3D"), info: { hole: "AS", drawnCard: null, straight: null } });
    expect(v.seats.map((x) => [x.handCount, x.info["hasHole"]])).toEqual([
      [6, true],
      [6, true],
      [6, true],
      [6, true],
    ]);
    for (const c of cards("4H 5C 6S 7D 8H 9D 10S JH QC KS AD 2D 3S 4D JD 9H 5S")) expect(json(v)).not.toContain(`"${c}"`);
  });

  it("shows everyone the called straight face up, the whole discard pile and whose guessing turn it is", () => {
    const v = game.view(table(), null);
    expect(v.you).toBeNull();
    expect(v.seats[0]?.info).toEqual({
      hasHole: true,
      called: true,
      kind: "plain",
      multiplier: 1,
      straight: cards("2H 3C 4S 5D 6H 8D 7C"),
      trophies: [],
      holesWon: [],
      captured: 0,
      out: false,
      handPoints: 10,
      continued: false,
    });
    expect(v.piles).toEqual({ deck: { count: 3, cards: [] }, discard: { count: 2, cards: cards("QH 8S") } });
    expect(v).toMatchObject({ phase: "guess", turn: 0, awaiting: [0], round: 1, dealer: 3, result: null });
    expect(v.info).toEqual({
      dealt: null,
      step: null,
      guessing: 0,
      drawnFrom: null,
      takenFromDiscard: null,
      deckOut: null,
      finalGuessers: [],
      lastGuess: null,
      callers: [0],
      target: 100,
      winners: [],
    });
    for (const c of cards("10H JC 4H AS 10S 4D")) expect(json(v)).not.toContain(`"${c}"`);
  });

  it("announces every guess and its outcome; trophies and hole cards won are face up", () => {
    const { state, events } = play(game, table(), [[0, { type: "guess", card: "JC" }]]);
    const v = game.view(state, 3);
    // Public at the table: the card named, and the opponent who handed it over.
    expect(v.info["lastGuess"]).toEqual({ seat: 0, card: "JC", outcome: "hand", holder: 1, points: 2, deckOut: null });
    const guessed = events.find((e) => e.type === "cardGuessed")!;
    for (const seat of [0, 1, 2, 3, null]) expect(game.redactEvent(guessed, seat)).toBe(guessed);
    expect(v.seats[0]?.info["trophies"]).toEqual(["JC"]);
    expect(json(v)).not.toContain('"JD"');
    expect(game.view(state, 1).you?.hand).toContain("JD");
  });

  it("a miss names no holder", () => {
    const { state } = play(game, table(), [[0, { type: "guess", card: "9H" }]]);
    expect(game.view(state, 2).info["lastGuess"]).toEqual({ seat: 0, card: "9H", outcome: "miss", holder: null, points: 0, deckOut: null });
  });

  it("a hand result reveals no hidden card", () => {
    const { state } = play(game, table(["plain", "plain", null, "plain"]), [[0, { type: "guess", card: "10S" }]]);
    expect(state.phase).toBe("handOver");
    const v = game.view(state, null);
    expect(v.result).toMatchObject({ endedBy: "noneLeft", dealt: null });
    for (const c of cards("4H 5C 6S 7D 8H 9D JD 9H 5S")) expect(json(v)).not.toContain(`"${c}"`);
  });
});

describe("secrecy of the memorised deal", () => {
  it("cards seen during the memorise phase are no longer shown once hands are picked up", () => {
    const opts = optionsSchema.parse({ seats: 4 });
    const dealt = game.setup(opts, { now: 0, rng: scriptedRng({ ints: [1] }) }).state;
    expect(visibleCards(dealt, 0).size).toBe(28);
    expect(json(game.view(dealt, null))).toContain(`"${dealt.hands[2]![0]}"`);
    const picked = game.onDeadline(dealt, ctxAt(8_000)).state;
    expect(visibleCards(picked, 0)).toEqual(new Set(picked.hands[0]));
    for (const seat of [0, 1, 2, 3, null]) {
      const shown = json(game.view(picked, seat));
      for (const [owner, hand] of picked.hands.entries()) {
        for (const c of hand) expect(shown.includes(`"${c}"`)).toBe(owner === seat);
      }
    }
  });
});

describe("event redaction", () => {
  it("the face-up deal is public, spectators included", () => {
    const { events } = game.setup(optionsSchema.parse({ seats: 4 }), { now: 0, rng: scriptedRng({}) });
    expect(game.redactEvent(events[0]!, null)).toBe(events[0]);
  });

  it("passes public events unchanged", () => {
    const e = { type: "cardDiscarded", seat: 1, card: "AS" } as const;
    expect(game.redactEvent(e, 0)).toBe(e);
    expect(game.redactEvent(e, null)).toBe(e);
  });
});
