/**
 * Limits on the free text people type (chat lines, report notes): counted in characters, that
 * is Unicode code points, the way a person counts what they type whatever the script. A limit
 * in bytes or UTF-16 units would let an English line run to its limit while a Russian line
 * stopped at half of it and a Chinese one at a third. Every such field also has a byte cap
 * that fits its character limit (UTF-8 takes at most 4 bytes per code point), which the server's
 * frame guard applies before anything is decoded (server/src/net/frame-limits.ts). The page's
 * `maxlength` counts UTF-16 units, at least one per code point, so nothing it lets a person
 * type is refused for length. docs/PROTOCOL.md ("Limits") lists the fields.
 */
import { z } from "zod";

/** UTF-8 needs at most 4 bytes for one code point. */
export const UTF8_BYTES_PER_CHAR = 4;

/** A report's note, from the table or the API. */
export const REPORT_NOTE_MAX = 500;

/** Characters (code points) in `text`; a lone surrogate counts as one. */
export function charCount(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** The most UTF-8 bytes a text of `chars` characters can take. */
export function bytesFor(chars: number): number {
  return chars * UTF8_BYTES_PER_CHAR;
}

/** A string of `min..max` characters (code points); `trim`: surrounding whitespace is cut first. */
export function textOf(max: number, { min = 0, trim = false }: { min?: number; trim?: boolean } = {}) {
  // Two UTF-16 units at most per code point: the cheap check first, then the count.
  return (trim ? z.string().trim() : z.string()).max(max * 2, `at most ${max} characters`).refine(
    (s) => {
      const n = charCount(s);
      return n >= min && n <= max;
    },
    min > 0 ? `${min}..${max} characters` : `at most ${max} characters`,
  );
}
