/** View secrecy, the info a UI needs, and event redaction (ARCHITECTURE.md, "Views are computed"). */
import { describe, expect, it } from "vitest";
import { ctxAt, eventsOf, play } from "../../testkit/scenario.ts";
import { hitTheDeck as game } from "./index.ts";
import { withReactionMs } from "./state.ts";
import { playFace, scenario } from "./test-support.ts";

const json = (x: unknown) => JSON.stringify(x);
const base = () => scenario({ hands: ["HH 3G", "1B 2B", "1R 2R"], discard: "4G 2G", deck: "5Y 4Y", scores: [5, 0, 12] });

describe("view", () => {
  it("shows a seat its own hand and what it may play; others only counts; the deck face down", () => {
    const s = base();
    const v = game.view(s, 0);
    expect(v.you).toEqual({
      seat: 0,
      hand: s.hands[0],
      info: { playable: s.hands[0], mustDraw: false, canSlap: true, raceOpen: false, mustCall: false },
    });
    expect(v.seats.map((x) => [x.handCount, x.score])).toEqual([
      [2, 5],
      [2, 0],
      [2, 12],
    ]);
    expect(v.piles["deck"]).toEqual({ count: s.deck.length, cards: [] });
    expect(v.piles["discard"]).toEqual({ count: 2, cards: s.discard });
    for (const c of [...(s.hands[1] ?? []), ...(s.hands[2] ?? []), ...s.deck]) expect(json(v)).not.toContain(`"${c}"`);
    expect(game.view(s, null).you).toBeNull();
  });

  it("has the public table facts: top, demand, direction, target and windows", () => {
    const v = game.view(scenario({ hands: ["3G", "1B"], discard: "H4", demand: { kind: "number", number: 4 }, direction: -1 }), null);
    expect(v).toMatchObject({ phase: "turn", round: 1, turn: 0, awaiting: [0], result: null });
    expect(v.info).toMatchObject({
      topFace: "H4",
      demand: { kind: "number", number: 4 },
      direction: -1,
      race: null,
      lastRace: null,
      target: 100,
      raceMs: 3_000,
      callMs: 2_000,
      colours: { R: "red", Y: "yellow", G: "green", B: "blue" },
    });
  });

  it("shows the open race (who slapped, in order) but reaction times only once it has closed", () => {
    const s = base();
    const open = play(
      game,
      s,
      [
        [0, playFace(s, 0, "HH")],
        [2, withReactionMs(321, "claim")],
      ],
      ctxAt(1_000),
    ).state;
    const v = game.view(open, 1);
    expect(v.turn).toBe(-1);
    expect(v.info["race"]).toEqual({
      open: true,
      id: 1,
      card: "HH.a",
      cause: 0,
      how: "played",
      mustCall: 0,
      call: "pending",
      called: false,
      openedAt: 1_000,
      deadline: 4_000,
      callDeadline: 3_000,
      slapped: [2],
      next: 1,
    });
    expect(json(v)).not.toContain("321");
    expect(json(v)).not.toContain("claim");
    expect(v.seats.map((x) => x.info)).toEqual([
      { continued: false, slapped: false, mustCall: true },
      { continued: false, slapped: false, mustCall: false },
      { continued: false, slapped: true, mustCall: false },
    ]);
    expect(v.you?.info).toMatchObject({ canSlap: true, raceOpen: true, mustCall: false });
    const closed = play(
      game,
      open,
      [
        [0, { type: "call" }],
        [0, withReactionMs(200, "estimate")],
        [1, withReactionMs(250)],
      ],
      ctxAt(1_600),
    ).state;
    const lr = game.view(closed, null).info["lastRace"] as { slaps: unknown };
    expect(lr.slaps).toEqual([
      { seat: 0, reactionMs: 200, arrival: 2, arrivedMs: 600, timing: "estimate" },
      { seat: 1, reactionMs: 250, arrival: 3, arrivedMs: 600, timing: "server" },
      { seat: 2, reactionMs: 321, arrival: 1, arrivedMs: 0, timing: "claim" },
    ]);
    expect(game.view(closed, null).info["race"]).toBeNull();
  });

  it("after a flip only the new top of the discard pile is face up", () => {
    const s = scenario({ hands: ["FG 3R", "1B"], discard: "1G 2G", deck: "5Y 4Y 3B", fill: false });
    const { state } = play(game, s, [[0, playFace(s, 0, "FG")]]);
    const v = game.view(state, null);
    expect(v.piles["discard"]).toEqual({ count: 3, cards: ["3B.a"] });
    expect(json(v)).not.toContain('"5Y.a"');
  });
});

describe("redactEvent", () => {
  it("others never learn dealt, drawn or penalty cards", () => {
    const dealt = game.setup({ seats: 3, turnMs: 30_000, pauseMs: 8_000, target: 100, raceMs: 3_000, callMs: 2_000 }, ctxAt()).events;
    for (const e of eventsOf(dealt, "cardsDealt")) {
      expect(game.redactEvent(e, e.seat)).toEqual(e);
      expect(game.redactEvent(e, (e.seat + 1) % 3)).toEqual({ ...e, cards: null });
      expect(game.redactEvent(e, null)).toEqual({ ...e, cards: null });
    }
    const s = scenario({ hands: ["5R 4B", "1B"], discard: "2G", deck: "3Y 1Y" });
    const { events } = play(game, s, [
      [0, { type: "draw" }],
      [1, { type: "slap" }],
    ]);
    const drawn = eventsOf(events, "cardDrawn")[0];
    expect(drawn?.card).toBe("3Y.a");
    expect(game.redactEvent(drawn!, 1)).toEqual({ type: "cardDrawn", seat: 0, card: null });
    const penalty = eventsOf(events, "penaltyDrawn")[0];
    expect(game.redactEvent(penalty!, 0)).toMatchObject({ seat: 1, count: 2, cards: null });
    expect(game.redactEvent(penalty!, 1)).toEqual(penalty);
  });
});
