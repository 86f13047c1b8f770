/**
 * The WITH A HAND slap race (docs/rules/hit-the-deck.md, "The slap race"). The engine never measures
 * time: a slap's `reactionMs` is the server's adjudicated reaction time (or, when the action
 * carries none, the time since the race opened by `ctx.now`). Slappers are ranked by it, ties by
 * arrival (application order).
 */
import type { Ctx } from "../../engine.ts";
import { drawPenalty } from "./piles.ts";
import { startTurn } from "./round.ts";
import type { HitTheDeckEvent, HitTheDeckState, Race, RaceCause, RaceResult, SlapAction } from "./state.ts";

type Events = HitTheDeckEvent[];

/** Cards drawn by the last slapper, by each non-slapper, or by a caller who forgot to call. */
export const RACE_PENALTY = 4;
/** Cards drawn for a fake-out (a slap with no race open). */
export const FAKE_OUT_PENALTY = 2;

/** Opens the race for everyone at once, the cause included; the cause must also call. */
export function openRace(s: HitTheDeckState, id: string, cause: number, how: RaceCause, next: number, ctx: Ctx, events: Events): void {
  s.races += 1;
  const race: Race = {
    id: s.races,
    card: id,
    cause,
    how,
    next,
    openedAt: ctx.now,
    slapDeadline: ctx.now + s.options.raceMs,
    callDeadline: ctx.now + s.options.callMs,
    call: "pending",
    slaps: [],
  };
  s.race = race;
  s.phase = "race";
  s.turn = -1;
  s.deadline = raceDeadline(race);
  events.push({
    type: "raceOpened",
    race: race.id,
    card: id,
    cause,
    how,
    openedAt: race.openedAt,
    deadline: race.slapDeadline,
    callDeadline: race.callDeadline,
  });
}

/** The next moment the race changes by itself: the call window while a call is due, else the slap window. */
function raceDeadline(r: Race): number {
  return r.call === "pending" ? Math.min(r.callDeadline, r.slapDeadline) : r.slapDeadline;
}

/** Records a slap: the server's `reactionMs` (and `timing`), else the arrival time since the race opened. */
export function slap(s: HitTheDeckState, seat: number, action: SlapAction, ctx: Ctx, events: Events): void {
  const r = s.race as Race;
  const arrivedMs = Math.max(0, ctx.now - r.openedAt);
  const { reactionMs, timing } = action;
  r.slaps.push(
    reactionMs === undefined
      ? { seat, reactionMs: arrivedMs, arrivedMs, timing: "arrival" }
      : { seat, reactionMs, arrivedMs, timing: timing ?? "server" },
  );
  events.push({ type: "slapped", seat, race: r.id, arrival: r.slaps.length });
  settle(s, ctx, events);
}

export function call(s: HitTheDeckState, seat: number, ctx: Ctx, events: Events): void {
  const r = s.race as Race;
  r.call = "made";
  events.push({ type: "called", seat, race: r.id });
  settle(s, ctx, events);
}

/** The race closes once everyone has slapped and the call is made or missed. */
function settle(s: HitTheDeckState, ctx: Ctx, events: Events): void {
  const r = s.race as Race;
  if (r.slaps.length === s.options.seats && r.call !== "pending") return closeRace(s, "all-slapped", ctx, events);
  s.deadline = raceDeadline(r);
}

/** A deadline passed: the call window (the call is missed) and/or the slap window (the race closes). */
export function raceTimeout(s: HitTheDeckState, ctx: Ctx, events: Events): void {
  const r = s.race as Race;
  const callWindowOnly = r.call === "pending" && r.callDeadline < r.slapDeadline && ctx.now < r.slapDeadline;
  if (r.call === "pending") {
    r.call = "missed";
    events.push({ type: "callMissed", seat: r.cause, race: r.id });
  }
  if (callWindowOnly && r.slaps.length < s.options.seats) {
    s.deadline = r.slapDeadline;
    return;
  }
  closeRace(s, "deadline", ctx, events);
}

/**
 * Penalties: a cause who did not call draws 4 and nobody else does; otherwise every non-slapper
 * draws 4; otherwise the last slapper (slowest reaction, ties: the later arrival) draws 4.
 * Then play continues with the player after the cause.
 */
export function closeRace(s: HitTheDeckState, closedBy: RaceResult["closedBy"], ctx: Ctx, events: Events): void {
  const r = s.race as Race;
  const result = raceResult(s, r, closedBy);
  s.race = null;
  s.lastRace = result;
  events.push({ type: "raceClosed", result });
  const reason = result.reason === "missed-call" ? "missed-call" : "race";
  for (const seat of result.penalised) drawPenalty(s, seat, RACE_PENALTY, reason, ctx, events);
  startTurn(s, r.next, ctx, events);
}

/** Seats fastest first: by reaction time, ties by arrival. */
export function rankSlaps(slaps: Race["slaps"]): RaceResult["slaps"] {
  return slaps
    .map((x, i) => ({ seat: x.seat, reactionMs: x.reactionMs, arrival: i + 1, arrivedMs: x.arrivedMs, timing: x.timing }))
    .sort((a, b) => a.reactionMs - b.reactionMs || a.arrival - b.arrival);
}

function raceResult(s: HitTheDeckState, r: Race, closedBy: RaceResult["closedBy"]): RaceResult {
  const slaps = rankSlaps(r.slaps);
  const n = s.options.seats;
  // Non-slappers in play order from the seat that plays next.
  const order = Array.from({ length: n }, (_, i) => (((r.next + i * s.direction) % n) + n) % n);
  const nonSlappers = order.filter((seat) => !r.slaps.some((x) => x.seat === seat));
  const base = { id: r.id, cause: r.cause, how: r.how, called: r.call === "made", slaps, nonSlappers, closedBy };
  if (r.call !== "made") return { ...base, reason: "missed-call", penalised: [r.cause] };
  if (nonSlappers.length > 0) return { ...base, reason: "non-slappers", penalised: nonSlappers };
  const last = slaps[slaps.length - 1];
  return { ...base, reason: "last-slapper", penalised: last === undefined ? [] : [last.seat] };
}

/** A slap with no race open: the slapper draws 2; nobody's turn is skipped (docs/rules/hit-the-deck.md, "Fake-out"). */
export function fakeOut(s: HitTheDeckState, seat: number, ctx: Ctx, events: Events): void {
  events.push({ type: "fakedOut", seat });
  drawPenalty(s, seat, FAKE_OUT_PENALTY, "fake-out", ctx, events);
}
