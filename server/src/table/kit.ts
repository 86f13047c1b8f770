/**
 * What features add to a table, without the table naming them: typed table events with their
 * listeners, reservation gates, join checks, message handlers and calls other processes may make
 * on a table. The composition root (compose.ts) fills one kit per server and hands it to the room
 * class it defines (`withKit`); the room only emits, runs and dispatches. Listeners, gates and
 * handlers take the room as an argument, so a table carries no closures and no emitter of its own
 * (docs/BENCHMARKS.md, memory per player).
 */
import type { Client } from "@colyseus/core";

/** The table's events: the table publishes them and never names who listens. `R`: the room. */
export interface TableEvents<R, M = unknown, F = string> {
  /** The table is set up (before a resumed table restores its game). */
  created: { readonly room: R };
  /** A connection arrived (a player or a spectator), before it is seated. */
  connected: { readonly room: R; readonly client: Client; readonly options: unknown };
  /** A player's seat is theirs here now (a join, a reclaim, a resumed game's seats). */
  seatHeld: { readonly room: R; readonly playerId: string | null };
  /** A player sat down and the table has told the waiting list (a join, a reclaim or a takeover). */
  seated: { readonly room: R; readonly client: Client };
  /** These seats are no longer those players': freed while waiting, left on purpose, or the game is over. */
  seatsReleased: { readonly room: R; readonly playerIds: readonly (string | null)[] };
  /** A connection's join was refused in its authorisation: whatever it claimed goes. */
  refused: { readonly room: R; readonly sessionId: string };
  /** A connection left (before the table looks at its seat). */
  left: { readonly room: R; readonly sessionId: string };
  /** The game is over (just now, or before a crash): before the table rates or records it. */
  gameOver: { readonly room: R; readonly match: M };
  /** A seat raised a fair-play flag: a signal for operators, never a sanction. */
  fairPlayFlag: { readonly room: R; readonly seat: number; readonly flag: F; readonly evidence: Record<string, unknown> };
  /** The table is gone. */
  disposed: { readonly room: R };
}

/** A tiny synchronous emitter: listeners run in the order they were added; an exception goes to the emitter's caller. */
export class Emitter<E> {
  private readonly listeners = new Map<keyof E, ((event: never) => void)[]>();

  on<K extends keyof E>(type: K, listener: (event: E[K]) => void): void {
    const list = this.listeners.get(type) ?? [];
    list.push(listener as (event: never) => void);
    this.listeners.set(type, list);
  }

  emit<K extends keyof E>(type: K, event: E[K]): void {
    const list = this.listeners.get(type);
    if (list) for (const listener of list) (listener as (event: E[K]) => void)(event);
  }

  /** Whether anyone listens (an emitter with none builds no event). */
  has(type: keyof E): boolean {
    return this.listeners.has(type);
  }
}

/**
 * A reservation gate: runs on each matchmaking reservation (not a reconnection), in the order the
 * gates were added, before the table's own seat claim. False sends the matchmaker to another table.
 */
export interface ReservationGate<R> {
  admit(room: R, sessionId: string, options: unknown): boolean;
  /** The reservation this gate let through failed further on (or a reconnection's did). */
  refused?(room: R, sessionId: string): void;
}

/** What the table knows of a join when it checks it. */
export interface JoinCheck<R> {
  /** Before anyone is identified (players and spectators): throws a refusal for the client. */
  connecting?(room: R, sessionId: string, options: unknown): void;
  /** A player with `account` (null: none) and the accounts its device and address link it to: the refusal text, or null. */
  sitting?(room: R, account: string | null, links: readonly string[]): Promise<string | null> | null;
}

/** A table rebuilt from its journal: the options it was created with (the rest is the journal's own). */
export interface Resumed {
  readonly options: unknown;
}

/**
 * The journal port: where a table's steps go before their effects are shown, so it outlives its
 * process. Without a journal every step is shown at once and nothing is kept.
 */
export interface JournalPort<R> {
  /** onCreate: a resumed table's journal (its roomId set from it), or null. */
  created(room: R, options: unknown): Resumed | null;
  /** Rebuilds the resumed table's seats and game from its journal. */
  restore(room: R, resumed: Resumed): void;
  /** Journals the match's new steps, then runs `effects` (at once, or once the store has them). */
  commit(room: R, effects: () => void): void;
  /** True when no journal write of the room is waiting. */
  settled(room: R): boolean;
  /** True while the table must not apply steps (a write unanswered too long). */
  saving(room: R): boolean;
  /** A race holds a press (journalled beside the steps). */
  held(room: R, press: unknown): void;
  /** A waiting table's seats changed. */
  waitingChanged(room: R): void;
  /** The game is over: its journal goes once written. */
  ended(room: R): void;
  /** The table is gone. */
  disposed(room: R): void;
}

/** No journal: every step's effects at once, nothing kept. */
const NO_JOURNAL: JournalPort<never> = {
  created: () => null,
  restore: () => undefined,
  commit: (_room, effects) => effects(),
  settled: () => true,
  saving: () => false,
  held: () => undefined,
  waitingChanged: () => undefined,
  ended: () => undefined,
  disposed: () => undefined,
};

/** A message handler: the room, its replies (rate limit and rejections), the sender and the payload. */
export type MessageHandler<R, P> = (room: R, replies: P, client: Client, payload: unknown) => unknown;

/** Everything the features of one server add to its tables. */
export class TableKit<R, P = unknown, M = unknown, F = string> {
  readonly events = new Emitter<TableEvents<R, M, F>>();
  readonly gates: ReservationGate<R>[] = [];
  readonly checks: JoinCheck<R>[] = [];
  /** Message types a client may send, with their handlers (the table's own first). */
  readonly messages = new Map<string, MessageHandler<R, P>>();
  /** Methods another process may call on a table by its id (`matchMaker.remoteRoomCall`). */
  readonly calls = new Map<string, (room: R, ...args: unknown[]) => unknown>();
  /** Where the steps are journalled (one journal per server). */
  journal: JournalPort<R> = NO_JOURNAL;

  useJournal(journal: JournalPort<R>): this {
    this.journal = journal;
    return this;
  }

  gate(gate: ReservationGate<R>): this {
    this.gates.push(gate);
    return this;
  }

  check(check: JoinCheck<R>): this {
    this.checks.push(check);
    return this;
  }

  handle(type: string, handler: MessageHandler<R, P>): this {
    if (this.messages.has(type)) throw new Error(`table message "${type}" is handled twice`);
    this.messages.set(type, handler);
    return this;
  }

  call(name: string, method: (room: R, ...args: unknown[]) => unknown): this {
    if (this.calls.has(name)) throw new Error(`table call "${name}" is defined twice`);
    this.calls.set(name, method);
    return this;
  }
}

/**
 * Puts a kit on a room class made for one server: `kit` is read from the prototype (no field per
 * table) and each of the kit's calls becomes a method, as other processes call a table's methods by name.
 */
export function installKit(
  prototype: object,
  kit: { readonly calls: ReadonlyMap<string, (room: never, ...args: unknown[]) => unknown> },
): void {
  Object.defineProperty(prototype, "kit", { value: kit, configurable: true });
  for (const [name, method] of kit.calls) {
    Object.defineProperty(prototype, name, {
      value(this: never, ...args: unknown[]) {
        return method(this, ...args);
      },
      configurable: true,
      writable: true,
    });
  }
}
