/**
 * Every `code` a table's `rejected` message carries, besides each game's own rule codes
 * (`not-your-turn`, `joker-taken`, ...: listed in shared/src/games/<game>/README.md). One list,
 * so a client, the docs and the server agree: docs/PROTOCOL.md ("Rejection codes") lists the same
 * names, and server/test/protocol-doc.test.ts checks both ways that the server sends no other
 * and the docs name them all.
 */
export const REJECTION_CODES = [
  // Frames and messages (docs/PROTOCOL.md, "Limits").
  "bad-frame",
  "frame-too-large",
  "unknown-frame",
  "unknown-message",
  "invalid-message",
  "invalid-action",
  "rate-limited",
  // Seats and the table's state.
  "not-seated",
  "not-started",
  "already-started",
  "saving",
  "server-error",
  // The players' shuffle values.
  "not-shuffling",
  "not-asked",
  "shuffle-taken",
  // The Dark Hand call race: a second call while the first is held.
  "already-called",
  // Chat.
  "not-joined",
  "chat-registered-only",
  "chat-quick-only",
  "chat-too-long",
  "chat-filtered",
  "chat-banned",
  // Report and block from the table.
  "register-first",
  "no-account",
  "too-many-reports",
  "too-many-blocks",
  // Rematch.
  "not-over",
  "rematch-offered",
  "bad-rematch",
  "no-rematch",
  "already-answered",
] as const;

export type RejectionCode = (typeof REJECTION_CODES)[number];
