/**
 * State, actions, events and hand results of Dark Hearts. State is plain JSON data.
 */
import { z } from "zod";
import type { BaseState } from "../../engine.ts";
import { sortCards, type Shade } from "./cards.ts";
import type { DarkHeartsOptions, PassDirection } from "./options.ts";

export const PHASES = ["pass", "play", "roundOver", "gameOver"] as const;
export type Phase = (typeof PHASES)[number];

const cardId = z.string().min(3).max(7);

/**
 * Client messages. `passCards` lists its three cards in hand order (`sortCards`): the schema puts
 * them in that order, so a client may send them in any order.
 */
export const actionSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("passCards"),
    cards: z
      .array(cardId)
      .length(3, "pass exactly three cards")
      .transform((cs) => sortCards(cs)),
  }),
  z.object({ type: z.literal("lead"), card: cardId, shade: z.enum(["light", "dark"]) }),
  z.object({ type: z.literal("play"), card: cardId }),
  z.object({ type: z.literal("continue") }),
]);
export type DarkHeartsAction =
  | { type: "passCards"; cards: string[] }
  | { type: "lead"; card: string; shade: Shade }
  | { type: "play"; card: string }
  | { type: "continue" };
export const ACTION_TYPES = ["passCards", "lead", "play", "continue"] as const;

export interface Play {
  readonly seat: number;
  readonly card: string;
}

/** A trick in progress: the leader chose the shade; the led card's face in it sets the suit. */
export interface Trick {
  readonly leader: number;
  readonly shade: Shade;
  readonly suit: string;
  plays: Play[];
}

/** The leftover (3 players) as it went to the taker of the first trick that broke hearts. */
export interface LeftoverTaken {
  readonly seat: number;
  readonly card: string;
  readonly shade: Shade;
  readonly points: number;
}

export interface TrickRecord {
  /** 1-based within the hand. */
  readonly number: number;
  readonly leader: number;
  readonly shade: Shade;
  readonly suit: string;
  readonly plays: readonly Play[];
  readonly winner: number;
  /** Points of the trick's cards in its shade (the leftover's are in `leftover`). */
  readonly points: number;
  /** This trick broke hearts in its shade. */
  readonly broke: boolean;
  readonly leftover: LeftoverTaken | null;
}

export type PerShade<T> = Record<Shade, T>;

/** One seat's line in a hand result. */
export interface SeatResult {
  readonly seat: number;
  readonly tricks: number;
  /** Points taken this hand, per shade (leftover included). */
  readonly taken: PerShade<number>;
  /** What was added to the totals (after shooting the moon). */
  readonly delta: PerShade<number>;
  readonly total: PerShade<number>;
}

export interface HandResult {
  readonly round: number;
  readonly dealer: number;
  readonly passDirection: PassDirection;
  /** The seat that shot the moon in each shade, or null. */
  readonly moon: PerShade<number | null>;
  readonly leftover: LeftoverTaken | null;
  readonly seats: readonly SeatResult[];
  /** The game ended with this hand. */
  readonly final: boolean;
}

export interface DarkHeartsState extends BaseState {
  version: number;
  phase: Phase;
  deadline: number | null;
  options: DarkHeartsOptions;
  /** Hand number, 1-based. */
  round: number;
  dealer: number;
  passDirection: PassDirection;
  /** Each hand in hand order (`sortCards`). */
  hands: string[][];
  /** The three cards each seat chose to pass this hand, or null (not yet / hold hand). */
  passes: (string[] | null)[];
  /** 3 players: the face-down card until it is taken; otherwise null. */
  leftover: string | null;
  leftoverTaken: LeftoverTaken | null;
  /** Seat to play, -1 outside the play phase. */
  turn: number;
  trick: Trick | null;
  tricksPlayed: number;
  lastTrick: TrickRecord | null;
  broken: PerShade<boolean>;
  /** Cards each seat has taken this hand (tricks and leftover). */
  taken: string[][];
  tricksWon: number[];
  handPoints: PerShade<number[]>;
  scores: PerShade<number[]>;
  result: HandResult | null;
  continued: boolean[];
  winners: number[];
}

export type DarkHeartsEvent =
  | { type: "roundDealt"; round: number; dealer: number; passDirection: PassDirection; handSize: number; leftover: boolean }
  /** A seat's dealt hand; `cards` is null for everyone but that seat. */
  | { type: "handDealt"; seat: number; count: number; cards: readonly string[] | null }
  | { type: "passStarted"; direction: PassDirection; deadline: number }
  /** A seat chose its pass; `cards` is null for everyone but that seat. */
  | { type: "passChosen"; seat: number; cards: readonly string[] | null }
  | { type: "passTimedOut"; seats: readonly number[] }
  /** Cards moved at the exchange; `cards` only for the giver and the receiver. */
  | { type: "cardsPassed"; from: number; to: number; cards: readonly string[] | null }
  | { type: "turnStarted"; seat: number; deadline: number; lead: boolean; trick: number }
  | { type: "turnTimedOut"; seat: number }
  /** `face` is the card's face in the trick's shade, the one that counts. */
  | { type: "cardPlayed"; seat: number; card: string; shade: Shade; face: string; lead: boolean }
  | { type: "trickWon"; trick: TrickRecord }
  | { type: "heartsBroken"; shade: Shade; seat: number }
  | { type: "leftoverTaken"; leftover: LeftoverTaken }
  | { type: "roundScored"; result: HandResult }
  | { type: "playerContinued"; seat: number }
  | { type: "gameWon"; winners: readonly number[]; scores: PerShade<readonly number[]> };

const perShade = <T>(x: PerShade<T[]>): PerShade<T[]> => ({ light: x.light.slice(), dark: x.dark.slice() });

/** A copy safe to change: every array or object the engine writes is copied. */
export function cloneState(s: DarkHeartsState): DarkHeartsState {
  return {
    ...s,
    hands: s.hands.map((h) => h.slice()),
    passes: s.passes.map((p) => (p === null ? null : p.slice())),
    trick: s.trick === null ? null : { ...s.trick, plays: s.trick.plays.slice() },
    broken: { ...s.broken },
    taken: s.taken.map((t) => t.slice()),
    tricksWon: s.tricksWon.slice(),
    handPoints: perShade(s.handPoints),
    scores: perShade(s.scores),
    continued: s.continued.slice(),
    winners: s.winners.slice(),
  };
}

/** The next seat clockwise ("left", docs/rules/common.md, "Words used"). */
export function leftOf(s: DarkHeartsState, seat: number): number {
  return (seat + 1) % s.options.seats;
}
