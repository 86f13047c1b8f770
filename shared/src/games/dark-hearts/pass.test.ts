/** The simultaneous pass (docs/rules/dark-hearts.md, "The pass"). */
import { describe, expect, it } from "vitest";
import { ctxAt, eventsOf, play, refusal, scriptedRng } from "../../testkit/scenario.ts";
import { ALL_CARDS, OPENING_CARD, sortCards } from "./cards.ts";
import { darkHearts as game } from "./index.ts";
import { optionsSchema } from "./options.ts";
import type { DarkHeartsAction, DarkHeartsState } from "./state.ts";
import { dh, scenario } from "./test-support.ts";

const dealt = (seats: number, now = 0) =>
  game.setup(optionsSchema.parse({ seats }), { now, rng: scriptedRng({ ints: [seats - 1], shuffles: [ALL_CARDS] }) });
const pass = (cards: readonly string[]): DarkHeartsAction => ({ type: "passCards", cards: sortCards(cards) });
const firstThree = (s: DarkHeartsState, seat: number) => (s.hands[seat] ?? []).slice(0, 3);

describe("choosing a pass", () => {
  it("offers every 3-card choice: 286 from 13 cards, 680 from 17", () => {
    expect(game.legalActions(dealt(4).state, 0)).toHaveLength(286);
    expect(game.legalActions(dealt(3).state, 2)).toHaveLength(680);
  });

  it("keeps the choice secret until everyone has passed; awaiting lists who has not", () => {
    const s0 = dealt(4).state;
    const chosen = firstThree(s0, 0);
    const { state, events } = play(game, s0, [[0, pass(chosen)]]);
    expect(game.awaiting(state)).toEqual([1, 2, 3]);
    expect(state.hands[0]).toEqual(s0.hands[0]);
    expect(game.legalActions(state, 0)).toEqual([]);
    expect(game.view(state, 1).seats.map((x) => x.info["passed"])).toEqual([true, false, false, false]);
    expect(game.view(state, 0).you?.info["passed"]).toEqual(chosen);
    for (const viewer of [1, 2, 3, null]) {
      expect(game.view(state, viewer).you?.info["passed"] ?? null).toBeNull();
      expect(game.redactEvent(eventsOf(events, "passChosen")[0] as never, viewer)).toEqual({ type: "passChosen", seat: 0, cards: null });
    }
  });

  it("refuses a second pass, foreign cards, duplicates, the wrong count and cards out of hand order", () => {
    const s0 = dealt(4).state;
    const [a, b, c] = firstThree(s0, 0) as [string, string, string];
    const after = play(game, s0, [[0, pass([a, b, c])]]).state;
    expect(refusal(game, after, 0, pass([a, b, c]))?.code).toBe("already-passed");
    expect(refusal(game, s0, 0, pass([a, b, s0.hands[1]?.[0] as string]))?.code).toBe("card-not-in-hand");
    expect(refusal(game, s0, 0, { type: "passCards", cards: [a, a, b] })?.code).toBe("duplicate-card");
    expect(refusal(game, s0, 0, { type: "passCards", cards: [a, b] })?.code).toBe("pass-three-cards");
    expect(refusal(game, s0, 0, { type: "passCards", cards: [b, a, c] })?.code).toBe("pass-out-of-order");
    expect(refusal(game, s0, 0, { type: "play", card: a })?.code).toBe("wrong-phase");
    expect(refusal(game, s0, 0, { type: "continue" })?.code).toBe("wrong-phase");
  });

  it("the action schema puts a client's cards in hand order", () => {
    const s0 = dealt(4).state;
    const [a, b, c] = firstThree(s0, 0) as [string, string, string];
    const parsed = game.actionSchema.parse({ type: "passCards", cards: [c, a, b] });
    expect(parsed).toEqual({ type: "passCards", cards: [a, b, c] });
    expect(refusal(game, s0, 0, parsed)).toBeNull();
    expect(game.actionSchema.safeParse({ type: "passCards", cards: [a, b] }).success).toBe(false);
  });
});

describe("the exchange", () => {
  const everyonePasses = (s: DarkHeartsState) => s.hands.map((_, seat): [number, DarkHeartsAction] => [seat, pass(firstThree(s, seat))]);

  it.each([
    ["left", 1, 1],
    ["right", 2, 3],
    ["across", 3, 2],
  ] as const)("hand with pass %s: seat 0's cards go to the right seat, all at once", (direction, round, to) => {
    const s0 = { ...dealt(4).state, round, passDirection: direction };
    const given = firstThree(s0, 0);
    const { state, events } = play(game, s0, everyonePasses(s0));
    for (const c of given) expect(state.hands[to]).toContain(c);
    expect(state.hands.map((h) => h.length)).toEqual([13, 13, 13, 13]);
    expect(state.hands[to]).toEqual(sortCards(state.hands[to] ?? []));
    const moved = eventsOf(events, "cardsPassed").find((e) => e.from === 0);
    expect(moved).toEqual({ type: "cardsPassed", from: 0, to, cards: given });
    expect(game.redactEvent(moved as never, to)).toEqual(moved);
    expect(game.redactEvent(moved as never, 0)).toEqual(moved);
    const other = [1, 2, 3].find((x) => x !== to) as number;
    expect(game.redactEvent(moved as never, other)).toMatchObject({ cards: null });
    expect(state.phase).toBe("play");
  });

  it("3 players pass left and right; the receiver sees what it got", () => {
    const s0 = dealt(3).state;
    const given = firstThree(s0, 2);
    const { state } = play(game, s0, everyonePasses(s0));
    expect(state.hands.map((h) => h.length)).toEqual([17, 17, 17]);
    expect(game.view(state, 0).you?.info).toMatchObject({ passTo: 1, receiveFrom: 2, received: given });
  });

  it("a hold hand (the 4th) skips the pass and the Dark 2 of Clubs holder leads at once", () => {
    const over: DarkHeartsState = { ...dealt(4).state, phase: "roundOver", round: 3, passDirection: "across" };
    const { state, events } = game.onDeadline(over, ctxAt(5_000));
    expect(state).toMatchObject({ round: 4, passDirection: "hold", phase: "play", dealer: 0, deadline: 35_000 });
    expect(eventsOf(events, "passStarted")).toEqual([]);
    const holder = state.hands.findIndex((h) => h.includes(OPENING_CARD));
    expect(game.awaiting(state)).toEqual([holder]);
    expect(game.legalActions(state, holder)).toEqual([{ type: "lead", card: OPENING_CARD, shade: "dark" }]);
  });
});

describe("the pass deadline", () => {
  it("passes the three highest Light faces for each seat that has not passed", () => {
    const s0 = scenario({
      hands: [
        "AH/AS KS/2C 2C/QH 3C/9D QD/6H",
        "JH/4C 4C/8D 5C/8H 6C/9H 7C/10S",
        "8C/5H 9C/2S 10C/4D JC/2D AC/AH",
        "QC/5D KC/5S AD/AC 2D/JC 3D/JS",
      ],
      phase: "pass",
    });
    const mine = dh("2C/QH 3C/9D QD/6H");
    const after = play(game, s0, [[0, pass(mine)]]).state;
    const { state, events } = game.onDeadline(after, ctxAt(40_000));
    expect(eventsOf(events, "passTimedOut")).toEqual([{ type: "passTimedOut", seats: [1, 2, 3] }]);
    expect(state.passes[0]).toEqual(sortCards(mine));
    // Seat 1: JH, 7C, 6C are its highest Light faces.
    expect(state.passes[1]).toEqual(sortCards(dh("JH/ 7C/ 6C/")));
    // Seat 2: AC, JC, 10C. Seat 3: AD, KC, QC.
    expect(state.passes[2]).toEqual(sortCards(dh("AC/ JC/ 10C/")));
    expect(state.passes[3]).toEqual(sortCards(dh("AD/ KC/ QC/")));
    expect(state.phase).toBe("play");
    expect(state.version).toBe(after.version + 1);
  });

  it("breaks equal ranks by hand order: hearts, then spades, diamonds, clubs", () => {
    const s0 = scenario({ hands: ["AH/AS AD/AC AC/AH AS/AD 2C/QH", "", ""], phase: "pass" });
    const { state } = game.onDeadline(s0, ctxAt());
    expect(state.passes[0]).toEqual(sortCards(dh("AH/ AS/ AD/")));
  });
});
