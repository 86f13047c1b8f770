/**
 * State, actions, events and round results of Devil's Scat. State is plain JSON data.
 */
import { z } from "zod";
import type { BaseState } from "../../engine.ts";
import type { Suit } from "./cards.ts";
import type { DevilsScatOptions } from "./options.ts";

export const PHASES = ["turn", "roundOver", "gameOver"] as const;
export type Phase = (typeof PHASES)[number];

export const DRAW_SOURCES = ["deck", "discard"] as const;
export type DrawSource = (typeof DRAW_SOURCES)[number];

export const actionSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("drawDeck") }),
  z.object({ type: z.literal("drawDiscard") }),
  z.object({ type: z.literal("discard"), card: z.string().min(2).max(4) }),
  z.object({ type: z.literal("knock") }),
  z.object({ type: z.literal("continue") }),
]);
export type DevilsScatAction = z.infer<typeof actionSchema>;
export const ACTION_TYPES = ["drawDeck", "drawDiscard", "discard", "knock", "continue"] as const;

/** One seat's line in a round result. */
export interface SeatResult {
  readonly seat: number;
  readonly hand: readonly string[];
  readonly value: number;
  readonly scat: boolean;
  readonly devilsScat: boolean;
  /** Points items (0 or 1; knockPenalty 0 or -1). Zero in classic scoring except `won`. */
  readonly won: number;
  readonly over29: number;
  readonly scat31: number;
  readonly favored: number;
  readonly knockPenalty: number;
  /** Change of the total after the floor at 0 (classic: minus lives lost). */
  readonly delta: number;
  /** Points total (classic: lives left). */
  readonly total: number;
  /** Classic scoring only (0 otherwise). */
  readonly livesLost: number;
  readonly out: boolean;
  /** Out of the game before this round (classic); such a seat had no hand. */
  readonly sittingOut: boolean;
}

export interface RoundResult {
  readonly round: number;
  /** The round's winner, or null (a tie for highest). */
  readonly winner: number | null;
  /** How the round ended. */
  readonly endedBy: "scat" | "knock";
  readonly devilsScat: boolean;
  readonly knocker: number | null;
  readonly favored: Suit;
  readonly seats: readonly SeatResult[];
}

export interface DevilsScatState extends BaseState {
  version: number;
  phase: Phase;
  deadline: number | null;
  options: DevilsScatOptions;
  /** Suits in play (Boot a Suit removes one for the whole game). */
  suits: readonly Suit[];
  round: number;
  dealer: number;
  /** Seat to play, -1 outside the turn phase. */
  turn: number;
  /** Turns started this round (bots play a bit looser late in a round). */
  turnCount: number;
  hands: string[][];
  /** Face down; the top is the last element. */
  deck: string[];
  /** Face up; the top is the last element. */
  discard: string[];
  favored: Suit;
  /** Points (points scoring) per seat. */
  scores: number[];
  /** Lives (classic scoring) per seat. */
  lives: number[];
  /** Out of the game (classic scoring only). */
  out: boolean[];
  knocker: number | null;
  /** Seats still to take their last turn after a knock, in order. */
  lastTurns: number[];
  drawnFrom: DrawSource | null;
  /** The card drawn this turn (public only when it came from the discard pile). */
  drawnCard: string | null;
  result: RoundResult | null;
  /** Seats that sent `continue` in roundOver. */
  continued: boolean[];
  winners: number[];
  /** Seats in the order they went out (classic), for the final ranking. */
  eliminated: number[];
}

export type DevilsScatEvent =
  | { type: "roundDealt"; round: number; dealer: number; favored: Suit; discardTop: string; deckCount: number }
  /** A seat's three dealt cards; `cards` is null for everyone but that seat. */
  | { type: "handDealt"; seat: number; count: number; cards: readonly string[] | null }
  | { type: "turnStarted"; seat: number; deadline: number; lastTurn: boolean }
  /** `card` is null for others when drawn from the deck. */
  | { type: "cardDrawn"; seat: number; from: DrawSource; card: string | null }
  | { type: "cardDiscarded"; seat: number; card: string }
  | { type: "deckReshuffled"; count: number; keptTop: string }
  | { type: "knocked"; seat: number; lastTurns: readonly number[] }
  | { type: "turnTimedOut"; seat: number }
  | { type: "scatRevealed"; seat: number; hand: readonly string[]; value: number; devilsScat: boolean }
  | { type: "roundScored"; result: RoundResult }
  | { type: "playerContinued"; seat: number }
  | { type: "playerEliminated"; seat: number }
  | { type: "gameWon"; winners: readonly number[]; scores: readonly number[] };

/** A copy safe to change: every array the engine writes is copied (results are replaced whole). */
export function cloneState(s: DevilsScatState): DevilsScatState {
  return {
    ...s,
    hands: s.hands.map((h) => h.slice()),
    deck: s.deck.slice(),
    discard: s.discard.slice(),
    scores: s.scores.slice(),
    lives: s.lives.slice(),
    out: s.out.slice(),
    lastTurns: s.lastTurns.slice(),
    continued: s.continued.slice(),
    winners: s.winners.slice(),
    eliminated: s.eliminated.slice(),
  };
}

/** Next seat to the left still in the game (docs/rules/common.md: out players are skipped). */
export function nextAlive(s: DevilsScatState, seat: number): number {
  const n = s.options.seats;
  for (let i = 1; i <= n; i++) {
    const next = (seat + i) % n;
    if (!s.out[next]) return next;
  }
  return seat;
}

/** Seats still in, in turn order starting at `from`'s left. */
export function aliveFrom(s: DevilsScatState, from: number): number[] {
  const n = s.options.seats;
  const seats: number[] = [];
  for (let i = 1; i <= n; i++) {
    const seat = (from + i) % n;
    if (!s.out[seat]) seats.push(seat);
  }
  return seats;
}
