/** Scatterbrain's typed facts (engine view: shared/src/games/scatterbrain/view.ts). */
import { schema, t } from "@colyseus/schema";
import { CardList } from "../../table/schema.ts";
import type { FieldDefs, GameState } from "../../table/state/game-state.ts";

export const ScatterbrainGuess = schema(
  {
    seat: t.uint8(),
    card: t.string(),
    outcome: t.string(),
    holder: t.int8().optional(),
    points: t.int16(),
    deckOut: t.string().optional(),
  },
  "ScatterbrainGuess",
);

export const ScatterbrainTable = schema(
  {
    /** Every hand face up while the memorise countdown runs, else null. */
    dealt: t.array(CardList).optional(),
    step: t.string().optional(),
    guessing: t.int8().optional(),
    drawnFrom: t.string().optional(),
    takenFromDiscard: t.string().optional(),
    deckOut: t.string().optional(),
    finalGuessers: t.array("uint8").optional(),
    lastGuess: t.ref(ScatterbrainGuess).optional(),
    callers: t.array("uint8"),
    target: t.uint16(),
    winners: t.array("uint8").optional(),
  },
  "ScatterbrainTable",
);

/** A seat's public facts: fields of the frame's `SeatState` (server/src/table/schema.ts). */
export const ScatterbrainSeat = {
  hasHole: t.boolean(),
  called: t.boolean(),
  kind: t.string().optional(),
  multiplier: t.uint8(),
  straight: t.array("string").optional(),
  trophies: t.array("string"),
  holesWon: t.array("string"),
  captured: t.uint8(),
  out: t.boolean(),
  handPoints: t.int16(),
  continued: t.boolean(),
} satisfies FieldDefs;

/** A seat's private facts: view-tagged fields `myX` of the frame's `SeatState`. */
export const ScatterbrainMine = {
  hole: t.string().optional(),
  drawnCard: t.string().optional(),
  straight: t.string().optional(),
} satisfies FieldDefs;

export const ScatterbrainSeatResult = schema(
  {
    seat: t.uint8(),
    straight: t.int16(),
    handHits: t.uint8(),
    holeHits: t.uint8(),
    straightCards: t.array("string").optional(),
    kind: t.string().optional(),
    multiplier: t.uint8(),
    delta: t.int16(),
    total: t.int16(),
    out: t.boolean(),
  },
  "ScatterbrainSeatResult",
);

export const ScatterbrainResult = schema(
  {
    hand: t.uint16(),
    dealer: t.uint8(),
    endedBy: t.string(),
    /** Mercy hand only: the whole face-up deal. */
    dealt: t.array(CardList).optional(),
    seats: t.array(ScatterbrainSeatResult),
    leaders: t.array("uint8"),
    gameOver: t.boolean(),
  },
  "ScatterbrainResult",
);

export const scatterbrainState: GameState = {
  table: ScatterbrainTable,
  seat: ScatterbrainSeat,
  mine: ScatterbrainMine,
  result: ScatterbrainResult,
};
