/**
 * New passwords by NIST SP 800-63B (5.1.1.2): at least 8 characters, no composition rules (any
 * characters, spaces too), and refused when they are common, guessable or built from the context:
 * the username, the display name or the site's name. Guessability is zxcvbn's estimate
 * (@zxcvbn-ts with its common-password and English dictionaries); `minScore` is its 0-4 score.
 */
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as en from "@zxcvbn-ts/language-en";

export const SITE_WORDS = ["scat tables", "scattables", "scat", "tables", "scat-tables"];
export const MIN_LENGTH = 8;

let zxcvbn: ZxcvbnFactory | null = null;
function checker(): ZxcvbnFactory {
  // maxLength bounds the estimate's cost (it grows faster than the length); the rest still counts as length.
  zxcvbn ??= new ZxcvbnFactory({
    translations: en.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary },
    maxLength: 64,
  });
  return zxcvbn;
}

const squash = (s: string): string =>
  s
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");

/** Why `password` may not be used, or null when it may. */
export function passwordProblem(
  password: string,
  context: { username?: string | null; displayName?: string | null },
  minScore: number,
): string | null {
  if ([...password].length < MIN_LENGTH) return `A password needs at least ${MIN_LENGTH} characters.`;
  const bare = squash(password);
  const contained: [string | null | undefined, string][] = [
    [context.username, "your username"],
    [context.displayName, "your display name"],
    ["scat tables", "the site's name"],
  ];
  for (const [word, what] of contained) {
    if (word && squash(word).length >= 4 && bare.includes(squash(word))) return `A password must not contain ${what}.`;
  }
  const inputs = [context.username, context.displayName, ...SITE_WORDS].filter(
    (w): w is string => typeof w === "string" && w.trim().length > 0,
  );
  const result = checker().check(password, inputs);
  if (result.score >= minScore) return null;
  const why = result.feedback.warning ?? "This password is easy to guess.";
  const hint = result.feedback.suggestions[0] ?? "Use a few uncommon words together.";
  return `${why} ${hint}`.trim();
}
