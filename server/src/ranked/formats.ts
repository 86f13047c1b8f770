/**
 * The ranked format per game (docs/API.md, "Ranked formats"): one table size and one set of
 * variants, so every rating of a game measures the same contest. Two-player Devil's Scat uses
 * classic scoring (three lives) for short, decisive heads-up games; the others are their usual
 * four-player games with the default rules.
 */
import type { GameId, RankedFormat } from "@scat/shared";

export type { RankedFormat };

const usual = { turnSeconds: 30, reconnectSeconds: 60 } as const;

export const RANKED_FORMATS: Readonly<Record<GameId, RankedFormat>> = {
  devils_scat: { seats: 2, variants: { classic: true }, ...usual },
  skit_scat: { seats: 4, variants: {}, ...usual },
  dark_hand: { seats: 4, variants: {}, ...usual },
  dark_hearts: { seats: 4, variants: {}, ...usual },
  scatterbrain: { seats: 4, variants: {}, ...usual },
  hit_the_deck: { seats: 4, variants: {}, ...usual },
};

/** The room name of a game's ranked queue. */
export function queueRoomName(game: string): string {
  return `ranked_${game}`;
}
