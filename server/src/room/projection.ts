/**
 * Writes the engine's views into the synced schema. Public facts come from the spectator view
 * `view(state, null)`; each seat's `mine` (view-tagged) from `view(state, seat)` and its legal
 * actions. The game's parts go into its typed classes (server/src/games/<game>/state.ts); every
 * write goes through `sync`, which touches only what changed, so a patch carries only changes.
 */
import { MapSchema, type ArraySchema, type Schema } from "@colyseus/schema";
import { placesBySeat } from "@scat/shared/standings.ts";
import { PRIVATE_FIELDS, SEAT_FIELDS } from "@scat/shared/wire-state.ts";
import type { GameId, TableView } from "@scat/shared";
import { GAME_STATES } from "../games/states.ts";
import { logger } from "../logger.ts";
import { compactLegal } from "./compact-legal.ts";
import type { Match } from "./match.ts";
import { OutcomeState, PileState, VariantState, LegalChoiceState, frameOf, type Frame, type PrivateState, type SeatState, type TableOptionsState, type TableState } from "./schema.ts";
import type { GameState } from "./state/game-state.ts";
import { gameFieldsOf, syncList, syncMap, syncRef, syncSchema, type Drift } from "./state/sync.ts";

function set<T extends object, K extends keyof T>(target: T, key: K, value: T[K]): void {
  if (target[key] !== value) target[key] = value;
}

const reported = new Set<string>();

/** Production: a view part the schema lacks is logged once per game and path (tests fail on it). */
function logDrift(game: string): Drift {
  return (path) => {
    const key = `${game}:${path}`;
    if (reported.has(key)) return;
    reported.add(key);
    logger.warn({ game, path }, "view field missing from the game's schema; not synced");
  };
}

export function gameStateOf(id: string): GameState {
  const kinds = GAME_STATES[id as GameId];
  if (!kinds) throw new Error(`no typed state for game "${id}"`);
  return kinds;
}

function projectPiles(piles: MapSchema<PileState>, view: TableView, drift: Drift): void {
  syncMap(piles as MapSchema, PileState, view.piles as Record<string, unknown>, drift, "piles.");
}

/** The seat's private part: hand, legal choices, private facts. */
export function projectPrivate(mine: PrivateState, view: TableView, legal: readonly unknown[], drift: Drift): void {
  syncList(mine.hand as unknown as ArraySchema, "string", view.you ? view.you.hand : [], drift, "you.hand[].");
  const choices = compactLegal(legal).map((c) => ({ type: c.type, card: c.card.join(" "), shade: c.shade.join(" "), choose: c.choose, from: c.from.join(" ") }));
  syncList(mine.legal as unknown as ArraySchema, LegalChoiceState, choices, drift, "legal[].");
  syncSchema(mine as unknown as Schema, (view.you?.info ?? {}) as Record<string, unknown>, drift, "you.info.", true, gameFieldsOf(mine.constructor, PRIVATE_FIELDS));
}

function projectSeat(seat: SeatState, pub: TableView["seats"][number] | undefined, drift: Drift): void {
  if (!pub) return;
  set(seat, "handCount", pub.handCount);
  set(seat, "score", pub.score);
  syncSchema(seat as unknown as Schema, pub.info as Record<string, unknown>, drift, "seats[].info.", false, gameFieldsOf(seat.constructor, SEAT_FIELDS));
}

/** The game's synced classes (server/src/room/schema.ts `frameOf`). */
export function frameFor(gameId: string): Frame {
  return frameOf(gameStateOf(gameId));
}

/** A synced seat of the game: its private part (and the lists in it) exist before any client is given the seat. */
export function newSeat(frame: Frame, index: number): SeatState {
  const seat = new frame.SeatState({ index });
  seat.mine = new frame.PrivateState();
  return seat;
}

/** Projects the whole match into the table state. */
export function projectMatch(table: TableState, match: Match, drift: Drift = logDrift(match.game.id)): void {
  const game = match.game;
  const kinds = gameStateOf(game.id);
  const pub = game.view(match.state, null) as TableView;
  set(table, "seedCommit", match.commitment);
  set(table, "phase", pub.phase);
  set(table, "version", match.state.version);
  set(table, "deadlineBase", match.startedAt);
  set(table, "deadline", match.deadline == null ? 0 : Math.max(1, match.deadline - match.startedAt));
  set(table, "round", pub.round);
  set(table, "dealer", pub.dealer);
  set(table, "turn", pub.turn);
  syncList(table.awaiting as unknown as ArraySchema, "uint8", pub.awaiting, drift, "awaiting[].");
  projectPiles(table.piles, pub, drift);
  table.info = syncRef(table.info, kinds.table, pub.info, drift, "info.") as TableState["info"];
  const result = pub.result == null ? undefined : syncRef(table.result, kinds.result, pub.result, drift, "result.");
  if (table.result !== result) table.result = result as TableState["result"];
  const outcome = game.outcome(match.state);
  const out = outcome ? syncRef(table.outcome, OutcomeState, { ...outcome, places: placesBySeat(game.id, match.state, outcome) }, drift, "outcome.") : undefined;
  if (table.outcome !== out) table.outcome = out as TableState["outcome"];
  table.seats.forEach((seat, i) => {
    projectSeat(seat, pub.seats[i], drift);
    projectPrivate(seat.mine, game.view(match.state, i) as TableView, match.legal(i), drift);
  });
}

/** The table's options, written once when it opens. */
export function projectOptions(target: TableOptionsState, o: { seats: number; bots: number; turnSeconds: number; reconnectSeconds: number; variants: Readonly<Record<string, boolean | number | string>> }): void {
  Object.assign(target, { seats: o.seats, bots: o.bots, turnSeconds: o.turnSeconds, reconnectSeconds: o.reconnectSeconds });
  const entries = Object.entries(o.variants);
  if (entries.length === 0) return;
  const variants = (target.variants ??= new MapSchema<VariantState>());
  for (const [key, value] of entries) {
    const v = new VariantState();
    if (typeof value === "boolean") v.flag = value;
    else if (typeof value === "number") v.number = value;
    else v.text = value;
    variants.set(key, v);
  }
}

/** Signal levels seats show (client/src/ui/table-toolbar.ts `signalLevel`): bounds in ms. */
const SIGNAL_BOUNDS = [120, 250, 500] as const;
const level = (ms: number): number => (ms <= 0 ? -1 : SIGNAL_BOUNDS.filter((b) => ms >= b).length);

/** A seat's ping is rewritten only when its signal level changes (no patch per pong). */
export function pingWorthShowing(shown: number, rttMs: number): boolean {
  return level(shown) !== level(rttMs);
}
