/**
 * Every payment case of Dark Hand (docs/rules/dark-hand.md,
 * "Paying", "Calls"), one scenario each. Dark cards are written light/dark:
 *   light Scat 9C/2S 9D/5C + 9H/3D      light Skit 4H/10D 5H/9C + 6H/8S (hearts 4-5-6)
 *   dark Scat  10D/7H JD/7S + 8S/7C     dark Skit  5C/8H 6C/9H + 2S/10H (hearts 8-9-10)
 *   light Skit 2C/QH 3C/9D + 4C/8D (clubs 2-3-4); junk 7S/JD QS/2H JS/6D 10S/3H 4S/KC 7D/8C 8D/3S 10H/6C 3S/KH 2D/JC KS/2C
 */
import { describe, expect, it } from "vitest";
import { ctxAt, play } from "../../testkit/scenario.ts";
import { darkHand as game } from "./index.ts";
import type { HandState } from "./state.ts";
import { scenario, turnOf, type Scenario } from "./test-support.ts";

const JUNK = "7D/8C 8D/3S 10H/6C";
const dark = (sc: Scenario): HandState => scenario(sc);
const paid = (s: HandState) => s.result?.seats.map((r) => r.paid);
const jokers = (s: HandState) => s.result?.seats.map((r) => r.joker);

describe("the caller wins in the called shade", () => {
  it("with a Scat: every other player pays 2 and the caller takes the Joker token back", () => {
    const s = dark({ hands: ["9C/2S 9D/5C 7S/JD", "4H/10D 5H/9C QS/2H", JUNK], deck: "9H/3D", tokens: [4, 5, 5], jokers: { light: 0 } });
    const { state } = play(game, s, turnOf(0, "deck", "7S/JD", "light"));
    expect(state.result).toMatchObject({ winner: 0, endedBy: "scat", callerWon: true });
    expect(paid(state)).toEqual([0, 2, 2]);
    expect(jokers(state)).toEqual(["returned", null, null]);
    expect(state.tokens).toEqual([5, 3, 3]);
    expect(state.pot).toBe(4);
    expect(state.jokers).toEqual({ light: null, dark: null });
  });

  it("with a Skit: players without a Skit pay 2, a final-round Skit still pays 0", () => {
    const s = dark({
      hands: ["5C/8H 6C/9H 10S/3H", "4H/10D 5H/9C QS/2H", JUNK, "JS/6D 4S/KC KS/2C"],
      deck: "2S/10H 6H/8S 3S/KH 2D/JC",
      tokens: [4, 5, 5, 5],
      jokers: { dark: 0 },
      dealer: 3,
    });
    const { state } = play(game, s, [
      ...turnOf(0, "deck", "10S/3H", "dark"),
      ...turnOf(1, "deck", "QS/2H", "light"),
      ...turnOf(2, "deck", "3S/KH"),
      ...turnOf(3, "deck", "2D/JC"),
    ]);
    expect(state.result).toMatchObject({ winner: 0, endedBy: "skit", callerWon: true });
    expect(paid(state)).toEqual([0, 0, 2, 2]);
    expect(state.tokens).toEqual([5, 5, 3, 3]);
  });

  it("a payment never exceeds the tokens a player has", () => {
    const s = dark({ hands: ["9C/2S 9D/5C 7S/JD", "4H/10D 5H/9C QS/2H", JUNK], deck: "9H/3D", tokens: [4, 1, 5], jokers: { light: 0 } });
    const { state } = play(game, s, turnOf(0, "deck", "7S/JD", "light"));
    expect(state.result?.seats[1]).toMatchObject({ owed: 2, paid: 1, tokens: 0, out: true });
    expect(state.out).toEqual([false, true, false]);
  });
});

describe("the caller does not win", () => {
  it("loses the Joker token and pays 1 more like any loser: 2 in all", () => {
    const s = dark({
      hands: ["5C/8H 6C/9H QS/2H", "9C/2S 9D/5C 7S/JD", JUNK],
      deck: "9H/3D",
      tokens: [4, 5, 5],
      jokers: { dark: 0 },
      turn: 1,
      hadTurn: [0],
    });
    const { state } = play(game, s, turnOf(1, "deck", "7S/JD", "light"));
    expect(state.result).toMatchObject({ winner: 1, callerWon: false });
    expect(state.result?.seats[0]).toMatchObject({ called: "dark", owed: 1, paid: 1, joker: "pot", lost: 2, tokens: 3 });
    expect(paid(state)).toEqual([1, 0, 1]);
    expect(state.pot).toBe(3);
  });

  it("loses 3 in all when the other caller wins in their called shade", () => {
    const s = dark({
      hands: ["5C/8H 6C/9H QS/2H", "9C/2S 9D/5C 7S/JD", JUNK],
      deck: "9H/3D",
      tokens: [4, 4, 5],
      jokers: { dark: 0, light: 1 },
      turn: 1,
      hadTurn: [0],
    });
    const { state } = play(game, s, turnOf(1, "deck", "7S/JD", "light"));
    expect(state.result).toMatchObject({ winner: 1, callerWon: true });
    expect(state.result?.seats[0]).toMatchObject({ owed: 2, paid: 2, joker: "pot", lost: 3, tokens: 2 });
    expect(state.tokens).toEqual([2, 5, 3]);
    expect(state.pot).toBe(5);
  });

  it("still puts two tokens in the pot when a Scat beats the caller's own Skit", () => {
    const s = dark({
      hands: ["5C/8H 6C/9H 10S/3H", "9C/2S 9D/5C 7S/JD", JUNK],
      deck: "2S/10H 9H/3D",
      tokens: [4, 5, 5],
      jokers: { dark: 0 },
    });
    const { state } = play(game, s, [...turnOf(0, "deck", "10S/3H", "dark"), ...turnOf(1, "deck", "7S/JD", "light")]);
    expect(state.result).toMatchObject({ winner: 1, endedBy: "scat", callerWon: false });
    expect(state.result?.seats[0]).toMatchObject({ declared: "skit", paid: 1, joker: "pot", lost: 2, tokens: 3 });
    // Seat 2 never got its final draw and pays too.
    expect(paid(state)).toEqual([1, 0, 1]);
  });
});

describe("callers in the final round", () => {
  it("a called-shade Skit after someone else's Skit keeps all the caller's tokens; the others pay as for a normal Skit", () => {
    const s = dark({
      hands: ["4H/10D 5H/9C QS/2H", "5C/8H 6C/9H 10S/3H", JUNK],
      deck: "6H/8S 2S/10H 3S/KH",
      tokens: [5, 4, 5],
      jokers: { dark: 1 },
    });
    const { state } = play(game, s, [
      ...turnOf(0, "deck", "QS/2H", "light"),
      ...turnOf(1, "deck", "10S/3H", "dark"),
      ...turnOf(2, "deck", "3S/KH"),
    ]);
    expect(state.result).toMatchObject({ winner: 0, endedBy: "skit", callerWon: false });
    expect(state.result?.seats[1]).toMatchObject({ owed: 0, joker: "returned", lost: 0, tokens: 5 });
    expect(paid(state)).toEqual([0, 0, 1]);
    expect(state.tokens).toEqual([5, 5, 4]);
  });

  it("a called-shade Scat there wins the hand and the others pay 2, the first Skit included", () => {
    const s = dark({
      hands: ["4H/10D 5H/9C QS/2H", "10D/7H JD/7S JS/6D", JUNK],
      deck: "6H/8S 8S/7C",
      tokens: [5, 4, 5],
      jokers: { dark: 1 },
    });
    const { state } = play(game, s, [...turnOf(0, "deck", "QS/2H", "light"), ...turnOf(1, "deck", "JS/6D", "dark")]);
    expect(state.result).toMatchObject({ winner: 1, endedBy: "scat", callerWon: true });
    expect(paid(state)).toEqual([2, 0, 2]);
    expect(state.tokens).toEqual([3, 5, 3]);
  });

  it("both callers hold called-shade Skits and no Scat follows: only players without a Skit pay, 2 each", () => {
    const s = dark({
      hands: ["4H/10D 5H/9C QS/2H", "5C/8H 6C/9H 10S/3H", JUNK, "2C/QH 3C/9D 4S/KC"],
      deck: "6H/8S 2S/10H 3S/KH 4C/8D",
      tokens: [4, 4, 5, 5],
      jokers: { light: 0, dark: 1 },
      dealer: 3,
    });
    const { state } = play(game, s, [
      ...turnOf(0, "deck", "QS/2H", "light"),
      ...turnOf(1, "deck", "10S/3H", "dark"),
      ...turnOf(2, "deck", "3S/KH"),
      ...turnOf(3, "deck", "4S/KC", "light"),
    ]);
    expect(state.result).toMatchObject({ winner: 0, endedBy: "skit", callerWon: true });
    expect(paid(state)).toEqual([0, 0, 2, 0]);
    expect(jokers(state)).toEqual(["returned", "returned", null, null]);
    expect(state.tokens).toEqual([5, 5, 3, 5]);
  });
});

describe("Forfeit Play (table option)", () => {
  const lightScatCaller = (forfeitPlay: boolean, tokens = 4) =>
    dark({
      hands: ["9C/2S 9D/5C 7S/JD", "4H/10D 5H/9C QS/2H", JUNK],
      deck: "9H/3D",
      tokens: [tokens, 5, 5],
      jokers: { dark: 0 },
      options: { forfeitPlay },
    });

  it("is off by default: a wrong-shade meld cannot be declared", () => {
    const { state } = play(game, lightScatCaller(false), turnOf(0, "deck", "7S/JD"));
    expect(state.turn).toBe(1);
    expect(state.melds).toEqual([]);
  });

  it("lets a caller win in the wrong shade: the Joker token goes to the pot, others pay the normal 1", () => {
    const ready = play(game, lightScatCaller(true), turnOf(0, "deck", "7S/JD")).state;
    expect(game.view(ready, 0).you?.info["canDeclare"]).toEqual([{ kind: "scat", shade: "light", forfeit: true }]);
    const { state } = play(game, ready, [[0, { type: "declare", shade: "light" }]]);
    expect(state.result).toMatchObject({ winner: 0, callerWon: false });
    expect(state.result?.winningMeld.forfeit).toBe(true);
    expect(state.result?.seats[0]).toMatchObject({ owed: 0, joker: "pot", lost: 1, tokens: 4 });
    expect(paid(state)).toEqual([0, 1, 1]);
    expect(state.pot).toBe(3);
  });

  it("is not allowed while the caller's last token is on the Joker", () => {
    const { state } = play(game, lightScatCaller(true, 0), turnOf(0, "deck", "7S/JD"));
    expect(state.turn).toBe(1);
    expect(state.melds).toEqual([]);
  });

  it("a wrong-shade Skit beaten by a Scat costs the caller 2 in all", () => {
    const s = dark({
      hands: ["4H/10D 5H/9C QS/2H", "9C/2S 9D/5C 7S/JD", JUNK],
      deck: "6H/8S 9H/3D",
      tokens: [4, 5, 5],
      jokers: { dark: 0 },
      options: { forfeitPlay: true },
    });
    const { state } = play(game, s, [...turnOf(0, "deck", "QS/2H", "light"), ...turnOf(1, "deck", "7S/JD", "light")]);
    expect(state.result).toMatchObject({ winner: 1, endedBy: "scat", callerWon: false });
    expect(state.result?.seats[0]).toMatchObject({ paid: 1, joker: "pot", lost: 2, tokens: 3 });
    expect(paid(state)).toEqual([1, 0, 1]);
  });

  it("a wrong-shade Skit standing in the final round pays nothing but the Joker token", () => {
    const s = dark({
      hands: ["4H/10D 5H/9C QS/2H", "2C/QH 3C/9D 4S/KC", JUNK],
      deck: "6H/8S 4C/8D 3S/KH",
      tokens: [5, 4, 5],
      jokers: { dark: 1 },
      options: { forfeitPlay: true },
    });
    const { state } = play(game, s, [
      ...turnOf(0, "deck", "QS/2H", "light"),
      ...turnOf(1, "deck", "4S/KC", "light"),
      ...turnOf(2, "deck", "3S/KH"),
    ]);
    expect(state.result?.seats[1]).toMatchObject({ owed: 0, joker: "pot", lost: 1, tokens: 4 });
    expect(paid(state)).toEqual([0, 0, 1]);
  });
});

describe("timeouts in Dark Hand", () => {
  it("declare a called-shade meld by default, but never make a Forfeit Play", () => {
    const forfeitOnly = dark({
      hands: ["9C/2S 9D/5C 7S/JD", "4H/10D 5H/9C QS/2H", JUNK],
      deck: "9H/3D",
      tokens: [4, 5, 5],
      jokers: { dark: 0 },
      options: { forfeitPlay: true },
    });
    const ready = play(game, forfeitOnly, turnOf(0, "deck", "7S/JD")).state;
    const timedOut = game.onDeadline(ready, ctxAt()).state;
    expect(timedOut.melds).toEqual([]);
    expect(timedOut.turn).toBe(1);
    const fair = dark({ hands: ["9C/2S 9D/5C 7S/JD", "4H/10D 5H/9C QS/2H", JUNK], deck: "9H/3D", tokens: [4, 5, 5], jokers: { light: 0 } });
    const mine = play(game, fair, turnOf(0, "deck", "7S/JD")).state;
    expect(game.onDeadline(mine, ctxAt()).state.result?.callerWon).toBe(true);
  });
});
