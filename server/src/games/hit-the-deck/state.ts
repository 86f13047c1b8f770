/** Hit the Deck's typed facts (engine view: shared/src/games/hit-the-deck/view.ts). */
import { schema, t } from "@colyseus/schema";
import type { FieldDefs, GameState } from "../../table/state/game-state.ts";

/** WITH A NUMBER (`number`) or WITH A COLOR (`colour`). */
export const HitTheDeckDemand = schema(
  { kind: t.string(), number: t.number().optional(), colour: t.string().optional() },
  "HitTheDeckDemand",
);

/** The open race (reaction times stay hidden until it closes). */
export const HitTheDeckRace = schema(
  {
    open: t.boolean(),
    id: t.uint32(),
    card: t.string(),
    cause: t.uint8(),
    how: t.string(),
    mustCall: t.int8().optional(),
    call: t.string(),
    called: t.boolean(),
    openedAt: t.float64(),
    deadline: t.float64(),
    callDeadline: t.float64(),
    slapped: t.array("uint8"),
    next: t.uint8(),
  },
  "HitTheDeckRace",
);

/** A slap in a closed race: `arrival` is its place in arrival order; `timing` how its time was found. */
export const HitTheDeckSlap = schema(
  { seat: t.uint8(), reactionMs: t.number(), arrivedMs: t.number(), timing: t.string(), arrival: t.uint8() },
  "HitTheDeckSlap",
);

export const HitTheDeckRaceResult = schema(
  {
    id: t.uint32(),
    cause: t.uint8(),
    how: t.string(),
    called: t.boolean(),
    slaps: t.array(HitTheDeckSlap),
    nonSlappers: t.array("uint8"),
    reason: t.string(),
    penalised: t.array("uint8"),
    closedBy: t.string(),
  },
  "HitTheDeckRaceResult",
);

export const HitTheDeckColours = schema({ R: t.string(), Y: t.string(), G: t.string(), B: t.string() }, "HitTheDeckColours");

export const HitTheDeckTable = schema(
  {
    top: t.string().optional(),
    topFace: t.string().optional(),
    demand: t.ref(HitTheDeckDemand).optional(),
    direction: t.int8(),
    race: t.ref(HitTheDeckRace).optional(),
    lastRace: t.ref(HitTheDeckRaceResult).optional(),
    races: t.uint32(),
    target: t.uint16(),
    raceMs: t.uint32(),
    callMs: t.uint32(),
    colours: t.ref(HitTheDeckColours),
    winners: t.array("uint8").optional(),
  },
  "HitTheDeckTable",
);

/** A seat's public facts: fields of the frame's `SeatState` (server/src/table/schema.ts). */
export const HitTheDeckSeat = { continued: t.boolean(), slapped: t.boolean().optional(), mustCall: t.boolean() } satisfies FieldDefs;

/** A seat's private facts: view-tagged fields `myX` of the frame's `SeatState`. */
export const HitTheDeckMine = {
  playable: t.array("string"),
  mustDraw: t.boolean(),
  canSlap: t.boolean(),
  raceOpen: t.boolean(),
  mustCall: t.boolean(),
} satisfies FieldDefs;

export const HitTheDeckSeatResult = schema(
  { seat: t.uint8(), hand: t.array("string"), points: t.int16(), total: t.int16() },
  "HitTheDeckSeatResult",
);

export const HitTheDeckResult = schema({ round: t.uint16(), winner: t.uint8(), seats: t.array(HitTheDeckSeatResult) }, "HitTheDeckResult");

export const hitTheDeckState: GameState = { table: HitTheDeckTable, seat: HitTheDeckSeat, mine: HitTheDeckMine, result: HitTheDeckResult };
