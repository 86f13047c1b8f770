/**
 * How a simulated player chooses: any action from the server's legal list (docs/PROTOCOL.md
 * "Read mine.legal"), compact forms expanded. Slaps and calls of Hit the Deck's race are left to
 * the race logic (table.ts), so a player never fakes out by accident.
 */
import type { LegalAction } from "./view.ts";

/** Turns `{choose, from}` summaries into a concrete pick. */
function concrete(action: LegalAction, rnd: () => number): Record<string, unknown> {
  const out: Record<string, unknown> = { ...action };
  for (const [key, value] of Object.entries(action)) {
    const v = value as { choose?: number; from?: unknown[] } | null;
    if (v && typeof v === "object" && !Array.isArray(v) && typeof v.choose === "number" && Array.isArray(v.from)) {
      const pool = [...v.from];
      const chosen: unknown[] = [];
      while (chosen.length < v.choose && pool.length > 0) chosen.push(pool.splice(Math.floor(rnd() * pool.length), 1)[0]);
      out[key] = chosen;
    }
  }
  return out;
}

const RACE_ONLY = new Set(["slap"]);

/** A random playable action, or null when there is nothing to do but wait. */
export function chooseAction(
  game: string,
  legal: readonly LegalAction[],
  rnd: () => number,
  prefer?: (a: LegalAction) => boolean,
): Record<string, unknown> | null {
  const all = game === "hit_the_deck" ? legal.filter((a) => !RACE_ONLY.has(a.type) && a.type !== "call") : legal;
  const preferred = prefer ? all.filter(prefer) : [];
  const options = preferred.length > 0 ? preferred : all;
  if (options.length === 0) return null;
  return concrete(options[Math.floor(rnd() * options.length)]!, rnd);
}

/** Table setups for every game: a size, and variants that keep a game short enough to finish. */
export const GAMES: readonly { game: string; seats: number; variants: Record<string, unknown> }[] = [
  { game: "devils_scat", seats: 4, variants: {} },
  { game: "skit_scat", seats: 4, variants: {} },
  { game: "dark_hand", seats: 4, variants: {} },
  { game: "dark_hearts", seats: 4, variants: { target: 10 } },
  { game: "scatterbrain", seats: 4, variants: { memoriseMs: 2000 } },
  { game: "hit_the_deck", seats: 4, variants: { target: 10 } },
];

/** Hit the Deck: play a WITH A HAND card whenever possible (a slap race for every one). */
export const playsWithAHand = (a: LegalAction): boolean => a.type === "play" && typeof a.card === "string" && a.card.startsWith("HH");
