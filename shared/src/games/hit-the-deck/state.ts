/**
 * State, actions, events and results of Hit the Deck. State is plain JSON data.
 */
import { z } from "zod";
import type { BaseState } from "../../engine.ts";
import type { CardNumber, Colour } from "./cards.ts";
import type { HitTheDeckOptions } from "./options.ts";

/** `roundOver` is the pause after a hand (a "round" is one hand, docs/rules/hit-the-deck.md). */
export const PHASES = ["turn", "race", "roundOver", "gameOver"] as const;
export type Phase = (typeof PHASES)[number];

/**
 * What a client may send. A slap carries no reaction time here: the schema strips any the
 * client sends, and the room attaches its own adjudicated `reactionMs` after parsing (README,
 * "The slap and its reaction time").
 */
export const actionSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("play"), card: z.string().min(2).max(4) }),
  z.object({ type: z.literal("draw") }),
  z.object({ type: z.literal("slap") }),
  z.object({ type: z.literal("call") }),
  z.object({ type: z.literal("continue") }),
]);

/**
 * How a slap's reaction time was found (README "The slap and its reaction time"):
 * - `claim`: measured on the player's device (card shown to press) and accepted by the server
 *   because it fits the slap's arrival and the player's measured network delay;
 * - `estimate`: the server's own estimate, arrival minus reveal minus the round trip (the claim
 *   was missing or did not fit);
 * - `arrival`: the time from the race opening to the slap's arrival at the server, uncompensated
 *   (bots, and any slap that carries no reaction time);
 * - `server`: adjudicated by the server, method not recorded (logs from before `timing` existed).
 */
export const SLAP_TIMINGS = ["claim", "estimate", "arrival", "server"] as const;
export type SlapTiming = (typeof SLAP_TIMINGS)[number];
/** The timings the room attaches with a `reactionMs` (the others the engine infers). */
export const ADJUDICATED_TIMINGS = ["claim", "estimate"] as const;
export type AdjudicatedTiming = (typeof ADJUDICATED_TIMINGS)[number];

/** A slap as `apply` receives it: `reactionMs` is the server's adjudicated reaction time, `timing` how it was found. */
export const adjudicatedSlapSchema = z.object({
  type: z.literal("slap"),
  reactionMs: z.number().finite().min(0).optional(),
  timing: z.enum(ADJUDICATED_TIMINGS).optional(),
});

export type SlapAction = { type: "slap"; reactionMs?: number; timing?: AdjudicatedTiming };
export type HitTheDeckAction = { type: "play"; card: string } | { type: "draw" } | SlapAction | { type: "call" } | { type: "continue" };
export const ACTION_TYPES = ["play", "draw", "slap", "call", "continue"] as const;

/** A slap with the server's adjudicated reaction time (and how it was found) attached. */
export function withReactionMs(reactionMs: number, timing?: AdjudicatedTiming): SlapAction {
  return timing === undefined ? { type: "slap", reactionMs } : { type: "slap", reactionMs, timing };
}

/** WITH A NUMBER / WITH A COLOR: what must be played next, until someone plays it. */
export type Demand = { readonly kind: "number"; readonly number: CardNumber } | { readonly kind: "colour"; readonly colour: Colour };

/** How the WITH A HAND card came to the top of the discard pile. */
export const RACE_CAUSES = ["played", "cut", "flipped"] as const;
export type RaceCause = (typeof RACE_CAUSES)[number];
export const CALL_STATES = ["pending", "made", "missed"] as const;
export type CallState = (typeof CALL_STATES)[number];

export interface Slap {
  readonly seat: number;
  readonly reactionMs: number;
  /** When the slap reached the server, ms after the race opened (`ctx.now - openedAt`). */
  readonly arrivedMs: number;
  readonly timing: SlapTiming;
}

/** A slap in a closed race's result: `arrival` is its place in arrival order, from 1. */
export interface RankedSlap extends Slap {
  readonly arrival: number;
}

/** An open slap race (docs/rules/hit-the-deck.md, "The slap race"). */
export interface Race {
  /** Counts races in the game from 1 (the server's reveal id). */
  readonly id: number;
  readonly card: string;
  /** The seat that played or exposed the card: it must call. */
  readonly cause: number;
  readonly how: RaceCause;
  /** The seat that plays when the race is over (after the cause in the direction of play). */
  readonly next: number;
  readonly openedAt: number;
  readonly slapDeadline: number;
  readonly callDeadline: number;
  call: CallState;
  /** In order of arrival (application order). */
  slaps: Slap[];
}

export const RACE_REASONS = ["missed-call", "non-slappers", "last-slapper"] as const;
export type RaceReason = (typeof RACE_REASONS)[number];

/** A closed race, public. Slaps fastest first (reactionMs, ties by arrival). */
export interface RaceResult {
  readonly id: number;
  readonly cause: number;
  readonly how: RaceCause;
  readonly called: boolean;
  readonly slaps: readonly RankedSlap[];
  readonly nonSlappers: readonly number[];
  readonly reason: RaceReason;
  /** Seats that drew the 4. */
  readonly penalised: readonly number[];
  readonly closedBy: "all-slapped" | "deadline";
}

/**
 * Did reaction times change the order against arrival at the server (latency compensation at
 * work)? The slappers in arrival order and in the result's order, and whether they differ.
 */
export function reordering(result: Pick<RaceResult, "slaps">): { byArrival: number[]; byReaction: number[]; changed: boolean } {
  const byReaction = result.slaps.map((x) => x.seat);
  const byArrival = [...result.slaps].sort((a, b) => a.arrival - b.arrival).map((x) => x.seat);
  return { byArrival, byReaction, changed: byArrival.some((seat, i) => seat !== byReaction[i]) };
}

export interface SeatResult {
  readonly seat: number;
  /** Cards left in hand, shown at the end of the hand. */
  readonly hand: readonly string[];
  readonly points: number;
  readonly total: number;
}

export interface HandResult {
  readonly round: number;
  /** The seat that went out. */
  readonly winner: number;
  readonly seats: readonly SeatResult[];
}

export interface HitTheDeckState extends BaseState {
  version: number;
  phase: Phase;
  deadline: number | null;
  options: HitTheDeckOptions;
  round: number;
  dealer: number;
  /** Seat to play; -1 outside the turn phase. */
  turn: number;
  /** +1 = to the left (seat + 1), -1 = to the right; FLIP reverses it. */
  direction: 1 | -1;
  hands: string[][];
  /** Face down; the top is the last element. */
  deck: string[];
  /** The top is the last element. */
  discard: string[];
  /** How many cards at the top of the discard pile lie face up (seen since the last flip/reshuffle). */
  faceUp: number;
  demand: Demand | null;
  race: Race | null;
  lastRace: RaceResult | null;
  races: number;
  scores: number[];
  result: HandResult | null;
  continued: boolean[];
  winners: number[];
  /** Cards turned face up during the latest step (also those buried or flipped away again). */
  shown: string[];
}

export type PenaltyReason = "race" | "missed-call" | "fake-out";

export type HitTheDeckEvent =
  | { type: "roundDealt"; round: number; dealer: number; deckCount: number }
  /** A seat's dealt cards; `cards` is null for everyone but that seat. */
  | { type: "cardsDealt"; seat: number; count: number; cards: readonly string[] | null }
  | { type: "startCardTurned"; card: string }
  /** A card turned up and buried again; `exposed` is the card under it, now on top (discard pile only). */
  | { type: "cardBuried"; card: string; pile: "deck" | "discard"; exposed: string | null }
  | { type: "turnStarted"; seat: number; deadline: number; demand: Demand | null }
  /** `drawn`: the card was just drawn and fitted, so it was played at once. */
  | { type: "cardPlayed"; seat: number; card: string; drawn: boolean }
  /** `card` is null for everyone but the drawer. */
  | { type: "cardDrawn"; seat: number; card: string | null }
  | { type: "nothingToDraw"; seat: number }
  /** `cards` is null for everyone but the drawer; `count` may be short when the piles run dry. */
  | { type: "penaltyDrawn"; seat: number; reason: PenaltyReason; count: number; cards: readonly string[] | null }
  | { type: "deckReshuffled"; count: number; keptTop: string }
  /** `seat` was skipped and cut; `card` (null: nothing to cut) is the new top discard. */
  | { type: "deckCut"; seat: number; card: string | null }
  /** `seat` flipped both piles; `card` is the new top discard; `direction` the new direction. */
  | { type: "deckFlipped"; seat: number; card: string | null; direction: 1 | -1 }
  | { type: "demandSet"; demand: Demand }
  | { type: "demandMet"; seat: number; card: string }
  | {
      type: "raceOpened";
      race: number;
      card: string;
      cause: number;
      how: RaceCause;
      openedAt: number;
      deadline: number;
      callDeadline: number;
    }
  | { type: "slapped"; seat: number; race: number; arrival: number }
  | { type: "called"; seat: number; race: number }
  | { type: "callMissed"; seat: number; race: number }
  | { type: "raceClosed"; result: RaceResult }
  | { type: "fakedOut"; seat: number }
  | { type: "turnTimedOut"; seat: number }
  | { type: "wentOut"; seat: number }
  | { type: "roundScored"; result: HandResult }
  | { type: "playerContinued"; seat: number }
  | { type: "gameWon"; winners: readonly number[]; scores: readonly number[] };

/** A copy safe to change: every array the engine writes is copied (results are replaced whole). */
export function cloneState(s: HitTheDeckState): HitTheDeckState {
  return {
    ...s,
    hands: s.hands.map((h) => h.slice()),
    deck: s.deck.slice(),
    discard: s.discard.slice(),
    race: s.race === null ? null : { ...s.race, slaps: s.race.slaps.slice() },
    scores: s.scores.slice(),
    continued: s.continued.slice(),
    winners: s.winners.slice(),
    shown: [],
  };
}

/** The seat `steps` places away in the direction of play. */
export function seatAfter(s: HitTheDeckState, seat: number, steps = 1): number {
  const n = s.options.seats;
  return (((seat + steps * s.direction) % n) + n) % n;
}

export const topCard = (s: HitTheDeckState): string | undefined => s.discard[s.discard.length - 1];
