/** Dark Hand's and Skit Scat's typed facts (engine view: shared/src/games/dark-hand/view.ts). */
import { schema, t } from "@colyseus/schema";
import type { FieldDefs, GameState } from "../../table/state/game-state.ts";

/** A Skit or Scat laid face up; `shade` is null in Skit Scat. */
export const DarkHandMeld = schema(
  {
    seat: t.uint8(),
    kind: t.string(),
    shade: t.string().optional(),
    cards: t.array("string"),
    finalRound: t.boolean(),
    forfeit: t.boolean(),
  },
  "DarkHandMeld",
);

/** Who holds each Joker (null: still on the table). */
export const DarkHandJokers = schema({ light: t.int8().optional(), dark: t.int8().optional() }, "DarkHandJokers");

/** Seats that may call each shade now. */
export const DarkHandMayCall = schema({ light: t.array("uint8"), dark: t.array("uint8") }, "DarkHandMayCall");

export const DarkHandTable = schema(
  {
    game: t.string(),
    startTokens: t.uint8(),
    forfeitPlay: t.boolean(),
    pot: t.uint16(),
    step: t.string().optional(),
    finalRound: t.boolean(),
    skitter: t.int8().optional(),
    finalTurns: t.array("uint8").optional(),
    melds: t.array(DarkHandMeld),
    jokers: t.ref(DarkHandJokers).optional(),
    callWindow: t.array("uint8"),
    mayCall: t.ref(DarkHandMayCall).optional(),
    calledThisTurn: t.boolean(),
    drawnFrom: t.string().optional(),
    takenFromDiscard: t.string().optional(),
    winners: t.array("uint8").optional(),
  },
  "DarkHandTable",
);

/** A seat's public facts: fields of the frame's `SeatState` (server/src/table/schema.ts). */
export const DarkHandSeat = {
  tokens: t.uint8(),
  out: t.boolean(),
  called: t.string().optional(),
  inCallWindow: t.boolean(),
  hadTurn: t.boolean(),
  declared: t.string().optional(),
  finalTurnPending: t.boolean(),
  continued: t.boolean(),
} satisfies FieldDefs;

export const DarkHandMeldOption = schema({ kind: t.string(), shade: t.string().optional() }, "DarkHandMeldOption");
export const DarkHandDeclareOption = schema(
  { kind: t.string(), shade: t.string().optional(), forfeit: t.boolean() },
  "DarkHandDeclareOption",
);

/** A seat's private facts: view-tagged fields `myX` of the frame's `SeatState`. */
export const DarkHandMine = {
  makes: t.array(DarkHandMeldOption),
  canDeclare: t.array(DarkHandDeclareOption),
  canCall: t.array("string"),
  called: t.string().optional(),
  drawnCard: t.string().optional(),
} satisfies FieldDefs;

export const DarkHandSeatResult = schema(
  {
    seat: t.uint8(),
    sittingOut: t.boolean(),
    called: t.string().optional(),
    declared: t.string().optional(),
    owed: t.uint8(),
    paid: t.uint8(),
    joker: t.string().optional(),
    lost: t.uint8(),
    tokens: t.uint8(),
    out: t.boolean(),
  },
  "DarkHandSeatResult",
);

export const DarkHandResult = schema(
  {
    round: t.uint16(),
    endedBy: t.string(),
    winner: t.uint8(),
    winningMeld: t.ref(DarkHandMeld).optional(),
    callerWon: t.boolean(),
    melds: t.array(DarkHandMeld),
    seats: t.array(DarkHandSeatResult),
    pot: t.uint16(),
  },
  "DarkHandResult",
);

export const darkHandState: GameState = { table: DarkHandTable, seat: DarkHandSeat, mine: DarkHandMine, result: DarkHandResult };
