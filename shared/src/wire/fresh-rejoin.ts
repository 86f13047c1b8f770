/**
 * A full state that comes after a reconnection is decoded onto a fresh state.
 *
 * The SDK (0.18) decodes the full state of its own automatic reconnection onto the state it
 * already holds, with schema 5's `decodeResync`: that removes list and map entries the snapshot
 * lacks, but keeps a field that became empty (`null`) while the socket was away, since a full
 * state only carries fields that hold a value. A client then showed, for the rest of the game or
 * until the field was set again, e.g. a drawn card it had discarded (`myDrawnCard`) or a turn step
 * that was over (`info.step`): server/test/join-views.test.ts found it (path `reconnect-auto`).
 * A first join decodes onto a fresh tree, which is always exact; so does every full state here.
 *
 * The state object is new after a reconnection (the SDK's `onStateChange` and `room.state` give
 * the new one); schema callbacks bound to the old one (`getStateCallbacks`) are not carried over.
 * Takes the SDK's `SchemaSerializer` class (no dependency on the SDK here).
 */
interface DecoderLike {
  root: { refs: { size: number } };
  context: unknown;
}
interface SerializerLike {
  state: object;
  decoder: DecoderLike;
  setState(bytes: Uint8Array, it?: { offset: number }): void;
}
type DecoderClass = new (root: object, context?: unknown) => DecoderLike;

const patched = new WeakSet<object>();

export function freshStateOnRejoin(serializer: { prototype: object }): void {
  const proto = serializer.prototype as SerializerLike;
  if (patched.has(proto)) return;
  patched.add(proto);
  const decodeFull = proto.setState;
  proto.setState = function setState(this: SerializerLike, bytes: Uint8Array, it?: { offset: number }): void {
    if (this.decoder.root.refs.size > 1) {
      const Root = this.state.constructor as new () => object;
      this.state = new Root();
      this.decoder = new (this.decoder.constructor as DecoderClass)(this.state, this.decoder.context);
    }
    decodeFull.call(this, bytes, it);
  };
}
