/** Devil's Scat's typed facts (engine view: shared/src/games/devils-scat/view.ts). */
import { schema, t } from "@colyseus/schema";
import type { FieldDefs, GameState } from "../../table/state/game-state.ts";

export const DevilsScatTable = schema(
  {
    favored: t.string(),
    suits: t.array("string"),
    knocker: t.int8().optional(),
    /** Points to win (null in classic scoring). */
    target: t.uint16().optional(),
    classic: t.boolean(),
    bootASuit: t.boolean(),
    lastTurns: t.array("uint8").optional(),
    drawnFrom: t.string().optional(),
    takenFromDiscard: t.string().optional(),
    winners: t.array("uint8").optional(),
  },
  "DevilsScatTable",
);

/** A seat's public facts: fields of the frame's `SeatState` (server/src/table/schema.ts). */
export const DevilsScatSeat = {
  knocked: t.boolean(),
  continued: t.boolean(),
  /** Classic scoring only. */
  lives: t.uint8().optional(),
  out: t.boolean().optional(),
} satisfies FieldDefs;

/** A seat's private facts: view-tagged fields `myX` of the frame's `SeatState`. */
export const DevilsScatMine = { value: t.number(), scat: t.boolean(), drawnCard: t.string().optional() } satisfies FieldDefs;

export const DevilsScatSeatResult = schema(
  {
    seat: t.uint8(),
    hand: t.array("string"),
    value: t.number(),
    scat: t.boolean(),
    devilsScat: t.boolean(),
    won: t.int8(),
    over29: t.int8(),
    scat31: t.int8(),
    favored: t.int8(),
    knockPenalty: t.int8(),
    delta: t.int16(),
    total: t.int16(),
    livesLost: t.uint8(),
    out: t.boolean(),
    sittingOut: t.boolean(),
  },
  "DevilsScatSeatResult",
);

export const DevilsScatResult = schema(
  {
    round: t.uint16(),
    winner: t.int8().optional(),
    endedBy: t.string(),
    devilsScat: t.boolean(),
    knocker: t.int8().optional(),
    favored: t.string(),
    seats: t.array(DevilsScatSeatResult),
  },
  "DevilsScatResult",
);

export const devilsScatState: GameState = { table: DevilsScatTable, seat: DevilsScatSeat, mine: DevilsScatMine, result: DevilsScatResult };
