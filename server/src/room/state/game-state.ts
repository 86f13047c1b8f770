/**
 * What each game declares next to its projection (server/src/games/<game>/state.ts): the typed
 * classes of its public table facts, a seat's public facts, the seat's private facts and a
 * finished round's result. They fill the frame's `info`, `seats[i].info`, `seats[i].mine.info`
 * and `result` (server/src/room/schema.ts); the projection writes the engine's view into them.
 */
import type { Schema } from "@colyseus/schema";

type Ctor = new () => Schema;

export interface GameState {
  /** The view's `info`. */
  readonly table: Ctor;
  /** The view's `seats[i].info`. */
  readonly seat: Ctor;
  /** The view's `you.info` (view-tagged: only that seat's client). */
  readonly mine: Ctor;
  /** The view's `result`. */
  readonly result: Ctor;
}
