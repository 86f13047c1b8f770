/**
 * One generic table room that hosts any game definition (ARCHITECTURE.md, "The room"):
 * seats players and bots, validates messages, runs the engine through `Match`, projects it into
 * the synced schema, sends events redacted per seat, and arms the clock for every deadline.
 */
import { Room, ServerError, type Client, type RoomException } from "@colyseus/core";
import { StateView } from "@colyseus/schema";
import { SERVER_MESSAGES, type AnyGame, type GameEvent, type Rejection } from "@scat/shared";
import { loadConfig, type ServerConfig } from "../config.ts";
import { durability } from "../durable/durability.ts";
import { restoreTable } from "../durable/restore.ts";
import { GAMES } from "../games.ts";
import { logger } from "../logger.ts";
import { gamesStarted, handlerErrors, tableClosed, tableOpened } from "../metrics.ts";
import { guardFrames } from "../net/guard-frames.ts";
import { NetMonitor } from "../realtime/net-monitor.ts";
import { Admission, gateReservations, type AdmissionHost } from "./admission.ts";
import { BotDriver } from "./bot-driver.ts";
import type { TableHost } from "./host.ts";
import { publishGameLog } from "./fairness.ts";
import { isRejection, type GamePlugin } from "./game-plugin.ts";
import { makeInviteCode } from "./invite-code.ts";
import { Match } from "./match.ts";
import { patchOnlyOnChange } from "./patch-flush.ts";
import { PING_TICK_MS, PingPace } from "./ping-pace.ts";
import { Replies, messageHandlers } from "./messages.ts";
import { WaitingTable } from "./waiting-table.ts";
import { pingWorthShowing, prepareState, projectMatch, projectOptions } from "./projection.ts";
import { TableState } from "./schema.ts";
import { Seating, type Slot } from "./seating.ts";
import { Platform } from "../ranked/platform.ts";
import { RANKED_MODE, RankedTable, gateRankedReservations } from "../ranked/ranked-table.ts";
import { parseJoinOptions, parseTableOptions, type TableOptions } from "./table-options.ts";

const INVITE_KEY = "invite-codes";
/** Colyseus ErrorCode.APPLICATION_ERROR: the matchmaking HTTP status of a refused create or join. */
const ROOM_ERROR = 526;

export class TableRoom extends Room<{ state: TableState }> implements TableHost {
  override state = new TableState();
  game!: AnyGame;
  plugin: GamePlugin | null = null;
  /** Set by `createServer`; rooms read it when they are created. */
  static config: ServerConfig = loadConfig();
  config: ServerConfig = TableRoom.config;
  /** Accounts and ratings (ranked/platform.ts), set by `createServer`. */
  static platform: Platform = new Platform(TableRoom.config);
  /** Set when the ranked queue made this table (ranked/ranked-table.ts). */
  ranked: RankedTable | null = null;
  table!: TableOptions;
  seating!: Seating;
  match: Match | null = null;
  bots!: BotDriver;
  readonly net = new NetMonitor();
  private deadlineTimer: { clear(): void } | null = null;
  private inviteCode: string | null = null;
  admission!: Admission;
  replies!: Replies;
  waiting!: WaitingTable;

  override async onCreate(options: unknown): Promise<void> {
    patchOnlyOnChange(this);
    const entry = GAMES[this.roomName as keyof typeof GAMES];
    if (!entry) throw new ServerError(ROOM_ERROR, `unknown game "${this.roomName}"`);
    this.game = entry.game;
    this.plugin = entry.plugin ?? null;
    const game = entry.game;
    const resumed = durability.created(this, options);
    const parsed = parseTableOptions(game, resumed ? resumed.record.header.options : options);
    if (!parsed.ok) throw new ServerError(ROOM_ERROR, `bad table options: ${parsed.message}`);
    const t = parsed.value;
    if (t.join.mode !== undefined && t.join.mode !== t.mode) throw new ServerError(ROOM_ERROR, `bad table options: mode "${t.join.mode}" does not match the options (expected "${t.mode}")`);
    this.ranked = RankedTable.open(TableRoom.platform, game.id, options, this);
    this.table = this.ranked ? { ...t, mode: RANKED_MODE } : t;
    this.maxClients = t.seats + this.config.maxSpectators;
    this.maxMessagesPerSecond = Math.max(60, this.config.rateLimit.burst * 3);
    this.seatReservationTimeout = this.config.seatReservationSeconds;
    this.replies = new Replies(this.config.rateLimit);
    guardFrames(this, (client, refusal) => this.replies.refuse(client, refusal));
    this.seating = new Seating(t.seats);
    this.admission = new Admission(this.admissionHost());
    this.waiting = new WaitingTable({
      table: t, seating: this.seating, clients: this.clients, clock: this.clock,
      status: () => this.state.status,
      setAutoFillAt: (at) => { this.state.autoFillAt = at; },
      setMatchmaking: (update) => this.setMatchmaking(update),
      fillAndStart: () => this.fillAndStart(),
    });
    this.seating.fillBots(t.bots);
    this.bots = new BotDriver(this, this.plugin);
    Object.assign(this.state, { game: game.id, isPrivate: t.join.private });
    projectOptions(this.state.options, { seats: t.seats, bots: t.bots, turnSeconds: t.join.turnSeconds, reconnectSeconds: t.join.reconnectSeconds, variants: t.join.variants });
    if (t.join.private) await this.makePrivate(resumed !== null);
    this.seating.project(this.state.seats);
    prepareState(this.state, game.id);
    this.metadata = this.waiting.listing();
    for (const [type, handler] of Object.entries(messageHandlers(this, this.replies))) this.onMessage(type, handler);
    this.plugin?.setup?.(this);
    tableOpened(this, game.id);
    const pace = new PingPace(this.plugin !== null);
    this.clock.setInterval(() => this.net.ping(pace.due(this.clients, (id) => this.net.of(id).count)), PING_TICK_MS);
    if (resumed) restoreTable(this, resumed);
  }

  /** `resumed`: a table rebuilt from its journal keeps its code (its roomId). */
  private async makePrivate(resumed: boolean): Promise<void> {
    let code = resumed ? this.roomId : makeInviteCode();
    while (!resumed && await this.presence.sismember(INVITE_KEY, code)) code = makeInviteCode();
    await this.presence.sadd(INVITE_KEY, code);
    this.inviteCode = code;
    this.roomId = code;
    await this.setPrivate(true);
  }

  private admissionHost(): AdmissionHost {
    return {
      seating: this.seating,
      maxSpectators: this.config.maxSpectators,
      seatReservationTimeout: this.seatReservationTimeout,
      clients: this.clients,
      clock: this.clock,
      byCodeOnly: () => this.inviteCode !== null || this.match !== null,
      setQuickPlayOpen: (open: boolean) => this.waiting.setQuickPlayOpen(open),
      isSeated: (sessionId: string) => this.seating.bySession(sessionId) !== undefined,
    };
  }

  override async onAuth(client: Client, options: unknown, context?: { token?: string }): Promise<boolean> {
    this.admission.settled(client.sessionId);
    const join = parseJoinOptions(options);
    if (!join.ok) throw new ServerError(ROOM_ERROR, `bad join options: ${join.message}`);
    if (join.value.spectate) return true;
    if (this.ranked) await this.ranked.authorize(options, context);
    if (!this.seating.placeFor(join.value.playerId, client.sessionId)) throw new ServerError(ROOM_ERROR, "table-full: every seat at this table is taken (join as a spectator instead)");
    return true;
  }

  override onJoin(client: Client, options: unknown): void {
    const join = parseJoinOptions(options);
    client.view = new StateView();
    this.net.welcome(client);
    const place = join.ok && !join.value.spectate ? this.seating.placeFor(join.value.playerId, client.sessionId) : null;
    if (!join.ok || !place) {
      client.send(SERVER_MESSAGES.seated, { seat: null });
      this.waiting.changed();
      return;
    }
    const slot = this.seating.seat(place.index, client.sessionId, join.value.playerId ?? null, join.value.name);
    this.seating.project(this.state.seats);
    client.view.add(this.state.seats[slot.index]!);
    client.send(SERVER_MESSAGES.seated, { seat: slot.index });
    this.ranked?.greet(client);
    logger.info({ room: this.roomId, seat: slot.index, reclaim: place.kind === "reclaim" }, "player seated");
    this.waiting.seatsChanged();
    if (this.seating.full && !this.match) this.startGame();
    else if (this.match) this.bots.schedule();
  }

  override onDrop(client: Client): void {
    const slot = this.seating.bySession(client.sessionId);
    if (!slot) return;
    slot.connected = false;
    slot.awayUntil = Date.now() + this.table.join.reconnectSeconds * 1000;
    this.seating.project(this.state.seats);
    this.allowReconnection(client, this.table.join.reconnectSeconds).catch(() => {});
  }

  override onReconnect(client: Client): void {
    const slot = this.seating.bySession(client.sessionId);
    if (slot) Object.assign(slot, { connected: true, awayUntil: 0 });
    this.seating.project(this.state.seats);
    client.send(SERVER_MESSAGES.seated, { seat: slot ? slot.index : null });
  }

  override onLeave(client: Client, code?: number): void {
    client.view?.dispose();
    this.net.forget(client.sessionId);
    const slot = this.seating.bySession(client.sessionId);
    if (!slot) return this.waiting.changed();
    if (!this.match) this.seating.free(slot);
    else if (!this.match.over) this.seating.handToBot(slot, code === 4000 ? "left" : "takeover");
    else slot.connected = false;
    this.seating.project(this.state.seats);
    this.admission.refresh();
    this.waiting.seatsChanged();
    if (this.match && !this.match.over) this.bots.schedule();
  }

  /**
   * An exception inside a message handler, timer or hook ends that message or timer only: it is
   * logged and counted, the sender of a message is told, and every table goes on.
   */
  setAutoFill(on: boolean): void {
    if (this.ranked) return;
    this.waiting.setAutoFill(on);
  }

  showPing(seat: number, rttMs: number): void {
    const state = this.state.seats[seat];
    if (state && pingWorthShowing(state.ping, rttMs)) state.ping = rttMs;
  }

  /** Milliseconds of the running fine clock, null when only the patch interval ticks it. */
  fineTick: number | null = null;

  tickEvery(ms: number | null): void {
    if (ms === this.fineTick) return;
    this.fineTick = ms;
    if (ms !== null) return this.setSimulationInterval(() => undefined, ms);
    this.setSimulationInterval(undefined);
    // Core 0.18.17 clears the interval but keeps its handle, and the patch loop ticks the clock
    // only while no handle is set: without this the room's clock (every timer) would stop.
    (this as unknown as { _simulationInterval?: unknown })._simulationInterval = undefined;
  }

  override onUncaughtException(error: RoomException, method: string): void {
    // A ServerError is a deliberate refusal (bad options, a full table) on its way to the client.
    if (error.cause instanceof ServerError) return;
    handlerErrors.inc({ method });
    logger.error({ room: this.roomId, method, err: error.cause ?? error }, "exception contained in a room");
    const client = (error as { client?: Client }).client;
    if (method === "onMessage" && client) this.replies.reject(client, { code: "server-error", message: "The server could not handle that message; the table goes on" });
  }

  override onDispose(): void {
    tableClosed(this);
    // A ranked game still being rated keeps its journal (its rating write goes on, or a resume rates it).
    if (!this.ranked?.unrated) durability.disposed(this);
    if (this.inviteCode) void this.presence.srem(INVITE_KEY, this.inviteCode);
  }

  /** Every seat is taken: deal. Quick-play tables leave matchmaking once full. */
  startGame(): void {
    this.match = new Match(this.game, this.table.engine, Date.now());
    this.state.status = "playing";
    gamesStarted.inc({ game: this.game.id });
    this.admission.refresh();
    this.waiting.seatsChanged();
    logger.info({ room: this.roomId, game: this.game.id, seats: this.table.seats }, "game started");
    this.afterStep(this.match.setupEvents);
  }

  /** A table resumed from its journal (durable/restore.ts): the rebuilt match goes on here. */
  resumeMatch(match: Match): void {
    this.match = match;
    this.state.status = match.over ? "ended" : "playing";
    this.admission.refresh();
    this.waiting.seatsChanged();
    projectMatch(this.state, match);
    // Its process died after the last step and before a ranked game was rated: it is rated here (once per match id).
    if (match.over) {
      publishGameLog(this, match);
      this.ranked?.finish(match);
    }
    this.plugin?.afterStep?.(this, []);
    this.armDeadline();
    this.bots.schedule();
  }

  /** Fills empty seats with bots and starts (a seated player asked for it). */
  fillAndStart(): void {
    if (this.ranked) return;
    this.seating.fillBots();
    this.seating.project(this.state.seats);
    this.startGame();
  }

  /** Runs a seat's action; returns the rejection to send back, or null. */
  act(slot: Slot, parsed: { type: string }, client: Client | null = null, raw: unknown = parsed): Rejection | null {
    if (!this.match) return { code: "not-started", message: "The game has not started yet" };
    const prepared = this.plugin?.prepareAction?.(this, client, slot, parsed, raw) ?? parsed;
    if (isRejection(prepared)) return prepared;
    const action = prepared;
    this.expireIfDue();
    const res = this.match.act(slot.index, action, Date.now());
    if (!res.ok) return { code: res.error.code, message: res.error.message };
    this.afterStep(res.value);
    return null;
  }

  /** A deadline (plus any in-flight grace) that passed before this action arrived applies first. */
  private expireIfDue(): void {
    const deadline = this.match?.deadline ?? null;
    if (deadline === null) return;
    if (Date.now() >= deadline + (this.plugin?.deadlineGrace?.(this) ?? 0)) this.expireDeadline(this.match!.state.version);
  }

  /** The clock calls this when the deadline armed at `version` passes. */
  expireDeadline(version: number): void {
    if (!this.match || this.match.state.version !== version) return;
    const events = this.match.expire(Date.now());
    if (events) this.afterStep(events);
    else this.armDeadline();
  }

  /** The step is journalled first (durable/); its effects go out once it is durable. */
  private afterStep(events: readonly GameEvent[]): void {
    const version = this.match!.state.version;
    durability.commit(this, () => this.stepEffects(events, version));
  }

  private stepEffects(events: readonly GameEvent[], version: number): void {
    const match = this.match!;
    // A later step still waiting for the journal is not shown before it is durable.
    const settled = durability.settled(this);
    if (settled) {
      projectMatch(this.state, match);
    }
    if (settled && match.over && this.state.status !== "ended") {
      this.state.status = "ended";
      this.waiting.changed();
      // A ranked table's journal goes once its rating is committed (ranked/ranked-table.ts).
      if (!this.ranked) durability.ended(this);
    }
    this.sendEvents(events, version);
    if (settled && match.over) publishGameLog(this, match);
    if (settled && match.over) this.ranked?.finish(match);
    this.plugin?.afterStep?.(this, events);
    this.armDeadline();
    this.bots.schedule();
  }

  private sendEvents(events: readonly GameEvent[], version: number): void {
    if (events.length === 0) return;
    for (const client of this.clients) {
      const seat = this.seating.bySession(client.sessionId)?.index ?? null;
      const visible = events.map((e) => this.game.redactEvent(e, seat)).filter((e) => e !== null);
      if (visible.length > 0) client.send(SERVER_MESSAGES.events, { version, events: visible });
    }
  }

  private armDeadline(): void {
    this.deadlineTimer?.clear();
    this.deadlineTimer = null;
    const match = this.match!;
    const deadline = match.deadline;
    if (deadline === null || match.over) return;
    const version = match.state.version;
    const grace = this.plugin?.deadlineGrace?.(this) ?? 0;
    this.deadlineTimer = this.clock.setTimeout(() => this.expireDeadline(version), Math.max(0, deadline + grace - Date.now()));
  }
}

gateReservations(TableRoom, (room) => (room as TableRoom).admission);
gateRankedReservations(TableRoom, (room) => (room as TableRoom).ranked);
