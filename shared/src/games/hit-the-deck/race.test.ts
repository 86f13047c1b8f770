/**
 * The WITH A HAND slap race and fake-outs (docs/rules/hit-the-deck.md, "The slap race",
 * "Fake-out"). Slappers are ordered by the adjudicated
 * `reactionMs` the server attaches, ties by arrival; the engine never reads a clock.
 */
import { describe, expect, it } from "vitest";
import type { Ctx } from "../../engine.ts";
import { ctxAt, eventsOf, play, refusal } from "../../testkit/scenario.ts";
import { faceOf } from "./cards.ts";
import { hitTheDeck as game } from "./index.ts";
import { actionSchema, adjudicatedSlapSchema, reordering, withReactionMs, type HitTheDeckAction, type HitTheDeckState } from "./state.ts";
import { playFace, scenario } from "./test-support.ts";

type Move = readonly [number, HitTheDeckAction];
const slapIn = (seat: number, ms: number): Move => [seat, withReactionMs(ms)];
const CALL: Move = [0, { type: "call" }];

/** Seat 0 plays WITH A HAND at t = 1000: slap window until 4000, call window until 3000. */
function raced(seats = 3, options = {}): HitTheDeckState {
  const others = ["1B 2B 3B", "1R 2R 3R", "1Y 2Y 3Y", "4B 4R", "5B 5R"].slice(0, seats - 1);
  const s = scenario({ hands: ["HH 3G", ...others], discard: "2G", options });
  return play(game, s, [[0, playFace(s, 0, "HH")]], ctxAt(1_000)).state;
}
const at = (now: number): Ctx => ctxAt(now);
const counts = (s: HitTheDeckState) => s.hands.map((h) => h.length);

describe("opening the race", () => {
  it("opens for everyone at once, the player who played it included; that player must call", () => {
    const s = scenario({ hands: ["HH 3G", "1B", "1R"], discard: "2G" });
    const { state, events } = play(game, s, [[0, playFace(s, 0, "HH")]], at(1_000));
    expect(state.phase).toBe("race");
    expect(state.race).toEqual({
      id: 1,
      card: "HH.a",
      cause: 0,
      how: "played",
      next: 1,
      openedAt: 1_000,
      slapDeadline: 4_000,
      callDeadline: 3_000,
      call: "pending",
      slaps: [],
    });
    expect(state.deadline).toBe(3_000);
    expect(eventsOf(events, "raceOpened")).toEqual([
      { type: "raceOpened", race: 1, card: "HH.a", cause: 0, how: "played", openedAt: 1_000, deadline: 4_000, callDeadline: 3_000 },
    ]);
    expect(game.awaiting(state)).toEqual([0, 1, 2]);
    expect(game.legalActions(state, 0)).toEqual([{ type: "slap" }, { type: "call" }]);
    expect(game.legalActions(state, 1)).toEqual([{ type: "slap" }]);
  });

  it("a WITH A HAND drawn and played opens it too, the drawer calling", () => {
    const s = scenario({ hands: ["5R", "1B", "1R"], discard: "2G", deck: "HH" });
    expect(play(game, s, [[0, { type: "draw" }]], at(1_000)).state.race).toMatchObject({ cause: 0, how: "played", next: 1 });
  });
});

describe("closing the race", () => {
  it("all slapped and called: the slowest reaction draws 4, whatever the arrival order", () => {
    const { state, events } = play(game, raced(), [slapIn(2, 400), slapIn(1, 250), CALL, slapIn(0, 300)], at(1_500));
    expect(state.phase).toBe("turn");
    expect(counts(state)).toEqual([1, 3, 7]);
    const closed = eventsOf(events, "raceClosed")[0]?.result;
    expect(closed).toEqual({
      id: 1,
      cause: 0,
      how: "played",
      called: true,
      nonSlappers: [],
      reason: "last-slapper",
      penalised: [2],
      closedBy: "all-slapped",
      slaps: [
        { seat: 1, reactionMs: 250, arrival: 2, arrivedMs: 500, timing: "server" },
        { seat: 0, reactionMs: 300, arrival: 3, arrivedMs: 500, timing: "server" },
        { seat: 2, reactionMs: 400, arrival: 1, arrivedMs: 500, timing: "server" },
      ],
    });
    expect(reordering(closed!)).toEqual({ byArrival: [2, 1, 0], byReaction: [1, 0, 2], changed: true });
    expect(eventsOf(events, "penaltyDrawn").map((e) => [e.seat, e.reason, e.count])).toEqual([[2, "race", 4]]);
    expect(state.lastRace).toEqual(closed);
  });

  it("equal reaction times: the later arrival is last", () => {
    const { state } = play(game, raced(), [CALL, slapIn(1, 300), slapIn(2, 300), slapIn(0, 200)], at(1_500));
    expect(state.lastRace?.penalised).toEqual([2]);
    expect(state.lastRace?.slaps.map((x) => x.seat)).toEqual([0, 1, 2]);
  });

  it("a slap without a reaction time counts the time since the race opened", () => {
    const s = raced();
    const late = play(game, s, [[1, { type: "slap" }]], at(1_900)).state;
    expect(late.race?.slaps).toEqual([{ seat: 1, reactionMs: 900, arrivedMs: 900, timing: "arrival" }]);
    const { state } = play(game, late, [CALL, slapIn(2, 950), slapIn(0, 100)], at(2_000));
    expect(state.lastRace?.penalised).toEqual([2]);
  });

  it("afterwards play continues with the player after the caller, and any card may be played", () => {
    const { state } = play(game, raced(), [CALL, slapIn(0, 1), slapIn(1, 2), slapIn(2, 3)], at(1_500));
    expect(state.turn).toBe(1);
    expect(state.deadline).toBe(1_500 + 30_000);
    expect(faceOf(state.discard[state.discard.length - 1] as string)).toBe("HH");
    expect(game.legalActions(state, 1).filter((a) => a.type === "play")).toHaveLength(state.hands[1]?.length ?? 0);
  });

  it("the slap window ends: every player who did not slap draws 4 (not the last slapper)", () => {
    const s = play(game, raced(4), [CALL, slapIn(0, 200), slapIn(2, 900)], at(1_500)).state;
    expect(s.deadline).toBe(4_000);
    const { state, events } = game.onDeadline(s, at(4_000));
    expect(state.lastRace).toMatchObject({ reason: "non-slappers", nonSlappers: [1, 3], penalised: [1, 3], closedBy: "deadline" });
    expect(eventsOf(events, "penaltyDrawn").map((e) => [e.seat, e.count])).toEqual([
      [1, 4],
      [3, 4],
    ]);
    expect(counts(state)).toEqual([1, 7, 3, 7]);
    expect(state.turn).toBe(1);
  });

  it("nobody slaps at all: everyone draws 4", () => {
    const s = play(game, raced(2), [CALL], at(1_100)).state;
    expect(game.onDeadline(s, at(4_000)).state.lastRace?.penalised).toEqual([1, 0]);
  });
});

describe("the call", () => {
  it("a missed call: the caller draws the 4 instead and no one else does", () => {
    const s = play(game, raced(), [slapIn(0, 200), slapIn(1, 300), slapIn(2, 900)], at(1_500)).state;
    expect(s.phase).toBe("race");
    expect(s.deadline).toBe(3_000);
    const { state, events } = game.onDeadline(s, at(3_000));
    expect(eventsOf(events, "callMissed")).toEqual([{ type: "callMissed", seat: 0, race: 1 }]);
    expect(state.lastRace).toMatchObject({ called: false, reason: "missed-call", penalised: [0] });
    expect(eventsOf(events, "penaltyDrawn").map((e) => [e.seat, e.reason, e.count])).toEqual([[0, "missed-call", 4]]);
    expect(counts(state)).toEqual([5, 3, 3]);
  });

  it("a missed call with players still to slap: the race runs on to the slap window, then only the caller draws", () => {
    const s = play(game, raced(), [slapIn(1, 300)], at(1_500)).state;
    const afterCall = game.onDeadline(s, at(3_000)).state;
    expect(afterCall.phase).toBe("race");
    expect(afterCall.race?.call).toBe("missed");
    expect(afterCall.deadline).toBe(4_000);
    expect(refusal(game, afterCall, 0, { type: "call" }, at(3_100))?.code).toBe("call-window-closed");
    expect(game.awaiting(afterCall)).toEqual([0, 2]);
    const { state } = game.onDeadline(afterCall, at(4_000));
    expect(state.lastRace).toMatchObject({ reason: "missed-call", nonSlappers: [2, 0], penalised: [0] });
    expect(counts(state)).toEqual([5, 3, 3]);
  });

  it("the caller may call before or after slapping; the race waits for the call while it may come", () => {
    const waiting = play(game, raced(), [slapIn(0, 200), slapIn(1, 300), slapIn(2, 400)], at(1_500)).state;
    expect(waiting.phase).toBe("race");
    expect(game.awaiting(waiting)).toEqual([0]);
    expect(game.legalActions(waiting, 0)).toEqual([{ type: "call" }]);
    expect(play(game, waiting, [CALL], at(2_000)).state.lastRace?.penalised).toEqual([2]);
  });

  it("equal call and slap windows close together", () => {
    const s = raced(3, { raceMs: 2_000, callMs: 2_000 });
    expect(s.deadline).toBe(3_000);
    const { state } = game.onDeadline(s, at(3_000));
    expect(state.phase).toBe("turn");
    expect(state.lastRace).toMatchObject({ reason: "missed-call", closedBy: "deadline" });
  });
});

describe("refusals during a race", () => {
  const s = play(game, raced(), [slapIn(1, 300)], at(1_500)).state;

  it("one slap per player; only the cause calls, once; nobody plays", () => {
    expect(refusal(game, s, 1, { type: "slap" })?.code).toBe("already-slapped");
    expect(refusal(game, s, 2, { type: "call" })?.code).toBe("not-the-caller");
    expect(refusal(game, play(game, s, [CALL]).state, 0, { type: "call" })?.code).toBe("already-called");
    expect(refusal(game, s, 0, playFace(s, 0, "3G"))?.code).toBe("race-open");
    expect(refusal(game, s, 0, { type: "draw" })?.code).toBe("race-open");
  });

  it("a reaction time must be a finite number of ms, 0 or more", () => {
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY, "fast"]) {
      expect(refusal(game, s, 2, { type: "slap", reactionMs: bad as number })?.code).toBe("bad-reaction-time");
    }
    expect(refusal(game, s, 2, withReactionMs(0))).toBeNull();
  });

  it("a timing is claim or estimate, and only with a reaction time", () => {
    for (const bad of [
      { type: "slap", timing: "claim" },
      { type: "slap", reactionMs: 200, timing: "arrival" },
      { type: "slap", reactionMs: 200, timing: 1 },
    ]) {
      expect(refusal(game, s, 2, bad as HitTheDeckAction)?.code).toBe("bad-reaction-time");
    }
    expect(refusal(game, s, 2, withReactionMs(200, "estimate"))).toBeNull();
  });
});

describe("the reaction time is the server's, never the client's", () => {
  it("the client action schema strips a reactionMs a client sends; the server attaches its own", () => {
    expect(actionSchema.parse({ type: "slap", reactionMs: 1 })).toEqual({ type: "slap" });
    expect(adjudicatedSlapSchema.parse({ type: "slap", reactionMs: 287 })).toEqual({ type: "slap", reactionMs: 287 });
    expect(adjudicatedSlapSchema.safeParse({ type: "slap", reactionMs: -3 }).success).toBe(false);
    expect(withReactionMs(287)).toEqual({ type: "slap", reactionMs: 287 });
    expect(actionSchema.parse({ type: "slap", timing: "claim" })).toEqual({ type: "slap" });
    expect(adjudicatedSlapSchema.parse(withReactionMs(287, "claim"))).toEqual({ type: "slap", reactionMs: 287, timing: "claim" });
    expect(adjudicatedSlapSchema.safeParse({ type: "slap", reactionMs: 287, timing: "fast" }).success).toBe(false);
  });

  it("the result keeps how each time was found and when each slap arrived; reordering tells whether reaction times changed the arrival order", () => {
    const moves: Move[] = [[2, withReactionMs(180, "claim")], [1, { type: "slap" }], CALL];
    const opened = play(game, raced(), moves.slice(0, 1), at(1_400)).state;
    const { state } = play(game, play(game, opened, moves.slice(1), at(1_650)).state, [[0, withReactionMs(420, "estimate")]], at(1_800));
    expect(state.lastRace?.slaps).toEqual([
      { seat: 2, reactionMs: 180, arrival: 1, arrivedMs: 400, timing: "claim" },
      { seat: 0, reactionMs: 420, arrival: 3, arrivedMs: 800, timing: "estimate" },
      { seat: 1, reactionMs: 650, arrival: 2, arrivedMs: 650, timing: "arrival" },
    ]);
    expect(state.lastRace?.penalised).toEqual([1]);
    expect(reordering(state.lastRace!)).toEqual({ byArrival: [2, 1, 0], byReaction: [2, 0, 1], changed: true });
    const inOrder = play(game, raced(), [slapIn(0, 100), slapIn(1, 200), CALL, slapIn(2, 300)], at(1_500)).state;
    expect(reordering(inOrder.lastRace!).changed).toBe(false);
  });
});

describe("fake-outs", () => {
  const s = scenario({ hands: ["3G 4B", "1B 2B", "1R 2R"], discard: "2G" });

  it("a slap with no race open draws 2; no turn is skipped and the turn clock runs on", () => {
    const { state, events } = play(game, s, [[2, withReactionMs(180)]], at(5_000));
    expect(eventsOf(events, "fakedOut")).toEqual([{ type: "fakedOut", seat: 2 }]);
    expect(eventsOf(events, "penaltyDrawn").map((e) => [e.seat, e.reason, e.count])).toEqual([[2, "fake-out", 2]]);
    expect(counts(state)).toEqual([2, 2, 4]);
    expect(state.turn).toBe(0);
    expect(state.deadline).toBe(s.deadline);
    expect(state.version).toBe(s.version + 1);
  });

  it("is legal for everyone at any time in play, the player on turn included (who still plays)", () => {
    for (const seat of [0, 1, 2]) expect(game.legalActions(s, seat)).toContainEqual({ type: "slap" });
    const { state } = play(game, s, [
      [0, { type: "slap" }],
      [0, playFace(s, 0, "3G")],
    ]);
    expect(state.turn).toBe(1);
    expect(state.hands[0]).toHaveLength(3);
  });

  it("short when the piles are dry", () => {
    const dry = scenario({ hands: ["3G", "1B"], discard: "2G 5B", fill: false });
    const { events } = play(game, dry, [[1, { type: "slap" }]]);
    expect(eventsOf(events, "penaltyDrawn")[0]?.count).toBe(1);
  });
});
