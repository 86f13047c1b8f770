/**
 * What each seat may see (ARCHITECTURE.md, "Views are computed"): its own hand; of others only
 * the count; the draw pile face down; of the discard pile the cards lying face up since the last
 * flip or reshuffle; the open race (who slapped, in order, but reaction times only once closed);
 * the hands left at the end of a hand.
 */
import type { TableView } from "../../protocol.ts";
import { COLOUR_NAMES, faceOf } from "./cards.ts";
import { awaiting, mustCall, playableCards } from "./legal.ts";
import { topCard, type HitTheDeckEvent, type HitTheDeckState } from "./state.ts";

export function view(s: HitTheDeckState, seat: number | null): TableView {
  return {
    phase: s.phase,
    deadline: s.deadline,
    round: s.round,
    dealer: s.dealer,
    turn: s.phase === "turn" ? s.turn : -1,
    awaiting: awaiting(s),
    seats: s.hands.map((hand, i) => ({ handCount: hand.length, score: s.scores[i] ?? 0, info: seatInfo(s, i) })),
    piles: {
      deck: { count: s.deck.length, cards: [] },
      discard: { count: s.discard.length, cards: s.discard.slice(s.discard.length - Math.min(s.faceUp, s.discard.length)) },
    },
    info: publicInfo(s),
    result: s.result,
    you: seat === null || !Number.isInteger(seat) || seat < 0 || seat >= s.hands.length ? null : youView(s, seat),
  };
}

function seatInfo(s: HitTheDeckState, seat: number): Record<string, unknown> {
  const r = s.race;
  return {
    continued: s.continued[seat] ?? false,
    /** In an open race: has this seat slapped (null when no race is open). */
    slapped: r === null ? null : r.slaps.some((x) => x.seat === seat),
    mustCall: mustCall(s) === seat,
  };
}

function publicInfo(s: HitTheDeckState): Record<string, unknown> {
  const top = topCard(s) ?? null;
  return {
    top,
    topFace: top === null ? null : faceOf(top),
    demand: s.demand,
    direction: s.direction,
    race: raceInfo(s),
    lastRace: s.lastRace,
    races: s.races,
    target: s.options.target,
    raceMs: s.options.raceMs,
    callMs: s.options.callMs,
    colours: COLOUR_NAMES,
    winners: s.winners.slice(),
  };
}

/** The open race: reaction times stay hidden until it closes (then see `lastRace`). */
function raceInfo(s: HitTheDeckState): Record<string, unknown> | null {
  const r = s.race;
  if (r === null) return null;
  return {
    open: true,
    id: r.id,
    card: r.card,
    cause: r.cause,
    how: r.how,
    mustCall: mustCall(s),
    call: r.call,
    called: r.call === "made",
    openedAt: r.openedAt,
    deadline: r.slapDeadline,
    callDeadline: r.callDeadline,
    slapped: r.slaps.map((x) => x.seat),
    next: r.next,
  };
}

function youView(s: HitTheDeckState, seat: number): TableView["you"] {
  const mine = s.phase === "turn" && s.turn === seat;
  const playable = mine ? playableCards(s, seat) : [];
  const r = s.race;
  return {
    seat,
    hand: (s.hands[seat] ?? []).slice(),
    info: {
      playable,
      mustDraw: mine && playable.length === 0,
      canSlap: s.phase === "turn" || (r !== null && !r.slaps.some((x) => x.seat === seat)),
      /** True in a race: a slap now counts; false: a slap now is a fake-out (draw 2). */
      raceOpen: r !== null,
      mustCall: mustCall(s) === seat,
    },
  };
}

/** Others never learn dealt or drawn cards; spectators neither. */
export function redactEvent(event: HitTheDeckEvent, seat: number | null): HitTheDeckEvent {
  if ((event.type === "cardsDealt" || event.type === "penaltyDrawn") && event.seat !== seat) return { ...event, cards: null };
  if (event.type === "cardDrawn" && event.seat !== seat) return { ...event, card: null };
  return event;
}
