/**
 * The common frame of a table's synced state: a projection of the engine's `TableView`
 * (ARCHITECTURE.md principle 5: schema is written from engine state after each step and never
 * read for decisions). Public fields go to everyone; a seat's `hand`, `legal` and private facts
 * are view-tagged fields of the seat and reach only that seat's client (its view has the seat). The game-specific parts are each game's typed classes and fields
 * (server/src/games/<game>/state.ts): the table's `info` and `result` are its classes; a seat's
 * public facts are fields of `SeatState` itself and so are its private facts, view-tagged and
 * named `myX` (after the frame's own fields `SEAT_FIELDS` and `PRIVATE_FIELDS`): no nested object per seat,
 * as every schema instance costs a change tree and per-view bookkeeping on the server
 * (docs/benchmarks/state.md, "Memory per player"). Each game gets its own frame classes (`frameOf`)
 * that name its classes directly: a room's reflection, sent once per join, then describes that
 * game's classes only (a shared base class would pull in every game's, as schema 5 describes
 * every subclass of a referenced class).
 */
import { schema, t, type Schema, type SchemaType } from "@colyseus/schema";
import { PRIVATE_FIELDS, SEAT_FIELDS, privateFact, privateField } from "@scat/shared/wire-state.ts";
import type { FieldDefs, GameState } from "./state/game-state.ts";
import { sizeEncodeBuffers } from "./state/encode-buffers.ts";
import { exactViewBitmaps } from "./state/view-bits.ts";
import { fullStateConsumesView } from "./state/full-state.ts";

exactViewBitmaps();
sizeEncodeBuffers();
fullStateConsumesView();

/** The static type of a game's typed facts in the frame (each game's classes are plain schemas). */
const Facts = schema({}, "Facts");
export type Facts = SchemaType<typeof Facts>;
const asFacts = (ctor: new () => Schema): typeof Facts => ctor as unknown as typeof Facts;

/** A list of cards inside a list (a deal of hands): decoded as a plain array of cards. */
export const CardList = schema({ list: t.array("string") }, "CardList");

/**
 * One legal choice of a seat (`LegalChoice` in shared/src/wire-state.ts). The card and shade
 * lists are space-separated strings: a list created inside a view-tagged part after its client
 * was given the seat would not reach that client (schema 5 shares visibility with nested schema
 * objects but not with nested lists of primitives), and choices come and go every turn.
 */
export const LegalChoiceState = schema(
  {
    type: t.string(),
    /** Cards, space separated: one action per card (with `shade` too: every card in every shade). */
    card: t.string().default(""),
    /** Shades, space separated: one action per shade. */
    shade: t.string().default(""),
    /** > 0: one action `{type, cards}` for every `choose` of `from`. */
    choose: t.uint8().default(0),
    /** Cards, space separated. */
    from: t.string().default(""),
  },
  "LegalChoice",
);
export type LegalChoiceState = SchemaType<typeof LegalChoiceState>;

/** The game's outcome (the engine's `Outcome`), the same for every game. */
export const OutcomeState = schema(
  {
    winners: t.array("uint8"),
    ranking: t.array("uint8"),
    scores: t.array("number"),
    /** Place per seat (1 = first; tied seats share one): shared/src/standings.ts, as ranked play rates them. */
    places: t.array("uint8"),
  },
  "Outcome",
);

/** A table variant's value: exactly one of the three is set. */
export const VariantState = schema({ flag: t.boolean(), number: t.number(), text: t.string() }, "Variant");
export type VariantState = SchemaType<typeof VariantState>;

/** The table's parsed options, written once when the table opens. */
export const TableOptionsState = schema(
  {
    seats: t.uint8().default(0),
    bots: t.uint8().default(0),
    turnSeconds: t.uint16().default(0),
    reconnectSeconds: t.uint16().default(0),
    /** Absent when the table has no variant set (a quick-play table): one object less per table. */
    variants: t.map(VariantState).optional(),
  },
  "TableOptions",
);
export type TableOptionsState = SchemaType<typeof TableOptionsState>;

export const PileState = schema(
  {
    count: t.uint16().default(0),
    /** Face-up cards anyone may see, bottom to top; absent while there are none (a face-down deck). */
    cards: t.array("string").optional(),
  },
  "PileState",
);
export type PileState = SchemaType<typeof PileState>;

/** A game's public seat fields spread into the seat, checked against the frame's own names. */
function seatFields(fields: FieldDefs): object {
  for (const name of Object.keys(fields)) {
    if (SEAT_FIELDS.includes(name) || PRIVATE_FIELDS.includes(name) || privateFact(name) !== null)
      throw new Error(`a seat field "${name}" clashes with the frame's own or a private field`);
  }
  return fields;
}

/** A game's private seat facts as view-tagged seat fields named `my…` (`privateField`). */
function privateFields(fields: FieldDefs): object {
  const out: Record<string, object> = {};
  for (const [name, builder] of Object.entries(fields)) {
    if (privateFact(privateField(name)) !== name) throw new Error(`a private field "${name}" must start with a lower-case letter`);
    out[privateField(name)] = (builder as { view(): object }).view();
  }
  return out;
}

function buildFrame(kinds: GameState) {
  const SeatState = schema(
    {
      index: t.uint8(),
      name: t.string().default(""),
      /** True once a player or bot holds the seat. */
      occupied: t.boolean().default(false),
      isBot: t.boolean().default(false),
      /** Why a bot plays the seat: "filled" (asked for), "takeover" (player dropped), "left". */
      botReason: t.string().default(""),
      connected: t.boolean().default(false),
      /** Server ms when a dropped player's reconnection window ends (0 = not away). */
      awayUntil: t.float64().default(0),
      /** Round trip of the seat's client, ms, rewritten only when its signal level changes. */
      ping: t.uint16().default(0),
      handCount: t.uint8().default(0),
      score: t.int16().default(0),
      /** View-tagged: own hand in card notation, in the engine's order. */
      hand: t.array("string").view(),
      /** View-tagged: what the seat may do now, as compact choices. */
      legal: t.array(LegalChoiceState).view(),
      /** The game's public facts of this seat (the view's `seats[i].info`), as fields of this class. */
      ...(seatFields(kinds.seat) as Record<never, never>),
      /** The game's private facts (the view's `you.info`), view-tagged, each `x` named `myX`. */
      ...(privateFields(kinds.mine) as Record<never, never>),
    },
    "SeatState",
  );
  const TableState = schema(
    {
      game: t.string(),
      /** "waiting" for players, "playing", or "ended". */
      status: t.string().default("waiting"),
      /** The engine's phase ("turn", "roundOver", "gameOver", ...). */
      phase: t.string().default(""),
      version: t.number().default(0),
      /** Server epoch ms the deadlines count from (the deal), written once per game. */
      deadlineBase: t.float64().default(0),
      /** The current decision's deadline, ms after `deadlineBase`; 0 = none (4 bytes a step, not 8). */
      deadline: t.uint32().default(0),
      round: t.uint16().default(0),
      dealer: t.int8().default(-1),
      turn: t.int8().default(-1),
      awaiting: t.array("uint8"),
      seats: t.array(SeatState),
      piles: t.map(PileState),
      /** The game's public facts (its `TableFacts` class). */
      info: t.ref(asFacts(kinds.table)),
      /** The last finished round (its `Result` class); absent when none. */
      result: t.ref(asFacts(kinds.result)).optional(),
      /** The game's outcome; absent while the game goes on. */
      outcome: t.ref(OutcomeState).optional(),
      options: t.ref(TableOptionsState),
      isPrivate: t.boolean().default(false),
      /** While waiting: server ms when bots fill the empty seats and the game starts; 0 = no countdown. */
      autoFillAt: t.float64().default(0),
      /**
       * SHA-256 of the secret seed and salt (docs/FAIRNESS.md), from the deal on; "" before.
       * The seed and salt themselves reach clients only in the `gameLog` message after the end.
       */
      seedCommit: t.string().default(""),
    },
    "TableState",
  );
  return { TableState, SeatState };
}

export type Frame = ReturnType<typeof buildFrame>;
export type TableState = SchemaType<Frame["TableState"]>;
export type SeatState = SchemaType<Frame["SeatState"]>;

const frames = new Map<GameState, Frame>();

/** The frame classes of a game (one set per game, made on first use). */
export function frameOf(kinds: GameState): Frame {
  let frame = frames.get(kinds);
  if (!frame) {
    frame = buildFrame(kinds);
    frames.set(kinds, frame);
  }
  return frame;
}
