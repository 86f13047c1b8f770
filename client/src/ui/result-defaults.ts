/** The result panel's generic parts: titles and the final ranking, used unless a game overrides them. */
import type { Json, TableSnap } from "../net/snapshot.ts";
import { h } from "./dom.ts";
import { seatLabel } from "./names.ts";

export function who(snap: TableSnap, seat: unknown, mySeat: number | null): string {
  if (typeof seat !== "number") return "";
  return seat === mySeat ? "You" : seatLabel(snap.seats[seat]?.name, seat);
}

/** "Round 2: Ann wins" (the caller adds a suffix such as " with a Scat"). */
export function roundWinnerText(snap: TableSnap, result: Json, mySeat: number | null, suffix = ""): string {
  const round = typeof result["round"] === "number" ? `Round ${result["round"]}: ` : "";
  const winner = who(snap, result["winner"], mySeat);
  if (winner === "") return `${round}no winner`;
  return `${round}${winner} ${winner === "You" ? "win" : "wins"}${suffix}!`;
}

export function defaultRoundTitle(snap: TableSnap, result: Json, mySeat: number | null): string {
  return roundWinnerText(snap, result, mySeat);
}

export function defaultGameTitle(snap: TableSnap, outcome: Json | null, mySeat: number | null): string {
  const winners = Array.isArray(outcome?.["winners"]) ? (outcome["winners"] as unknown[]) : [];
  if (winners.length === 0) return "Game over";
  return `Game over: ${winners.map((s) => who(snap, s, mySeat)).join(" & ")} ${winners.length === 1 && winners[0] !== mySeat ? "wins" : "win"}!`;
}

export function pointsUnit(n: unknown): string {
  return n === 1 ? "pt" : "pts";
}

/** Final standings from `outcome.ranking`, `outcome.places` and `outcome.scores`. */
export function rankingList(snap: TableSnap, mySeat: number | null, unit: (score: unknown) => string = pointsUnit): HTMLElement | null {
  const outcome = snap.outcome;
  const order = Array.isArray(outcome?.["ranking"]) ? (outcome["ranking"] as unknown[]) : [];
  const scores = Array.isArray(outcome?.["scores"]) ? (outcome["scores"] as unknown[]) : [];
  const winners = Array.isArray(outcome?.["winners"]) ? (outcome["winners"] as unknown[]) : [];
  // Tied seats share a place (1, 2, 2, 4), as ranked play rates them (shared/src/standings.ts).
  const places = Array.isArray(outcome?.["places"]) ? (outcome["places"] as unknown[]) : [];
  if (order.length === 0) return null;
  return h(
    "ol",
    { class: "ranking", testid: "ranking" },
    ...order.map((seat) =>
      h(
        "li",
        {
          class: winners.includes(seat) ? "winner" : "",
          value: typeof seat === "number" && typeof places[seat] === "number" && places[seat] > 0 ? places[seat] : undefined,
        },
        h("span", {}, `${winners.includes(seat) ? "★ " : ""}${who(snap, seat, mySeat)}`),
        h(
          "span",
          { class: "score" },
          `${String(typeof seat === "number" ? (scores[seat] ?? "") : "")} ${unit(typeof seat === "number" ? scores[seat] : null)}`,
        ),
      ),
    ),
  );
}
