/**
 * The lobby's live list of public tables (net/lobby-feed.ts): per table its game, seats taken,
 * bots, options, waiting or playing, and Join (while a seat is open) or Watch.
 */
import { gameModule } from "../games/registry.ts";
import type { LobbyCounts, OpenTable } from "../net/lobby-feed.ts";
import { h } from "./dom.ts";

export interface OpenTableActions {
  join(roomId: string): void;
  watch(roomId: string): void;
}

function options(t: OpenTable): string[] {
  const defs = gameModule(t.game)?.variants ?? [];
  const variants = Object.entries(t.variants).map(([k, v]) => {
    const label = defs.find((d) => d.key === k)?.label.replace(/ \(.*\)$/, "") ?? k;
    return v === true ? label : `${label}: ${String(v)}`;
  });
  return [...(t.turnSeconds > 0 ? [`${t.turnSeconds} s turns`] : []), ...variants];
}

function row(t: OpenTable, actions: OpenTableActions): HTMLElement {
  const title = gameModule(t.game)?.title ?? t.game;
  const taken = t.players + t.bots;
  const who = [
    `${taken}/${t.seats} seated`,
    ...(t.bots > 0 ? [`${t.bots} bot${t.bots === 1 ? "" : "s"}`] : []),
    ...(t.watching > 0 ? [`${t.watching} watching`] : []),
  ];
  const join = h("button", { type: "button", class: "primary", testid: `join-${t.roomId}` }, "Join");
  const watch = h("button", { type: "button", testid: `watch-${t.roomId}` }, "Watch");
  join.addEventListener("click", () => actions.join(t.roomId));
  watch.addEventListener("click", () => actions.watch(t.roomId));
  return h(
    "li",
    { class: `open-table is-${t.status}`, testid: `open-table-${t.roomId}`, "data-game": t.game },
    h(
      "div",
      { class: "open-table-text" },
      h(
        "span",
        { class: "open-table-title" },
        h("span", {}, title),
        h("span", { class: `open-table-status is-${t.status}` }, t.status === "waiting" ? "waiting" : "playing"),
      ),
      h("span", { class: "open-table-info" }, [...who, ...options(t)].join(" · ")),
    ),
    h("div", { class: "open-table-buttons" }, ...(t.open ? [join] : []), watch),
  );
}

export class OpenTablesPanel {
  readonly el: HTMLElement;
  private readonly list: HTMLUListElement;
  private readonly counts: HTMLElement;

  constructor(private readonly actions: OpenTableActions) {
    this.list = h("ul", { class: "open-table-list", testid: "open-tables-list" });
    // Not a live region: a count changing every few seconds is not worth interrupting anyone.
    this.counts = h("span", { class: "lobby-counts", testid: "lobby-counts", hidden: true });
    this.el = h(
      "section",
      { class: "open-tables", testid: "open-tables", "aria-label": "Open tables" },
      h("div", { class: "open-tables-head" }, h("h2", {}, "Open tables"), this.counts),
      this.list,
    );
    this.update([]);
  }

  /** "N players online · M tables in play" (the lobby room's `counts`). */
  setCounts(c: LobbyCounts): void {
    const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
    this.counts.textContent = `${plural(c.online, "player", "players")} online · ${plural(c.tables, "table", "tables")} in play`;
    this.counts.dataset["online"] = String(c.online);
    this.counts.dataset["tables"] = String(c.tables);
    this.counts.hidden = false;
  }

  update(tables: readonly OpenTable[]): void {
    if (tables.length === 0) {
      this.list.replaceChildren(h("li", { class: "open-table-empty" }, "No public tables right now: quick play starts one."));
      return;
    }
    this.list.replaceChildren(...tables.map((t) => row(t, this.actions)));
  }
}
