/**
 * The way to ranked play, shown beside the Ranked buttons before any click (docs/API.md, "Ranked
 * progress"): "n of 3 casual games finished", which games count, and for the recent casual games
 * that did not count, why, in plain words.
 */
import type { RankedProgress } from "@scat/shared";
import { lobbyGames } from "../games/registry.ts";
import { h } from "../ui/dom.ts";
import { api } from "./api.ts";

const DATE = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
const gameTitle = (id: string): string => lobbyGames().find((g) => g.id === id)?.title ?? id;

export interface ProgressView {
  readonly el: HTMLElement;
  /** Reads the progress again (after the account changed, or back from a game). */
  refresh(signedIn: boolean): Promise<void>;
}

function render(p: RankedProgress): HTMLElement[] {
  const done = Math.min(p.finished, p.need);
  const headline = h(
    "p",
    { class: "progress-count", testid: "ranked-progress-count" },
    p.need === 0
      ? "Ranked is open to you."
      : p.eligible
        ? `Ranked is open to you: ${done} of ${p.need} casual games finished.`
        : `${done} of ${p.need} casual games finished before ranked play.`,
  );
  const out: HTMLElement[] = [headline];
  if (!p.eligible) {
    out.push(
      h(
        "p",
        { class: "sub", testid: "ranked-progress-rule" },
        "A casual game counts when you play it to the end on this account (a guest account too). A game you leave, or where your turns run out of time again and again, does not.",
      ),
    );
  }
  const missed = p.recent.filter((g) => !g.counts).slice(0, 5);
  if (missed.length > 0 && !p.eligible) {
    out.push(
      h("p", { class: "sub" }, "Recent games that did not count:"),
      h(
        "ul",
        { class: "progress-missed", testid: "ranked-progress-missed" },
        ...missed.map((g) => h("li", {}, `${gameTitle(g.game)}, ${DATE.format(g.at)}: ${g.why ?? "did not reach its end"}`)),
      ),
    );
  }
  return out;
}

export function progressView(): ProgressView {
  const el = h("div", { class: "ranked-progress", testid: "ranked-progress", "aria-live": "polite" });
  return {
    el,
    async refresh(signedIn: boolean): Promise<void> {
      if (!signedIn) {
        el.replaceChildren();
        return;
      }
      try {
        el.replaceChildren(...render(await api.rankedProgress()));
      } catch {
        // The Ranked button still says what is missing when it is clicked.
        el.replaceChildren();
      }
    },
  };
}
