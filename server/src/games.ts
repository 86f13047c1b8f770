/** The games this server hosts, by room name. A game appears here once it is complete. */
import type { AnyGame, GameId } from "@scat/shared";
import { darkHand, skitScat } from "@scat/shared/games/dark-hand/index.ts";
import { darkHearts } from "@scat/shared/games/dark-hearts/index.ts";
import { devilsScat } from "@scat/shared/games/devils-scat/index.ts";
import { hitTheDeck } from "@scat/shared/games/hit-the-deck/index.ts";
import { scatterbrain } from "@scat/shared/games/scatterbrain/index.ts";
import { darkHandPlugin } from "./games/dark-hand-plugin.ts";
import { hitTheDeckPlugin } from "./games/hit-the-deck-plugin.ts";
import type { GamePlugin } from "./table/game-plugin.ts";

export interface HostedGame {
  readonly game: AnyGame;
  readonly plugin?: GamePlugin;
}

export const GAMES: Partial<Record<GameId, HostedGame>> = {
  devils_scat: { game: devilsScat as AnyGame },
  skit_scat: { game: skitScat as AnyGame },
  dark_hand: { game: darkHand as AnyGame, plugin: darkHandPlugin },
  dark_hearts: { game: darkHearts as AnyGame },
  scatterbrain: { game: scatterbrain as AnyGame },
  hit_the_deck: { game: hitTheDeck as AnyGame, plugin: hitTheDeckPlugin },
};

/** Table size when the join options name none. */
export function defaultSeats(game: AnyGame): number {
  return Math.min(Math.max(4, game.minSeats), game.maxSeats);
}
