/**
 * A bot's memory fits its strength (Scatterbrain, where everyone memorises the face-up deal and
 * watches the cards taken from the discard pile).
 *
 * A person remembers some of the 21 face-up cards of the others, not all: easy keeps each with
 * chance 0.25, normal 0.6, strong every one (`RECALL`). The forgetting is a seeded draw per
 * observer, hand and card, so a bot forgets the same cards all hand long (it does not remember a
 * card on one turn and lose it on the next), and what easy remembers normal remembers too (one draw
 * per card, compared against each strength's share). The seed is the hand's face-up deal, which is
 * new every hand; shared code reads no clock and no global randomness. The bot's guesses read only
 * the cards it remembers (scatterbrain/memory.ts, `memoryOf`): a forgotten card is one of the
 * many it cannot place.
 */
import type { Seat } from "../engine.ts";
import { bot } from "../games/scatterbrain/bot.ts";
import { REMEMBERS_ALL, type Recall } from "../games/scatterbrain/memory.ts";
import type { ScatterbrainAction, ScatterbrainState } from "../games/scatterbrain/state.ts";
import { createRng, type Rng } from "../rng.ts";
import { easyMove } from "./easy.ts";
import { ENGINES } from "../games/registry.ts";
import type { BotStrength } from "./strength.ts";

/** The share of others' face-up cards each strength remembers. */
export const RECALL: Readonly<Record<BotStrength, number>> = { easy: 0.25, normal: 0.6, strong: 1 };

/** What `seat` remembers of this hand's face-up cards when it keeps each with chance `keep`. */
export function recallOf(s: ScatterbrainState, seat: Seat, keep: number): Recall {
  if (keep >= 1) return REMEMBERS_ALL;
  const deal = s.dealt.map((h) => h.join(" ")).join("|");
  const seen = new Map<string, boolean>();
  return (card) => {
    let kept = seen.get(card);
    if (kept === undefined) {
      kept = createRng(`recall:${s.hand}:${seat}:${deal}:${card}`).next() < keep;
      seen.set(card, kept);
    }
    return kept;
  };
}

/**
 * Easy's and normal's Scatterbrain move with their memory (`keep`: the share remembered, by
 * default the strength's; the benchmark passes 1 for the bots as they were, remembering all).
 */
export function forgetfulScatterbrainMove(
  s: ScatterbrainState,
  seat: Seat,
  rng: Rng,
  strength: "easy" | "normal",
  keep = RECALL[strength],
): ScatterbrainAction | null {
  const remembers = recallOf(s, seat, keep);
  const normal = (st: unknown, se: Seat, r: Rng) => bot(st as ScatterbrainState, se, r, remembers);
  if (strength === "normal") return normal(s, seat, rng);
  return easyMove({ ...ENGINES.scatterbrain, bot: normal } as typeof ENGINES.scatterbrain, s, seat, rng) as ScatterbrainAction | null;
}
