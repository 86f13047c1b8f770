/**
 * A table's game from the deal on (ARCHITECTURE.md, "The room"): runs each action or expired
 * deadline through `Match`, journals the step (durable/), then projects it into the synced
 * schema, sends the events redacted per seat, arms the clock for the next deadline and lets the
 * bots move. The room wires it (table-room.ts) and owns the connections.
 */
import type { Client } from "@colyseus/core";
import { SERVER_MESSAGES, type GameEvent, type Rejection } from "@scat/shared";
import { logger } from "../logger.ts";
import { corkForStep } from "../net/cork.ts";
import { actionPatchSeconds, gamesStarted } from "../metrics.ts";
import { publishGameLog, type LogHost } from "./fairness.ts";
import { HELD, isRejection, type GamePlugin } from "./game-plugin.ts";
import type { TableHost, Timer } from "./host.ts";
import type { JournalPort } from "./kit.ts";
import { Match } from "./match.ts";
import { PendingDeal, type PendingDealRecord } from "../entropy/pending-deal.ts";
import { projectMatch } from "./projection.ts";
import type { TableState } from "./schema.ts";
import type { Slot } from "./seating.ts";
import type { TableOptions } from "./table-options.ts";
import { stalledSeats } from "../conduct/table-conduct.ts";

const SAVING: Rejection = { code: "saving", message: "The table is saving, one moment" };

export type PlayHost = TableHost &
  LogHost & {
    /** Where the steps are journalled before their effects go out (kit.ts, the journal port). */
    readonly journal: JournalPort<PlayHost>;
    match: Match | null;
    readonly plugin: GamePlugin | null;
    readonly table: TableOptions;
    readonly state: TableState;
    readonly clients: Client[];
    readonly waiting: { changed(): void; seatsChanged(): void };
    readonly admission: { refresh(): void };
    readonly bots: { schedule(): void };
    /** Journals a waiting table (its seats, and a deal waiting for values). */
    journalSeats(): void;
    /** Each seat's turns and timeouts, for the conduct record (conduct/table-conduct.ts). */
    readonly conduct: { acted(seat: number): void; timedOut(seats: readonly number[]): void };
    /** The game is over (just now, or before a crash): conduct and ranked rating (table-room.ts). */
    gameOver(match: Match): void;
    /** Set for a ranked table, whose journal goes once its rating is committed. */
    readonly ranked: object | null;
  };

/** Whose action made a step: its seat, the sender's session (null: a bot) and the sender's action id. */
interface StepBy {
  readonly seat: number;
  readonly sessionId: string | null;
  readonly id: number | null;
}

export class TablePlay {
  private deadlineTimer: Timer | null = null;
  /** Sessions that answer `shuffle` with a value (joined with `shuffle: true`). */
  private readonly contributors = new Set<string>();
  /** The deal committed to and waiting for the players' values (docs/FAIRNESS.md, "Players' entropy"). */
  private pending: PendingDeal | null = null;
  private pendingTimer: Timer | null = null;

  constructor(private readonly room: PlayHost) {}

  /** A client joined with `shuffle: true`: the deal waits for its value. */
  contributes(sessionId: string): void {
    this.contributors.add(sessionId);
  }

  forget(sessionId: string): void {
    this.contributors.delete(sessionId);
  }

  /** True while the seats are full and the deal waits for the players' values. */
  get collecting(): boolean {
    return this.pending !== null;
  }

  /** What the journal keeps of a deal waiting for values. */
  pendingRecord(): PendingDealRecord | null {
    return this.pending?.record() ?? null;
  }

  /**
   * Every seat is taken: commit to the seed (the state shows `seedCommit`), ask each contributing
   * player for a value, and deal once all have answered or `shuffleWaitMs` has passed.
   */
  start(pending: PendingDeal = new PendingDeal()): void {
    const room = this.room;
    if (room.match || this.pending) return;
    this.pending = pending;
    room.state.seedCommit = pending.commitment;
    for (const client of room.clients) {
      const slot = room.seating.bySession(client.sessionId);
      if (!slot || slot.isBot || !this.contributors.has(client.sessionId)) continue;
      pending.await(slot.index);
      client.send(SERVER_MESSAGES.shuffle, { commitment: pending.commitment });
    }
    if (pending.complete || room.config.shuffleWaitMs === 0) return this.deal();
    room.journalSeats();
    this.pendingTimer = room.clock.setTimeout(() => this.deal(), room.config.shuffleWaitMs);
  }

  /** A seat's value arrived; the rejection to send back, or null. The last awaited value deals. */
  shuffle(slot: Slot, payload: unknown): Rejection | null {
    const pending = this.pending;
    if (!pending) return { code: "not-shuffling", message: "No deal is waiting for a value" };
    const rejection = pending.offer(slot.index, payload);
    if (rejection) return rejection;
    if (pending.complete) this.deal();
    else this.room.journalSeats();
    return null;
  }

  /** A table resumed while its deal waited for values: it deals now from the journalled commitment and values. */
  resumeDeal(record: PendingDealRecord): void {
    this.start(PendingDeal.restore(record));
    if (this.pending) this.deal();
  }

  /** Deals from the committed seed and every seat's value (missing for a player who did not answer). */
  private deal(): void {
    const room = this.room;
    const pending = this.pending;
    if (!pending || room.match) return;
    this.pending = null;
    this.pendingTimer?.clear();
    this.pendingTimer = null;
    const entropy = pending.entropy(room.seating.slots);
    const missing = entropy.filter((e) => e.source === "missing").map((e) => e.seat);
    if (missing.length > 0) logger.info({ room: room.roomId, seats: missing }, "dealt without some players' shuffle values");
    const match = (room.match = new Match(room.game, room.table.engine, Date.now(), pending.seed, pending.salt, entropy));
    room.state.status = "playing";
    gamesStarted.inc({ game: room.game.id });
    room.admission.refresh();
    room.waiting.seatsChanged();
    logger.info({ room: room.roomId, game: room.game.id, seats: room.table.seats }, "game started");
    this.afterStep(match.setupEvents);
  }

  /** A table resumed from its journal (durable/restore.ts): the rebuilt match goes on here. */
  resume(match: Match): void {
    const room = this.room;
    room.match = match;
    room.state.status = match.over ? "ended" : "playing";
    room.admission.refresh();
    room.waiting.seatsChanged();
    projectMatch(room.state, match);
    // Its process died after the last step and before a ranked game was rated: it is rated here (once per match id).
    if (match.over) {
      publishGameLog(room, match);
      room.gameOver(match);
    }
    room.plugin?.afterStep?.(room, []);
    this.armDeadline();
    room.bots.schedule();
  }

  /** Runs a seat's action; returns the rejection to send back, or null. */
  act(slot: Slot, parsed: { type: string }, client: Client | null, raw: unknown, id: number | null = null): Rejection | null {
    const room = this.room;
    if (!room.match) return { code: "not-started", message: "The game has not started yet" };
    // Nothing is applied while the last steps wait for the journal (docs/OPERATIONS.md, "Consistency").
    if (room.journal.saving(room)) return SAVING;
    const arrived = performance.now();
    const from = room.state.version;
    const prepared = room.plugin?.prepareAction?.(room, client, slot, parsed, raw, id) ?? parsed;
    if (prepared === HELD) return null;
    if (isRejection(prepared)) return prepared;
    // Presses a race holds (a Dark Hand call at the deal) apply before anything after them.
    room.plugin?.beforeStep?.(room);
    if (!room.match) return { code: "not-started", message: "The game has not started yet" };
    this.expireIfDue();
    const res = room.match.act(slot.index, prepared, Date.now());
    if (!res.ok) return { code: res.error.code, message: res.error.message };
    room.conduct.acted(slot.index);
    if (client !== null && this.actionAt === null) {
      this.actionAt = arrived;
      this.actionFrom = from;
    }
    this.afterStep(res.value, { seat: slot.index, sessionId: client?.sessionId ?? null, id });
    return null;
  }

  /**
   * After each patch: the first player action since the last measured one is measured from its
   * arrival to the patch that advanced the synced version (`scat_action_patch_seconds`: the
   * server's share of action→patch, journal wait included).
   */
  patched(): void {
    if (this.actionAt === null || this.room.state.version === this.actionFrom) return;
    actionPatchSeconds.observe((performance.now() - this.actionAt) / 1000);
    this.actionAt = null;
  }

  private actionAt: number | null = null;
  private actionFrom = -1;

  /** A deadline (plus any in-flight grace) that passed before this action arrived applies first. */
  private expireIfDue(): void {
    const match = this.room.match;
    const deadline = match?.deadline ?? null;
    if (deadline === null) return;
    if (Date.now() >= deadline + (this.room.plugin?.deadlineGrace?.(this.room) ?? 0)) this.expire(match!.state.version);
  }

  /** The clock calls this when the deadline armed at `version` passes. */
  expire(version: number): void {
    const match = this.room.match;
    if (!match || match.state.version !== version) return;
    // A paused table's clock waits: `unpaused` extends the deadline and arms it again.
    if (this.room.journal.saving(this.room)) return;
    this.room.plugin?.beforeStep?.(this.room);
    if (this.room.match?.state.version !== version) return;
    const awaited = match.game.awaiting(match.state);
    const events = match.expire(Date.now());
    // A race or the pause between hands going on without a seat is not that seat stalling (conduct/table-conduct.ts).
    if (events) this.room.conduct.timedOut(stalledSeats(match.state, awaited));
    if (events) this.afterStep(events);
    else this.armDeadline();
  }

  /** The journal caught up after a pause of `ms`: the deadline runs on from where it stood, the bots move again. */
  unpaused(ms: number): void {
    const match = this.room.match;
    if (!match || match.over) return;
    match.extendDeadline(ms);
    projectMatch(this.room.state, match);
    this.armDeadline();
    this.room.bots.schedule();
  }

  /** The step is journalled first (durable/); its effects go out once it is durable. `by`: whose action made it (null: the deal or a deadline). */
  private afterStep(events: readonly GameEvent[], by: StepBy | null = null): void {
    const version = this.room.match!.state.version;
    this.room.journal.commit(this.room, () => this.stepEffects(events, version, by));
  }

  private stepEffects(events: readonly GameEvent[], version: number, by: StepBy | null): void {
    const room = this.room;
    const match = room.match!;
    // A later step still waiting for the journal is not shown before it is durable.
    const settled = room.journal.settled(room);
    if (settled) projectMatch(room.state, match);
    if (settled && match.over && room.state.status !== "ended") {
      room.state.status = "ended";
      room.waiting.changed();
      // A ranked table's journal goes once its rating is committed (ranked/ranked-table.ts).
      if (!room.ranked) room.journal.ended(room);
    }
    this.sendEvents(events, version, by);
    if (settled && match.over) {
      publishGameLog(room, match);
      room.gameOver(match);
    }
    room.plugin?.afterStep?.(room, events);
    this.armDeadline();
    room.bots.schedule();
  }

  /**
   * Each client gets the events as its seat (or a spectator) may see them, redacted once per seat,
   * with `seat`, the seat whose action made the step (null: the deal or a deadline). The client
   * whose action it was always gets the message (its acknowledgement, even with no event it may
   * see), with the action's `id` when it sent one (docs/PROTOCOL.md, "Acknowledgement").
   */
  private sendEvents(events: readonly GameEvent[], version: number, by: StepBy | null): void {
    const actor = by?.sessionId ?? null;
    if (events.length === 0 && actor === null) return;
    const { game, seating, clients } = this.room;
    corkForStep(clients);
    const seatOfStep = by?.seat ?? null;
    const bySeat = new Map<number | null, GameEvent[]>();
    for (const client of clients) {
      const seat = seating.bySession(client.sessionId)?.index ?? null;
      let visible = bySeat.get(seat);
      if (!visible) bySeat.set(seat, (visible = events.map((e) => game.redactEvent(e, seat)).filter((e) => e !== null)));
      const own = actor !== null && client.sessionId === actor;
      if (own && by!.id !== null) client.send(SERVER_MESSAGES.events, { version, seat: seatOfStep, id: by!.id, events: visible });
      else if (own || visible.length > 0) client.send(SERVER_MESSAGES.events, { version, seat: seatOfStep, events: visible });
    }
  }

  private armDeadline(): void {
    this.deadlineTimer?.clear();
    this.deadlineTimer = null;
    const room = this.room;
    const match = room.match!;
    const deadline = match.deadline;
    if (deadline === null || match.over) return;
    const version = match.state.version;
    const grace = room.plugin?.deadlineGrace?.(room) ?? 0;
    this.deadlineTimer = room.clock.setTimeout(() => this.expire(version), Math.max(0, deadline + grace - Date.now()));
  }
}
