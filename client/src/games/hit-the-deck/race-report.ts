/**
 * A closed slap race in full, for the replay viewer: every slap's reaction time, how the server
 * adjudicated it (the player's own measurement accepted, its own estimate, or plain arrival),
 * when it reached the server and in which place, who drew the 4, and whether latency
 * compensation changed the order against arrival. Built from the public `raceClosed` result.
 */
import type { Json } from "../../net/snapshot.ts";
import { h } from "../../ui/dom.ts";
import { arrivalOrderIfChanged, slapsOf, TIMING_WORDS } from "./race-board.ts";

const REASONS: Record<string, string> = {
  "missed-call": "the call was missed: the caller draws 4",
  "non-slappers": "everyone who did not slap draws 4",
  "last-slapper": "the slowest reaction draws 4",
};

const HOW: Record<string, string> = { played: "played", cut: "cut to", flipped: "flipped to" };

function nums(v: unknown): number[] {
  return Array.isArray(v) ? v.filter((x): x is number => typeof x === "number") : [];
}

/** Plain lines (the test hook and the report share them). */
export function raceReportLines(result: Json, name: (seat: number) => string): string[] {
  const cause = typeof result["cause"] === "number" ? result["cause"] : -1;
  const penalised = new Set(nums(result["penalised"]));
  const slaps = slapsOf(result);
  const lines = [
    `Race ${String(result["id"] ?? "?")}: WITH A HAND ${HOW[String(result["how"])] ?? ""} by ${name(cause)}, ${result["called"] === true ? "called" : "not called"}; closed ${result["closedBy"] === "deadline" ? "at the end of the slap window" : "when everyone had slapped"}.`,
  ];
  slaps.forEach((s, i) => {
    const ms = s.reactionMs === null ? "?" : `${Math.round(s.reactionMs)} ms`;
    const arrived =
      s.arrivedMs === null ? `arrived ${s.arrival}.` : `arrived ${s.arrival}. (+${Math.round(s.arrivedMs)} ms after the reveal)`;
    lines.push(
      `${i + 1}. ${name(s.seat)}: ${ms}, ${TIMING_WORDS[s.timing] ?? s.timing}; ${arrived}${penalised.has(s.seat) ? "; draws 4" : ""}`,
    );
  });
  for (const seat of nums(result["nonSlappers"])) lines.push(`${name(seat)}: no slap${penalised.has(seat) ? "; draws 4" : ""}`);
  lines.push(`Verdict: ${REASONS[String(result["reason"])] ?? String(result["reason"])}.`);
  const byArrival = arrivalOrderIfChanged(slaps);
  lines.push(
    byArrival
      ? `Latency compensation changed the order: by arrival it was ${byArrival.map(name).join(", ")}; by reaction time ${slaps.map((s) => name(s.seat)).join(", ")}.`
      : "The order by reaction time is the order of arrival.",
  );
  return lines;
}

export function raceReport(result: Json, name: (seat: number) => string): HTMLElement {
  const lines = raceReportLines(result, name);
  const slaps = slapsOf(result);
  const penalised = new Set(nums(result["penalised"]));
  const rows = slaps.map((s, i) =>
    h(
      "tr",
      { class: penalised.has(s.seat) ? "penalised" : undefined },
      h("td", {}, String(i + 1)),
      h("td", {}, name(s.seat)),
      h("td", { class: "num" }, s.reactionMs === null ? "?" : `${Math.round(s.reactionMs)} ms`),
      h("td", { title: TIMING_WORDS[s.timing] ?? s.timing }, TIMING_WORDS[s.timing] ?? s.timing),
      h("td", { class: "num" }, `${s.arrival}${s.arrivedMs === null ? "" : ` (+${Math.round(s.arrivedMs)} ms)`}`),
    ),
  );
  return h(
    "div",
    { class: "race-report", testid: "race-report" },
    h("p", { class: "race-title" }, lines[0] ?? ""),
    slaps.length > 0 &&
      h(
        "table",
        { class: "results" },
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", {}, "#"),
            h("th", {}, "Seat"),
            h("th", {}, "Reaction"),
            h("th", {}, "How it was timed"),
            h("th", {}, "Arrived"),
          ),
        ),
        h("tbody", {}, ...rows),
      ),
    ...lines.slice(1 + slaps.length).map((line) => h("p", { class: line.startsWith("Latency") ? "race-reorder" : "race-line" }, line)),
  );
}
