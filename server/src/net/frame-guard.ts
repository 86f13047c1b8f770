/**
 * The first look at every frame a joined client sends, before Colyseus decodes it. Frames a
 * client may send (docs/PROTOCOL.md): JOIN_ROOM ack [10], LEAVE_ROOM [12], ROOM_DATA
 * [13][type][msgpack?], PING [18], ROOM_REQUEST [21][id][type][msgpack?]. Anything else, or a
 * frame over the limits, is refused here with a reason and never reaches a decoder or a handler.
 */
import { FRAME_LIMITS, largestFrame, limitsFor, type FrameLimits } from "./frame-limits.ts";
import { checkMsgpack } from "./msgpack-shape.ts";

export const FRAME = { joinAck: 10, leave: 12, data: 13, dataBytes: 17, ping: 18, request: 21 } as const;

export interface FrameRefusal {
  readonly code: "frame-too-large" | "bad-frame" | "unknown-frame";
  readonly message: string;
}

/** Offset after a message type: a fixstr of 1..31 UTF-8 bytes or a positive fixint; -1 otherwise. */
function skipType(buf: Uint8Array, at: number): number {
  const b = buf[at];
  if (b === undefined) return -1;
  if (b <= 0x7f) return at + 1;
  if (b > 0xa0 && b <= 0xbf) {
    const end = at + 1 + (b & 0x1f);
    return end <= buf.length ? end : -1;
  }
  return -1;
}

/** Offset after a request id in schema number encoding (fixint, uint8/16/32), or -1. */
function skipRequestId(buf: Uint8Array, at: number): number {
  const b = buf[at];
  if (b === undefined) return -1;
  if (b <= 0x7f) return at + 1;
  const width = b === 0xcc ? 1 : b === 0xcd ? 2 : b === 0xce ? 4 : 0;
  return width > 0 && at + 1 + width <= buf.length ? at + 1 + width : -1;
}

function tooLarge(max: number, got: number): FrameRefusal {
  return { code: "frame-too-large", message: `frames are limited to ${max} bytes (got ${got})` };
}

function bad(message: string): FrameRefusal {
  return { code: "bad-frame", message };
}

const utf8 = new TextDecoder();
/** The largest frame under the default limits, worked out once. */
const LARGEST = largestFrame(FRAME_LIMITS);

/** The message type between `from` and `to` when it is a string (a fixint type is a number: null). */
function typeName(buf: Uint8Array, from: number, to: number): string | null {
  return buf[from]! > 0xa0 ? utf8.decode(buf.subarray(from + 1, to)) : null;
}

/** The body after a type at `typeAt..at`, against that type's limits (typed text may be longer). */
function checkPayload(buf: Uint8Array, typeAt: number, at: number, base: FrameLimits): FrameRefusal | null {
  const limits = limitsFor(typeName(buf, typeAt, at), base);
  if (buf.length > limits.maxFrameBytes) return tooLarge(limits.maxFrameBytes, buf.length);
  if (at === buf.length) return null;
  const shape = checkMsgpack(buf, at, limits);
  return shape === null ? null : bad(`message body refused: ${shape} (see the protocol's limits)`);
}

/** Null when the frame may go on to Colyseus; otherwise why it may not. */
export function inspectFrame(buf: Uint8Array, limits: FrameLimits = FRAME_LIMITS): FrameRefusal | null {
  if (buf.length === 0) return bad("empty frame");
  const largest = limits === FRAME_LIMITS ? LARGEST : largestFrame(limits);
  if (buf.length > largest) return tooLarge(largest, buf.length);
  const code = buf[0]!;
  switch (code) {
    case FRAME.joinAck:
    case FRAME.leave:
    case FRAME.ping:
      return buf.length === 1 ? null : bad(`frame ${code} carries no body`);
    case FRAME.data: {
      const at = skipType(buf, 1);
      return at < 0 ? bad("message type must be a short string") : checkPayload(buf, 1, at, limits);
    }
    case FRAME.request: {
      const id = skipRequestId(buf, 1);
      const at = id < 0 ? -1 : skipType(buf, id);
      return at < 0 ? bad("request needs an id and a short string type") : checkPayload(buf, id, at, limits);
    }
    default:
      return { code: "unknown-frame", message: `frame code ${code} is not accepted from clients` };
  }
}
