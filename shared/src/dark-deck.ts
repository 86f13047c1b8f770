/**
 * The double-sided "Dark" deck (docs/rules/common.md, "The double-sided Dark deck"): 52 cards, each with a
 * Light face and a Dark face, the pairing fixed by `data/dark-deck.json`. A card is one object
 * written `light/dark`, e.g. `"4H/10D"`.
 */
import deckData from "../data/dark-deck.json" with { type: "json" };

export type Shade = "light" | "dark";
export const SHADES = ["light", "dark"] as const;

export interface DarkCard {
  readonly light: string;
  readonly dark: string;
}

const PAIRS: readonly DarkCard[] = (deckData as { cards: DarkCard[] }).cards.map((c) => ({ light: c.light, dark: c.dark }));
const BY_LIGHT = new Map(PAIRS.map((c) => [c.light, c]));
const BY_DARK = new Map(PAIRS.map((c) => [c.dark, c]));

/** All 52 cards as `light/dark` ids. */
export function darkDeck(): string[] {
  return PAIRS.map((c) => `${c.light}/${c.dark}`);
}

/** The pairs as data. */
export function darkPairs(): readonly DarkCard[] {
  return PAIRS;
}

/** Splits `"4H/10D"` into its faces. */
export function faces(id: string): DarkCard {
  const i = id.indexOf("/");
  if (i < 0) throw new Error(`not a dark card id: ${id}`);
  return { light: id.slice(0, i), dark: id.slice(i + 1) };
}

/** The face a card shows in a shade. */
export function face(id: string, shade: Shade): string {
  return faces(id)[shade];
}

/** Full id of the card with this Light face. */
export function byLight(light: string): string {
  const c = BY_LIGHT.get(light);
  if (!c) throw new Error(`no dark-deck card with light face ${light}`);
  return `${c.light}/${c.dark}`;
}

/** Full id of the card with this Dark face. */
export function byDark(dark: string): string {
  const c = BY_DARK.get(dark);
  if (!c) throw new Error(`no dark-deck card with dark face ${dark}`);
  return `${c.light}/${c.dark}`;
}
