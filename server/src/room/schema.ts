/**
 * The synced state of a table: a projection of the engine's `TableView` (ARCHITECTURE.md
 * principle 5: schema is written from engine state after each step and never read for decisions).
 * Public fields go to everyone; `SeatState.mine` is view-tagged and reaches only that seat's client.
 */
import { schema, t, type SchemaType } from "@colyseus/schema";

/** What only the seat's own client receives. */
export const PrivateState = schema(
  {
    /** Own hand in card notation, space separated ("10H QS AC"). */
    hand: t.string().default(""),
    /** JSON array of the actions `legalActions` allows this seat now. */
    legal: t.string().default("[]"),
    /** JSON of the engine's `you.info` (game-specific private facts). */
    info: t.string().default("{}"),
  },
  "PrivateState",
);
export type PrivateState = SchemaType<typeof PrivateState>;

export const SeatState = schema(
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
    /** Last measured round trip of the seat's client, ms. */
    ping: t.uint16().default(0),
    handCount: t.uint8().default(0),
    score: t.int16().default(0),
    /** JSON of the engine's public per-seat `info`. */
    info: t.string().default("{}"),
    mine: t.ref(PrivateState).view(),
  },
  "SeatState",
);
export type SeatState = SchemaType<typeof SeatState>;

export const PileState = schema(
  {
    count: t.uint16().default(0),
    /** Face-up cards anyone may see, bottom to top. */
    cards: t.array("string"),
  },
  "PileState",
);
export type PileState = SchemaType<typeof PileState>;

export const TableState = schema(
  {
    game: t.string(),
    /** "waiting" for players, "playing", or "ended". */
    status: t.string().default("waiting"),
    /** The engine's phase ("turn", "roundOver", "gameOver", ...). */
    phase: t.string().default(""),
    version: t.uint32().default(0),
    /** Server ms of the current decision's deadline; 0 = none. */
    deadline: t.float64().default(0),
    round: t.uint16().default(0),
    dealer: t.int8().default(-1),
    turn: t.int8().default(-1),
    awaiting: t.array("uint8"),
    seats: t.array(SeatState),
    piles: t.map(PileState),
    /** JSON of the engine's public `info`. */
    info: t.string().default("{}"),
    /** JSON of the last round's result, "" when none. */
    result: t.string().default(""),
    /** JSON of the game outcome, "" while the game goes on. */
    outcome: t.string().default(""),
    /** JSON of the table's parsed options (seats, bots, turnSeconds, variants...). */
    options: t.string().default("{}"),
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
export type TableState = SchemaType<typeof TableState>;
