import { CHAT_CLIENT, CHAT_TEXT_SENT_MAX } from "@scat/shared/social/chat.ts";
import { REPORT_NOTE_MAX, bytesFor } from "@scat/shared/text-limits.ts";
import { TABLE_SOCIAL } from "../social/table-report.ts";

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
  /** Bytes of one msgpack string or binary (ids, codes, names of things; typed text: below). */
  maxStringBytes: 256,
} as const;

export type FrameLimits = { readonly [K in keyof typeof FRAME_LIMITS]: number };

/**
 * The messages that carry text a person types, and the byte cap of their strings: the field's
 * limit in characters (shared/src/text-limits.ts) times the 4 bytes UTF-8 may take for one. A
 * byte cap below that refused a Cyrillic line from 129 characters and a Chinese one from 86,
 * which the page let people type and the docs allowed.
 */
export const TEXT_MESSAGE_BYTES: Readonly<Record<string, number>> = {
  [CHAT_CLIENT.say]: bytesFor(CHAT_TEXT_SENT_MAX),
  [TABLE_SOCIAL.report]: bytesFor(REPORT_NOTE_MAX),
};

/** Room a text message's frame keeps beside its text, for its type, keys and other fields. */
const TEXT_FRAME_SLACK = 256;

/** The limits of a message of `type`: a typed-text message's strings and frame may be longer. */
export function limitsFor(type: string | null, limits: FrameLimits = FRAME_LIMITS): FrameLimits {
  const text = type !== null && Object.hasOwn(TEXT_MESSAGE_BYTES, type) ? TEXT_MESSAGE_BYTES[type]! : 0;
  if (text <= limits.maxStringBytes) return limits;
  return { ...limits, maxStringBytes: text, maxFrameBytes: Math.max(limits.maxFrameBytes, text + TEXT_FRAME_SLACK) };
}

/** The longest frame any message may take: larger frames are refused before their type is read. */
export function largestFrame(limits: FrameLimits = FRAME_LIMITS): number {
  return Math.max(limits.maxFrameBytes, ...Object.keys(TEXT_MESSAGE_BYTES).map((t) => limitsFor(t, limits).maxFrameBytes));
}
