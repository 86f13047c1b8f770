/**
 * Display names that show what they are (docs/API.md, "Names"). A name is normalised (NFKC,
 * surrounding spaces trimmed, runs of spaces made one) and refused, with a reason a person can
 * act on, when it holds:
 * - broken text: an unpaired surrogate half;
 * - control characters (NUL, tab, line breaks, …) or line/paragraph separators;
 * - format characters: bidirectional overrides, embeddings and isolates (U+202A–U+202E,
 *   U+2066–U+2069), zero-width spaces and joiners, the byte order mark, soft hyphens…;
 * - other invisible characters (Default_Ignorable_Code_Point: Hangul fillers, variation
 *   selectors except an emoji's VS15/VS16, …), spaces other than the plain space, unassigned
 *   and private-use code points;
 * - nothing visible at all (empty, spaces only);
 * - a combining mark with no letter before it, more than MAX_MARKS marks on one letter, or
 *   the same mark twice on one letter (TR 39, 5.4), counted on the decomposed (NFD) text so a
 *   precomposed "é" counts its accent;
 * - more than MAX_LENGTH characters (code points) once normalised;
 * - letters of more than one script, beyond what TR 39's Highly Restrictive level allows
 *   (scripts.ts).
 * - what the table itself writes on a seat: "You", "Seat 1"…"Seat 9", "Empty seat", "Bot"
 *   (or a look-alike of one);
 * - a staff title ("Admin", "Moderator", … or a look-alike: staff.ts);
 * - a word the chat does not allow either, however written (words.ts).
 * Whether the name looks like a registered player's is a separate question (registry.ts).
 */
import { checkScripts } from "./scripts.ts";
import { nameKey } from "./skeleton.ts";
import { staffTitle } from "./staff.ts";
import { hasListedWord } from "./words.ts";

/** Characters (code points) a display name may have once normalised. */
export const MAX_LENGTH = 24;
/**
 * Combining marks one letter may carry. Two would do for most writing, but a Devanagari letter
 * with nukta, vowel sign and anusvara (क़ीं, not composed by NFKC) carries three; zalgo text
 * stacks dozens.
 */
export const MAX_MARKS = 3;
/** Input longer than this (UTF-16 units) is refused before any work is done on it. */
export const MAX_INPUT = 200;

export type NameCheck = { readonly ok: true; readonly name: string } | { readonly ok: false; readonly reason: string };

const SURROGATE = /\p{Cs}/u;
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}]/u;
const FORMAT = /\p{Cf}/u;
/** Default ignorables, and the blank Braille pattern U+2800 that shows as nothing. */
const IGNORABLE = /^[\p{Default_Ignorable_Code_Point}\u2800]$/u;
const EMOJI = /^\p{Extended_Pictographic}$/u;
/** Every space but U+0020 (JavaScript's \s covers all of Zs). */
const ODD_SPACE = /[^\S ]/u;
const UNASSIGNED = /[\p{Cn}\p{Co}]/u;
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;
const MARK = /^\p{M}$/u;

/** "U+202E" for a character, so a reason can point at what it cannot show. */
function codeOf(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
}

function firstMatch(text: string, re: RegExp): string | null {
  const m = re.exec(text);
  return m ? m[0] : null;
}

const refuse = (reason: string): NameCheck => ({ ok: false, reason });

/** The words the client writes on seats itself, by key. */
const RESERVED = new Set(["You", "Empty seat", "Bot", ...Array.from({ length: 9 }, (_, i) => `Seat ${i + 1}`)].map(nameKey));

/** The normalised name, or why it cannot be one. */
export function checkDisplayName(raw: unknown): NameCheck {
  if (typeof raw !== "string") return refuse("A name must be text");
  if (raw.length > MAX_INPUT) return refuse(`A name can be at most ${MAX_LENGTH} characters long`);
  if (SURROGATE.test(raw)) return refuse("The name has a broken character in it (half of a surrogate pair)");
  const control = firstMatch(raw, CONTROL);
  if (control !== null) return refuse(`A name cannot contain control characters or line breaks (${codeOf(control)})`);
  const format = firstMatch(raw, FORMAT);
  if (format !== null)
    return refuse(
      `A name cannot contain invisible formatting characters such as text-direction overrides or zero-width spaces (${codeOf(format)})`,
    );
  const name = raw.normalize("NFKC").trim().replace(/ {2,}/g, " ");
  const chars = [...name];
  for (const [i, char] of chars.entries()) {
    if (IGNORABLE.test(char) && !(isEmojiVariation(char) && i > 0 && EMOJI.test(chars[i - 1]!))) {
      return refuse(`A name cannot contain invisible characters (${codeOf(char)})`);
    }
  }
  const odd = firstMatch(name, ODD_SPACE);
  if (odd !== null) return refuse(`A name can only use the ordinary space between words (${codeOf(odd)})`);
  const unassigned = firstMatch(name, UNASSIGNED);
  if (unassigned !== null) return refuse(`A name cannot contain unassigned or private-use characters (${codeOf(unassigned)})`);
  if (!VISIBLE.test(name)) return refuse("A name needs at least one visible letter, digit or symbol");
  const marks = checkMarks([...name.normalize("NFD")]);
  if (marks !== null) return refuse(marks);
  if (chars.length > MAX_LENGTH) return refuse(`A name can be at most ${MAX_LENGTH} characters long`);
  const scripts = checkScripts(name);
  if (!scripts.ok) {
    const list = scripts.scripts.map((s) => s.replace(/_/g, " ")).join(" and ");
    return refuse(
      `A name cannot mix letters of different alphabets (${list}): letters from another alphabet can look like the same letter`,
    );
  }
  if (RESERVED.has(nameKey(name))) return refuse(`"${name}" is what the table shows for its own seats: please choose another name`);
  const staff = staffTitle(name);
  if (staff !== null)
    return refuse(`"${name}" reads as "${staff}": names that pass for the site's staff are reserved, please choose another`);
  // The refusal does not repeat the name: it would show the word again.
  if (hasListedWord(name))
    return refuse(
      "The name contains a word this site does not allow (also when written with look-alike letters, digits or spaces): please choose another",
    );
  return { ok: true, name };
}

function isEmojiVariation(char: string): boolean {
  return char === "\uFE0E" || char === "\uFE0F";
}

function checkMarks(chars: readonly string[]): string | null {
  let run: string[] = [];
  for (const [i, char] of chars.entries()) {
    if (!MARK.test(char)) {
      run = [];
      continue;
    }
    if (i === 0 || chars[i - 1] === " ") return "A name cannot start a word with an accent or other combining mark";
    if (run.includes(char)) return "A name cannot repeat the same accent on one letter";
    run.push(char);
    if (run.length > MAX_MARKS) return `A name can have at most ${MAX_MARKS} accents or other marks on one letter`;
  }
  return null;
}
