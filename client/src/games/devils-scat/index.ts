/** Devil's Scat for the client: lobby entry, table view, result panel, test-hook extras. */
import type { GameModule } from "../types.ts";
import { devilsScatResults } from "./results.ts";
import { DevilsScatTable } from "./table-view.ts";

export const devilsScat: GameModule = {
  id: "devils_scat",
  title: "Devil's Scat",
  blurb: "Draw, discard, knock. Get 31 or three 6s.",
  seats: { min: 2, max: 6, default: 3 },
  variants: [
    { key: "bootASuit", label: "Boot a Suit (2-3 players)", kind: "checkbox", default: false, seats: { max: 3 } },
    { key: "classic", label: "Classic scoring (3 lives)", kind: "checkbox", default: false },
  ],
  createTable: (host) => new DevilsScatTable(host),
  results: devilsScatResults,
  testState(snap) {
    const discard = snap.piles["discard"];
    return {
      deckCount: snap.piles["deck"]?.count ?? 0,
      discardTop: discard?.cards[discard.cards.length - 1] ?? null,
      discardCount: discard?.count ?? 0,
    };
  },
  testTargets: ["card:<card>", "pile:deck", "pile:discard", "button:knock"],
};
