/**
 * State, actions, events and hand results of Scatterbrain. State is plain JSON data.
 */
import { z } from "zod";
import type { BaseState } from "../../engine.ts";
import type { StraightKind } from "./cards.ts";
import type { ScatterbrainOptions } from "./options.ts";

/**
 * memorise: the face-up deal; chooseHole: simultaneous hole choice; turn: draw and discard (and
 * maybe call); guess: a guessing turn; handOver: the result pause; gameOver: terminal.
 */
export const PHASES = ["memorise", "chooseHole", "turn", "guess", "handOver", "gameOver"] as const;
export type Phase = (typeof PHASES)[number];

/** Within a turn: draw a card, discard one, then (holding a straight) call or not. */
export const TURN_STEPS = ["draw", "discard", "call"] as const;
export type TurnStep = (typeof TURN_STEPS)[number];

export const DRAW_SOURCES = ["deck", "discard"] as const;
export type DrawSource = (typeof DRAW_SOURCES)[number];

/** noCall: the deck ran out before anyone called; afterCall: after at least one call. */
export const DECK_OUT = ["noCall", "afterCall"] as const;
export type DeckOut = (typeof DECK_OUT)[number];

export const GUESS_OUTCOMES = ["hand", "hole", "miss"] as const;
export type GuessOutcome = (typeof GUESS_OUTCOMES)[number];

export const actionSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("chooseHole"), card: z.string().min(2).max(3) }),
  z.object({ type: z.literal("drawDeck") }),
  z.object({ type: z.literal("drawDiscard") }),
  z.object({ type: z.literal("discard"), card: z.string().min(2).max(3) }),
  z.object({ type: z.literal("callScatterbrain") }),
  z.object({ type: z.literal("declineCall") }),
  /** Names a card only: it hits whichever opponent still in the hand holds it (README, "Guessing"). */
  z.object({ type: z.literal("guess"), card: z.string().min(2).max(3) }),
  z.object({ type: z.literal("skipGuess") }),
  z.object({ type: z.literal("continue") }),
]);
export type ScatterbrainAction = z.infer<typeof actionSchema>;
export const ACTION_TYPES = [
  "chooseHole",
  "drawDeck",
  "drawDiscard",
  "discard",
  "callScatterbrain",
  "declineCall",
  "guess",
  "skipGuess",
  "continue",
] as const;

/** What the table publicly knows of a card's whereabouts: dealt face up to `seat`, or taken by it from the discard pile. */
export interface LedgerEntry {
  readonly card: string;
  readonly seat: number;
  readonly dealt: boolean;
}

/** The ledger without `cards` (they left the hand they were known to be in, in public). */
export const forget = (ledger: readonly LedgerEntry[], ...cards: string[]): LedgerEntry[] => ledger.filter((e) => !cards.includes(e.card));

/** The last guess, announced to the whole table. */
export interface LastGuess {
  /** The guesser. */
  readonly seat: number;
  /** The card named. */
  readonly card: string;
  readonly outcome: GuessOutcome;
  /** The opponent who held it (in hand or as hole card) and handed it over; null on a miss. */
  readonly holder: number | null;
  readonly points: number;
  /** Made after the deck ran out (hand cards then go to the discard pile, unscored). */
  readonly deckOut: DeckOut | null;
}

/** Points scored this hand by one seat, before its multiplier. */
export interface Tally {
  /** 10 for a called (or mercy) straight. */
  straight: number;
  /** Hand cards guessed for points (2 each). */
  handHits: number;
  /** Hole cards guessed (20 each). */
  holeHits: number;
}

export interface SeatResult {
  readonly seat: number;
  readonly straight: number;
  readonly handHits: number;
  readonly holeHits: number;
  /** The straight laid face up (called or mercy), or null. */
  readonly straightCards: readonly string[] | null;
  readonly kind: StraightKind | null;
  readonly multiplier: number;
  /** Points this hand, multiplier applied. */
  readonly delta: number;
  readonly total: number;
  /** Lost the hole card to a guess this hand. */
  readonly out: boolean;
}

export const HAND_ENDINGS = ["mercy", "holeGuessed", "deckOut", "noneLeft"] as const;
export type HandEnding = (typeof HAND_ENDINGS)[number];

export interface HandResult {
  readonly hand: number;
  readonly dealer: number;
  readonly endedBy: HandEnding;
  /** Mercy hand only: the whole face-up deal (everyone saw it). */
  readonly dealt: readonly (readonly string[])[] | null;
  readonly seats: readonly SeatResult[];
  /** Seats with the highest total after this hand. */
  readonly leaders: readonly number[];
  readonly gameOver: boolean;
}

export interface ScatterbrainState extends BaseState {
  version: number;
  phase: Phase;
  deadline: number | null;
  options: ScatterbrainOptions;
  /** Hands dealt so far (a mercy redeal counts as a new hand). */
  hand: number;
  dealer: number;
  /** Seat to play or guess, -1 otherwise. */
  turn: number;
  step: TurnStep | null;
  hands: string[][];
  /** Face down on the table; null until chosen. */
  holes: (string | null)[];
  /** Face down; the top is the last element. */
  deck: string[];
  /** Face up, every card showing; the top is the last element. */
  discard: string[];
  /** The face-up deal of this hand, which every seat (and spectator) memorised. */
  dealt: string[][];
  /** Public whereabouts of cards since the deal (bot memory; never shown in views). */
  ledger: LedgerEntry[];
  /** Cards guessed this hand that no opponent still in the hand held (in no hand, no hole) at the time. */
  misses: string[];
  /** Kind of the straight each seat called this hand, or null. */
  called: (StraightKind | null)[];
  /** Out of this hand (hole card guessed). */
  out: boolean[];
  /** Hand cards won by guessing, face up in front of the guesser. */
  trophies: string[][];
  /** Hole cards won, face up in front of the guesser. */
  holesWon: string[][];
  /** Hands of players knocked out, face down in front of their guesser (nobody may look). */
  captured: string[][];
  tally: Tally[];
  scores: number[];
  drawnFrom: DrawSource | null;
  drawnCard: string | null;
  deckOut: DeckOut | null;
  /** afterCall: callers still to make their one final guess, in order. */
  finalGuessers: number[];
  lastGuess: LastGuess | null;
  result: HandResult | null;
  continued: boolean[];
  winners: number[];
}

export type ScatterbrainEvent =
  /** The face-up deal: every hand is public until the memorise deadline (null: a mercy hand, no memorise). */
  | { type: "handDealt"; hand: number; dealer: number; hands: readonly (readonly string[])[]; deadline: number | null }
  | { type: "mercyHand"; seats: readonly number[]; straights: readonly (readonly string[])[] }
  | { type: "cardsPickedUp"; deadline: number }
  /** `card` is null for everyone but the chooser. */
  | { type: "holeChosen"; seat: number; card: string | null; timedOut: boolean }
  | { type: "discardStarted"; card: string }
  | { type: "turnStarted"; seat: number; guessing: boolean; deadline: number }
  /** `card` is null for others when drawn from the deck. */
  | { type: "cardDrawn"; seat: number; from: DrawSource; card: string | null }
  | { type: "cardDiscarded"; seat: number; card: string }
  | {
      type: "scatterbrainCalled";
      seat: number;
      cards: readonly string[];
      hole: string;
      kind: StraightKind;
      multiplier: number;
      points: number;
    }
  | { type: "callDeclined"; seat: number }
  | { type: "cardGuessed"; guess: LastGuess }
  | { type: "guessSkipped"; seat: number }
  /** A player who lost a hand card draws a replacement; `card` is null for others. */
  | { type: "replacementDrawn"; seat: number; card: string | null }
  /** The hole card's owner is out of the hand; `cards` hand cards go face down to `by`. */
  | { type: "playerOutOfHand"; seat: number; by: number; cards: number }
  | { type: "deckExhausted"; procedure: DeckOut; guessers: readonly number[] }
  | { type: "turnTimedOut"; seat: number }
  | { type: "handScored"; result: HandResult }
  | { type: "playerContinued"; seat: number }
  | { type: "gameWon"; winners: readonly number[]; scores: readonly number[] };

export const emptyTally = (): Tally => ({ straight: 0, handHits: 0, holeHits: 0 });

/** A copy safe to change: every array or record the engine writes is copied. */
export function cloneState(s: ScatterbrainState): ScatterbrainState {
  return {
    ...s,
    hands: s.hands.map((h) => h.slice()),
    holes: s.holes.slice(),
    deck: s.deck.slice(),
    discard: s.discard.slice(),
    ledger: s.ledger.slice(),
    misses: s.misses.slice(),
    called: s.called.slice(),
    out: s.out.slice(),
    trophies: s.trophies.map((t) => t.slice()),
    holesWon: s.holesWon.map((t) => t.slice()),
    captured: s.captured.map((t) => t.slice()),
    tally: s.tally.map((t) => ({ ...t })),
    scores: s.scores.slice(),
    finalGuessers: s.finalGuessers.slice(),
    continued: s.continued.slice(),
    winners: s.winners.slice(),
  };
}

/** Seats from `from`'s left, clockwise, ending with `from` itself. */
export function seatsFrom(s: ScatterbrainState, from: number): number[] {
  const n = s.options.seats;
  return Array.from({ length: n }, (_, i) => (from + 1 + i) % n);
}

/** In the hand (not out) and not yet called: these draw and can be guessed at. */
export const isOpen = (s: ScatterbrainState, seat: number): boolean => !s.out[seat] && s.called[seat] === null;
