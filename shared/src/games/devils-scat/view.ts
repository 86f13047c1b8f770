/**
 * What each seat may see (ARCHITECTURE.md, "Views are computed"): own hand; of others only the
 * count; the deck face down; the discard pile, the card just taken from it and round results
 * face up. The card drawn from the deck is seen by the drawer only.
 */
import type { TableView } from "../../protocol.ts";
import { handValue, isScat } from "./hand-value.ts";
import { awaiting } from "./legal.ts";
import { targetFor } from "./options.ts";
import type { DevilsScatEvent, DevilsScatState } from "./state.ts";

export function view(s: DevilsScatState, seat: number | null): TableView {
  const classic = s.options.classic;
  return {
    phase: s.phase,
    deadline: s.deadline,
    round: s.round,
    dealer: s.dealer,
    turn: s.phase === "turn" ? s.turn : -1,
    awaiting: awaiting(s),
    seats: s.hands.map((hand, i) => ({
      handCount: hand.length,
      score: classic ? (s.lives[i] ?? 0) : (s.scores[i] ?? 0),
      info: classic
        ? { knocked: s.knocker === i, lives: s.lives[i] ?? 0, out: s.out[i] ?? false, continued: s.continued[i] ?? false }
        : { knocked: s.knocker === i, continued: s.continued[i] ?? false },
    })),
    piles: {
      deck: { count: s.deck.length, cards: [] },
      discard: { count: s.discard.length, cards: s.discard.slice() },
    },
    info: publicInfo(s),
    result: s.result,
    you: seat === null || !Number.isInteger(seat) || seat < 0 || seat >= s.hands.length ? null : youView(s, seat),
  };
}

function publicInfo(s: DevilsScatState): Record<string, unknown> {
  return {
    favored: s.favored,
    suits: s.suits.slice(),
    knocker: s.knocker,
    target: s.options.classic ? null : targetFor(s.options.seats),
    classic: s.options.classic,
    bootASuit: s.options.bootASuit,
    lastTurns: s.lastTurns.slice(),
    drawnFrom: s.drawnFrom,
    takenFromDiscard: s.drawnFrom === "discard" ? s.drawnCard : null,
    winners: s.winners.slice(),
  };
}

function youView(s: DevilsScatState, seat: number): TableView["you"] {
  const hand = (s.hands[seat] ?? []).slice();
  const mine = s.phase === "turn" && s.turn === seat;
  return {
    seat,
    hand,
    info: {
      value: handValue(hand),
      scat: isScat(hand),
      drawnCard: mine ? s.drawnCard : null,
    },
  };
}

/** Others never learn a dealt hand or a card drawn from the deck; spectators neither. */
export function redactEvent(event: DevilsScatEvent, seat: number | null): DevilsScatEvent {
  if (event.type === "handDealt" && event.seat !== seat) return { ...event, cards: null };
  if (event.type === "cardDrawn" && event.from === "deck" && event.seat !== seat) return { ...event, card: null };
  return event;
}
