/**
 * Hit the Deck cards (docs/rules/hit-the-deck.md, "The cards"): 110 cards.
 *
 * A card's *face* says what it is; its *id* adds a copy letter when the face exists more than once:
 * - number cards `1R`..`5B`: number then colour letter, 4 copies each (`3R.a`..`3R.d`);
 * - CUT THE DECK `CR`: `C` then colour, 2 copies (`CR.a`, `CR.b`);
 * - FLIP THE DECK `FR`: `F` then colour, 1 copy (id = face `FR`);
 * - HIT THE DECK WITH A NUMBER `H1`..`H5`: 2 copies each (`H3.a`, `H3.b`);
 * - HIT THE DECK WITH A COLOR `HR` `HY` `HG` `HB`: 1 copy each (id = face);
 * - HIT THE DECK WITH A HAND `HH`: 4 copies (`HH.a`..`HH.d`).
 * Colours are letters, never only a hue: `R` red, `Y` yellow, `G` green, `B` blue.
 */

export const COLOURS = ["R", "Y", "G", "B"] as const;
export type Colour = (typeof COLOURS)[number];
export const COLOUR_NAMES: Readonly<Record<Colour, string>> = { R: "red", Y: "yellow", G: "green", B: "blue" };

export const NUMBERS = [1, 2, 3, 4, 5] as const;
export type CardNumber = (typeof NUMBERS)[number];

export const KINDS = ["number", "cut", "flip", "hitNumber", "hitColour", "hitHand"] as const;
export type Kind = (typeof KINDS)[number];

/** What a card is, parsed from its id. `colour` is the card's own colour (hit cards have none). */
export interface CardInfo {
  readonly id: string;
  readonly face: string;
  readonly kind: Kind;
  readonly colour: Colour | null;
  readonly number: CardNumber | null;
  /** WITH A COLOR: the colour it demands. */
  readonly demandColour: Colour | null;
  /** Score in a hand at the end: numbers face value, every other card 10 (docs/rules/hit-the-deck.md, "Ending the hand"). */
  readonly points: number;
}

const COPIES = ["a", "b", "c", "d"] as const;

function withCopies(face: string, count: number): string[] {
  return count === 1 ? [face] : COPIES.slice(0, count).map((c) => `${face}.${c}`);
}

/** Every face of the game with its number of copies, colour by colour then the hit cards. */
export function faceCounts(): [string, number][] {
  const perColour = COLOURS.flatMap((c): [string, number][] => [
    ...NUMBERS.map((n): [string, number] => [`${n}${c}`, 4]),
    [`C${c}`, 2],
    [`F${c}`, 1],
  ]);
  return [
    ...perColour,
    ...NUMBERS.map((n): [string, number] => [`H${n}`, 2]),
    ...COLOURS.map((c): [string, number] => [`H${c}`, 1]),
    ["HH", 4],
  ];
}

/** The 110 card ids, in a fixed order. */
export const ALL_CARDS: readonly string[] = faceCounts().flatMap(([face, n]) => withCopies(face, n));

export function faceOf(id: string): string {
  const dot = id.indexOf(".");
  return dot < 0 ? id : id.slice(0, dot);
}

function isColour(c: string): c is Colour {
  return (COLOURS as readonly string[]).includes(c);
}

function parseFace(id: string, face: string): CardInfo | null {
  const [a = "", b = ""] = [face.charAt(0), face.slice(1)];
  const n = Number(a);
  if (face.length !== 2) return null;
  if (n >= 1 && n <= 5 && isColour(b))
    return { id, face, kind: "number", colour: b, number: n as CardNumber, demandColour: null, points: n };
  if ((a === "C" || a === "F") && isColour(b))
    return { id, face, kind: a === "C" ? "cut" : "flip", colour: b, number: null, demandColour: null, points: 10 };
  if (a !== "H") return null;
  const m = Number(b);
  if (m >= 1 && m <= 5) return { id, face, kind: "hitNumber", colour: null, number: m as CardNumber, demandColour: null, points: 10 };
  if (isColour(b)) return { id, face, kind: "hitColour", colour: null, number: null, demandColour: b, points: 10 };
  return b === "H" ? { id, face, kind: "hitHand", colour: null, number: null, demandColour: null, points: 10 } : null;
}

const INFO: ReadonlyMap<string, CardInfo> = new Map(ALL_CARDS.map((id) => [id, parseFace(id, faceOf(id)) as CardInfo]));

export function isCard(id: string): boolean {
  return INFO.has(id);
}

/** The parsed card; throws on an unknown id (a bug: ids only come from the deck). */
export function card(id: string): CardInfo {
  const info = INFO.get(id);
  if (info === undefined) throw new Error(`not a Hit the Deck card: "${id}"`);
  return info;
}

export const isHitCard = (id: string): boolean => card(id).kind.startsWith("hit");
export const points = (id: string): number => card(id).points;
export const handPoints = (hand: readonly string[]): number => hand.reduce((sum, id) => sum + points(id), 0);

/** The faces of a list of ids (`["3R.a", "FR"]` -> `["3R", "FR"]`), for tests and logs. */
export const faces = (ids: readonly string[]): string[] => ids.map(faceOf);
