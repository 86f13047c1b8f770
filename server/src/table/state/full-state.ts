/**
 * A client's full state consumes its view's pending changes.
 *
 * `view.add(seat)` at a join queues, in `view.changes`, an ADD for every populated index of
 * every part the view newly sees: the seat's filtered fields, and each item of its `hand`.
 * Colyseus then sends the joining client a full state (`SchemaSerializer.getFullState`, which
 * runs schema 5's `encodeAllView`): that already carries everything the view sees, but it does
 * not drain `view.changes`, so the client's first patch replays those ADDs by their index with
 * the values of that moment. An ADD at an occupied index of a list of primitives is an insert
 * for the decoder (`ArraySchema.$setAt`), not an overwrite, and is skipped only when the value
 * there is already the same: when the hand changed between the full state and that first patch
 * (a discard of a seat just taken back from its bot), every shifted index was inserted again and
 * the client kept duplicates for the rest of the game (`["3C","6H","10H","2D","6H","10H"]` for
 * `["6H","10H","2D"]`). (A seat's plain fields replayed are harmless; a list of schema items,
 * `legal`, is replayed as its current items by refId.)
 *
 * The full state is exactly what the view sees at that moment, so the view's queued bootstrap
 * is redundant once it is encoded: it is dropped there. The room patches the moment the state
 * changes (table/patch-flush.ts), so no shared change is pending when a full state is encoded.
 */
import { SchemaSerializer } from "@colyseus/core";

interface ViewLike {
  changes: Map<number, unknown>;
}
interface ClientLike {
  view?: ViewLike;
}
type GetFullState = (client?: ClientLike, timing?: unknown) => Uint8Array;

let installed = false;

export function fullStateConsumesView(): void {
  if (installed) return;
  installed = true;
  const proto = SchemaSerializer.prototype as unknown as { getFullState: GetFullState; hasFilters: boolean };
  const encodeFull = proto.getFullState;
  proto.getFullState = function getFullState(this: { hasFilters: boolean }, client?: ClientLike, timing?: unknown): Uint8Array {
    const bytes = encodeFull.call(this, client, timing);
    if (this.hasFilters && client?.view) client.view.changes.clear();
    return bytes;
  };
}
