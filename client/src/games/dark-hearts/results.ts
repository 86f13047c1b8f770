/**
 * The Dark Hearts hand summary: per player tricks, points taken per shade, what was added (after
 * any moon shot) and both totals; a line per moon shot. Game over: the ranking plus both totals.
 */
import { num, type Json, type TableSnap } from "../../net/snapshot.ts";
import { h } from "../../ui/dom.ts";
import { rankingList, who } from "../../ui/result-defaults.ts";
import { perSeat } from "../../ui/result-table.ts";
import type { ResultRenderers } from "../types.ts";
import { asShade, SHADE_ICON, SHADE_NAME } from "./view-model.ts";
import { seatLabel } from "../../ui/names.ts";

type PerShade = { light: number; dark: number };

function shades(v: unknown): PerShade {
  const o = (v ?? {}) as Json;
  return { light: num(o["light"]), dark: num(o["dark"]) };
}

function moonLines(snap: TableSnap, result: Json, mySeat: number | null): string[] {
  const moon = (result["moon"] ?? {}) as Json;
  return (["light", "dark"] as const).flatMap((s) => {
    const seat = moon[s];
    if (typeof seat !== "number") return [];
    const name = who(snap, seat, mySeat);
    return [
      `☄ ${name} shot the moon in ${SHADE_ICON[s]} ${SHADE_NAME[s]}: 0 for ${name === "You" ? "you" : name}, the points go to everyone else.`,
    ];
  });
}

function roundTitle(snap: TableSnap, result: Json, mySeat: number | null): string {
  const moons = moonLines(snap, result, mySeat).length;
  const base = `Hand ${num(result["round"], snap.round)} scored`;
  return moons > 0 ? `${base}: moon shot!` : base;
}

const plus = (n: number): string => (n > 0 ? `+${n}` : String(n));

function row(snap: TableSnap, seat: Json | null, i: number, mySeat: number | null, moon: Json): HTMLElement {
  const taken = shades(seat?.["taken"]);
  const delta = shades(seat?.["delta"]);
  const total = shades(seat?.["total"]);
  const name = `${seatLabel(snap.seats[i]?.name, i)}${i === mySeat ? " (you)" : ""}`;
  const star = (s: "light" | "dark"): string => (moon[s] === i ? " ☄" : "");
  return h(
    "tr",
    { class: i === mySeat ? "me" : "", testid: `result-row-${i}` },
    h("td", { class: "name" }, name),
    h("td", { class: "num" }, String(num(seat?.["tricks"]))),
    h("td", { class: "num" }, `${taken.light}${star("light")}`),
    h("td", { class: "num" }, `${taken.dark}${star("dark")}`),
    h("td", { class: "num delta" }, plus(delta.light)),
    h("td", { class: "num delta" }, plus(delta.dark)),
    h("td", { class: "num total" }, String(total.light)),
    h("td", { class: "num total" }, String(total.dark)),
  );
}

function roundBody(snap: TableSnap, result: Json, mySeat: number | null): HTMLElement {
  const seats = perSeat(result["seats"], snap.seats.length);
  const moon = (result["moon"] ?? {}) as Json;
  const head = ["Player", "Tricks", "☀ taken", "☾ taken", "☀ added", "☾ added", "☀ Light total", "☾ Dark total"];
  const table = h(
    "table",
    { class: "results", testid: "result-table" },
    h("thead", {}, h("tr", {}, ...head.map((t) => h("th", {}, t)))),
    h("tbody", {}, ...seats.map((s, i) => row(snap, s, i, mySeat, moon))),
  );
  const left = (result["leftover"] ?? null) as Json | null;
  const shade = asShade(left?.["shade"]);
  const leftover =
    left && shade ? `Leftover card went to ${who(snap, left["seat"], mySeat)} (+${num(left["points"])} ${SHADE_ICON[shade]}).` : null;
  const notes = [...moonLines(snap, result, mySeat), ...(leftover ? [leftover] : [])];
  return h("div", { class: "table-wrap" }, table, ...notes.map((n) => h("p", { class: "note", testid: "moon-note" }, n)));
}

function gameBody(snap: TableSnap, _outcome: Json | null, mySeat: number | null): HTMLElement | null {
  const list = rankingList(snap, mySeat, (n) => (n === 1 ? "pt" : "pts"));
  const note = h("p", { class: "note" }, "Lowest single score (either shade) wins; ties go to the lower other-shade score.");
  return h("div", {}, list, note);
}

export const darkHeartsResults: ResultRenderers = {
  roundTitle,
  roundBody,
  gameBody,
  scoreUnit: (_snap, n) => (n === 1 ? "pt" : "pts"),
};
