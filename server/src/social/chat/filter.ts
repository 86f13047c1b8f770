/**
 * Free text checks for table chat. The words no line may hold, and how they are found however
 * written (invisible characters between letters, look-alike and full-width letters, spacing,
 * leet speak, repeats), are the name rules' own (names/words.ts): one filter for both.
 * What is shown is the line without the characters that could hide or disguise it: control and
 * format characters (zero-width joiners, bidi overrides), every other invisible one (the
 * combining grapheme joiner, Hangul fillers, variation selectors except an emoji's own), private-use
 * and unassigned code points.
 */
import { hasListedWord } from "../../names/words.ts";

/** Control, format (zero-width, bidi), private-use, unassigned, default-ignorable code points, and the blank Braille pattern. */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Default_Ignorable_Code_Point}\u2800]/gu;
const EMOJI_BEFORE = /\p{Extended_Pictographic}$/u;

/** Keeps VS15/VS16 right after an emoji (text or colour presentation); drops every other hidden character. */
function unhide(char: string, at: number, text: string): string {
  return (char === "\uFE0E" || char === "\uFE0F") && EMOJI_BEFORE.test(text.slice(Math.max(0, at - 2), at)) ? char : "";
}

/** The line as it is sent: NFC, whitespace runs folded to one space, hidden characters removed, trimmed; null when nothing is left. */
export function cleanText(raw: string): string | null {
  const text = raw.normalize("NFC").replace(/\s+/gu, " ").replace(HIDDEN, unhide).trim();
  return text.length === 0 ? null : text;
}

/** True when the (cleaned) line contains a word of the list, however written. */
export function isProfane(text: string): boolean {
  return hasListedWord(text);
}
