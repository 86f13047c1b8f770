/**
 * The Scatterbrain hand result: how the hand ended, and per seat the straight laid down (with its
 * kind and multiplier), hand cards and hole cards guessed, the points this hand and the total.
 */
import { guessRevealLeft } from "./guess-fx.ts";
import type { Json, TableSnap } from "../../net/snapshot.ts";
import { standardImageUrl } from "../../objects/standard-art.ts";
import { h } from "../../ui/dom.ts";
import { perSeat } from "../../ui/result-table.ts";
import { who } from "../../ui/result-defaults.ts";
import type { ResultRenderers } from "../types.ts";
import { kindLabel } from "./view-model.ts";

const ENDINGS: Readonly<Record<string, string>> = {
  mercy: "mercy hand",
  holeGuessed: "a hole card was found",
  deckOut: "the deck ran out",
  noneLeft: "everyone called or is out",
};

function roundTitle(snap: TableSnap, result: Json, mySeat: number | null): string {
  const hand = typeof result["hand"] === "number" ? `Hand ${result["hand"]}` : "Hand over";
  const ending = ENDINGS[String(result["endedBy"])] ?? "";
  const leaders = Array.isArray(result["leaders"]) ? result["leaders"] : [];
  const lead = leaders.length > 0 ? ` · leading: ${leaders.map((s) => who(snap, s, mySeat)).join(" & ")}` : "";
  return `${hand}${ending ? `: ${ending}` : ""}${lead}`;
}

function cards(v: unknown): HTMLElement {
  const list = Array.isArray(v) ? v.filter((c): c is string => typeof c === "string") : [];
  return h("td", { class: "hand-cell" }, ...list.map((c) => h("img", { class: "mini-card", src: standardImageUrl(c), alt: c, title: c })));
}

const plus = (n: unknown, each: number): string => (typeof n === "number" && n > 0 ? `${n} × ${each}` : "");

/** The straight laid down, with its kind and multiplier after the cards. */
function straightCell(r: Json | null): HTMLElement {
  const cell = cards(r?.["straightCards"]);
  if (r?.["kind"]) cell.append(` ${kindLabel(r["kind"])}`);
  return cell;
}

function roundBody(snap: TableSnap, result: Json, mySeat: number | null): HTMLElement {
  const rows = perSeat(result["seats"], snap.seats.length);
  const head = h("tr", {}, ...["Player", "Straight", "Guessed", "Hand", "Total"].map((t) => h("th", {}, t)));
  const body = rows.map((r, i) => {
    const name = `${who(snap, i, mySeat)}${r?.["out"] === true ? " (out)" : ""}`;
    const delta = typeof r?.["delta"] === "number" ? r["delta"] : 0;
    return h(
      "tr",
      { class: i === mySeat ? "me" : "", testid: `result-row-${i}` },
      h("td", { class: "name" }, name),
      straightCell(r),
      h("td", { class: "num" }, [plus(r?.["handHits"], 2), plus(r?.["holeHits"], 20)].filter((x) => x !== "").join(" · ")),
      h("td", { class: "num delta" }, delta > 0 ? `+${delta}` : String(delta)),
      h("td", { class: "num total" }, String(r?.["total"] ?? snap.seats[i]?.score ?? 0)),
    );
  });
  return h(
    "div",
    { class: "table-wrap" },
    h("table", { class: "results", testid: "result-table" }, h("thead", {}, head), h("tbody", {}, ...body)),
  );
}

export const scatterbrainResults: ResultRenderers = { roundTitle, roundBody, holdMs: guessRevealLeft };
