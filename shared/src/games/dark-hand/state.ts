/**
 * State, actions, events and hand results of Skit Scat and Dark Hand. State is plain JSON data.
 */
import { z } from "zod";
import type { BaseState } from "../../engine.ts";
import { SHADES, type Shade } from "../../dark-deck.ts";
import type { MeldKind } from "./melds.ts";
import type { GameRules, TableOptions } from "./options.ts";

export const PHASES = ["turn", "roundOver", "gameOver"] as const;
export type Phase = (typeof PHASES)[number];

/** A turn: draw, then discard, then (only when the hand forms a declarable meld) declare or not. */
export const TURN_STEPS = ["draw", "discard", "declare"] as const;
export type TurnStep = (typeof TURN_STEPS)[number];

export const DRAW_SOURCES = ["deck", "discard"] as const;
export type DrawSource = (typeof DRAW_SOURCES)[number];

export const actionSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("drawDeck") }),
  z.object({ type: z.literal("drawDiscard") }),
  z.object({ type: z.literal("discard"), card: z.string().min(2).max(7) }),
  /** Lay down a Skit or Scat; Dark Hand names the shade it is made in, Skit Scat names none. */
  z.object({ type: z.literal("declare"), shade: z.enum(SHADES).optional() }),
  /** Keep the hand instead of declaring (only offered when a declaration is possible). */
  z.object({ type: z.literal("endTurn") }),
  /** "Dark Hand!" (shade dark) or "Light Hand!" (shade light): claim that Joker with a token. */
  z.object({ type: z.literal("call"), shade: z.enum(SHADES) }),
  z.object({ type: z.literal("continue") }),
]);
export type HandAction = z.infer<typeof actionSchema>;
export const ACTION_TYPES = ["drawDeck", "drawDiscard", "discard", "declare", "endTurn", "call", "continue"] as const;

/** A Skit or Scat laid face up on the table. `shade` is null in Skit Scat. */
export interface Meld {
  readonly seat: number;
  readonly kind: MeldKind;
  readonly shade: Shade | null;
  readonly cards: readonly string[];
  /** Declared during the final round opened by an earlier Skit. */
  readonly finalRound: boolean;
  /** A caller's declaration in the shade they did not call (optional Forfeit Play). */
  readonly forfeit: boolean;
}

export type JokerFate = "returned" | "pot";

/** One seat's line in a hand result. */
export interface SeatResult {
  readonly seat: number;
  /** Out of the game before this hand: dealt nothing, paid nothing. */
  readonly sittingOut: boolean;
  readonly called: Shade | null;
  readonly declared: MeldKind | null;
  /** Tokens the rules asked for (1 or 2; 0 for the winner and final-round Skits). */
  readonly owed: number;
  /** Tokens actually paid: a payment never exceeds the tokens a player has. */
  readonly paid: number;
  /** What became of the token on this seat's Joker, null when it did not call. */
  readonly joker: JokerFate | null;
  /** Tokens lost this hand: paid plus a Joker token lost to the pot. */
  readonly lost: number;
  readonly tokens: number;
  readonly out: boolean;
}

export interface HandResult {
  readonly round: number;
  readonly endedBy: MeldKind;
  readonly winner: number;
  readonly winningMeld: Meld;
  /** The winner called and won in the called shade: everyone else owed 2, not 1. */
  readonly callerWon: boolean;
  readonly melds: readonly Meld[];
  readonly seats: readonly SeatResult[];
  readonly pot: number;
}

export interface Jokers {
  light: number | null;
  dark: number | null;
}

export interface HandState extends BaseState {
  version: number;
  phase: Phase;
  deadline: number | null;
  options: TableOptions;
  rules: GameRules;
  /** Hands dealt so far (the current hand's number). */
  round: number;
  dealer: number;
  /** Seat to play, -1 outside the turn phase. */
  turn: number;
  step: TurnStep | null;
  hands: string[][];
  /** Face down; the top is the last element. */
  deck: string[];
  /** Face up; the top is the last element. */
  discard: string[];
  /** Tokens in front of each player (a token on a Joker is not counted here). */
  tokens: number[];
  pot: number;
  out: boolean[];
  /** Who holds each Joker this hand (with one token on it); always null in Skit Scat. */
  jokers: Jokers;
  /** The seat's first turn of this hand has ended (its call window is closed). */
  hadTurn: boolean[];
  /** The seat on turn called during this turn, so it may not declare in it. */
  calledThisTurn: boolean;
  drawnFrom: DrawSource | null;
  drawnCard: string | null;
  /** Declarations of this hand, in order. */
  melds: Meld[];
  /** The seat whose Skit opened the final round, or null. */
  skitter: number | null;
  /** Seats still to take their final-round turn, in order (the one on turn included). */
  finalTurns: number[];
  result: HandResult | null;
  continued: boolean[];
  winners: number[];
  /** Seats that went out, one group per hand in which someone did (for the final ranking). */
  eliminated: number[][];
}

export type HandEvent =
  | { type: "handDealt"; round: number; dealer: number; discardTop: string; deckCount: number; order: readonly number[] }
  /** A seat's three dealt cards; `cards` is null for everyone but that seat. */
  | { type: "cardsDealt"; seat: number; count: number; cards: readonly string[] | null }
  | { type: "turnStarted"; seat: number; deadline: number; finalTurn: boolean }
  /** `card` is null for others when drawn from the deck. */
  | { type: "cardDrawn"; seat: number; from: DrawSource; card: string | null }
  | { type: "cardDiscarded"; seat: number; card: string }
  | { type: "deckReshuffled"; count: number; keptTop: string }
  | { type: "handCalled"; seat: number; shade: Shade; tokens: number }
  | { type: "declared"; seat: number; kind: MeldKind; shade: Shade | null; cards: readonly string[]; finalRound: boolean; forfeit: boolean }
  | { type: "finalRoundStarted"; skitter: number; seats: readonly number[] }
  | { type: "turnEnded"; seat: number }
  | { type: "turnTimedOut"; seat: number }
  | { type: "handScored"; result: HandResult }
  | { type: "playerOut"; seat: number }
  | { type: "playerContinued"; seat: number }
  | { type: "gameWon"; winner: number; pot: number; tokens: readonly number[] };

/** A copy safe to change: every array the engine writes is copied (results are replaced whole). */
export function cloneState(s: HandState): HandState {
  return {
    ...s,
    hands: s.hands.map((h) => h.slice()),
    deck: s.deck.slice(),
    discard: s.discard.slice(),
    tokens: s.tokens.slice(),
    out: s.out.slice(),
    jokers: { ...s.jokers },
    hadTurn: s.hadTurn.slice(),
    melds: s.melds.slice(),
    finalTurns: s.finalTurns.slice(),
    continued: s.continued.slice(),
    winners: s.winners.slice(),
    eliminated: s.eliminated.map((g) => g.slice()),
  };
}

/** Seats still in, in turn order starting at `from`'s left (docs/rules/common.md: out players are skipped). */
export function aliveFrom(s: HandState, from: number): number[] {
  const n = s.options.seats;
  const seats: number[] = [];
  for (let i = 1; i <= n; i++) {
    const seat = (from + i) % n;
    if (!s.out[seat]) seats.push(seat);
  }
  return seats;
}

/** The shade a seat called this hand, or null. */
export function calledShade(s: HandState, seat: number): Shade | null {
  if (s.jokers.light === seat) return "light";
  if (s.jokers.dark === seat) return "dark";
  return null;
}
