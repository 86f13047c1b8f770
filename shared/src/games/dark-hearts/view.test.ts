/** Views and event redaction (ARCHITECTURE.md, "Views are computed"; docs/rules/common.md, "What each player sees"). */
import { describe, expect, it } from "vitest";
import { eventsOf, play } from "../../testkit/scenario.ts";
import { darkHearts as game } from "./index.ts";
import { card, dh, scenario } from "./test-support.ts";

const hands = ["4H/10D 2D/JC", "4D/JH 3D/JS", "QS/2H 9S/4H", "7H/KD 5S/QC"];
const json = (x: unknown) => JSON.stringify(x);

describe("view", () => {
  const mid = () =>
    play(game, scenario({ hands, broken: { light: true }, scores: { light: [10, 20, 30, 5], dark: [7, 3, 1, 40] }, round: 2, dealer: 1 }), [
      [0, { type: "lead", card: card("4H/10D"), shade: "light" }],
      [1, { type: "play", card: card("4D/JH") }],
    ]).state;

  it("shows the current trick with its shade, the face that counts and who is winning", () => {
    const v = game.view(mid(), null);
    expect(v).toMatchObject({ phase: "play", round: 2, dealer: 1, turn: 2, awaiting: [2], you: null, result: null });
    expect(v.info["trick"]).toEqual({
      leader: 0,
      shade: "light",
      suit: "H",
      winning: 0,
      plays: [
        { seat: 0, card: card("4H/10D"), face: "4H", points: 1 },
        { seat: 1, card: card("4D/JH"), face: "4D", points: 0 },
      ],
    });
    expect(v.piles["trick"]).toEqual({ count: 2, cards: dh("4H/10D 4D/JH") });
    expect(v.info).toMatchObject({
      heartsBroken: { light: true, dark: false },
      trickNumber: 2,
      tricksPlayed: 1,
      passDirection: "hold",
      target: 100,
      leftover: null,
    });
  });

  it("shows both scores per seat and the best single score as the seat score", () => {
    const v = game.view(mid(), 3);
    expect(v.seats[3]).toEqual({
      handCount: 2,
      score: 5,
      info: { light: 5, dark: 40, handLight: 0, handDark: 0, tricks: 0, passed: false, continued: false },
    });
    expect(v.seats.map((x) => x.score)).toEqual([7, 3, 1, 5]);
  });

  it("shows a seat its own hand (both faces) and nobody else's", () => {
    const s = mid();
    const v = game.view(s, 2);
    expect(v.you).toEqual({ seat: 2, hand: dh("9S/4H QS/2H"), info: { passTo: null, receiveFrom: null, passed: null, received: null } });
    expect(v.seats.map((x) => x.handCount)).toEqual([1, 1, 2, 2]);
    for (const c of [...(s.hands[0] ?? []), ...(s.hands[1] ?? []), ...(s.hands[3] ?? [])]) expect(json(v)).not.toContain(c);
    for (const c of s.hands.flat()) expect(json(game.view(s, null))).not.toContain(c);
  });

  it("shows the last trick after it is taken", () => {
    const { state } = play(game, mid(), [
      [2, { type: "play", card: card("QS/2H") }],
      [3, { type: "play", card: card("7H/KD") }],
    ]);
    const v = game.view(state, 0);
    expect(v.info["trick"]).toBeNull();
    expect(v.info["lastTrick"]).toMatchObject({ number: 2, shade: "light", winner: 3, points: 15, broke: false, winning: 3 });
    expect(v.piles["lastTrick"]?.count).toBe(4);
    expect(v.seats[3]?.info).toMatchObject({ handLight: 15, handDark: 0, tricks: 1 });
  });

  it("tells dealt hands only to their owner", () => {
    const { events } = game.setup(
      { seats: 4, turnMs: 30_000, pauseMs: 8_000, target: 100 },
      { now: 0, rng: { next: () => 0, int: () => 0, pick: <T>(x: readonly T[]) => x[0] as T, shuffle: <T>(x: readonly T[]) => x.slice() } },
    );
    const dealt = eventsOf(events, "handDealt");
    expect(dealt).toHaveLength(4);
    for (const e of dealt) {
      expect(game.redactEvent(e, e.seat)).toEqual(e);
      expect(game.redactEvent(e, (e.seat + 1) % 4)).toEqual({ ...e, cards: null });
      expect(game.redactEvent(e, null)).toEqual({ ...e, cards: null });
    }
  });
});
