/**
 * The encoder's buffers sized to a table's state. Colyseus gives every room two buffers of
 * `Encoder.BUFFER_SIZE` (16 KiB by default): the encoder's patch buffer and the serializer's
 * full-state buffer. A patch that carries a view's own changes (`view.add` of a hand, a new
 * seat's private part) keeps `BUFFER_SIZE` free past its offset, so the patch buffer doubles to
 * 32 KiB at a table's first such patch: 48 KiB per 4-seat table, 12 KiB of native memory per
 * player, more than all of its schema objects (docs/benchmarks/state.md, "Memory per player").
 *
 * A table's largest full state (6 seats, 24-character names, one seat's view) is ~1.6 KB and its largest
 * patch ~0.7 KB over every game's bot games (`server/test/encode-buffers.test.ts` holds them under
 * half the size set here), so 4 KiB buffers (8 KiB after that first doubling) never
 * overflow. A state that did would still be sent whole: the encoder re-encodes into a larger
 * buffer (and logs a warning), as it does at the default size.
 */
import { Encoder } from "@colyseus/schema";

export const ENCODE_BUFFER_BYTES = 4 * 1024;

/** Before the first room is created (the serializer takes the size when a room is made). */
export function sizeEncodeBuffers(): void {
  Encoder.BUFFER_SIZE = ENCODE_BUFFER_BYTES;
}
