/** Classic scoring (docs/rules/devils-scat.md, "Variants"; gaps closed in README.md). */
import { describe, expect, it } from "vitest";
import { eventsOf, play } from "../../testkit/scenario.ts";
import { devilsScat as game } from "./index.ts";
import { classicLivesLost } from "./scoring.ts";
import { knockThenPass, scenario, type Scenario } from "./test-support.ts";

const classic = (sc: Scenario) => scenario({ deck: "6X 7X 8X 9X 10X", ...sc, options: { classic: true, ...sc.options } });
const round = (sc: Scenario) => {
  const s = classic(sc);
  return play(game, s, knockThenPass(s));
};
const lost = (r: ReturnType<typeof round>) => r.state.result?.seats.map((x) => x.livesLost);

describe("classic scoring", () => {
  it("starts everyone on 3 lives and shows lives as the score", () => {
    const s = game.setup(
      { seats: 3, turnMs: 30_000, pauseMs: 0, bootASuit: false, classic: true },
      { now: 0, rng: { next: () => 0, int: () => 0, pick: (xs) => xs[0]!, shuffle: (xs) => xs.slice() } },
    ).state;
    expect(s.lives).toEqual([3, 3, 3]);
    expect(game.view(s, 0).seats.map((x) => x.score)).toEqual([3, 3, 3]);
    expect(game.view(s, 0).seats[0]?.info).toMatchObject({ lives: 3, out: false });
  });

  it("takes a life from the lowest hand", () => {
    const r = round({ hands: ["KH QH 7S", "AS 6G 8W", "9G 8G 7W"] });
    expect(lost(r)).toEqual([0, 1, 0]);
    expect(r.state.lives).toEqual([3, 2, 3]);
    expect(r.state.result?.seats[1]).toMatchObject({ delta: -1, total: 2, won: 0, over29: 0 });
  });

  it("takes a life from every player tied lowest", () => {
    expect(lost(round({ hands: ["KH QH 7S", "AS 6G 8W", "AG 6H 8S"] }))).toEqual([0, 1, 1]);
  });

  it("takes two lives from a knocker whose hand is lowest", () => {
    expect(lost(round({ hands: ["AS 6G 8W", "KH QH 7S", "9G 8G 7W"] }))).toEqual([2, 0, 0]);
  });

  it("takes one life from everyone else on a Scat or Devil's Scat", () => {
    const s = classic({ hands: ["KH QH 7S", "AS KS 8W", "9G 8G 7W"], deck: "QS" });
    const r = play(game, s, [
      [0, { type: "knock" }],
      [1, { type: "drawDeck" }],
      [1, { type: "discard", card: "8W" }],
    ]);
    expect(lost(r)).toEqual([1, 0, 1]);
    expect(
      classicLivesLost(
        new Map([
          [0, 20],
          [1, 30.5],
          [2, 11],
        ]),
        1,
        0,
      ),
    ).toEqual(
      new Map([
        [0, 1],
        [1, 0],
        [2, 1],
      ]),
    );
  });

  it("takes no life when every hand ties (nobody is lowest)", () => {
    expect(lost(round({ hands: ["KH QH 7S", "KS QS 7G"] }))).toEqual([0, 0]);
  });

  it("never takes more lives than a player has; at 0 the player is out", () => {
    const r = round({ hands: ["AS 6G 8W", "KH QH 7S", "9G 8G 7W"], lives: [1, 3, 3] });
    expect(lost(r)).toEqual([1, 0, 0]);
    expect(r.state.out).toEqual([true, false, false]);
    expect(eventsOf(r.events, "playerEliminated")).toEqual([{ type: "playerEliminated", seat: 0 }]);
    expect(game.awaiting(r.state)).toEqual([1, 2]);
    expect(game.apply(r.state, 0, { type: "continue" }, { now: 0, rng: null as never })).toMatchObject({
      ok: false,
      error: { code: "player-out" },
    });
  });

  it("skips out players for dealing and turns; the deal passes to the next player in", () => {
    const s = classic({ hands: ["KH QH 7S", "", "9G 8G 7W"], lives: [3, 0, 3], dealer: 0, turn: 2 });
    const done = play(game, s, [
      [2, { type: "knock" }],
      [0, { type: "drawDeck" }],
      [0, { type: "discard", card: "6X" }],
    ]).state;
    expect(done.result?.seats[1]).toMatchObject({ sittingOut: true, livesLost: 0 });
    const next = play(game, done, [
      [0, { type: "continue" }],
      [2, { type: "continue" }],
    ]).state;
    expect(next.dealer).toBe(2);
    expect(next.turn).toBe(0);
    expect(next.hands.map((h) => h.length)).toEqual([3, 0, 3]);
    const after = play(game, next, [
      [0, { type: "drawDeck" }],
      [0, { type: "discard", card: next.deck.at(-1) as string }],
    ]).state;
    expect(after.turn).toBe(2);
  });

  it("ends when one player is left alive, who wins", () => {
    const r = round({ hands: ["KH QH 7S", "AS 6G 8W", ""], lives: [2, 1, 0] });
    expect(r.state.phase).toBe("gameOver");
    expect(game.outcome(r.state)).toEqual({ winners: [0], ranking: [0, 1, 2], scores: [2, 0, 0] });
  });
});
