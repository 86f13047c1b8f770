/**
 * Table chat's wire vocabulary: the fixed quick phrases and emotes every player may
 * send (ids only: the client translates them), the messages, and the line a client receives.
 * Free text is for saved (registered) accounts only; the server checks and filters it.
 */
import { z } from "zod";
import { textOf } from "../text-limits.ts";

/** Quick phrases: ids the client shows in the reader's language. */
export const QUICK_PHRASES = ["gg", "wp", "hurry", "oops", "thanks"] as const;
export const EMOTES = ["smile", "laugh", "wow", "sad", "thumbs-up", "heart"] as const;
export type QuickPhrase = (typeof QUICK_PHRASES)[number];
export type Emote = (typeof EMOTES)[number];

/** Longest free-text line, in characters (code points, shared/src/text-limits.ts) after normalising. */
export const CHAT_TEXT_MAX = 200;
/** Longest line as sent, before whitespace is folded (a run of spaces counts once after). */
export const CHAT_TEXT_SENT_MAX = CHAT_TEXT_MAX * 2;

export const CHAT_CLIENT = {
  /** `{ phrase }`, `{ emote }` or `{ text }`: one line to the sender's channel. */
  say: "chat",
  /** `{ off?, spectators?, mute?, unmute? }`: this client's own chat settings at this table. */
  prefs: "chatPrefs",
} as const;

export const CHAT_SERVER = {
  /** A `ChatLine`. */
  line: "chat",
  /** `{ count, names }`: who is watching this table (names: the first 20). */
  watchers: "watchers",
} as const;

export const sayMessageSchema = z.union([
  z.object({ phrase: z.enum(QUICK_PHRASES) }).strict(),
  z.object({ emote: z.enum(EMOTES) }).strict(),
  z.object({ text: textOf(CHAT_TEXT_SENT_MAX, { min: 1 }) }).strict(),
]);
export type SayMessage = z.infer<typeof sayMessageSchema>;

export const chatPrefsSchema = z
  .object({
    /** Receive no chat at all at this table. */
    off: z.boolean().optional(),
    /** A seated player: receive the spectators' channel (on by default; never in a ranked game in play). */
    spectators: z.boolean().optional(),
    /** Stop or restart receiving one speaker (the `from` of their lines). */
    mute: z.number().int().min(0).max(1_000_000).optional(),
    unmute: z.number().int().min(0).max(1_000_000).optional(),
  })
  .strict();
export type ChatPrefs = z.infer<typeof chatPrefsSchema>;

export type ChatChannel = "table" | "spectators";

export interface ChatLine {
  /** The speaker at this table (a number, stable while they stay): what `mute` names. */
  readonly from: number;
  readonly name: string;
  /** The speaker's seat, null for a spectator. */
  readonly seat: number | null;
  readonly channel: ChatChannel;
  readonly phrase?: QuickPhrase;
  readonly emote?: Emote;
  /** Plain text: clients draw it with textContent only, never as HTML. */
  readonly text?: string;
  /** Server time (ms). */
  readonly at: number;
}

export interface Watchers {
  readonly count: number;
  readonly names: readonly string[];
}
