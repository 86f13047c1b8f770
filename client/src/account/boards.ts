/**
 * The leaderboard (top 100 of a game, your rank and the players around you) and a player's
 * profile (a rating per game, a rating-history chart, recent ranked matches), as panels over the
 * lobby. One panel at a time; Esc, Close or a click outside closes it.
 */
import { lobbyGames } from "../games/registry.ts";
import { Dialog } from "../ui/dialog.ts";
import { h } from "../ui/dom.ts";
import type { MatchHistoryEntry } from "@scat/shared";
import { api, knownPlayerId, ratingText, type BoardEntry, type HistoryPoint } from "./api.ts";
import { replayHref } from "../replay/replay-loader.ts";
import { historyChart } from "./rating-chart.ts";
import { casualHistory } from "./casual-history.ts";

const dialog = new Dialog();

export function closeBoard(): void {
  dialog.close();
}

function modal(testid: string, title: string, ...body: HTMLElement[]): HTMLElement {
  return dialog.show({ testid, title, extraClass: "board" }, ...body);
}

/** Why the player is not on the board (the server lists established, active, unmarked accounts). */
const UNLISTED = {
  none: "Play a ranked game to appear here.",
  provisional: "Your rating is still provisional: play more rated games to be listed.",
  inactive: "The board lists players with a rated game in the last few weeks: play a ranked game to return.",
  marked: "This account was removed from the leaderboards by an operator.",
  held: "Your recent results are waiting for an operator's review: you are listed again once it is done. You can keep playing.",
  "few-opponents": "The board lists players who have met several established opponents: play ranked against more players to be listed.",
} as const;

const gameTitle = (id: string): string => lobbyGames().find((g) => g.id === id)?.title ?? id;

function boardTable(rows: readonly BoardEntry[], me: string | null, testid: string): HTMLElement {
  return h(
    "table",
    { class: "results board-table", testid },
    h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, "Player"), h("th", {}, "Rating"), h("th", {}, "Games"))),
    h(
      "tbody",
      {},
      ...rows.map((r) => {
        const name = h("a", { href: "#", class: "player-link", "data-player": r.playerId, dir: "auto" }, r.name);
        name.addEventListener("click", (e) => {
          e.preventDefault();
          void openProfile(r.playerId);
        });
        return h(
          "tr",
          { class: r.playerId === me ? "me winner" : "", "data-player": r.playerId },
          h("td", { class: "num" }, String(r.rank)),
          h("td", { class: "name" }, name),
          h("td", { class: "num rating" }, ratingText(r)),
          h("td", { class: "num" }, String(r.games)),
        );
      }),
    ),
  );
}

export async function openLeaderboard(game: string): Promise<void> {
  const me = knownPlayerId();
  const picker = h(
    "select",
    { testid: "board-game" },
    ...lobbyGames()
      .filter((g) => g.playable)
      .map((g) => h("option", { value: g.id, selected: g.id === game }, g.title)),
  );
  const body = h("div", { testid: "board-body" }, "Loading…");
  modal("leaderboard", "Leaderboard", h("label", { class: "field" }, h("span", {}, "Game"), picker), body);
  picker.addEventListener("change", () => void openLeaderboard(picker.value));
  try {
    const board = await api.leaderboard(game);
    body.replaceChildren(
      board.me
        ? h("p", { class: "sub", testid: "board-me" }, `You are #${board.me.rank} with ${ratingText(board.me)}`)
        : h("p", { class: "sub", testid: "board-unlisted" }, UNLISTED[board.unlisted ?? "none"]),
      board.top.length > 0
        ? boardTable(board.top, me, "board-top")
        : h(
            "p",
            { testid: "board-empty" },
            (board.provisional ?? []).length > 0
              ? `Nobody has ${board.minGames ?? 10} rated games yet: players join the board with their ${board.minGames ?? 10}th.`
              : "Nobody has played ranked yet.",
          ),
      board.me && board.me.rank > board.top.length
        ? h("div", {}, h("h3", {}, "Around you"), boardTable(board.around, me, "board-around"))
        : h("span"),
      // Players still provisional are listed apart, under the board: they play ranked, they are not ranked yet.
      (board.provisional ?? []).length > 0
        ? h(
            "div",
            { testid: "board-provisional-box" },
            h("h3", {}, `Provisional (fewer than ${board.minGames ?? 10} games)`),
            boardTable(board.provisional ?? [], me, "board-provisional"),
          )
        : h("span"),
    );
  } catch (err) {
    body.textContent = `The leaderboard is not available: ${(err as Error).message}`;
  }
}

const DATE = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });

function placeText(place: number): string {
  const suffix = place % 100 >= 11 && place % 100 <= 13 ? "th" : (["th", "st", "nd", "rd"][place % 10] ?? "th");
  return `${place}${suffix}`;
}

/** One match: date, game, opponents (each opens their profile), place, change, replay and log. */
function historyRow(m: MatchHistoryEntry): HTMLElement {
  const who = m.opponents.flatMap((o, i) => {
    const link = h("a", { href: "#", class: "player-link", dir: "auto", "data-player": o.playerId }, o.name || "Player");
    link.addEventListener("click", (e) => {
      e.preventDefault();
      void openProfile(o.playerId);
    });
    return i === 0 ? [link] : [", ", link];
  });
  const change = `${m.delta >= 0 ? "+" : "−"}${Math.abs(m.delta)}`;
  return h(
    "tr",
    { "data-match": m.matchId, testid: `match-${m.matchId}` },
    h("td", {}, h("time", { datetime: new Date(m.endedAt).toISOString() }, DATE.format(m.endedAt))),
    h("td", {}, gameTitle(m.game)),
    h("td", { class: "opponents" }, ...who),
    h("td", { class: "num" }, placeText(m.place)),
    h("td", { class: `num delta ${m.delta >= 0 ? "up" : "down"}`, title: `${m.ratingBefore} → ${m.ratingAfter}` }, change),
    h("td", {}, m.replay ? h("a", { href: replayHref(m.matchId), testid: `replay-${m.matchId}` }, "Replay") : "—"),
  );
}

/** The player's ranked matches, ten at a time ("Show more" reads the next page). */
function matchHistory(playerId: string): HTMLElement {
  const rows = h("tbody", {});
  const more = h("button", { type: "button", testid: "profile-more", hidden: true }, "Show more");
  const note = h("p", { class: "sub", testid: "profile-history-note" }, "Loading…");
  const box = h(
    "div",
    { class: "match-history", testid: "profile-recent" },
    h(
      "table",
      { class: "results history-table" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", {}, "Date"),
          h("th", {}, "Game"),
          h("th", {}, "Opponents"),
          h("th", {}, "Place"),
          h("th", {}, "Rating"),
          h("th", {}, "Replay"),
        ),
      ),
      rows,
    ),
    note,
    more,
  );
  let next: string | null = null;
  const load = async (): Promise<void> => {
    more.disabled = true;
    try {
      const page = await api.matches(playerId, next);
      rows.append(...page.matches.map(historyRow));
      next = page.next;
      note.textContent = rows.children.length === 0 ? "No ranked games yet." : "";
      more.hidden = next === null;
    } catch (err) {
      note.textContent = `The match history is not available: ${(err as Error).message}`;
    }
    more.disabled = false;
  };
  more.addEventListener("click", () => void load());
  void load();
  return box;
}

export async function openProfile(playerId: string): Promise<void> {
  const body = h("div", { testid: "profile-body" }, "Loading…");
  const el = modal("profile", "Player", body);
  try {
    const p = await api.profile(playerId);
    const title = el.querySelector("h2")!;
    title.textContent = p.player.name;
    title.dir = "auto";
    const chartBox = h("div", { class: "chart-box", testid: "rating-chart-box" });
    const games = p.ratings.map((r) => r.game);
    const picker = h("select", { testid: "profile-game" }, ...games.map((g) => h("option", { value: g }, gameTitle(g))));
    const draw = async (game: string): Promise<void> => {
      const { history } = await api.history(playerId, game);
      chartBox.replaceChildren(historyChart(history as HistoryPoint[]));
    };
    picker.addEventListener("change", () => void draw(picker.value));
    const rate = p.conduct?.completionRate;
    body.replaceChildren(
      h(
        "p",
        { class: "sub", testid: "profile-completion" },
        rate === null || rate === undefined
          ? "No games recorded yet."
          : `Completed ${Math.round(rate * 100)}% of ${p.conduct!.games} recorded games`,
      ),
      h(
        "table",
        { class: "results", testid: "profile-ratings" },
        h("thead", {}, h("tr", {}, h("th", {}, "Game"), h("th", {}, "Rating"), h("th", {}, "Games"), h("th", {}, "Wins"))),
        h(
          "tbody",
          {},
          ...p.ratings.map((r) =>
            h(
              "tr",
              { "data-game": r.game },
              h("td", {}, gameTitle(r.game)),
              h("td", { class: "num rating" }, ratingText(r)),
              h("td", { class: "num" }, String(r.games)),
              h("td", { class: "num" }, String(r.wins)),
            ),
          ),
        ),
      ),
      games.length > 0 ? h("label", { class: "field" }, h("span", {}, "Rating history"), picker) : h("p", {}, "No ranked games yet."),
      chartBox,
      h("h3", {}, "Recent ranked games"),
      matchHistory(playerId),
      // Casual games are the account's own to read (docs/API.md, "Game history"): shown on one's own profile.
      ...(playerId === knownPlayerId() ? [h("h3", {}, "Casual games"), casualHistory()] : []),
    );
    if (games[0]) await draw(games[0]);
  } catch (err) {
    body.textContent = `The profile is not available: ${(err as Error).message}`;
  }
}
