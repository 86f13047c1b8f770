/** outcome(): null until the game is over, then winners, ranking and final scores. */
import { describe, expect, it } from "vitest";
import { play } from "../../testkit/scenario.ts";
import { devilsScat as game } from "./index.ts";
import { knockThenPass, scenario } from "./test-support.ts";

describe("outcome", () => {
  it("is null while the game goes on", () => {
    expect(game.outcome(scenario({ hands: ["KH QH 7S", "AS 6G 8W"] }))).toBeNull();
  });

  it("ranks the winner first, then by points, ties by seat", () => {
    const s = scenario({
      hands: ["9G 8G 7W", "KH QH 7S", "AS 6G 8W", "6S 7H 9X"],
      scores: [5, 9, 4, 7],
      favored: "X",
      deck: "6X 7X 8X 9X 10X",
    });
    const { state } = play(game, s, knockThenPass(s));
    expect(state.result?.winner).toBe(1);
    expect(game.outcome(state)).toEqual({ winners: [1], ranking: [1, 3, 0, 2], scores: [4, 10, 4, 7] });
    expect(game.onDeadline(state, { now: 0, rng: null as never })).toEqual({ state, events: [] });
  });
});
