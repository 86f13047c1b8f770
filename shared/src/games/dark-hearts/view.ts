/**
 * What each seat may see (ARCHITECTURE.md, "Views are computed"; docs/rules/common.md, "What each
 * player sees"): both faces of one's own hand; of other hands only the count; the
 * leftover face down until taken; cards played to a trick face up (both faces) to everyone. A
 * pass is seen by its giver and, after the exchange, its receiver; others learn only who passed.
 */
import { face } from "../../dark-deck.ts";
import { cardPoints } from "./cards.ts";
import type { TableView } from "../../protocol.ts";
import { awaiting } from "./legal.ts";
import { passSource, passTarget } from "./options.ts";
import { standing } from "./scoring.ts";
import { trickWinner } from "./trick.ts";
import type { DarkHeartsEvent, DarkHeartsState, Trick, TrickRecord } from "./state.ts";

export function view(s: DarkHeartsState, seat: number | null): TableView {
  return {
    phase: s.phase,
    deadline: s.deadline,
    round: s.round,
    dealer: s.dealer,
    turn: s.phase === "play" ? s.turn : -1,
    awaiting: awaiting(s),
    seats: s.hands.map((hand, i) => ({
      handCount: hand.length,
      score: standing(s.scores, i)[0],
      info: {
        light: s.scores.light[i] ?? 0,
        dark: s.scores.dark[i] ?? 0,
        handLight: s.handPoints.light[i] ?? 0,
        handDark: s.handPoints.dark[i] ?? 0,
        tricks: s.tricksWon[i] ?? 0,
        passed: s.passes[i] !== null,
        continued: s.continued[i] ?? false,
      },
    })),
    piles: {
      trick: { count: s.trick?.plays.length ?? 0, cards: (s.trick?.plays ?? []).map((p) => p.card) },
      lastTrick: { count: s.lastTrick?.plays.length ?? 0, cards: (s.lastTrick?.plays ?? []).map((p) => p.card) },
      leftover: { count: s.leftover === null ? 0 : 1, cards: [] },
    },
    info: publicInfo(s),
    result: s.result,
    you: seat === null || !Number.isInteger(seat) || seat < 0 || seat >= s.hands.length ? null : youView(s, seat),
  };
}

/**
 * A trick with the face that counts for every card, the points each carries in the trick's
 * shade, and the seat currently winning it (clients display these; they never score).
 */
function trickInfo(t: Trick | TrickRecord): Record<string, unknown> {
  return {
    leader: t.leader,
    shade: t.shade,
    suit: t.suit,
    plays: t.plays.map((p) => ({ seat: p.seat, card: p.card, face: face(p.card, t.shade), points: cardPoints(p.card, t.shade) })),
    winning: t.plays.length > 0 ? trickWinner(t) : null,
  };
}

function publicInfo(s: DarkHeartsState): Record<string, unknown> {
  const last = s.lastTrick;
  return {
    passDirection: s.passDirection,
    trickNumber: s.phase === "play" ? s.tricksPlayed + 1 : null,
    tricksPlayed: s.tricksPlayed,
    trick: s.trick === null ? null : trickInfo(s.trick),
    lastTrick:
      last === null
        ? null
        : { ...trickInfo(last), number: last.number, winner: last.winner, points: last.points, broke: last.broke, leftover: last.leftover },
    heartsBroken: { ...s.broken },
    leftover: s.options.seats === 3 ? { faceDown: s.leftover !== null, taken: s.leftoverTaken } : null,
    target: s.options.target,
    winners: s.winners.slice(),
  };
}

/** Own hand (both faces in the id), own pass, and the cards received once the exchange is done. */
function youView(s: DarkHeartsState, seat: number): TableView["you"] {
  const n = s.options.seats;
  const exchanged = s.passDirection !== "hold" && s.phase !== "pass";
  return {
    seat,
    hand: (s.hands[seat] ?? []).slice(),
    info: {
      passTo: s.passDirection === "hold" ? null : passTarget(seat, s.passDirection, n),
      receiveFrom: s.passDirection === "hold" ? null : passSource(seat, s.passDirection, n),
      passed: s.passes[seat]?.slice() ?? null,
      received: exchanged ? (s.passes[passSource(seat, s.passDirection, n)]?.slice() ?? null) : null,
    },
  };
}

/** Others never learn a dealt hand or a pass; a pass is told to its giver and its receiver. */
export function redactEvent(event: DarkHeartsEvent, seat: number | null): DarkHeartsEvent {
  if (event.type === "handDealt" && event.seat !== seat) return { ...event, cards: null };
  if (event.type === "passChosen" && event.seat !== seat) return { ...event, cards: null };
  if (event.type === "cardsPassed" && event.from !== seat && event.to !== seat) return { ...event, cards: null };
  return event;
}
