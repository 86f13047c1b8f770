/**
 * What each seat may see (ARCHITECTURE.md, "Views are computed"; docs/rules/common.md, "What each
 * player sees"): a seat sees its own cards, others' only as counts; the draw pile is face down;
 * the discard pile and laid-down Skits and Scats are face up. Dark cards always travel as their
 * full `light/dark` id, so whoever may see a card sees both of its faces. A card drawn from the
 * draw pile is seen by the drawer only; one taken from the discard pile by everyone.
 */
import { SHADES } from "../../dark-deck.ts";
import type { TableView } from "../../protocol.ts";
import { callOptions, awaiting, declareOptions } from "./legal.ts";
import { meldsOf, shadesOf } from "./melds.ts";
import { calledShade, type HandEvent, type HandState } from "./state.ts";

export function view(s: HandState, seat: number | null): TableView {
  return {
    phase: s.phase,
    deadline: s.deadline,
    round: s.round,
    dealer: s.dealer,
    turn: s.phase === "turn" ? s.turn : -1,
    awaiting: awaiting(s),
    seats: s.hands.map((hand, i) => ({ handCount: hand.length, score: s.tokens[i] ?? 0, info: seatInfo(s, i) })),
    piles: {
      deck: { count: s.deck.length, cards: [] },
      discard: { count: s.discard.length, cards: s.discard.slice() },
    },
    info: publicInfo(s),
    result: s.result,
    you: seat === null || !Number.isInteger(seat) || seat < 0 || seat >= s.hands.length ? null : youView(s, seat),
  };
}

function seatInfo(s: HandState, seat: number): Record<string, unknown> {
  const inHand = s.phase === "turn" && !s.out[seat];
  return {
    tokens: s.tokens[seat] ?? 0,
    out: s.out[seat] ?? false,
    called: calledShade(s, seat),
    /** The opening call window (deal to end of first turn) is still open for this seat. */
    inCallWindow: s.rules.dark && inHand && !s.hadTurn[seat] && calledShade(s, seat) === null,
    hadTurn: s.hadTurn[seat] ?? false,
    declared: s.melds.find((m) => m.seat === seat)?.kind ?? null,
    finalTurnPending: s.finalTurns.includes(seat),
    continued: s.continued[seat] ?? false,
  };
}

function publicInfo(s: HandState): Record<string, unknown> {
  return {
    game: s.rules.game,
    startTokens: s.rules.startTokens,
    forfeitPlay: s.rules.forfeitPlay,
    pot: s.pot,
    step: s.phase === "turn" ? s.step : null,
    finalRound: s.skitter !== null && s.phase === "turn",
    skitter: s.skitter,
    /** Seats that still get a final-round turn, in order (the one on turn first). */
    finalTurns: s.finalTurns.slice(),
    melds: s.melds.map((m) => ({ ...m, cards: m.cards.slice() })),
    /** Who holds the Light and Dark Jokers this hand (null: still on the table); null in Skit Scat. */
    jokers: s.rules.dark ? { ...s.jokers } : null,
    /** Seats whose opening call window (deal to end of their first turn) is still open. */
    callWindow: s.hands.flatMap((_, seat) => (seatInfo(s, seat)["inCallWindow"] ? [seat] : [])),
    /** Seats that may call each shade right now (window or own turn). */
    mayCall: s.rules.dark ? Object.fromEntries(SHADES.map((shade) => [shade, mayCall(s, shade)])) : null,
    calledThisTurn: s.calledThisTurn,
    drawnFrom: s.drawnFrom,
    takenFromDiscard: s.drawnFrom === "discard" ? s.drawnCard : null,
    winners: s.winners.slice(),
  };
}

function mayCall(s: HandState, shade: "light" | "dark"): number[] {
  return s.hands.flatMap((_, seat) => (callOptions(s, seat).includes(shade) ? [seat] : []));
}

function youView(s: HandState, seat: number): TableView["you"] {
  const hand = (s.hands[seat] ?? []).slice();
  const mine = s.phase === "turn" && s.turn === seat;
  return {
    seat,
    hand,
    info: {
      /** The Skits and Scats the hand forms now, per shade. */
      makes: hand.length === 3 ? meldsOf(hand, shadesOf(s.rules.dark)) : [],
      canDeclare: mine && s.step === "declare" ? declareOptions(s, seat) : [],
      canCall: callOptions(s, seat),
      called: calledShade(s, seat),
      drawnCard: mine ? s.drawnCard : null,
    },
  };
}

/** Others never learn a dealt hand or a card drawn from the draw pile; spectators neither. */
export function redactEvent(event: HandEvent, seat: number | null): HandEvent {
  if (event.type === "cardsDealt" && event.seat !== seat) return { ...event, cards: null };
  if (event.type === "cardDrawn" && event.from === "deck" && event.seat !== seat) return { ...event, card: null };
  return event;
}
