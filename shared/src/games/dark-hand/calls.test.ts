/**
 * Dark Hand calls (docs/rules/dark-hand.md, "Calls"):
 * the call window, the race for each Joker, calls during one's own turn, no declaring in the turn
 * one called, calling in the called shade only, calling with one token left.
 *
 * Dark cards are written light/dark. Used here: light 9s 9C/2S 9D/5C 9H/3D; Aces (both shades)
 * AC/AH AD/AC AH/AS; dark 8H 9H of 5C/8H 6C/9H; junk 7S/JD QS/2H JS/6D 10S/3H 4S/KC 7D/8C 8D/3S 10H/6C.
 */
import { describe, expect, it } from "vitest";
import { cards } from "../../cards.ts";
import { eventsOf, play, refusal } from "../../testkit/scenario.ts";
import { darkHand as game, skitScat } from "./index.ts";
import { scenario, turnOf } from "./test-support.ts";

const table = (deck = "7D/8C 8D/3S 10H/6C 3S/KH") =>
  scenario({ hands: ["9C/2S 9D/5C 7S/JD", "5C/8H 6C/9H QS/2H", "JS/6D 10S/3H 4S/KC"], discard: "2D/JC", deck });

describe("the call window", () => {
  it("is open from the deal for every seat, even one not on turn; the game still awaits only the turn", () => {
    const s = table();
    expect(game.legalActions(s, 1)).toEqual([
      { type: "call", shade: "light" },
      { type: "call", shade: "dark" },
    ]);
    expect(game.legalActions(s, 0)).toEqual([
      { type: "drawDeck" },
      { type: "drawDiscard" },
      { type: "call", shade: "light" },
      { type: "call", shade: "dark" },
    ]);
    expect(game.awaiting(s)).toEqual([0]);
    const v = game.view(s, null);
    expect(v.info["callWindow"]).toEqual([0, 1, 2]);
    expect(v.info["mayCall"]).toEqual({ light: [0, 1, 2], dark: [0, 1, 2] });
    expect(v.info["jokers"]).toEqual({ light: null, dark: null });
  });

  it("gives each Joker to the first call applied; a player may hold only one", () => {
    const { state, events } = play(game, table(), [[2, { type: "call", shade: "dark" }]]);
    expect(eventsOf(events, "handCalled")).toEqual([{ type: "handCalled", seat: 2, shade: "dark", tokens: 4 }]);
    expect(state.jokers).toEqual({ light: null, dark: 2 });
    expect(state.tokens).toEqual([5, 5, 4]);
    expect(state.turn).toBe(0);
    expect(state.deadline).toBe(table().deadline);
    expect(refusal(game, state, 1, { type: "call", shade: "dark" })?.code).toBe("joker-taken");
    expect(refusal(game, state, 2, { type: "call", shade: "light" })?.code).toBe("already-called");
    const both = play(game, state, [[1, { type: "call", shade: "light" }]]).state;
    expect(both.jokers).toEqual({ light: 1, dark: 2 });
    expect(game.legalActions(both, 0)).toEqual([{ type: "drawDeck" }, { type: "drawDiscard" }]);
    const v = game.view(both, 0);
    expect(v.info["jokers"]).toEqual({ light: 1, dark: 2 });
    expect(v.seats.map((x) => x.info["called"])).toEqual([null, "light", "dark"]);
    expect(v.info["mayCall"]).toEqual({ light: [], dark: [] });
  });

  it("closes at the end of one's first turn; after that a call is only made during one's own turn", () => {
    const first = play(game, table(), turnOf(0, "deck", "7D/8C")).state;
    expect(refusal(game, first, 0, { type: "call", shade: "light" })?.code).toBe("call-window-closed");
    expect(game.legalActions(first, 0)).toEqual([]);
    expect(game.view(first, null).info["callWindow"]).toEqual([1, 2]);
    expect(game.legalActions(first, 2)).toEqual([
      { type: "call", shade: "light" },
      { type: "call", shade: "dark" },
    ]);
    const again = play(game, first, [...turnOf(1, "deck", "8D/3S"), ...turnOf(2, "deck", "10H/6C")]).state;
    expect(again.turn).toBe(0);
    expect(game.view(again, null).info["callWindow"]).toEqual([]);
    expect(refusal(game, again, 1, { type: "call", shade: "light" })?.code).toBe("call-window-closed");
    // Seat 0's own turn: it may call before drawing, after drawing, and after discarding.
    const drawn = play(game, again, [[0, { type: "drawDeck" }]]).state;
    expect(game.legalActions(drawn, 0)).toContainEqual({ type: "call", shade: "dark" });
    expect(play(game, drawn, [[0, { type: "call", shade: "dark" }]]).state.jokers.dark).toBe(0);
  });
});

describe("declaring after a call", () => {
  it("is not allowed in the turn one called: wait for the next turn", () => {
    const s = table("9H/3D 7D/8C 8D/3S 10H/6C");
    const called = play(game, s, [[0, { type: "call", shade: "light" }], ...turnOf(0, "deck", "7S/JD")]);
    // Light 9C 9D 9H is a Scat, but seat 0 called this turn: no declaration, the turn passes.
    expect(called.state.hands[0]).toEqual(cards("9C/2S 9D/5C 9H/3D"));
    expect(called.state.turn).toBe(1);
    expect(eventsOf(called.events, "declared")).toEqual([]);
    const next = play(game, called.state, [
      ...turnOf(1, "deck", "7D/8C"),
      ...turnOf(2, "deck", "8D/3S"),
      ...turnOf(0, "deck", "10H/6C", "light"),
    ]);
    expect(next.state.result).toMatchObject({ winner: 0, endedBy: "scat", callerWon: true });
  });

  it("a call made after discarding ends the turn without declaring", () => {
    const s = table("9H/3D 7D/8C");
    const ready = play(game, s, turnOf(0, "deck", "7S/JD")).state;
    expect(ready.step).toBe("declare");
    expect(game.legalActions(ready, 0)).toEqual([
      { type: "declare", shade: "light" },
      { type: "endTurn" },
      { type: "call", shade: "light" },
      { type: "call", shade: "dark" },
    ]);
    const { state, events } = play(game, ready, [[0, { type: "call", shade: "light" }]]);
    expect(state.turn).toBe(1);
    expect(state.melds).toEqual([]);
    expect(eventsOf(events, "turnEnded")).toEqual([{ type: "turnEnded", seat: 0 }]);
  });

  it("a call made in the window before one's turn does not stop a declaration in that turn", () => {
    const s = scenario({ hands: ["7D/8C 8D/3S 10H/6C", "9C/2S 9D/5C 7S/JD", "JS/6D 10S/3H 4S/KC"], deck: "3S/KH 9H/3D" });
    const { state } = play(game, s, [
      [1, { type: "call", shade: "light" }],
      ...turnOf(0, "deck", "3S/KH"),
      ...turnOf(1, "deck", "7S/JD", "light"),
    ]);
    expect(state.result).toMatchObject({ winner: 1, callerWon: true });
  });

  it("a caller may only win in the called shade", () => {
    // Seat 0 called Light; Aces back Aces, so its Ace Scat is one in both shades.
    const s = scenario({
      hands: ["AC/AH AD/AC 7S/JD", "5C/8H 6C/9H QS/2H", "JS/6D 10S/3H 4S/KC"],
      deck: "AH/AS",
      tokens: [4, 5, 5],
      jokers: { light: 0 },
    });
    const ready = play(game, s, turnOf(0, "deck", "7S/JD")).state;
    expect(game.legalActions(ready, 0)).toEqual([{ type: "declare", shade: "light" }, { type: "endTurn" }]);
    expect(refusal(game, ready, 0, { type: "declare", shade: "dark" })?.code).toBe("wrong-shade");
    expect(refusal(game, ready, 0, { type: "declare" })?.code).toBe("shade-required");
  });

  it("a caller holding a meld only in the other shade cannot declare it (no Forfeit Play)", () => {
    const s = scenario({
      hands: ["9C/2S 9D/5C 7S/JD", "5C/8H 6C/9H QS/2H", "JS/6D 10S/3H 4S/KC"],
      deck: "9H/3D",
      tokens: [4, 5, 5],
      jokers: { dark: 0 },
    });
    const { state } = play(game, s, turnOf(0, "deck", "7S/JD"));
    expect(state.turn).toBe(1);
    expect(game.view(state, 0).you?.info["makes"]).toEqual([{ kind: "scat", shade: "light" }]);
  });
});

describe("calling with one token left", () => {
  it("is allowed; the last token goes on the Joker and losing the hand puts the caller out", () => {
    const s = scenario({ hands: ["9C/2S 9D/5C 7S/JD", "5C/8H 6C/9H QS/2H", "JS/6D 10S/3H 4S/KC"], deck: "9H/3D", tokens: [5, 1, 5] });
    const called = play(game, s, [[1, { type: "call", shade: "dark" }]]).state;
    expect(called.tokens[1]).toBe(0);
    expect(called.out[1]).toBe(false);
    expect(game.view(called, null).seats[1]?.info).toMatchObject({ tokens: 0, out: false, called: "dark" });
    const { state, events } = play(game, called, turnOf(0, "deck", "7S/JD", "light"));
    expect(state.result?.seats[1]).toMatchObject({ owed: 1, paid: 0, joker: "pot", lost: 1, tokens: 0, out: true });
    expect(eventsOf(events, "playerOut")).toEqual([{ type: "playerOut", seat: 1 }]);
  });

  it("and winning in the called shade gives the token back", () => {
    const s = scenario({
      hands: ["7D/8C 8D/3S 10H/6C", "10D/7H JD/7S QS/2H", "JS/6D 10S/3H 4S/KC"],
      deck: "3S/KH 8S/7C",
      tokens: [5, 0, 5],
      jokers: { dark: 1 },
    });
    const { state } = play(game, s, [...turnOf(0, "deck", "3S/KH"), ...turnOf(1, "deck", "QS/2H", "dark")]);
    expect(state.result).toMatchObject({ winner: 1, callerWon: true });
    expect(state.tokens).toEqual([3, 1, 3]);
  });
});

describe("Skit Scat has no calls", () => {
  it("offers no call to anyone and shows no Jokers", () => {
    const s = scenario({ hands: ["7H 8H KC", "9S 9D 2C"] });
    expect(skitScat.legalActions(s, 1)).toEqual([]);
    expect(skitScat.legalActions(s, 0)).toEqual([{ type: "drawDeck" }, { type: "drawDiscard" }]);
    expect(skitScat.view(s, 0).info).toMatchObject({ jokers: null, mayCall: null, callWindow: [] });
  });
});
