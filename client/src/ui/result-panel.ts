/** The round result (with Continue) and the game-over summary (Play again, Back to lobby). */
import type { Json, TableSnap } from "../net/snapshot.ts";
import { domTarget, type Target } from "../test-hook.ts";
import { h, uiRoot } from "./dom.ts";
import { resultTable } from "./result-table.ts";
import { isClassic } from "../games/devils-scat/view-model.ts";

export interface ResultActions {
  continue(): void;
  playAgain(): void;
  toLobby(): void;
}

export type ResultMode = "round" | "game";

function who(snap: TableSnap, seat: unknown, mySeat: number | null): string {
  if (typeof seat !== "number") return "";
  return seat === mySeat ? "You" : snap.seats[seat]?.name || `Seat ${seat + 1}`;
}

function roundTitle(snap: TableSnap, result: Json, mySeat: number | null): string {
  const round = typeof result["round"] === "number" ? `Round ${result["round"]}: ` : "";
  const winner = who(snap, result["winner"], mySeat);
  if (winner === "") return `${round}no winner`;
  const scat = result["devilsScat"] === true ? " with the Devil's Scat" : result["endedBy"] === "scat" || result["scat"] ? " with a Scat" : "";
  return `${round}${winner} ${winner === "You" ? "win" : "wins"}${scat}!`;
}

function gameTitle(snap: TableSnap, outcome: Json | null, mySeat: number | null): string {
  const winners = Array.isArray(outcome?.["winners"]) ? (outcome["winners"] as unknown[]) : [];
  if (winners.length === 0) return "Game over";
  return `Game over: ${winners.map((s) => who(snap, s, mySeat)).join(" & ")} ${winners.length === 1 && winners[0] !== mySeat ? "wins" : "win"}!`;
}

/** Final standings from `outcome.ranking` and `outcome.scores`. */
function ranking(snap: TableSnap, mySeat: number | null): HTMLElement | null {
  const outcome = snap.outcome;
  const order = Array.isArray(outcome?.["ranking"]) ? (outcome["ranking"] as unknown[]) : [];
  const scores = Array.isArray(outcome?.["scores"]) ? (outcome["scores"] as unknown[]) : [];
  const winners = Array.isArray(outcome?.["winners"]) ? (outcome["winners"] as unknown[]) : [];
  if (order.length === 0) return null;
  const classic = isClassic(snap);
  const unit = (n: unknown): string => (classic ? (n === 1 ? "life" : "lives") : n === 1 ? "pt" : "pts");
  return h("ol", { class: "ranking", testid: "ranking" }, ...order.map((seat) =>
    h("li", { class: winners.includes(seat) ? "winner" : "" },
      h("span", {}, `${winners.includes(seat) ? "★ " : ""}${who(snap, seat, mySeat)}`),
      h("span", { class: "score" }, `${String(typeof seat === "number" ? (scores[seat] ?? "") : "")} ${unit(typeof seat === "number" ? scores[seat] : null)}`))));
}

export class ResultPanel {
  private readonly el: HTMLElement;
  private key = "";

  constructor(private readonly actions: ResultActions) {
    this.el = h("div", { class: "overlay", testid: "result-overlay" });
    uiRoot().append(this.el);
  }

  update(snap: TableSnap, mySeat: number | null, mode: ResultMode, canContinue: boolean): void {
    const key = `${mode}|${snap.version}|${canContinue}|${snap.awaiting.join(",")}`;
    if (key === this.key) return;
    this.key = key;
    const result = snap.result;
    const title = mode === "game" ? gameTitle(snap, snap.outcome, mySeat) : result ? roundTitle(snap, result, mySeat) : "Round over";
    this.el.replaceChildren(h("div", { class: "panel result", testid: mode === "game" ? "game-over" : "round-result" },
      h("h2", { testid: "result-title" }, title),
      mode === "game" ? ranking(snap, mySeat) : null,
      mode === "game" && result ? h("p", { class: "sub" }, `Last round: ${roundTitle(snap, result, mySeat)}`) : null,
      result ? resultTable(snap, result, mySeat, isClassic(snap)) : null,
      this.buttons(snap, mode, canContinue)));
  }

  targets(): Target[] {
    const ids = ["continue", "play-again", "back-to-lobby"];
    return ids.map((id) => domTarget(`button:${id}`, this.el.querySelector<HTMLElement>(`[data-testid="${id}"]`))).filter((t): t is Target => t !== null);
  }

  destroy(): void {
    this.el.remove();
  }

  private buttons(snap: TableSnap, mode: ResultMode, canContinue: boolean): HTMLElement {
    const button = (id: string, label: string, fn: () => void, primary = false): HTMLElement => {
      const b = h("button", { type: "button", testid: id, class: primary ? "primary" : undefined }, label);
      b.addEventListener("click", fn);
      return b;
    };
    if (mode === "game") {
      return h("div", { class: "buttons" }, button("play-again", "Play again", () => this.actions.playAgain(), true), button("back-to-lobby", "Back to lobby", () => this.actions.toLobby()));
    }
    if (canContinue) return h("div", { class: "buttons" }, button("continue", "Continue", () => this.actions.continue(), true));
    const waiting = snap.awaiting.map((s) => snap.seats[s]?.name ?? "").filter((n) => n !== "");
    return h("p", { class: "note", testid: "waiting-continue" }, waiting.length > 0 ? `Waiting for ${waiting.join(", ")}…` : "Next round starting…");
  }
}
