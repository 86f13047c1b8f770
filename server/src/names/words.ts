/**
 * Words that neither a chat line nor a display name may hold. The word list and its matching
 * (leet speak, repeated letters, case, its own look-alikes, the list's own exceptions such as
 * "Scunthorpe") are the `obscenity` library's English dataset and recommended transformers: a
 * maintained list rather than one of our own.
 *
 * Before the library sees the text it is folded, because the library reads it code point by code
 * point and anything it does not know stands between two letters like a space would:
 * - compatibility forms become their plain letters (NFKC: full-width "ｆ", "𝐟", "ⓕ", ligatures);
 * - accents and other combining marks are dropped ("fück");
 * - every invisible character is dropped: all Default_Ignorable_Code_Points (the combining
 *   grapheme joiner, variation selectors, Hangul fillers, soft hyphen, zero-widths, bidi
 *   controls, tag characters) and the other control and format characters;
 * - a letter of another script that Unicode's confusables.txt (TR 39) reads as Latin letters
 *   becomes them (Cyrillic "с", Armenian "ս"), as in the names' skeletons (skeleton.ts);
 * - single letters spaced or dotted apart ("f u c k", "s.h.i.t") are also read joined, when at
 *   least three stand in a row: ordinary text rarely has three one-letter words in a row that
 *   spell a listed word, while joining every space would read "grass hole" as a word.
 * The folded text is for matching only, never shown.
 */
import { DataSet, RegExpMatcher, englishDataset, englishRecommendedTransformers } from "obscenity";
import { CONFUSABLES } from "./skeleton.ts";

/**
 * Ordinary words, places and names the list would otherwise catch (its own exceptions cover many
 * more, such as "Scunthorpe" and "cocktail"). Lower case, as the library compares them.
 */
const ALSO_ALLOWED = [
  "penistone",
  "shitterton",
  "slutsk",
  "shiitake",
  "rapeseed",
  "cum laude",
  "anusha",
  "dikshit",
  "dickson",
  "pussy willow",
];

/**
 * "Scat" is a card game, the family every game here belongs to ("Devil's Scat", "Skit Scat") and
 * the site's own name: the list's entry for its other sense would refuse "gg, good scat" and
 * "Scat Fan".
 */
const NOT_LISTED = new Set(["scat"]);

const built = new DataSet<{ originalWord: string }>()
  .addAll(englishDataset)
  .removePhrasesIf((p) => NOT_LISTED.has(String(p.metadata?.originalWord)))
  .build();
const matcher = new RegExpMatcher({
  blacklistedTerms: built.blacklistedTerms,
  whitelistedTerms: [...(built.whitelistedTerms ?? []), ...ALSO_ALLOWED],
  ...englishRecommendedTransformers,
});

const SPACE = /^\s$/u;
const INVISIBLE = /^[\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\u2800]$/u;
const MARK = /^\p{M}$/u;
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

/** A non-Latin look-alike as the Latin letters it reads as ("rn" is how TR 39 writes "m"). */
function asLatin(char: string): string {
  if (char.charCodeAt(0) < 0x80 || !Object.hasOwn(CONFUSABLES, char)) return char;
  const proto = CONFUSABLES[char]!;
  if (!PRINTABLE_ASCII.test(proto)) return char;
  return proto === "rn" ? "m" : proto;
}

/** The text as the word list is matched against (see above). */
export function foldForWords(text: string): string {
  let out = "";
  for (const char of text.normalize("NFKC").normalize("NFD")) {
    if (SPACE.test(char)) out += " ";
    else if (!INVISIBLE.test(char) && !MARK.test(char)) out += asLatin(char);
  }
  return out;
}

/** A letter, a digit or a symbol the library reads as a letter ("$h!t", "@ss"). */
const UNIT = "[\\p{L}\\p{N}@$!]";
/** Three or more single characters with one to three others between each: "f u c k", "s.h.i.t". */
const SPACED = new RegExp(`(?<!${UNIT})${UNIT}(?:[^\\p{L}\\p{N}@$!]{1,3}${UNIT}(?!${UNIT})){2,}`, "gu");
const NOT_UNIT = new RegExp(`[^\\p{L}\\p{N}@$!]`, "gu");

/** The folded text with its runs of spaced single letters joined, or null when it has none. */
function joinSpaced(folded: string): string | null {
  let found = false;
  const joined = folded.replace(SPACED, (run) => {
    found = true;
    return run.replace(NOT_UNIT, "");
  });
  return found ? joined : null;
}

/** Whether `text` holds a listed word, however it is written (see above). */
export function hasListedWord(text: string): boolean {
  const folded = foldForWords(text);
  if (matcher.hasMatch(folded)) return true;
  const joined = joinSpaced(folded);
  return joined !== null && matcher.hasMatch(joined);
}
