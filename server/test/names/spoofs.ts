/** Names that lie about what they show (hidden formatting, mixed alphabets, invisible or broken characters), shared by the rule and API tests. */
import { MAX_LENGTH } from "../../src/names/validate.ts";

/** Every spoofing name we know of, with a word its refusal must contain. */
export const SPOOFS: readonly (readonly [string, string, RegExp])[] = [
  ["right-to-left override", "\u202enimdA", /formatting/],
  ["left-to-right embedding", "\u202aAdmin", /formatting/],
  ["bidi isolate", "Ad\u2067min", /formatting/],
  ["Latin and Cyrillic in one word", "\u0412oo\u0455ter", /alphabets \(Cyrillic and Latin\)/],
  ["zero-width space inside", "Boo\u200bster", /formatting/],
  ["zero-width joiner", "Ann\u200d", /formatting/],
  ["byte order mark", "\ufeffAnn", /formatting/],
  ["zero-width space only", "\u200b\u200b", /formatting/],
  ["Hangul filler only", "\u3164", /invisible/],
  ["blank Braille only", "\u2800\u2800", /invisible/],
  ["combining grapheme joiner", "A\u034fnn", /invisible/],
  ["spaces only", "   ", /visible letter/],
  ["empty", "", /visible letter/],
  ["newline", "Ann\nAdmin", /line breaks/],
  ["carriage return", "Ann\r", /line breaks/],
  ["tab", "A\tB", /control/],
  ["line separator", "Ann\u2028Bob", /line breaks/],
  ["NUL", "Ann\u0000", /control/],
  ["lone high surrogate", "Ann\ud800", /broken character/],
  ["lone low surrogate", "\udc00Ann", /broken character/],
  ["stacked combining marks", "Z\u0301\u0302\u0303\u0304\u0305\u0306", /at most 3/],
  ["same mark twice", "e\u0301\u0301", /same accent/],
  ["mark with no letter", "\u0301Ann", /start a word/],
  ["private use", "Ann\ue000", /private-use/],
  ["too long", "x".repeat(MAX_LENGTH + 1), /at most 24/],
  ["not text", 42 as unknown as string, /must be text/],
  ["the table's own word for you", "YOU", /its own seats/],
  ["the table's own word for a seat", "Seat 2", /its own seats/],
];
