/**
 * Writes the engine's views into the synced schema. Public facts come from the spectator view
 * `view(state, null)`; each seat's view-tagged fields from `view(state, seat)` and its legal
 * actions. The game's parts go into its typed classes (server/src/games/<game>/state.ts); every
 * write goes through `sync`, which touches only what changed, so a patch carries only changes.
 */
import { MapSchema, type ArraySchema, type Schema } from "@colyseus/schema";
import { placesBySeat } from "@scat/shared/standings.ts";
import { PRIVATE_FIELDS, SEAT_FIELDS, privateFact, privateField } from "@scat/shared/wire-state.ts";
import type { GameId, TableView } from "@scat/shared";
import { GAME_STATES } from "../games/states.ts";
import { logger } from "../logger.ts";
import { compactLegal } from "./compact-legal.ts";
import type { Match } from "./match.ts";
import {
  OutcomeState,
  PileState,
  VariantState,
  LegalChoiceState,
  frameOf,
  type Frame,
  type SeatState,
  type TableOptionsState,
  type TableState,
} from "./schema.ts";
import type { GameState } from "./state/game-state.ts";
import { fieldsOf, syncList, syncMap, syncRef, syncSchema, type Drift } from "./state/sync.ts";

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

type Fields = ReturnType<typeof fieldsOf>;
const factFields = new WeakMap<object, { pub: Fields; own: Fields }>();

/** A seat class's game fields: its public facts and its view-tagged private facts (`my…`). */
function seatFactFields(ctor: object): { pub: Fields; own: Fields } {
  let f = factFields.get(ctor);
  if (!f) {
    const all = fieldsOf(ctor);
    const isFrame = (name: string): boolean => SEAT_FIELDS.includes(name) || PRIVATE_FIELDS.includes(name);
    f = { pub: all.filter((x) => !isFrame(x.name) && privateFact(x.name) === null), own: all.filter((x) => privateFact(x.name) !== null) };
    factFields.set(ctor, f);
  }
  return f;
}

/** The seat's view-tagged part: hand, legal choices, private facts (`x` as the field `myX`). */
export function projectPrivate(seat: SeatState, view: TableView, legal: readonly unknown[], drift: Drift): void {
  syncList(seat.hand as unknown as ArraySchema, "string", view.you ? view.you.hand : [], drift, "you.hand[].");
  const choices = compactLegal(legal).map((c) => ({
    type: c.type,
    card: c.card.join(" "),
    shade: c.shade.join(" "),
    choose: c.choose,
    from: c.from.join(" "),
  }));
  syncList(seat.legal as unknown as ArraySchema, LegalChoiceState, choices, drift, "legal[].", true);
  const facts: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(view.you?.info ?? {})) facts[privateField(k)] = v;
  syncSchema(seat as unknown as Schema, facts, drift, "you.info.", true, seatFactFields(seat.constructor).own);
}

function projectSeat(seat: SeatState, pub: TableView["seats"][number] | undefined, drift: Drift): void {
  if (!pub) return;
  set(seat, "handCount", pub.handCount);
  set(seat, "score", pub.score);
  syncSchema(
    seat as unknown as Schema,
    pub.info as Record<string, unknown>,
    drift,
    "seats[].info.",
    false,
    seatFactFields(seat.constructor).pub,
  );
}

/** The game's synced classes (server/src/table/schema.ts `frameOf`). */
export function frameFor(gameId: string): Frame {
  return frameOf(gameStateOf(gameId));
}

/** A synced seat of the game: its view-tagged lists exist before any client is given the seat. */
export function newSeat(frame: Frame, index: number): SeatState {
  return new frame.SeatState({ index });
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
  const out = outcome
    ? syncRef(table.outcome, OutcomeState, { ...outcome, places: placesBySeat(game.id, match.state, outcome) }, drift, "outcome.")
    : undefined;
  if (table.outcome !== out) table.outcome = out as TableState["outcome"];
  table.seats.forEach((seat, i) => {
    projectSeat(seat, pub.seats[i], drift);
    projectPrivate(seat, game.view(match.state, i) as TableView, match.legal(i), drift);
  });
}

/** The table's options, written once when it opens. */
export function projectOptions(
  target: TableOptionsState,
  o: {
    seats: number;
    bots: number;
    turnSeconds: number;
    reconnectSeconds: number;
    variants: Readonly<Record<string, boolean | number | string>>;
  },
): void {
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
