/** The games the lobby lists; only those marked playable can be chosen today. */
import type { GameId } from "@scat/shared";

export interface VariantDef {
  readonly key: string;
  readonly label: string;
  /** Largest table the variant allows (Boot a Suit: 2-3 players). */
  readonly maxSeats?: number;
}

export interface GameDef {
  readonly id: GameId;
  readonly title: string;
  readonly blurb: string;
  readonly playable: boolean;
  readonly variants: readonly VariantDef[];
}

export const GAMES: readonly GameDef[] = [
  {
    id: "devils_scat",
    title: "Devil's Scat",
    blurb: "Draw, discard, knock. Get 31 or three 6s.",
    playable: true,
    variants: [
      { key: "bootASuit", label: "Boot a Suit (2-3 players)", maxSeats: 3 },
      { key: "classic", label: "Classic scoring (3 lives)" },
    ],
  },
  { id: "skit_scat", title: "Skit Scat", blurb: "", playable: false, variants: [] },
  { id: "dark_hand", title: "Dark Hand", blurb: "", playable: false, variants: [] },
  { id: "dark_hearts", title: "Dark Hearts", blurb: "", playable: false, variants: [] },
  { id: "scatterbrain", title: "Scatterbrain", blurb: "", playable: false, variants: [] },
  { id: "hit_the_deck", title: "Hit the Deck", blurb: "", playable: false, variants: [] },
];

export function gameDef(id: string): GameDef | undefined {
  return GAMES.find((g) => g.id === id);
}
