/** Every game's how-to-play, by room name. */
import { darkHandRules } from "./dark-hand.ts";
import { darkHeartsRules } from "./dark-hearts.ts";
import { devilsScatRules } from "./devils-scat.ts";
import { hitTheDeckRules } from "./hit-the-deck.ts";
import { scatterbrainRules } from "./scatterbrain.ts";
import { skitScatRules } from "./skit-scat.ts";
import type { GameRules } from "./types.ts";

const RULES: readonly GameRules[] = [devilsScatRules, skitScatRules, darkHandRules, darkHeartsRules, scatterbrainRules, hitTheDeckRules];

export function rulesFor(game: string): GameRules | null {
  return RULES.find((r) => r.game === game) ?? null;
}

/**
 * The first-time hint for what the player may do now (null: nothing to do): the first hint whose
 * action is legal. A hint keyed `type@phase` fits only in that phase of the game: an action can
 * mean different things at different times (Hit the Deck's slap is the race's while a race is
 * open, and a fake-out that costs 2 cards at any other time), and a hint says only what is true now.
 */
export function hintFor(game: string, legalTypes: readonly string[], phase: string | null = null): string | null {
  const hints = rulesFor(game)?.hints ?? {};
  for (const [key, text] of Object.entries(hints)) {
    const [type, only] = key.split("@");
    if (legalTypes.includes(type as string) && (only === undefined || only === phase)) return text;
  }
  return null;
}

export type { GameRules } from "./types.ts";
