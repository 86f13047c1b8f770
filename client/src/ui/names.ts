/**
 * Player names as every view shows them (docs/SECURITY.md, "A spoofing player"). A name is text
 * from another player: drawn inside First Strong Isolate (U+2068) … Pop Directional Isolate
 * (U+2069), its own direction cannot run into what is around it ("Ann (you)", "Waiting for Ann,
 * Bob…", a right-to-left name beside a score), on the Phaser canvas and in the DOM alike. DOM
 * elements that hold a name alone get `dir="auto"` instead. The server refuses the characters
 * that could break out of the isolation (bidi overrides and isolates, server/src/names/).
 */
export const FSI = "\u2068";
export const PDI = "\u2069";

/** `name` isolated from the text around it ("" stays ""). */
export function isolate(name: string): string {
  return name === "" ? "" : `${FSI}${name}${PDI}`;
}

/** A rating as the leaderboard shows it: "1520", or "1500?" while provisional. */
export function ratingText(r: { readonly rating: number; readonly provisional: boolean }): string {
  return `${r.rating}${r.provisional ? "?" : ""}`;
}

/** A seat's name on its badge: the label, and the rating at a ranked table ("Ann (1520)"). */
export function seatTitle(seat: {
  readonly name: string;
  readonly index: number;
  readonly rating?: { readonly rating: number; readonly provisional: boolean } | undefined;
}): string {
  return seat.rating ? `${seatLabel(seat.name, seat.index)} (${ratingText(seat.rating)})` : seatLabel(seat.name, seat.index);
}

/** A seat's label: its player's name, isolated, or "Seat N" (`index` counts from 0). */
export function seatLabel(name: string | null | undefined, index: number): string {
  return name ? isolate(name) : `Seat ${index + 1}`;
}
