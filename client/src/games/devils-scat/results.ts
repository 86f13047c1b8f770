/** The Devil's Scat result panel: Scat / Devil's Scat in the title, its scoring columns, lives. */
import type { Json, TableSnap } from "../../net/snapshot.ts";
import { roundWinnerText } from "../../ui/result-defaults.ts";
import { resultTable } from "../../ui/result-table.ts";
import type { ResultRenderers } from "../types.ts";
import { isClassic } from "./view-model.ts";

const LABELS: Record<string, string> = {
  won: "Won",
  over29: "29+",
  scat31: "31",
  favored: "Favored",
  knockPenalty: "Knock",
  livesLost: "Lives lost",
  lives: "Lives",
};
/** Items every points round shows, even when nobody scored them. */
const CORE = ["won", "over29", "scat31", "favored", "knockPenalty"];

function roundTitle(snap: TableSnap, result: Json, mySeat: number | null): string {
  const scat =
    result["devilsScat"] === true ? " with the Devil's Scat" : result["endedBy"] === "scat" || result["scat"] ? " with a Scat" : "";
  return roundWinnerText(snap, result, mySeat, scat);
}

function roundBody(snap: TableSnap, result: Json, mySeat: number | null): HTMLElement {
  const classic = isClassic(snap);
  // Classic scoring: lives lost already says what "Round" would.
  return resultTable(snap, result, mySeat, {
    labels: LABELS,
    core: classic ? [] : CORE,
    skip: ["scat", "devilsScat"],
    negate: ["livesLost"],
    hideDelta: classic,
    totalLabel: classic ? "Lives" : "Total",
  });
}

export const devilsScatResults: ResultRenderers = {
  roundTitle,
  roundBody,
  scoreUnit: (snap, n) => (isClassic(snap) ? (n === 1 ? "life" : "lives") : n === 1 ? "pt" : "pts"),
};
