/**
 * The account's own casual games on its profile (docs/API.md, "Game history"): the last 50, newest
 * first, with the date in the viewer's local time, the game, the place, who else sat there (a bot
 * says so) and a replay link when the server keeps one.
 */
import type { CasualGame } from "@scat/shared";
import { lobbyGames } from "../games/registry.ts";
import { replayHref } from "../replay/replay-loader.ts";
import { h } from "../ui/dom.ts";
import { api } from "./api.ts";

const DATE = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });
const gameTitle = (id: string): string => lobbyGames().find((g) => g.id === id)?.title ?? id;

/** What the player got out of the game, in words: a place, or why it ended without one. */
function resultText(g: CasualGame): string {
  if (g.outcome === "left") return "Left";
  if (g.outcome === "aborted" || g.outcome === "aborted-leave") return "Stopped early";
  if (g.place === null) return g.outcome === "timed-out" ? "Timed out" : "Played";
  const suffix = g.place % 100 >= 11 && g.place % 100 <= 13 ? "th" : (["th", "st", "nd", "rd"][g.place % 10] ?? "th");
  return `${g.place}${suffix}`;
}

function row(g: CasualGame): HTMLElement {
  const others = g.opponents.map((o) => (o.bot ? `${o.name} (bot)` : o.name)).join(", ");
  return h(
    "tr",
    { "data-table": g.tableId, testid: "casual-game" },
    h("td", {}, h("time", { datetime: new Date(g.at).toISOString() }, DATE.format(g.at))),
    h("td", {}, gameTitle(g.game)),
    h("td", { class: "num" }, resultText(g)),
    h("td", { class: "opponents", dir: "auto" }, others || "—"),
    h("td", {}, g.replay ? h("a", { href: replayHref(g.replay) }, "Replay") : "—"),
  );
}

export function casualHistory(): HTMLElement {
  const rows = h("tbody", {});
  const note = h("p", { class: "sub", testid: "casual-history-note" }, "Loading…");
  const table = h(
    "table",
    { class: "results history-table", hidden: true },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", {}, "Date"),
        h("th", {}, "Game"),
        h("th", {}, "Result"),
        h("th", {}, "Others at the table"),
        h("th", {}, "Replay"),
      ),
    ),
    rows,
  );
  const box = h("div", { class: "match-history", testid: "casual-history" }, table, note);
  api.casualGames().then(
    ({ games }) => {
      rows.replaceChildren(...games.map(row));
      table.hidden = games.length === 0;
      note.textContent =
        games.length === 0
          ? "No casual games recorded yet."
          : 'The server keeps no casual game\'s replay: save one with "Download game log" at the table.';
    },
    (err: Error) => {
      note.textContent = `The game history is not available: ${err.message}`;
    },
  );
  return box;
}
