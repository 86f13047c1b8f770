/**
 * Free text checks for table chat. The word list and the folding of look-alike letters
 * (confusable Unicode letters, leet speak, repeated letters) are the `obscenity` library's English
 * dataset and recommended transformers: a maintained library rather than a list of our own.
 * Characters that could hide a word from the list or disguise a line (control and format
 * characters: zero-width joiners, bidi overrides) are removed before matching.
 */
import { RegExpMatcher, englishDataset, englishRecommendedTransformers } from "obscenity";

const matcher = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });

/** Control, format (zero-width, bidi), private-use and unassigned code points. */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}]/gu;

/** The line as it is sent: NFC, whitespace runs folded to one space, hidden characters removed, trimmed; null when nothing is left. */
export function cleanText(raw: string): string | null {
  const text = raw.normalize("NFC").replace(/\s+/gu, " ").replace(HIDDEN, "").trim();
  return text.length === 0 ? null : text;
}

/** True when the (cleaned) line contains a word of the list, look-alike letters folded. */
export function isProfane(text: string): boolean {
  return matcher.hasMatch(text);
}
