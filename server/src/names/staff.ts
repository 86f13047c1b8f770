/**
 * Names that pass for the site's staff ("Admin", "Moderator", …) are reserved: a player reading
 * "Admin" at a table or in a friend list takes it for someone who speaks for the site. The
 * comparison is by look-alike key, so "ADMIN", "Adm1n", "Аdmin" (Cyrillic А), "Ａｄｍｉｎ",
 * "A d m i n" and "TheAdmin" are all "Admin"; a word that merely starts or ends with the letters
 * ("Badminton", "Staffordshire", "Cooperator") is not.
 */
import { nameKey } from "./skeleton.ts";

const STAFF = ["Admin", "Administrator", "Moderator", "Mod", "Operator", "Staff", "Support", "System", "Official", "Sysop"] as const;

/** Digits and symbols read as letters in names ("Adm1n", "0perator", "$taff"). */
const LEET: Readonly<Record<string, string>> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "8": "b",
  "@": "a",
  $: "s",
  "!": "i",
  "|": "i",
};

/**
 * The key two words compare by: leet read as letters, then the names' look-alike key with "l" and
 * "i" made one (the key writes capital I as "l", small i as "i") and "rn" as "m".
 */
function staffKey(word: string): string {
  const letters = [...word].map((c) => LEET[c] ?? c).join("");
  return nameKey(letters).replace(/l/g, "i").replace(/rn/g, "m");
}

const KEYS: ReadonlyMap<string, string> = new Map(
  STAFF.flatMap(
    (title) =>
      [
        [staffKey(title), title],
        [staffKey(title) + "s", title],
      ] as const,
  ),
);

const NOT_WORD = /[^\p{L}\p{M}\p{N}@$!|]+/u;
/** Between "e" and "A" of "TheAdmin", and between "X" and "Ad" of "XAdmin". */
const CASE_CHANGE = /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;

/** The staff title a (normalised) name passes for, or null. */
export function staffTitle(name: string): string | null {
  const parts = name.split(NOT_WORD).filter((p) => p !== "");
  const words = parts.flatMap((p) => p.split(CASE_CHANGE)).map((w) => w.replace(/\p{Nd}+$/u, "") || w);
  // The words one by one, and the name with its spaces and dots taken out ("A d m i n").
  for (const word of [...words, parts.join("")]) {
    const title = KEYS.get(staffKey(word));
    if (title !== undefined) return title;
  }
  return null;
}
