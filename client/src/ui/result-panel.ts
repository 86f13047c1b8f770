/**
 * The round result (with Continue) and the game-over summary (Quick play again, Back to lobby;
 * after a ranked game Queue again first, for the same game's ranked queue; the rematch offer
 * shows in its slot, social/rematch-offer.ts).
 * Titles and bodies come from the game's `ResultRenderers`, else the generic ones.
 */
import type { ResultRenderers } from "../games/types.ts";
import type { TableSnap } from "../net/snapshot.ts";
import { domTarget, type Target } from "../test-hook.ts";
import { h, uiRoot } from "./dom.ts";
import { noteSlot } from "./panel-slots.ts";
import { defaultGameTitle, defaultRoundTitle, rankingList } from "./result-defaults.ts";
import { resultTable } from "./result-table.ts";
import { isolate } from "./names.ts";

export interface ResultActions {
  continue(): void;
  playAgain(): void;
  /** After a ranked game: the same game's ranked queue again. */
  queueAgain?(): void;
  toLobby(): void;
}

export type ResultMode = "round" | "game";

export class ResultPanel {
  private readonly el: HTMLElement;
  private key = "";

  constructor(
    private readonly actions: ResultActions,
    private readonly r: ResultRenderers = {},
  ) {
    this.el = h("div", { class: "overlay", testid: "result-overlay" });
    uiRoot().append(this.el);
  }

  update(snap: TableSnap, mySeat: number | null, mode: ResultMode, canContinue: boolean): void {
    const key = `${mode}|${snap.version}|${canContinue}|${snap.awaiting.join(",")}`;
    if (key === this.key) return;
    this.key = key;
    const r = this.r;
    const result = snap.result;
    const roundTitle = r.roundTitle ?? defaultRoundTitle;
    const title =
      mode === "game"
        ? (r.gameTitle ?? defaultGameTitle)(snap, snap.outcome, mySeat)
        : result
          ? roundTitle(snap, result, mySeat)
          : "Round over";
    const gameBody =
      mode === "game"
        ? r.gameBody
          ? r.gameBody(snap, snap.outcome, mySeat)
          : rankingList(snap, mySeat, r.scoreUnit ? (n) => r.scoreUnit?.(snap, n) ?? "" : undefined)
        : null;
    const roundBody = result ? (r.roundBody ? r.roundBody(snap, result, mySeat) : resultTable(snap, result, mySeat)) : null;
    this.el.replaceChildren(
      h(
        "div",
        { class: "panel result", testid: mode === "game" ? "game-over" : "round-result" },
        mode === "game"
          ? h("div", { class: "result-head" }, h("h2", { testid: "result-title" }, title), noteSlot("rating"))
          : h("h2", { testid: "result-title" }, title),
        gameBody,
        mode === "game" && result ? h("p", { class: "sub" }, `Last round: ${roundTitle(snap, result, mySeat)}`) : null,
        roundBody,
        mode === "game" ? noteSlot("rematch") : null,
        this.buttons(snap, mode, canContinue),
        mode === "game" ? noteSlot("fair") : null,
      ),
    );
  }

  targets(): Target[] {
    const ids = ["continue", "rematch", "rematch-accept", "queue-again", "play-again", "back-to-lobby"];
    return ids
      .map((id) => domTarget(`button:${id}`, this.el.querySelector<HTMLElement>(`[data-testid="${id}"]`)))
      .filter((t): t is Target => t !== null);
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
    const queueAgain = this.actions.queueAgain;
    if (mode === "game" && snap.ranked && queueAgain) {
      return h(
        "div",
        { class: "buttons" },
        button("queue-again", "Queue again", () => queueAgain(), true),
        button("play-again", "Quick play", () => this.actions.playAgain()),
        button("back-to-lobby", "Back to lobby", () => this.actions.toLobby()),
      );
    }
    if (mode === "game") {
      return h(
        "div",
        { class: "buttons" },
        button("play-again", "Quick play again", () => this.actions.playAgain(), true),
        button("back-to-lobby", "Back to lobby", () => this.actions.toLobby()),
      );
    }
    if (canContinue)
      return h(
        "div",
        { class: "buttons" },
        button("continue", "Continue", () => this.actions.continue(), true),
      );
    const waiting = snap.awaiting.map((s) => isolate(snap.seats[s]?.name ?? "")).filter((n) => n !== "");
    return h(
      "p",
      { class: "note", testid: "waiting-continue" },
      waiting.length > 0 ? `Waiting for ${waiting.join(", ")}…` : "Next round starting…",
    );
  }
}
