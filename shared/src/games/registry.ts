/** Every engine by room name, for code that must replay any game (the fairness verifier). */
import type { AnyGame } from "../engine.ts";
import type { GameId } from "../protocol.ts";
import { darkHand, skitScat } from "./dark-hand/index.ts";
import { darkHearts } from "./dark-hearts/index.ts";
import { devilsScat } from "./devils-scat/index.ts";
import { hitTheDeck } from "./hit-the-deck/index.ts";
import { scatterbrain } from "./scatterbrain/index.ts";

export const ENGINES: Readonly<Record<GameId, AnyGame>> = {
  devils_scat: devilsScat as AnyGame,
  skit_scat: skitScat as AnyGame,
  dark_hand: darkHand as AnyGame,
  dark_hearts: darkHearts as AnyGame,
  scatterbrain: scatterbrain as AnyGame,
  hit_the_deck: hitTheDeck as AnyGame,
};
