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

/** The first-time hint for what the player may do now (null: nothing to do). */
export function hintFor(game: string, legalTypes: readonly string[]): string | null {
  const hints = rulesFor(game)?.hints ?? {};
  for (const [type, text] of Object.entries(hints)) if (legalTypes.includes(type)) return text;
  return null;
}

export type { GameRules } from "./types.ts";
