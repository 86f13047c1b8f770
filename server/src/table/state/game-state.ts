/**
 * What each game declares next to its projection (server/src/games/<game>/state.ts): the typed
 * classes of its public table facts and of a finished round's result, and the typed fields of a
 * seat's public facts and of its private facts. The classes fill the frame's `info` and `result`;
 * the fields are spread into the frame's `SeatState`, the private ones view-tagged and named `myX`
 * (server/src/table/schema.ts: no nested object per seat). The projection writes the engine's view into them.
 */
import type { Schema } from "@colyseus/schema";

type Ctor = new () => Schema;

/** Field builders as `schema()` takes them (`{ knocked: t.boolean(), ... }`). */
export type FieldDefs = Readonly<Record<string, object>>;

export interface GameState {
  /** The view's `info`. */
  readonly table: Ctor;
  /** The view's `seats[i].info`: fields of the seat. */
  readonly seat: FieldDefs;
  /** The view's `you.info`: view-tagged fields `myX` of the seat (only that seat's client). */
  readonly mine: FieldDefs;
  /** The view's `result`. */
  readonly result: Ctor;
}
