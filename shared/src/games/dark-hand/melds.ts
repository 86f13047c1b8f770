/**
 * Skits and Scats (docs/rules/dark-hand.md, "Skit and Scat").
 * A Skit is three cards of one suit in rank order, Ace low (A-2-3) or high (Q-K-A) but never
 * both (K-A-2 is not a Skit). A Scat is three cards of one rank. In Dark Hand all three faces
 * must be of one shade, so a hand is judged once per shade on the faces that shade shows.
 * Standard cards (Skit Scat) have only their one face, judged as the Light shade.
 */
import { splitCard, STANDARD_RANKS, STANDARD_SUITS } from "../../cards.ts";
import { darkPairs, SHADES, type DarkCard, type Shade } from "../../dark-deck.ts";

export const MELD_KINDS = ["skit", "scat"] as const;
export type MeldKind = (typeof MELD_KINDS)[number];

/** A hand's meld in one shade. */
export interface MeldOption {
  readonly kind: MeldKind;
  readonly shade: Shade;
}

/** Ranks in Skit order with the Ace at both ends: A 2 .. K A. */
const RUN_RANKS: readonly string[] = [...STANDARD_RANKS, "A"];

/** Every Skit's ranks: A-2-3, 2-3-4, .. J-Q-K, Q-K-A (12 runs, none wrapping). */
export const SKIT_RUNS: readonly (readonly string[])[] = Array.from({ length: RUN_RANKS.length - 2 }, (_, i) => RUN_RANKS.slice(i, i + 3));

/** Both faces of every Dark card by id (faces are looked up on every bot and legality step). */
const DARK_FACES: ReadonlyMap<string, DarkCard> = new Map(darkPairs().map((c) => [`${c.light}/${c.dark}`, c]));

/** The face a card shows in a shade: a Dark card's face, or a standard card itself. */
export function faceOf(card: string, shade: Shade): string {
  return DARK_FACES.get(card)?.[shade] ?? card;
}

/** The shades a game judges hands in. */
export function shadesOf(dark: boolean): readonly Shade[] {
  return dark ? SHADES : ["light"];
}

/** "scat", "skit" or null for three faces in notation. */
export function meldOfFaces(faces: readonly string[]): MeldKind | null {
  if (faces.length !== 3) return null;
  const parsed = faces.map(splitCard);
  const [first] = parsed;
  if (first === undefined) return null;
  if (parsed.every((p) => p.rank === first.rank)) return "scat";
  if (!parsed.every((p) => p.suit === first.suit)) return null;
  const ranks = new Set(parsed.map((p) => p.rank));
  return ranks.size === 3 && SKIT_RUNS.some((run) => run.every((r) => ranks.has(r))) ? "skit" : null;
}

/** The meld a 3-card hand forms in one shade, or null. */
export function meldIn(hand: readonly string[], shade: Shade): MeldKind | null {
  return meldOfFaces(hand.map((c) => faceOf(c, shade)));
}

/** Every meld a 3-card hand forms, one per shade at most (a shade cannot hold both kinds). */
export function meldsOf(hand: readonly string[], shades: readonly Shade[]): MeldOption[] {
  return shades.flatMap((shade) => {
    const kind = meldIn(hand, shade);
    return kind === null ? [] : [{ kind, shade }];
  });
}

/**
 * Faces that would complete a meld with two of these faces (the bot's "outs"): the other suits of
 * a paired rank, and the missing rank of any Skit run two suited faces belong to.
 */
export function completingFaces(faces: readonly string[]): Set<string> {
  const out = new Set<string>();
  const parsed = faces.map(splitCard);
  for (let i = 0; i < parsed.length; i++) {
    for (let j = i + 1; j < parsed.length; j++) {
      const a = parsed[i];
      const b = parsed[j];
      if (a === undefined || b === undefined) continue;
      if (a.rank === b.rank) for (const suit of STANDARD_SUITS) out.add(`${a.rank}${suit}`);
      else if (a.suit === b.suit) for (const rank of missingRanks(a.rank, b.rank)) out.add(`${rank}${a.suit}`);
    }
  }
  for (const f of faces) out.delete(f);
  return out;
}

function missingRanks(a: string, b: string): string[] {
  return SKIT_RUNS.filter((run) => run.includes(a) && run.includes(b)).flatMap((run) => run.filter((r) => r !== a && r !== b));
}
