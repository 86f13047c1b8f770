/**
 * What each seat may see (ARCHITECTURE.md, "Views are computed"; docs/rules/scatterbrain.md).
 * During the memorise phase every hand is face up for everyone, spectators included (public
 * `info.dealt`). Afterwards a seat sees its own hand and hole card; everyone sees the whole
 * discard pile, called straights, trophies, hole cards won, counts of face-down cards, and every
 * guess as it is announced. Nothing else.
 */
import type { TableView } from "../../protocol.ts";
import { straightKind } from "./cards.ts";
import { multiplier, POINTS } from "./hand-end.ts";
import { awaiting } from "./legal.ts";
import { TARGET } from "./options.ts";
import { straightOf } from "./turn.ts";
import type { ScatterbrainEvent, ScatterbrainState, Tally } from "./state.ts";

export function view(s: ScatterbrainState, seat: number | null): TableView {
  return {
    phase: s.phase,
    deadline: s.deadline,
    round: s.hand,
    dealer: s.dealer,
    turn: s.phase === "turn" || s.phase === "guess" ? s.turn : -1,
    awaiting: awaiting(s),
    seats: s.scores.map((score, i) => ({ handCount: s.hands[i]?.length ?? 0, score, info: seatInfo(s, i) })),
    piles: {
      deck: { count: s.deck.length, cards: [] },
      discard: { count: s.discard.length, cards: s.discard.slice() },
    },
    info: publicInfo(s),
    result: s.result,
    you: seat === null || !Number.isInteger(seat) || seat < 0 || seat >= s.options.seats ? null : youView(s, seat),
  };
}

/** Points this hand so far, multiplier applied. */
function handPoints(s: ScatterbrainState, seat: number): number {
  const t = s.tally[seat] as Tally | undefined;
  if (t === undefined) return 0;
  return (t.straight + t.handHits * POINTS.handCard + t.holeHits * POINTS.holeCard) * multiplier(s, seat);
}

function seatInfo(s: ScatterbrainState, seat: number): Record<string, unknown> {
  const kind = s.called[seat] ?? null;
  return {
    /** A hole card lies face down in front of this seat (its face is never shown). */
    hasHole: s.holes[seat] !== null && s.holes[seat] !== undefined,
    called: kind !== null,
    kind,
    multiplier: multiplier(s, seat),
    /** The called straight, face up (6 hand cards and the hole card), or null. */
    straight: kind === null ? null : straightOf(s, seat),
    trophies: (s.trophies[seat] ?? []).slice(),
    holesWon: (s.holesWon[seat] ?? []).slice(),
    /** Face-down cards of players this seat knocked out of the hand (nobody may look). */
    captured: s.captured[seat]?.length ?? 0,
    out: s.out[seat] ?? false,
    handPoints: handPoints(s, seat),
    continued: s.continued[seat] ?? false,
  };
}

function publicInfo(s: ScatterbrainState): Record<string, unknown> {
  const playing = s.phase === "turn" || s.phase === "guess";
  return {
    /** Every hand face up while the memorise countdown (`deadline`) runs, else null. */
    dealt: s.phase === "memorise" ? s.dealt.map((h) => h.slice()) : null,
    step: s.phase === "turn" ? s.step : null,
    guessing: s.phase === "guess" ? s.turn : null,
    drawnFrom: playing ? s.drawnFrom : null,
    takenFromDiscard: playing && s.drawnFrom === "discard" ? s.drawnCard : null,
    deckOut: s.deckOut,
    finalGuessers: s.finalGuessers.slice(),
    lastGuess: s.lastGuess,
    callers: s.called.flatMap((k, seat) => (k === null ? [] : [seat])),
    target: TARGET,
    winners: s.winners.slice(),
  };
}

function youView(s: ScatterbrainState, seat: number): TableView["you"] {
  const mine = (s.phase === "turn" || s.phase === "guess") && s.turn === seat;
  return {
    seat,
    hand: (s.hands[seat] ?? []).slice(),
    info: {
      hole: s.holes[seat] ?? null,
      drawnCard: mine ? s.drawnCard : null,
      /** The kind of straight hand + hole make now, or null. */
      straight: s.holes[seat] ? straightKind(straightOf(s, seat)) : null,
    },
  };
}

/** Others never learn a hole card, a card drawn from the deck or a replacement; spectators neither. */
export function redactEvent(event: ScatterbrainEvent, seat: number | null): ScatterbrainEvent {
  switch (event.type) {
    case "holeChosen":
    case "replacementDrawn":
      return event.seat === seat ? event : { ...event, card: null };
    case "cardDrawn":
      return event.from === "deck" && event.seat !== seat ? { ...event, card: null } : event;
    default:
      return event;
  }
}
