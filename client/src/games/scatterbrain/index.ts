/** Scatterbrain for the client: lobby entry, table view, result panel, test-hook extras. */
import type { GameModule } from "../types.ts";
import { guessRevealLeft } from "./guess-fx.ts";
import { scatterbrainResults } from "./results.ts";
import { ScatterbrainTable } from "./table-view.ts";

const seconds = (values: number[]): Array<{ value: number; label: string }> => values.map((v) => ({ value: v * 1000, label: `${v} s` }));

export const scatterbrain: GameModule = {
  id: "scatterbrain",
  title: "Scatterbrain",
  blurb: "Memorise the deal, hide a hole card, build a 7-card straight, then guess.",
  seats: { min: 4, max: 4, default: 4 },
  variants: [
    { key: "memoriseMs", label: "Memorise time", kind: "select", default: 8000, options: seconds([3, 5, 8, 12, 20]) },
    { key: "guessMs", label: "Guess time", kind: "select", default: 15000, options: seconds([10, 15, 30]) },
  ],
  createTable: (host) => new ScatterbrainTable(host),
  results: scatterbrainResults,
  testState(snap) {
    const discard = snap.piles["discard"];
    return {
      deckCount: snap.piles["deck"]?.count ?? 0,
      discardCount: discard?.count ?? 0,
      discardTop: discard?.cards[discard.cards.length - 1] ?? null,
      lastGuess: snap.info["lastGuess"] ?? null,
      dealt: snap.info["dealt"] ?? null,
      step: snap.info["step"] ?? null,
      revealLeftMs: guessRevealLeft(),
    };
  },
  testTargets: ["card:<card>", "pile:deck", "pile:discard", "button:call", "button:decline", "guess:<card>", "button:skip-guess"],
};
