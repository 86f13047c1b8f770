/**
 * Limits on what a client may send, checked before anything is decoded (docs/PROTOCOL.md,
 * "Limits"). Our largest real message is a Dark Hearts pass (`{type, cards: [3 cards]}`, about
 * 40 bytes); the limits leave ample room above every real message and far below what could hurt.
 */
export const FRAME_LIMITS = {
  /** WebSocket payloads above this are refused by the transport itself (close 1009). */
  maxPayloadBytes: 16 * 1024,
  /** A room frame above this is answered `frame-too-large` and goes no further. */
  maxFrameBytes: 2048,
  /** Nesting of msgpack maps and arrays (a pass action is 2 deep). */
  maxDepth: 6,
  /** Entries over all maps and arrays of one message. */
  maxItems: 128,
  /** Bytes of one msgpack string or binary. */
  maxStringBytes: 256,
} as const;

export type FrameLimits = { readonly [K in keyof typeof FRAME_LIMITS]: number };
