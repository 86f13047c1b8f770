/** Dark Hearts' typed facts (engine view: shared/src/games/dark-hearts/view.ts). */
import { schema, t } from "@colyseus/schema";
import type { FieldDefs, GameState } from "../../table/state/game-state.ts";

export const DarkHeartsPlay = schema({ seat: t.uint8(), card: t.string(), face: t.string(), points: t.int8() }, "DarkHeartsPlay");

/** The 3-player leftover card, once taken. */
export const DarkHeartsLeftover = schema({ seat: t.uint8(), card: t.string(), shade: t.string(), points: t.int8() }, "DarkHeartsLeftover");

export const DarkHeartsTrick = schema(
  {
    leader: t.uint8(),
    shade: t.string(),
    suit: t.string(),
    plays: t.array(DarkHeartsPlay),
    winning: t.int8().optional(),
  },
  "DarkHeartsTrick",
);

export const DarkHeartsLastTrick = DarkHeartsTrick.extend(
  {
    number: t.uint8(),
    winner: t.uint8(),
    points: t.int16(),
    broke: t.boolean(),
    leftover: t.ref(DarkHeartsLeftover).optional(),
  },
  "DarkHeartsLastTrick",
);

export const DarkHeartsShadeFlags = schema({ light: t.boolean(), dark: t.boolean() }, "DarkHeartsShadeFlags");
export const DarkHeartsShadeNumbers = schema({ light: t.number().optional(), dark: t.number().optional() }, "DarkHeartsShadeNumbers");

export const DarkHeartsLeftoverInfo = schema(
  { faceDown: t.boolean(), taken: t.ref(DarkHeartsLeftover).optional() },
  "DarkHeartsLeftoverInfo",
);

export const DarkHeartsTable = schema(
  {
    passDirection: t.string(),
    trickNumber: t.uint8().optional(),
    tricksPlayed: t.uint8(),
    trick: t.ref(DarkHeartsTrick).optional(),
    lastTrick: t.ref(DarkHeartsLastTrick).optional(),
    heartsBroken: t.ref(DarkHeartsShadeFlags),
    leftover: t.ref(DarkHeartsLeftoverInfo).optional(),
    target: t.uint16(),
    winners: t.array("uint8").optional(),
  },
  "DarkHeartsTable",
);

/** A seat's public facts: fields of the frame's `SeatState` (server/src/table/schema.ts). */
export const DarkHeartsSeat = {
  light: t.int16(),
  dark: t.int16(),
  handLight: t.int16(),
  handDark: t.int16(),
  tricks: t.uint8(),
  passed: t.boolean(),
  continued: t.boolean(),
} satisfies FieldDefs;

/** A seat's private facts: view-tagged fields `myX` of the frame's `SeatState`. */
export const DarkHeartsMine = {
  passTo: t.uint8().optional(),
  receiveFrom: t.uint8().optional(),
  /** Own pass (null: not chosen yet, or a hold hand). */
  passed: t.array("string").optional(),
  /** Cards received once the exchange is done (null before). */
  received: t.array("string").optional(),
} satisfies FieldDefs;

export const DarkHeartsSeatResult = schema(
  {
    seat: t.uint8(),
    tricks: t.uint8(),
    taken: t.ref(DarkHeartsShadeNumbers),
    delta: t.ref(DarkHeartsShadeNumbers),
    total: t.ref(DarkHeartsShadeNumbers),
  },
  "DarkHeartsSeatResult",
);

export const DarkHeartsResult = schema(
  {
    round: t.uint16(),
    dealer: t.uint8(),
    passDirection: t.string(),
    moon: t.ref(DarkHeartsShadeNumbers),
    leftover: t.ref(DarkHeartsLeftover).optional(),
    seats: t.array(DarkHeartsSeatResult),
    final: t.boolean(),
  },
  "DarkHeartsResult",
);

export const darkHeartsState: GameState = { table: DarkHeartsTable, seat: DarkHeartsSeat, mine: DarkHeartsMine, result: DarkHeartsResult };
