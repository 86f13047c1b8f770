/**
 * Skit Scat and Dark Hand for the client: one folder, two modules over the same table view
 * (standard deck vs the double-sided Dark deck with calls and Jokers).
 */
import type { Json, TableSnap } from "../../net/snapshot.ts";
import type { GameModule } from "../types.ts";
import { live } from "./live.ts";
import { skitScatResults } from "./results.ts";
import { SkitScatTable } from "./table-view.ts";
import { finalRoundLine, finalTurnsOf, jokersOf, meldsOf } from "./view-model.ts";

function testState(snap: TableSnap, mySeat: number | null): Json {
  const discard = snap.piles["discard"];
  return {
    deckCount: snap.piles["deck"]?.count ?? 0,
    discardTop: discard?.cards[discard.cards.length - 1] ?? null,
    discardCount: discard?.count ?? 0,
    pot: typeof snap.info["pot"] === "number" ? snap.info["pot"] : 0,
    jokers: jokersOf(snap),
    finalRound: snap.info["finalRound"] === true,
    finalTurns: finalTurnsOf(snap),
    finalLine: finalRoundLine(snap, mySeat),
    meldCount: meldsOf(snap.info["melds"]).length,
    shade: live.table?.shade ?? null,
    announcements: [...live.announcements()],
  };
}

const SEATS = { min: 2, max: 6, default: 3 } as const;
const TARGETS = ["card:<card>", "pile:deck", "pile:discard", "button:declare", "button:keep"];

export const skitScatModule: GameModule = {
  id: "skit_scat",
  title: "Skit Scat",
  blurb: "Draw, discard, get a Skit or a Scat. 3 tokens each.",
  seats: SEATS,
  variants: [],
  createTable: (host) => new SkitScatTable(host, false),
  results: skitScatResults,
  testState,
  testTargets: TARGETS,
};

export const darkHandModule: GameModule = {
  id: "dark_hand",
  title: "Dark Hand",
  blurb: "Skit Scat on the double-sided deck: call Light or Dark Hand!",
  seats: SEATS,
  variants: [
    {
      key: "tokens",
      label: "Tokens each",
      kind: "select",
      default: 5,
      options: [
        { value: 5, label: "5" },
        { value: 7, label: "7 (longer game)" },
      ],
    },
    { key: "forfeitPlay", label: "Forfeit Play", kind: "checkbox", default: false },
  ],
  createTable: (host) => new SkitScatTable(host, true),
  results: skitScatResults,
  testState,
  testTargets: [...TARGETS, "button:declare-light", "button:declare-dark", "button:call-light", "button:call-dark", "button:shade"],
};
