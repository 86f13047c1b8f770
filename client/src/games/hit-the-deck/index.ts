/** Hit the Deck for the client: lobby entry, table view, result panel, test-hook extras. */
import type { GameModule } from "../types.ts";
import { raceClock } from "./race-clock.ts";
import { hitTheDeckResults } from "./results.ts";
import { HitTheDeckTable } from "./table-view.ts";

export const hitTheDeck: GameModule = {
  id: "hit_the_deck",
  title: "Hit the Deck",
  blurb: "Match colour or number. When the hand comes up, SLAP!",
  seats: { min: 2, max: 6, default: 4 },
  variants: [
    { key: "target", label: "Game to (points)", kind: "number", default: 100, min: 10, max: 1000, step: 10 },
    {
      key: "raceMs",
      label: "Slap window",
      kind: "select",
      default: 3000,
      options: [
        { value: 2000, label: "2 s" },
        { value: 3000, label: "3 s" },
        { value: 5000, label: "5 s" },
      ],
    },
    {
      key: "callMs",
      label: "Call window",
      kind: "select",
      default: 2000,
      options: [
        { value: 1000, label: "1 s" },
        { value: 1500, label: "1.5 s" },
        { value: 2000, label: "2 s" },
      ],
    },
  ],
  createTable: (host) => new HitTheDeckTable(host),
  results: hitTheDeckResults,
  testState(snap) {
    const discard = snap.piles["discard"];
    return {
      deckCount: snap.piles["deck"]?.count ?? 0,
      discardTop: discard?.cards[discard.cards.length - 1] ?? null,
      topFace: snap.info["topFace"] ?? null,
      demand: snap.info["demand"] ?? null,
      direction: snap.info["direction"] ?? 1,
      race: snap.info["race"] ?? null,
      lastRace: snap.info["lastRace"] ?? null,
      client: raceClock.snapshot(),
    };
  },
  testTargets: ["card:<card>", "pile:deck", "button:draw", "button:slap", "button:call"],
};
