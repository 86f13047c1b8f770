/**
 * Writes the engine's views into the synced schema. Public facts come from the spectator view
 * `view(state, null)`; each seat's `mine` (view-tagged) from `view(state, seat)` and its legal
 * actions. Fields are only assigned when they change, so patches stay small.
 */
import type { MapSchema } from "@colyseus/schema";
import type { TableView } from "@scat/shared";
import { logger } from "../logger.ts";
import { compactLegal } from "./compact-legal.ts";
import type { Match } from "./match.ts";
import { PileState, type PrivateState, type SeatState, type TableState } from "./schema.ts";

/** Strings past this size risk damage in StateView patches (seen at ~32 KB with schema 5.0.34). */
const LARGE_STRING = 16_000;

function set<T extends object, K extends keyof T>(target: T, key: K, value: T[K]): void {
  if (target[key] === value) return;
  if (typeof value === "string" && value.length > LARGE_STRING) logger.warn({ field: String(key), length: value.length }, "large synced string");
  target[key] = value;
}

function setList(list: { length: number; [i: number]: unknown; splice(start: number, n?: number): unknown; push(...v: never[]): number }, values: readonly (string | number)[]): void {
  let same = list.length === values.length;
  for (let i = 0; same && i < values.length; i++) same = list[i] === values[i];
  if (same) return;
  list.splice(0, list.length);
  (list.push as (...v: (string | number)[]) => number)(...values);
}

function projectPiles(piles: MapSchema<PileState>, view: TableView): void {
  for (const [name, pile] of Object.entries(view.piles)) {
    let target = piles.get(name);
    if (!target) {
      target = new PileState();
      piles.set(name, target);
    }
    set(target, "count", pile.count);
    setList(target.cards as never, pile.cards);
  }
  for (const name of [...piles.keys()]) if (!(name in view.piles)) piles.delete(name);
}

function projectSeat(seat: SeatState, pub: TableView["seats"][number] | undefined): void {
  if (!pub) return;
  set(seat, "handCount", pub.handCount);
  set(seat, "score", pub.score);
  set(seat, "info", JSON.stringify(pub.info));
}

export function projectPrivate(mine: PrivateState, view: TableView, legal: unknown[]): void {
  set(mine, "hand", view.you ? view.you.hand.join(" ") : "");
  set(mine, "info", JSON.stringify(view.you?.info ?? {}));
  set(mine, "legal", JSON.stringify(compactLegal(legal)));
}

/** Projects the whole match into the table state. */
export function projectMatch(table: TableState, match: Match): void {
  const game = match.game;
  const pub = game.view(match.state, null) as TableView;
  set(table, "seedCommit", match.commitment);
  set(table, "phase", pub.phase);
  set(table, "version", match.state.version);
  set(table, "deadline", match.deadline ?? 0);
  set(table, "round", pub.round);
  set(table, "dealer", pub.dealer);
  set(table, "turn", pub.turn);
  setList(table.awaiting as never, pub.awaiting);
  projectPiles(table.piles, pub);
  set(table, "info", JSON.stringify(pub.info));
  set(table, "result", pub.result == null ? "" : JSON.stringify(pub.result));
  const outcome = game.outcome(match.state);
  set(table, "outcome", outcome ? JSON.stringify(outcome) : "");
  table.seats.forEach((seat, i) => {
    projectSeat(seat, pub.seats[i]);
    projectPrivate(seat.mine, game.view(match.state, i) as TableView, match.legal(i));
  });
}
