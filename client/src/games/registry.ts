/**
 * The games the client knows. The lobby lists every game of `LOBBY_ORDER`; a game is playable
 * once its module is in `MODULES` (one line per game), otherwise its tile says "Coming soon".
 */
import type { GameId } from "@scat/shared";
import { devilsScat } from "./devils-scat/index.ts";
import { scatterbrain } from "./scatterbrain/index.ts";
import { darkHearts } from "./dark-hearts/index.ts";
import { darkHandModule, skitScatModule } from "./dark-hand/index.ts";
import { hitTheDeck } from "./hit-the-deck/index.ts";
import type { GameModule, SeatRange } from "./types.ts";

/** Register a game here: `room_name: module,` (the module lives in `games/<game>/index.ts`). */
const MODULES: Partial<Record<GameId, GameModule>> = {
  hit_the_deck: hitTheDeck,
  dark_hearts: darkHearts,
  devils_scat: devilsScat,
  scatterbrain: scatterbrain,
  skit_scat: skitScatModule,
  dark_hand: darkHandModule,
};

/** Lobby order and the titles of games whose module has not arrived yet. */
const LOBBY_ORDER: ReadonlyArray<readonly [GameId, string]> = [
  ["devils_scat", "Devil's Scat"],
  ["skit_scat", "Skit Scat"],
  ["dark_hand", "Dark Hand"],
  ["dark_hearts", "Dark Hearts"],
  ["scatterbrain", "Scatterbrain"],
  ["hit_the_deck", "Hit the Deck"],
];

export const DEFAULT_GAME: GameId = "devils_scat";

/** Seat range of games without a module (the lobby never starts them). */
const ANY_SEATS: SeatRange = { min: 2, max: 6, default: 3 };

export interface LobbyGame {
  readonly id: GameId;
  readonly title: string;
  readonly blurb: string;
  readonly playable: boolean;
  readonly module: GameModule | null;
}

export function lobbyGames(): LobbyGame[] {
  return LOBBY_ORDER.map(([id, title]) => {
    const module = MODULES[id] ?? null;
    return { id, title: module?.title ?? title, blurb: module?.blurb ?? "", playable: module !== null, module };
  });
}

/** The module of a room name (null: unknown or not built yet). */
export function gameModule(id: string): GameModule | null {
  return (MODULES as Partial<Record<string, GameModule>>)[id] ?? null;
}

export function seatRange(id: string): SeatRange {
  return gameModule(id)?.seats ?? ANY_SEATS;
}

export function isPlayable(id: string): id is GameId {
  return gameModule(id) !== null;
}
