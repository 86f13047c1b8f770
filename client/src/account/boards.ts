/**
 * The leaderboard (top 100 of a game, your rank and the players around you) and a player's
 * profile (a rating per game, a rating-history chart, recent ranked matches), as panels over the
 * lobby. One panel at a time; Esc, Close or a click outside closes it.
 */
import { lobbyGames } from "../games/registry.ts";
import { Dialog } from "../ui/dialog.ts";
import { h } from "../ui/dom.ts";
import { api, knownPlayerId, ratingText, type BoardEntry, type HistoryPoint } from "./api.ts";
import { replayHref } from "../replay/replay-loader.ts";
import { historyChart } from "./rating-chart.ts";

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
} as const;

const gameTitle = (id: string): string => lobbyGames().find((g) => g.id === id)?.title ?? id;

function boardTable(rows: readonly BoardEntry[], me: string | null, testid: string): HTMLElement {
  return h("table", { class: "results board-table", testid },
    h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, "Player"), h("th", {}, "Rating"), h("th", {}, "Games"))),
    h("tbody", {}, ...rows.map((r) => {
      const name = h("a", { href: "#", class: "player-link", "data-player": r.playerId, dir: "auto" }, r.name);
      name.addEventListener("click", (e) => { e.preventDefault(); void openProfile(r.playerId); });
      return h("tr", { class: r.playerId === me ? "me winner" : "", "data-player": r.playerId },
        h("td", { class: "num" }, String(r.rank)), h("td", { class: "name" }, name), h("td", { class: "num rating" }, ratingText(r)), h("td", { class: "num" }, String(r.games)));
    })));
}

export async function openLeaderboard(game: string): Promise<void> {
  const me = knownPlayerId();
  const picker = h("select", { testid: "board-game" }, ...lobbyGames().filter((g) => g.playable).map((g) => h("option", { value: g.id, selected: g.id === game }, g.title)));
  const body = h("div", { testid: "board-body" }, "Loading…");
  modal("leaderboard", "Leaderboard", h("label", { class: "field" }, h("span", {}, "Game"), picker), body);
  picker.addEventListener("change", () => void openLeaderboard(picker.value));
  try {
    const board = await api.leaderboard(game);
    body.replaceChildren(
      board.me ? h("p", { class: "sub", testid: "board-me" }, `You are #${board.me.rank} with ${ratingText(board.me)}`) : h("p", { class: "sub", testid: "board-unlisted" }, UNLISTED[board.unlisted ?? "none"]),
      board.top.length === 0 ? h("p", {}, "Nobody has played ranked yet.") : boardTable(board.top, me, "board-top"),
      board.me && board.me.rank > board.top.length ? h("div", {}, h("h3", {}, "Around you"), boardTable(board.around, me, "board-around")) : h("span"));
  } catch (err) {
    body.textContent = `The leaderboard is not available: ${(err as Error).message}`;
  }
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
      h("p", { class: "sub", testid: "profile-completion" }, rate === null || rate === undefined ? "No games recorded yet." : `Completed ${Math.round(rate * 100)}% of ${p.conduct!.games} recorded games`),
      h("table", { class: "results", testid: "profile-ratings" },
        h("thead", {}, h("tr", {}, h("th", {}, "Game"), h("th", {}, "Rating"), h("th", {}, "Games"), h("th", {}, "Wins"))),
        h("tbody", {}, ...p.ratings.map((r) => h("tr", { "data-game": r.game }, h("td", {}, gameTitle(r.game)), h("td", { class: "num rating" }, ratingText(r)), h("td", { class: "num" }, String(r.games)), h("td", { class: "num" }, String(r.wins)))))),
      games.length > 0 ? h("label", { class: "field" }, h("span", {}, "Rating history"), picker) : h("p", {}, "No ranked games yet."),
      chartBox,
      h("h3", {}, "Recent ranked games"),
      h("ul", { class: "recent", testid: "profile-recent" }, ...p.recent.map((m) =>
        h("li", {}, `${gameTitle(m.game)}: place ${m.place}, ${m.ratingAfter} (${m.delta >= 0 ? "+" : "−"}${Math.abs(m.delta)}) · `,
          h("a", { href: replayHref(m.matchId), testid: `replay-${m.matchId}` }, "replay"), " · ",
          h("a", { href: `${api.logUrl(m.matchId)}`, download: `${m.matchId}.json` }, "game log")))));
    if (games[0]) await draw(games[0]);
  } catch (err) {
    body.textContent = `The profile is not available: ${(err as Error).message}`;
  }
}
