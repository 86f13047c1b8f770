import { describe, expect, it } from "vitest";
import { placesBySeat, rankKeys, standingsOf } from "./standings.ts";

describe("standings: places with ties", () => {
  it("gives tied seats one place and skips the places they take (1, 2, 2, 4) by final score", () => {
    const outcome = { winners: [0], ranking: [0, 2, 1, 3], scores: [10, 5, 5, 3] };
    expect(placesBySeat("scatterbrain", {}, outcome)).toEqual([1, 2, 2, 4]);
  });

  it("never ties a winner with a non-winner, and ties winners on equal terms", () => {
    expect(placesBySeat("scatterbrain", {}, { winners: [0], ranking: [0, 1, 2], scores: [7, 7, 1] })).toEqual([1, 2, 3]);
    expect(placesBySeat("scatterbrain", {}, { winners: [0, 1], ranking: [0, 1, 2], scores: [7, 7, 1] })).toEqual([1, 1, 3]);
  });

  it("ranks Skit Scat by the hand a player went out in: out together, placed together, whatever the score", () => {
    // Seat 3 out first, seats 1 and 2 out in the same later hand, seat 0 never out.
    const state = { eliminated: [[3], [1, 2]] };
    const outcome = { winners: [0], ranking: [0, 2, 1, 3], scores: [2, 0, 0, 0] };
    expect(placesBySeat("skit_scat", state, outcome)).toEqual([1, 2, 2, 4]);
    expect(rankKeys("skit_scat", state)?.(1)).toBe(rankKeys("skit_scat", state)?.(2));
  });

  it("places a seat whose player left last, below every seat played to the end", () => {
    const outcome = { winners: [1], ranking: [1, 0, 2, 3], scores: [5, 9, 4, 4] };
    const s = standingsOf(outcome, new Set([0]));
    expect(s.map((r) => [r.seat, r.place, r.forfeited])).toEqual([
      [1, 1, false],
      [2, 2, false],
      [3, 2, false],
      [0, 4, true],
    ]);
  });
});
