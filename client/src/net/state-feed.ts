/**
 * Turns the room's typed schema state into `TableSnap` copies on every patch and tells listeners.
 * The wire shape below mirrors server/src/table/schema.ts without importing the server; each
 * game's facts are read generically (`plainOf`, shared/src/wire-state.ts): no JSON in the state.
 * A seat's public game facts are the seat's fields beyond the frame's (`seatFactsOf`); its own
 * seat also carries the view-tagged `hand`, `legal` and private facts `myX` (`privateFactsOf`),
 * which the snapshot keeps apart as `mine`, with the facts as `mine.info`.
 */
import type { Room } from "@colyseus/sdk";
import { expandLegal, isOwnSeat, plainObject, privateFactsOf, readChoices, seatFactsOf, type Plain } from "@scat/shared/wire-state.ts";
import {
  EMPTY_TABLE,
  type Json,
  type LegalAction,
  type PileSnap,
  type SeatRating,
  type SeatSnap,
  type TableSnap,
  type TableStatus,
} from "./snapshot.ts";

/** A decoded game-facts object (any game's class): read with `plainOf`. */
type Facts = object;

/** A seat; its fields beyond these are the game's facts of the seat (private ones named `myX`). */
interface WireSeat {
  index?: number;
  name?: string;
  occupied?: boolean;
  isBot?: boolean;
  botReason?: string;
  connected?: boolean;
  awayUntil?: number;
  ping?: number;
  handCount?: number;
  score?: number;
  /** View-tagged: only on the client's own seat. */
  hand?: Iterable<string>;
  legal?: unknown;
}

interface WirePile {
  count?: number;
  cards?: Iterable<string>;
}

interface WireVariant {
  flag?: boolean;
  number?: number;
  text?: string;
}

interface WireOptions {
  seats?: number;
  bots?: number;
  turnSeconds?: number;
  reconnectSeconds?: number;
  variants?: { forEach(cb: (value: WireVariant, key: string) => void): void };
}

export interface WireState {
  game?: string;
  status?: string;
  phase?: string;
  version?: number;
  deadlineBase?: number;
  deadline?: number;
  round?: number;
  dealer?: number;
  turn?: number;
  awaiting?: Iterable<number>;
  seats?: Iterable<WireSeat>;
  piles?: { forEach(cb: (value: WirePile, key: string) => void): void };
  info?: Facts;
  result?: Facts;
  outcome?: Facts;
  options?: WireOptions;
  isPrivate?: boolean;
  autoFillAt?: number;
}

const STATUSES: readonly TableStatus[] = ["waiting", "playing", "ended"];

const facts = (v: Facts | undefined): Json => plainObject(v, {}) as Json;

function seatSnap(s: WireSeat, i: number): SeatSnap {
  return {
    index: s.index ?? i,
    name: s.name ?? "",
    occupied: s.occupied ?? false,
    isBot: s.isBot ?? false,
    botReason: s.botReason ?? "",
    connected: s.connected ?? false,
    awayUntil: s.awayUntil ?? 0,
    ping: s.ping ?? 0,
    handCount: s.handCount ?? 0,
    score: s.score ?? 0,
    info: seatFactsOf(s) as Json,
    mine: isOwnSeat(s)
      ? { hand: Array.from(s.hand!), legal: expandLegal(readChoices(s.legal)) as LegalAction[], info: privateFactsOf(s) as Json }
      : null,
  };
}

function pilesSnap(state: WireState): Record<string, PileSnap> {
  const out: Record<string, PileSnap> = {};
  state.piles?.forEach((p, key) => {
    out[key] = { count: p.count ?? 0, cards: p.cards ? Array.from(p.cards) : [] };
  });
  return out;
}

function optionsSnap(o: WireOptions | undefined): Json {
  if (!o) return {};
  const variants: Record<string, Plain> = {};
  o.variants?.forEach((v, key) => {
    variants[key] = v.flag ?? v.number ?? v.text ?? null;
  });
  return { seats: o.seats ?? 0, bots: o.bots ?? 0, turnSeconds: o.turnSeconds ?? 0, reconnectSeconds: o.reconnectSeconds ?? 0, variants };
}

export function toSnapshot(state: WireState | undefined): TableSnap {
  if (!state) return EMPTY_TABLE;
  const status = STATUSES.find((s) => s === state.status) ?? "waiting";
  return {
    game: state.game ?? "",
    status,
    phase: state.phase ?? "",
    version: state.version ?? 0,
    deadline: state.deadline ? (state.deadlineBase ?? 0) + state.deadline : 0,
    round: state.round ?? 0,
    dealer: state.dealer ?? -1,
    turn: state.turn ?? -1,
    awaiting: state.awaiting ? Array.from(state.awaiting) : [],
    seats: state.seats ? Array.from(state.seats, seatSnap) : [],
    piles: pilesSnap(state),
    info: facts(state.info),
    result: state.result ? (plainObject(state.result, null) as Json | null) : null,
    outcome: state.outcome ? (plainObject(state.outcome, null) as Json | null) : null,
    options: optionsSnap(state.options),
    isPrivate: state.isPrivate ?? false,
    autoFillAt: state.autoFillAt ?? 0,
  };
}

export type SnapListener = (snap: TableSnap, prev: TableSnap) => void;

/** A ranked table's snapshot: marked ranked, each rated seat with its rating. */
export function withRatings(snap: TableSnap, ratings: ReadonlyMap<number, SeatRating> | null): TableSnap {
  if (ratings === null) return snap;
  return { ...snap, ranked: true, seats: snap.seats.map((s) => (ratings.has(s.index) ? { ...s, rating: ratings.get(s.index)! } : s)) };
}

export class StateFeed {
  private snap: TableSnap = EMPTY_TABLE;
  private readonly listeners = new Set<SnapListener>();
  private state: WireState | undefined;
  /** Set by the server's `rankedSeats` (a ranked table): seat -> rating. */
  private ratings: ReadonlyMap<number, SeatRating> | null = null;

  constructor(room: Room<unknown, WireState>) {
    room.onStateChange((state) => this.update(state));
    if (room.state) this.snap = toSnapshot(room.state);
  }

  /** The table is ranked: its seats' ratings (net/table-session.ts hears `rankedSeats`). */
  setRatings(ratings: ReadonlyMap<number, SeatRating>): void {
    this.ratings = ratings;
    const prev = this.snap;
    this.snap = withRatings(this.state ? toSnapshot(this.state) : prev, ratings);
    for (const fn of this.listeners) fn(this.snap, prev);
  }

  get current(): TableSnap {
    return this.snap;
  }

  /** Calls `fn` now and on every later change; returns the unsubscribe function. */
  subscribe(fn: SnapListener): () => void {
    this.listeners.add(fn);
    fn(this.snap, EMPTY_TABLE);
    return () => this.listeners.delete(fn);
  }

  private update(state: WireState): void {
    const prev = this.snap;
    this.state = state;
    this.snap = withRatings(toSnapshot(state), this.ratings);
    for (const fn of this.listeners) fn(this.snap, prev);
  }
}
