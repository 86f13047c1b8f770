/** Every game's typed state classes by room name (server/src/games/<game>/state.ts). */
import type { GameId } from "@scat/shared";
import type { GameState } from "../table/state/game-state.ts";
import { darkHandState } from "./dark-hand/state.ts";
import { darkHeartsState } from "./dark-hearts/state.ts";
import { devilsScatState } from "./devils-scat/state.ts";
import { hitTheDeckState } from "./hit-the-deck/state.ts";
import { scatterbrainState } from "./scatterbrain/state.ts";

export const GAME_STATES: Readonly<Record<GameId, GameState>> = {
  devils_scat: devilsScatState,
  skit_scat: darkHandState,
  dark_hand: darkHandState,
  dark_hearts: darkHeartsState,
  scatterbrain: scatterbrainState,
  hit_the_deck: hitTheDeckState,
};
