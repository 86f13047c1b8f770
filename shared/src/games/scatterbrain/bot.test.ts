/**
 * The bot: builds straights around its hole card, remembers the deal and the discards, and
 * guesses from what is still unaccounted for, using only what its seat could know.
 */
import { describe, expect, it } from "vitest";
import { cards } from "../../cards.ts";
import { createRng, rngFor } from "../../rng.ts";
import { play } from "../../testkit/scenario.ts";
import { holeChoice } from "./bot.ts";
import { scatterbrain as game } from "./index.ts";
import { guessableCards } from "./legal.ts";
import { memoryOf } from "./memory.ts";
import { optionsSchema } from "./options.ts";
import { scenario } from "./test-support.ts";
import type { ScatterbrainState } from "./state.ts";

const rng = () => createRng("bot-test");
const mine = (top: string, deck = "JD 9H") =>
  scenario({
    hands: ["2H 3C 4S 5D KH QC", "10H JC QS KD 2C 3D", "4H 5C 6S 7D 8H 9D", "JH QC KS AD 2D 3S".replace("QC", "10D")],
    holes: ["6H", "AS", "10S", "4D"],
    discard: `QH ${top}`,
    deck,
  });

describe("building a straight", () => {
  it("chooses a hole card inside the best-covered window of the deal", () => {
    for (let i = 0; i < 20; i++) {
      expect(cards("2H 3C 4S 5D 6H")).toContain(holeChoice(cards("2H 3C 4S 5D 6H KH QC"), createRng(`h${i}`)));
    }
  });

  it("takes the top discard when it improves the straight around the hole card, else draws", () => {
    expect(game.bot(mine("7S"), 0, rng())).toEqual({ type: "drawDiscard" });
    expect(game.bot(mine("JS"), 0, rng())).toEqual({ type: "drawDeck" });
  });

  it("discards what keeps the best window, preferring a card the table never saw it hold", () => {
    const drawn = play(game, mine("JS"), [[0, { type: "drawDeck" }]]).state;
    expect(game.bot(drawn, 0, rng())).toEqual({ type: "discard", card: "JD" });
    const taken = play(game, mine("7S"), [[0, { type: "drawDiscard" }]]).state;
    expect(cards("KH QC")).toContainEqual((game.bot(taken, 0, rng()) as { card: string }).card);
  });

  it("always calls a straight and always continues", () => {
    const ace = { ...mine("7S"), hands: [cards("2H 3C 4S 5D KH AC"), ...mine("7S").hands.slice(1)] };
    const s = play(game, ace, [
      [0, { type: "drawDiscard" }],
      [0, { type: "discard", card: "KH" }],
    ]).state;
    expect(s.step).toBe("call");
    expect(game.bot(s, 0, rng())).toEqual({ type: "callScatterbrain" });
    const over = play(game, s, [[0, { type: "callScatterbrain" }]]).state;
    expect(game.bot({ ...over, phase: "handOver" }, 0, rng())).toEqual({ type: "continue" });
  });
});

/** Seat 0 has called; seat 1 was dealt AS 5H 10D 7H 9H 10C JS and discarded all but AS; seat 3 took 5S from the discard pile. */
const guessing = (holes: readonly string[] = ["7C", "AS", "10S", "4D"], hand2 = "4H 5C 6S 7D 8H 9D") =>
  scenario({
    hands: ["2H 3C 4S 5D 6H 8D", "10H JC QS KD 2C 3D", hand2, "JH QC KS AD 2D 5S"],
    holes,
    dealt: ["2H 3C 4S 5D 6H 8D 7C", "AS 5H 10D 7H 9H 10C JS", "4H 5C 6S 7D 8H 9D 10S", "JH QC KS AD 2D 3S 4D"],
    taken: ["", "", "", "5S"],
    discard: "QH 8S 5H 10D 7H 9H 10C JS 3S",
    called: ["plain", null, null, null],
  });

describe("guessing from memory", () => {
  it("knows a card it saw taken, weights hole cards among the dealt cards never discarded", () => {
    const s = guessing();
    const memory = memoryOf(s, 0, guessableCards(s, 0));
    expect(memory.belief(1, "AS")).toEqual({ hand: 0, hole: 1 });
    expect(memory.belief(3, "5S")).toEqual({ hand: 1, hole: 0 });
    expect(memory.belief(2, "4H").hand).toBeCloseTo(6 / 7);
    expect(memory.belief(2, "4H").hole).toBeCloseTo(1 / 7);
    expect(memory.belief(1, "4H")).toEqual({ hand: 0, hole: 0 });
    // Seat 1 holds 6 cards the table never saw; 15 more unseen cards are in the deck.
    expect(memory.belief(1, "JD")).toEqual({ hand: 6 / (6 + 15), hole: 0 });
    expect(memory.belief(2, "JD")).toEqual({ hand: 0, hole: 0 });
    // A guess names only a card: its chances over all opponents.
    expect(memory.anywhere("AS")).toEqual({ hand: 0, hole: 1 });
    expect(memory.anywhere("4H").hand).toBeCloseTo(6 / 7);
    expect(memory.anywhere("JD")).toEqual({ hand: 6 / 21, hole: 0 });
  });

  it("adds up the chances of every opponent who may hold an unseen card", () => {
    // Seat 2 no longer holds its dealt 9D: one of its 6 cards is unknown too.
    const s = guessing(undefined, "4H 5C 6S 7D 8H KC");
    const memory = memoryOf(s, 0, guessableCards(s, 0));
    expect(memory.belief(1, "JD")).toEqual({ hand: 6 / 22, hole: 0 });
    expect(memory.belief(2, "JD")).toEqual({ hand: 1 / 22, hole: 0 });
    expect(memory.belief(3, "JD")).toEqual({ hand: 0, hole: 0 });
    expect(memory.anywhere("JD").hand).toBeCloseTo(7 / 22);
    for (const c of guessableCards(s, 0)) {
      const sum = [1, 2, 3].reduce((acc, t) => acc + memory.belief(t, c).hand + memory.belief(t, c).hole, 0);
      const b = memory.anywhere(c);
      expect(b.hand + b.hole).toBeCloseTo(sum);
    }
  });

  it("a miss rules the card out for every opponent, and narrows the unseen pool", () => {
    const s: ScatterbrainState = { ...guessing(), misses: ["JD", "4H"] };
    const memory = memoryOf(s, 0, guessableCards(s, 0));
    expect(memory.anywhere("JD")).toEqual({ hand: 0, hole: 0 });
    expect(memory.anywhere("4H")).toEqual({ hand: 0, hole: 0 });
    expect(memory.belief(1, "QD")).toEqual({ hand: 6 / 20, hole: 0 });
  });

  it("callers and players out hide nothing", () => {
    const s: ScatterbrainState = { ...guessing(), out: [false, false, true, false] };
    const memory = memoryOf(s, 0, guessableCards(s, 0));
    expect(memory.belief(2, "4H")).toEqual({ hand: 0, hole: 0 });
    expect(memory.belief(0, "JD")).toEqual({ hand: 0, hole: 0 });
  });

  it("names the card most likely to score: here seat 1's only dealt card never discarded, its hole", () => {
    expect(game.bot(guessing(), 0, rng())).toEqual({ type: "guess", card: "AS" });
  });

  it("does not repeat a guess that found nothing", () => {
    const s: ScatterbrainState = { ...guessing(), misses: ["AS"] };
    const next = game.bot(s, 0, rng());
    expect(next).not.toEqual({ type: "guess", card: "AS" });
    // Next best: a card seat 3 was dealt and kept: its hole card is one of only 6 (seat 2: one of 7).
    expect(cards("JH QC KS AD 2D 4D")).toContain((next as { card: string }).card);
  });

  it("uses only what its seat could know: moving hidden cards around does not change its choice", () => {
    const a = guessing(["7C", "AS", "10S", "4D"], "4H 5C 6S 7D 8H 9D");
    const b = guessing(["7C", "AS", "4H", "4D"], "10S 5C 6S 7D 8H 9D");
    for (let i = 0; i < 10; i++) expect(game.bot(a, 0, createRng(`r${i}`))).toEqual(game.bot(b, 0, createRng(`r${i}`)));
  });
});

describe("whole games", () => {
  /** Plays a game with bots on `bots` seats and uniformly random legal moves elsewhere. */
  function playOut(seed: string, bots: readonly number[]): ScatterbrainState {
    let s = game.setup(optionsSchema.parse({ seats: 4 }), { now: 0, rng: rngFor(seed, -1) }).state;
    const chooser = createRng(`${seed}#chooser`);
    while (s.phase !== "gameOver") {
      const seat = game.awaiting(s)[0];
      const ctx = { now: s.deadline ?? 0, rng: rngFor(seed, s.version) };
      if (seat === undefined) {
        s = game.onDeadline(s, ctx).state;
        continue;
      }
      const action = bots.includes(seat) ? game.bot(s, seat, createRng(`${seed}#${s.version}`))! : chooser.pick(game.legalActions(s, seat));
      const r = game.apply(s, seat, action, ctx);
      if (!r.ok) throw new Error(r.error.code);
      s = r.value.state;
    }
    return s;
  }

  it("bots finish games among themselves", () => {
    for (let i = 0; i < 10; i++) expect(game.outcome(playOut(`all-${i}`, [0, 1, 2, 3]))?.winners).toHaveLength(1);
  });

  it("bots beat random players", () => {
    let botWins = 0;
    for (let i = 0; i < 20; i++) if ([0, 2].includes(game.outcome(playOut(`mixed-${i}`, [0, 2]))?.winners[0] ?? -1)) botWins += 1;
    expect(botWins).toBeGreaterThanOrEqual(18);
  });
});
