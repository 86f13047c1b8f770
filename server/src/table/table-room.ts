/**
 * One generic table room that hosts any game definition (ARCHITECTURE.md, "The room"):
 * seats players and bots, validates messages, runs the engine through `Match`, projects it into
 * the synced schema, sends events redacted per seat, and arms the clock for every deadline.
 */
import { Room, ServerError, type AuthContext, type Client } from "@colyseus/core";
import { StateView } from "@colyseus/schema";
import { OPENED_ELSEWHERE_CLOSE, SERVER_MESSAGES, type AnyGame, type Rejection } from "@scat/shared";
import { loadConfig, type ServerConfig } from "../config.ts";
import { GAMES } from "../games.ts";
import { logger } from "../logger.ts";
import { handlerErrors, tableClosed, tableOpened } from "../metrics.ts";
import { guardFrames } from "../net/guard-frames.ts";
import { NetMonitor } from "../realtime/net-monitor.ts";
import { playerKeys } from "../realtime/claim-quota.ts";
import { Admission, gateReservations, type AdmissionHost } from "./admission.ts";
import { BotDriver } from "./bot-driver.ts";
import type { TableHost } from "./host.ts";
import type { GamePlugin } from "./game-plugin.ts";
import { makeInviteCode } from "./invite-code.ts";
import type { Match } from "./match.ts";
import type { PendingDealRecord } from "../entropy/pending-deal.ts";
import { fineTick, patchOnlyOnChange } from "./patch-flush.ts";
import { PING_TICK_MS, PingPace } from "./ping-pace.ts";
import { Replies, messageHandlers, tableMessages } from "./messages.ts";
import { TableKit, installKit, type JournalPort } from "./kit.ts";
import { keepFieldsIn } from "./room-fields.ts";
import { WaitingTable, type WaitingHost } from "./waiting-table.ts";
import { frameFor, newSeat, pingWorthShowing, projectOptions } from "./projection.ts";
import type { TableState } from "./schema.ts";
import { Seating, type Slot } from "./seating.ts";
import { TablePlay } from "./table-play.ts";
import { Platform } from "../ranked/platform.ts";
import { TableConduct } from "../conduct/table-conduct.ts";
import { casualTable } from "../conduct/casual-games.ts";
import type { FairPlayFlag } from "../conduct/fair-play.ts";
import type { HeldPressRecord } from "../realtime/held-race.ts";
import { RANKED_MODE, RankedTable } from "../ranked/ranked-table.ts";
import { modeMatches } from "../conduct/quick-play-pool.ts";
import { whoOf } from "../social/quick-play-apart.ts";
import { header } from "../accounts/auth.ts";
import { PEER_HEADER } from "../net/http-gate.ts";
import { TableChat, type ChatServices } from "../social/chat/table-chat.ts";
import { parseJoinOptions, parseTableOptions, type TableOptions } from "./table-options.ts";

const INVITE_KEY = "invite-codes";
/** Colyseus ErrorCode.APPLICATION_ERROR: the matchmaking HTTP status of a refused create or join. */
export const ROOM_ERROR = 526;
/** The name a join that gives none gets (the join options' default). */
const DEFAULT_NAME = "Player";

/** What the features of one server add to its tables (kit.ts), built by the composition root (compose.ts). */
export type RoomKit = TableKit<TableRoom, Replies, Match, FairPlayFlag>;

/** A kit with the table's own messages and nothing else: a table no feature was added to. */
export function tableKit(): RoomKit {
  const kit: RoomKit = new TableKit();
  for (const [type, handler] of tableMessages()) kit.handle(type, handler);
  return kit;
}

const BARE_KIT = tableKit();

export class TableRoom extends Room<{ state: TableState }> implements TableHost, AdmissionHost, WaitingHost {
  /** Set by `createServer`; rooms read it when they are created. */
  static config: ServerConfig = loadConfig();
  /** Accounts and ratings (ranked/platform.ts), set by `createServer`. */
  static platform: Platform = new Platform(TableRoom.config);
  /** Chat's cross-process parts (social/chat/services.ts), set by `createServer`; null: no limits, bans or blocks. */
  static chatServices: ChatServices | null = null;
  /** The fields declared below, in one plain object (room-fields.ts: the room itself is a dictionary). */
  private readonly fields: Record<string, unknown> = {
    plugin: null,
    config: TableRoom.config,
    ranked: null,
    match: null,
    net: new NetMonitor({ transportPings: !TableRoom.config.delaySimulated }),
    play: new TablePlay(this),
    inviteCode: null,
    fineTick: null,
    chat: null,
  };
  /** This server's features (compose.ts): on the prototype of the class the server defines (`composedTable`). */
  get kit(): RoomKit {
    return BARE_KIT;
  }
  /** The journal port of this server's tables (kit.ts). */
  get journal(): JournalPort<TableRoom> {
    return this.kit.journal;
  }
  declare game: AnyGame;
  declare plugin: GamePlugin | null;
  declare config: ServerConfig;
  /** Set when the ranked queue made this table (ranked/ranked-table.ts). */
  declare ranked: RankedTable | null;
  declare table: TableOptions;
  declare seating: Seating;
  declare match: Match | null;
  /** Who sits where by account, each seat's turns and timeouts: the conduct record's view of this table. */
  declare conduct: TableConduct;
  declare bots: BotDriver;
  declare readonly net: NetMonitor;
  declare readonly play: TablePlay;
  declare private inviteCode: string | null;
  declare private pace: PingPace;
  declare admission: Admission;
  declare replies: Replies;
  declare waiting: WaitingTable;
  /** The table's chat and who is watching (social/chat/). */
  declare chat: TableChat;
  /** Milliseconds of the running fine clock, null when only the patch interval ticks it. */
  declare fineTick: number | null;

  // Each hook contains its own exceptions (`contain`): Colyseus' `onUncaughtException` would wrap
  // every hook, handler and timer of every table in closures (docs/BENCHMARKS.md, memory per player).
  override async onCreate(options: unknown): Promise<void> {
    try {
      await this.create(options);
    } catch (e) {
      throw this.contain(e, "onCreate");
    }
  }

  override async onAuth(client: Client, options: unknown, context?: AuthContext): Promise<boolean> {
    try {
      return await this.authorize(client, options, context);
    } catch (e) {
      // A refused join (a bad name, a wrong account) must not hold its seat until the reservation lapses.
      this.seating.release(client.sessionId);
      this.chat?.left(client.sessionId);
      this.kit.events.emit("refused", { room: this, sessionId: client.sessionId });
      this.admission.refresh();
      throw this.contain(e, "onAuth");
    }
  }

  override onJoin(client: Client, options: unknown): void {
    try {
      this.joined(client, options);
    } catch (e) {
      throw this.contain(e, "onJoin");
    }
  }

  override onReconnect(client: Client): void {
    try {
      this.reconnected(client);
    } catch (e) {
      throw this.contain(e, "onReconnect");
    }
  }

  // A fault while a client leaves or the table closes is contained: nobody is left to answer.
  override onDrop(client: Client): void {
    try {
      this.dropped(client);
    } catch (e) {
      this.contain(e, "onDrop");
    }
  }

  override onLeave(client: Client, code?: number): void {
    try {
      this.left(client, code);
    } catch (e) {
      this.contain(e, "onLeave");
    }
  }

  override onDispose(): void {
    try {
      this.disposed();
    } catch (e) {
      this.contain(e, "onDispose");
    }
  }

  private async create(options: unknown): Promise<void> {
    const entry = GAMES[this.roomName as keyof typeof GAMES];
    if (!entry) throw new ServerError(ROOM_ERROR, `unknown game "${this.roomName}"`);
    const frame = frameFor(entry.game.id);
    this.state = new frame.TableState();
    patchOnlyOnChange(this, () => this.play.patched(), this);
    this.game = entry.game;
    this.plugin = entry.plugin ?? null;
    const game = entry.game;
    const resumed = this.journal.created(this, options);
    const parsed = parseTableOptions(game, resumed ? resumed.options : options);
    if (!parsed.ok) throw new ServerError(ROOM_ERROR, `bad table options: ${parsed.message}`);
    // A creator whose name breaks the name rules gets no table (a resumed table's creator was checked when it was made).
    const creator = resumed ? null : parseJoinOptions(options);
    if (creator && !creator.ok) throw new ServerError(ROOM_ERROR, `bad join options: ${creator.message}`);
    const t = parsed.value;
    if (t.join.mode !== undefined && !modeMatches(t.join.mode, t.mode))
      throw new ServerError(ROOM_ERROR, `bad table options: mode "${t.join.mode}" does not match the options (expected "${t.mode}")`);
    this.ranked = RankedTable.open(TableRoom.platform, game.id, options, this);
    // A quick-play table made for the leavers' pool keeps that key (conduct/quick-play-pool.ts).
    this.table = this.ranked ? { ...t, mode: RANKED_MODE } : { ...t, mode: t.join.mode ?? t.mode };
    this.maxClients = t.seats + this.config.maxSpectators;
    this.maxMessagesPerSecond = Math.max(60, this.config.rateLimit.burst * 3);
    this.seatReservationTimeout = this.config.seatReservationSeconds;
    this.replies = new Replies(this.config.rateLimit);
    this.seating = new Seating(t.seats, (index) => newSeat(frame, index));
    this.conduct = new TableConduct(t.seats);
    // The room is the admission's and the waiting table's host itself (no host object and closures per table).
    this.admission = new Admission(this);
    this.waiting = new WaitingTable(this);
    this.chat = new TableChat(this, () => TableRoom.chatServices);
    this.seating.fillBots(t.bots);
    this.bots = new BotDriver(this, this.plugin, t.join.botStrength);
    Object.assign(this.state, { game: game.id, isPrivate: t.join.private });
    projectOptions(this.state.options, {
      seats: t.seats,
      bots: t.bots,
      turnSeconds: t.join.turnSeconds,
      reconnectSeconds: t.join.reconnectSeconds,
      variants: t.join.variants,
    });
    if (t.join.private) await this.makePrivate(resumed !== null);
    this.seating.project(this.state.seats);
    this.metadata = this.waiting.listing();
    for (const [type, handler] of Object.entries(messageHandlers(this, this.replies, this.kit.messages))) this.onMessage(type, handler);
    this.plugin?.setup?.(this);
    tableOpened(this, game.id);
    this.kit.events.emit("created", { room: this });
    this.pace = new PingPace(this.plugin !== null);
    this.clock.setInterval(() => this.net.ping(this.pace.due(this.clients, (id) => this.net.of(id).count)), PING_TICK_MS);
    if (resumed) this.journal.restore(this, resumed);
  }

  /** `resumed`: a table rebuilt from its journal keeps its code (its roomId). */
  private async makePrivate(resumed: boolean): Promise<void> {
    let code = resumed ? this.roomId : makeInviteCode();
    while (!resumed && (await this.presence.sismember(INVITE_KEY, code))) code = makeInviteCode();
    await this.presence.sadd(INVITE_KEY, code);
    this.inviteCode = code;
    this.roomId = code;
    await this.setPrivate(true);
  }

  private async authorize(client: Client, options: unknown, context?: AuthContext): Promise<boolean> {
    this.admission.settled(client.sessionId);
    const join = parseJoinOptions(options);
    if (!join.ok) throw new ServerError(ROOM_ERROR, `bad join options: ${join.message}`);
    const token = (options as { token?: unknown } | null)?.token;
    // The features' checks of a connection (a kept-apart pair, for one): each may refuse it.
    for (const check of this.kit.checks) check.connecting?.(this, client.sessionId, options);
    const bound = whoOf(options);
    const binds = {
      links: bound?.links ?? [],
      device: join.value.playerId ?? null,
      address: context?.headers ? (header(context.headers, PEER_HEADER) ?? null) : null,
    };
    if (join.value.spectate) {
      this.ranked?.authorizeSpectator(this.match !== null);
      const who = await TableRoom.platform.identifyForTable(context?.headers, token);
      // A spectator's name is shown too (watchers, chat): the same rule as a casual player's.
      await this.refuseRegisteredLookalike(join.value.name, who?.player.id ?? null);
      this.chat.authorised(client.sessionId, who?.player.id ?? null, (who?.player.username ?? null) !== null, binds);
      return true;
    }
    // The account a player brings (its session cookie or personal token) goes on its conduct record.
    const who = this.ranked ? null : await TableRoom.platform.identifyForTable(context?.headers, token);
    const account = this.ranked ? await this.ranked.authorize(options, context) : (who?.player.id ?? null);
    // The features' checks of a player about to sit down (a ban, for one), in turn: each may refuse it.
    for (const check of this.kit.checks) {
      const refusal = await check.sitting?.(this, account, binds.links);
      if (refusal) throw new ServerError(ROOM_ERROR, refusal);
    }
    // A casual name may not pass for a registered player's, unless it is that player (names/).
    if (!this.ranked) await this.refuseRegisteredLookalike(join.value.name, account);
    if (!this.seating.placeFor(join.value.playerId, client.sessionId))
      throw new ServerError(ROOM_ERROR, "table-full: every seat at this table is taken (join as a spectator instead)");
    this.conduct.authorised(client.sessionId, account);
    // The store was still opening: the account this join came with goes on the record once it is read.
    const later = this.ranked || account !== null ? null : TableRoom.platform.identifyLater(context?.headers, token);
    if (later)
      this.conduct.authorisedLater(
        client.sessionId,
        later.then((w) => w?.player.id ?? null),
      );
    this.chat.authorised(client.sessionId, account, who !== null && who.player.id === account && who.player.username !== null, binds);
    return true;
  }

  /**
   * A name that looks the same as a registered player's (names/) is refused, unless `account` is
   * that player. The name a join without one gets ("Player") is everyone's: an account that shows
   * it must not keep everyone else from the tables.
   */
  private async refuseRegisteredLookalike(name: string, account: string | null): Promise<void> {
    if (name === DEFAULT_NAME) return;
    if (await TableRoom.platform.looksRegistered(name, account)) {
      throw new ServerError(ROOM_ERROR, "bad join options: bad-name: that name looks the same as a registered player's name: pick another");
    }
  }

  private joined(client: Client, options: unknown): void {
    this.kit.events.emit("connected", { room: this, client, options });
    const join = parseJoinOptions(options);
    client.view = new StateView();
    this.net.welcome(client);
    const place = join.ok && !join.value.spectate ? this.seating.placeFor(join.value.playerId, client.sessionId) : null;
    if (!join.ok || !place) {
      client.send(SERVER_MESSAGES.seated, { seat: null });
      this.chat.joined(client, join.ok ? join.value.name : "Player", null);
      this.ranked?.greetSpectator(client);
      this.waiting.changed();
      return;
    }
    const slot = this.seating.seat(place.index, client.sessionId, join.value.playerId ?? null, join.value.name);
    // The player's older session gave the seat up to this one (seating.ts, `takeover`): it is told
    // so by its close code, and its leaving no longer touches the seat (it is not the seat's session).
    if (place.kind === "takeover") this.clients.getById(place.from)?.leave(OPENED_ELSEWHERE_CLOSE, "opened elsewhere");
    if (join.value.shuffle) this.play.contributes(client.sessionId);
    const account = this.conduct.seated(client.sessionId, slot.index);
    // The claim quota follows the player, not the connection (realtime/claim-quota.ts): a reclaim, a takeover or the same account again finds its own.
    this.net.seated(client.sessionId, playerKeys(account, slot.playerId, client.sessionId));
    this.seating.project(this.state.seats);
    client.view.add(this.state.seats[slot.index]!);
    client.send(SERVER_MESSAGES.seated, { seat: slot.index });
    this.chat.joined(client, slot.name, slot.index);
    this.ranked?.greet(client);
    this.kit.events.emit("seatHeld", { room: this, playerId: slot.playerId });
    logger.info(
      { room: this.roomId, seat: slot.index, reclaim: place.kind === "reclaim", takeover: place.kind === "takeover" },
      "player seated",
    );
    this.waiting.seatsChanged();
    this.kit.events.emit("seated", { room: this, client });
    if (this.seating.full && !this.match) this.startGame();
    else if (this.match) this.bots.schedule();
    else this.journalSeats();
  }

  private dropped(client: Client): void {
    const slot = this.seating.bySession(client.sessionId);
    if (!slot) return;
    slot.connected = false;
    slot.awayUntil = Date.now() + this.table.join.reconnectSeconds * 1000;
    this.seating.project(this.state.seats);
    this.allowReconnection(client, this.table.join.reconnectSeconds).catch(() => {});
  }

  private reconnected(client: Client): void {
    const slot = this.seating.bySession(client.sessionId);
    if (slot) Object.assign(slot, { connected: true, awayUntil: 0 });
    this.seating.project(this.state.seats);
    client.send(SERVER_MESSAGES.seated, { seat: slot ? slot.index : null });
  }

  private left(client: Client, code?: number): void {
    client.view?.dispose();
    this.net.forget(client.sessionId);
    this.pace.forget(client.sessionId);
    this.play.forget(client.sessionId);
    this.chat.left(client.sessionId);
    this.kit.events.emit("left", { room: this, sessionId: client.sessionId });
    const slot = this.seating.bySession(client.sessionId);
    if (!slot) return this.waiting.changed();
    // A seat left while the deal waits for the players' values goes to a bot: the deal is committed.
    if (!this.match && this.play.collecting) this.seating.handToBot(slot, code === 4000 ? "left" : "takeover");
    else if (!this.match) {
      this.kit.events.emit("seatsReleased", { room: this, playerIds: [slot.playerId] });
      this.seating.free(slot);
    } else if (!this.match.over) {
      // Left on purpose (the Leave button): the lobby no longer offers this game as theirs. A
      // dropped connection keeps the record, so a closed tab can take the seat back.
      if (code === 4000) this.kit.events.emit("seatsReleased", { room: this, playerIds: [slot.playerId] });
      this.seating.handToBot(slot, code === 4000 ? "left" : "takeover");
      this.ranked?.seatLost(slot.index, this.match);
    } else slot.connected = false;
    this.seating.project(this.state.seats);
    this.admission.refresh();
    this.waiting.seatsChanged();
    if (this.match && !this.match.over) this.bots.schedule();
    else if (!this.match) this.journalSeats();
  }

  /** A waiting table journals who sits where, so it outlives its process; ranked tables form again in the queue. */
  journalSeats(): void {
    if (!this.ranked) this.journal.waitingChanged(this);
  }

  /** A waiting table resumed from its journal got its seats (or freed those not taken back in time). */
  reseated(): void {
    this.admission.refresh();
    if (this.seating.slots.some((s) => s.occupied && !s.isBot && s.connected)) this.waiting.seatsChanged();
    else this.waiting.changed();
    this.journalSeats();
  }

  setAutoFill(on: boolean): void {
    if (this.ranked) return;
    this.waiting.setAutoFill(on);
    this.journalSeats();
  }

  /** A ranked game in play: chat is quick phrases and emotes only (social/chat/). */
  quickPhrasesOnly(): boolean {
    return this.ranked !== null && this.match !== null && !this.match.over;
  }
  reject(client: Client, rejection: Rejection): void {
    this.replies.reject(client, rejection);
  }

  autoFillOff(): boolean {
    return this.waiting.autoFillOff;
  }

  showPing(seat: number, rttMs: number): void {
    const state = this.state.seats[seat];
    if (state && pingWorthShowing(state.ping, rttMs)) state.ping = rttMs;
  }

  tickEvery(ms: number | null): void {
    if (ms === this.fineTick) return;
    this.fineTick = ms;
    fineTick(this, ms);
  }

  /** A race holds a press: journalled beside the steps. */
  journalHeld(press: HeldPressRecord): void {
    this.journal.held(this, press);
  }
  /** The presses a race holds now (a journal rewrite carries them). */
  heldPresses(): readonly HeldPressRecord[] {
    return this.plugin?.heldPresses?.(this) ?? [];
  }
  /** A table resumed from its journal: the presses held when its process died are judged now. */
  resumeHeld(presses: readonly HeldPressRecord[]): void {
    this.plugin?.resumeHeld?.(this, presses);
  }

  /** A seat raised a fair-play flag: stored for operators (fair-play/store.ts); a signal, never a sanction. */
  fairPlayFlag(seat: number, flag: FairPlayFlag, evidence: Record<string, unknown>): void {
    this.kit.events.emit("fairPlayFlag", { room: this, seat, flag, evidence });
  }

  /**
   * An exception inside a message handler, timer or hook ends that message, timer or hook only: it
   * is logged and counted, the sender of a message is told, and every table goes on. Returns the
   * error (a hook whose caller answers the client rethrows it).
   */
  contain(error: unknown, method: string, client?: Client): unknown {
    // A ServerError is a deliberate refusal (bad options, a full table) on its way to the client.
    if (error instanceof ServerError) return error;
    handlerErrors.inc({ method });
    logger.error({ room: this.roomId, method, err: error }, "exception contained in a room");
    if (client && this.replies)
      this.replies.reject(client, { code: "server-error", message: "The server could not handle that message; the table goes on" });
    return error;
  }

  private disposed(): void {
    tableClosed(this);
    this.kit.events.emit("disposed", { room: this });
    // A ranked game still being rated keeps its journal (its rating write goes on, or a resume rates it).
    if (!this.ranked?.unrated) this.journal.disposed(this);
    if (this.inviteCode) void this.presence.srem(INVITE_KEY, this.inviteCode);
  }

  /** Whether a join's options take back a seat of their own here (its playerId holds one). */
  ownSeat(options: unknown): boolean {
    const id = (options as { playerId?: unknown } | null)?.playerId;
    return typeof id === "string" && this.seating.slots.some((s) => s.occupied && s.playerId === id);
  }

  // The admission's and the waiting table's host (admission.ts, waiting-table.ts).
  get maxSpectators(): number {
    return this.config.maxSpectators;
  }
  byCodeOnly(): boolean {
    return this.inviteCode !== null || this.match !== null;
  }
  setQuickPlayOpen(open: boolean): void {
    this.waiting.setQuickPlayOpen(open);
  }
  isSeated(sessionId: string): boolean {
    return this.seating.bySession(sessionId) !== undefined;
  }
  status(): string {
    return this.state.status;
  }
  setAutoFillAt(at: number): void {
    this.state.autoFillAt = at;
  }

  /** The journal store did not answer in time (`on`), or caught up after `pausedMs`. */
  paused(on: boolean, pausedMs: number): void {
    for (const client of this.clients) client.send(SERVER_MESSAGES.saving, { on });
    if (!on) this.play.unpaused(pausedMs);
  }

  /** Whether `account` holds a seat here: an invitation comes only from a player at the table (social/friends/; called across processes). */
  seatedAccount(account: unknown): boolean {
    return (
      typeof account === "string" && this.seating.slots.some((s) => s.occupied && !s.isBot && this.conduct.accountAt(s.index) === account)
    );
  }

  /** Every seat is taken: deal (table-play.ts). */
  startGame(): void {
    this.play.start();
  }

  /** A table resumed from its journal (durable/restore.ts): the rebuilt match goes on here. */
  resumeMatch(match: Match): void {
    this.play.resume(match);
    // After a restart without Redis the seat records went with the process: the journal's seats write them again.
    if (!match.over) for (const s of this.seating.slots) this.kit.events.emit("seatHeld", { room: this, playerId: s.playerId });
  }

  /** A table resumed while its deal waited for the players' values (entropy/pending-deal.ts): it deals now. */
  resumeDeal(deal: PendingDealRecord): void {
    this.play.resumeDeal(deal);
  }

  /** The deal waiting for values, as the journal keeps it (null: none). */
  pendingDeal(): PendingDealRecord | null {
    return this.play.pendingRecord();
  }

  /** A seat's shuffle value; the rejection to send back, or null. */
  shuffle(slot: Slot, payload: unknown): Rejection | null {
    return this.play.shuffle(slot, payload);
  }

  /** Fills empty seats with bots and starts (a seated player asked for it). */
  fillAndStart(): void {
    if (this.ranked) return;
    this.seating.fillBots();
    this.seating.project(this.state.seats);
    this.startGame();
  }

  /** Runs a seat's action; returns the rejection to send back, or null. */
  act(
    slot: Slot,
    parsed: { type: string },
    client: Client | null = null,
    raw: unknown = parsed,
    id: number | null = null,
  ): Rejection | null {
    return this.play.act(slot, parsed, client, raw, id);
  }

  /** The clock calls this when the deadline armed at `version` passes. */
  expireDeadline(version: number): void {
    this.play.expire(version);
  }

  /** The game is over: a ranked table rates it and records conduct; a casual one records its accounts' outcomes. */
  gameOver(match: Match): void {
    this.kit.events.emit("seatsReleased", { room: this, playerIds: this.seating.slots.map((s) => s.playerId) });
    this.kit.events.emit("gameOver", { room: this, match });
    if (this.ranked) return this.ranked.finish(match);
    const seats = this.seating.slots.map((s) => ({
      index: s.index,
      accountId: this.conduct.accountAt(s.index),
      left: s.isBot && s.botReason !== "filled",
    }));
    if (seats.every((s) => s.accountId === null)) return;
    // Places and names go with the record: the player's casual game history (conduct/casual-games.ts).
    const table = casualTable(match.game.id, match.game.outcome(match.state), match.state, this.seating.slots);
    const entries = this.conduct.outcomes(this.game.id, this.roomId, false, seats, Date.now(), null, table);
    void TableRoom.platform
      .conduct()
      .then((c) => c.record(entries))
      .catch((err: unknown) => logger.error({ room: this.roomId, err }, "conduct not recorded"));
  }
}

keepFieldsIn(TableRoom, "fields", [
  "game",
  "plugin",
  "config",
  "ranked",
  "table",
  "seating",
  "conduct",
  "match",
  "bots",
  "net",
  "play",
  "inviteCode",
  "pace",
  "admission",
  "replies",
  "waiting",
  "fineTick",
  "chat",
]);
guardFrames(TableRoom, (room, client, refusal) => room.replies.refuse(client, refusal));
gateReservations(
  TableRoom,
  (room) => (room as TableRoom).kit.gates,
  (room) => (room as TableRoom).admission,
);

/** The table room class of one server, with that server's features (compose.ts). */
export function composedTable(kit: RoomKit): typeof TableRoom {
  class ComposedTable extends TableRoom {}
  installKit(ComposedTable.prototype, kit);
  return ComposedTable;
}
