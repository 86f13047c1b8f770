/** The hand result: who went out, each hand left (in this deck's art), its points and totals. */
import type { Json, TableSnap } from "../../net/snapshot.ts";
import { roundWinnerText } from "../../ui/result-defaults.ts";
import { resultTable } from "../../ui/result-table.ts";
import type { ResultRenderers } from "../types.ts";
import { hitImageUrl } from "./card-art.ts";

function roundTitle(snap: TableSnap, result: Json, mySeat: number | null): string {
  const text = roundWinnerText(snap, result, mySeat, " by going out");
  return text.replace(/^Round /, "Hand ");
}

function roundBody(snap: TableSnap, result: Json, mySeat: number | null): HTMLElement {
  return resultTable(snap, result, mySeat, { labels: { points: "Points" }, core: ["points"], hideDelta: true, imageUrl: hitImageUrl });
}

export const hitTheDeckResults: ResultRenderers = {
  roundTitle,
  roundBody,
  scoreUnit: (_snap, n) => (n === 1 ? "pt" : "pts"),
};
