/**
 * The hand result panel: who won with what, the Skits and Scats laid down (both faces), and per
 * player what the rules asked (owed), what was paid, what became of a Joker token, and why.
 */
import { num, type Json, type TableSnap } from "../../net/snapshot.ts";
import { h } from "../../ui/dom.ts";
import { roundWinnerText, who } from "../../ui/result-defaults.ts";
import type { ResultRenderers } from "../types.ts";
import { deckArt } from "./cards.ts";
import { isDark, isShade, meldLabel, meldsOf, SHADE_NAME, type MeldInfo } from "./view-model.ts";

function seatRows(result: Json): Json[] {
  const s = result["seats"];
  return Array.isArray(s) ? s.filter((x): x is Json => typeof x === "object" && x !== null) : [];
}

function roundTitle(snap: TableSnap, result: Json, mySeat: number | null): string {
  const meld = meldsOf([result["winningMeld"]])[0];
  const what = meld ? ` with a ${meldLabel(meld.kind, meld.shade)}` : "";
  const call = result["callerWon"] === true && meld?.shade ? ` (called ${SHADE_NAME[meld.shade]} Hand!)` : "";
  return `Hand ${num(result["round"], snap.round)}: ${roundWinnerText(snap, { ...result, round: undefined }, mySeat, `${what}${call}`)}`;
}

/** Plain words for one seat's line, read off the server's result. */
function why(row: Json, result: Json): string {
  const seat = row["seat"];
  if (row["sittingOut"] === true) return "already out";
  const parts: string[] = [];
  const owed = num(row["owed"]);
  const paid = num(row["paid"]);
  if (seat === result["winner"]) parts.push("won the hand");
  else if (owed === 0) parts.push(row["declared"] === "skit" ? "final-round Skit: pays nothing" : "pays nothing");
  else parts.push(`pays ${owed}${owed >= 2 && result["callerWon"] === true ? " (the caller won in the called shade)" : ""}`);
  if (paid < owed) parts.push(`could only pay ${paid}`);
  if (row["joker"] === "pot") parts.push("Joker token lost to the pot");
  if (row["joker"] === "returned") parts.push("Joker token back");
  if (row["out"] === true) parts.push("OUT");
  return parts.join(" · ");
}

function meldLine(snap: TableSnap, m: MeldInfo, mySeat: number | null, url: (c: string, s: MeldInfo["shade"]) => string): HTMLElement {
  const tag = m.forfeit ? " · forfeit" : m.finalRound ? " · final round" : "";
  return h(
    "div",
    { class: "meld", testid: `result-meld-${m.seat}` },
    h("span", {}, `${who(snap, m.seat, mySeat)}: ${meldLabel(m.kind, m.shade)}${tag} `),
    ...m.cards.map((c) => h("img", { class: "mini-card", src: url(c, m.shade), alt: c, title: c })),
  );
}

function roundBody(snap: TableSnap, result: Json, mySeat: number | null): HTMLElement {
  const dark = isDark(snap);
  const art = deckArt(dark);
  const url = (c: string, s: MeldInfo["shade"]): string => art.imageUrl(c, s);
  const melds = meldsOf(result["melds"]);
  const head = h(
    "tr",
    {},
    ...["Player", ...(dark ? ["Called"] : []), "Declared", "Owed", "Paid", ...(dark ? ["Joker token"] : []), "Lost", "Tokens", "Why"].map(
      (t) => h("th", {}, t),
    ),
  );
  const rows = seatRows(result).map((row) => {
    const seat = num(row["seat"], -1);
    const called = isShade(row["called"]) ? `${SHADE_NAME[row["called"]]} Hand` : "";
    const joker = row["joker"] === "pot" ? "to pot" : row["joker"] === "returned" ? "returned" : "";
    return h(
      "tr",
      { class: `${seat === result["winner"] ? "winner" : ""}${seat === mySeat ? " me" : ""}`, testid: `result-row-${seat}` },
      h("td", { class: "name" }, `${seat === result["winner"] ? "★ " : ""}${who(snap, seat, mySeat)}`),
      dark ? h("td", {}, called) : null,
      h("td", {}, typeof row["declared"] === "string" ? meldLabel(row["declared"], null) : ""),
      h("td", { class: "num" }, String(num(row["owed"]))),
      h("td", { class: "num delta" }, String(num(row["paid"]))),
      dark ? h("td", {}, joker) : null,
      h("td", { class: "num" }, num(row["lost"]) > 0 ? `−${num(row["lost"])}` : "0"),
      h("td", { class: "num total" }, String(num(row["tokens"]))),
      h("td", { class: "why why-wide" }, why(row, result)),
    );
  });
  return h(
    "div",
    {},
    h("div", { class: "melds" }, ...melds.map((m) => meldLine(snap, m, mySeat, url))),
    h(
      "div",
      { class: "table-wrap" },
      h("table", { class: "results", testid: "result-table" }, h("thead", {}, head), h("tbody", {}, ...rows)),
    ),
    h("p", { class: "sub", testid: "result-pot" }, `Pot: ${num(result["pot"])} tokens`),
  );
}

export const skitScatResults: ResultRenderers = {
  roundTitle,
  roundBody,
  scoreUnit: (_snap, n) => (n === 1 ? "token" : "tokens"),
};
