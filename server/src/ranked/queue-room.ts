/**
 * The ranked queue of one game: Colyseus's `QueueRoom`, one per game in the whole cluster (its
 * room name is filtered by nothing, so every process's matchmaker finds the same one through
 * the shared driver and presence).
 *
 * Who may queue (docs/API.md, "Who plays ranked"): a saved account (username and password) with
 * `RANKED_MIN_GAMES` finished casual games, not banned from the queue (conduct/), not queued or
 * playing ranked elsewhere (presence keys per account, so across processes). Groups of the game's
 * ranked seat count form at once; smaller tables its rules allow are accepted as the wait grows
 * (forming.ts: the split that seats the most, in the fewest tables). A table's players are close
 * in rating, each player's acceptable range widening with waiting (range.ts), and never against
 * the pairing rules (conduct/pairing.ts: not one network (an IPv6 /64 counts as one address) or
 * device, not a pair met too often today, not a blocked pair, poor conduct with poor conduct
 * first). Each waiting player hears how many are queued, the estimated wait (the median wait of
 * the players seated in the last hour, kept in this process's memory) and, in plain words, why
 * someone waiting cannot be matched with them.
 *
 * A full group is offered first: each member gets `matchFound` (no table, no opponents) and has
 * `RANKED_ACCEPT_SECONDS` to `accept`. Only when every member accepted is the table made (a signed
 * roster, ticket.ts) and each given its seat reservation. A member who declines, leaves or lets
 * the time run out is a no-show (recorded; bans follow repeats): the others stay queued with their
 * waiting time kept. No bots: a group is never filled with them, however long it waits.
 */
import { QueueRoom, ServerError, matchMaker, type AuthContext, type Client, type QueueMatchGroup } from "@colyseus/core";
import { banRefusal } from "../moderation/reports.ts";
import { deviceOf, latestSanction } from "../moderation/traces.ts";
import type { GameId } from "@scat/shared";
import { header } from "../accounts/auth.ts";
import { apart, exhaustedOpponents, type Candidate, type PairingRules } from "../conduct/pairing.ts";
import { logger } from "../logger.ts";
import { isMarked } from "../moderation/mark.ts";
import { PEER_HEADER } from "../net/http-gate.ts";
import type { Platform } from "./platform.ts";
import { RANKED_FORMATS, type RankedFormat } from "./formats.ts";
import { acceptable, rangeAfter } from "./range.ts";
import { displayRating, NEW_SKILL } from "./rating.ts";
import { signRoster } from "./ticket.ts";
import { playingKey, rankedPlay, type RankedPlay } from "./ranked-play.ts";
import { online } from "../social/presence/online.ts";
import { addressKey } from "../limits/address-key.ts";
import {
  allowedSizes,
  DEFAULT_TABLE_WAITS,
  estimateWait,
  minSizeAfter,
  parseTableWaits,
  planTables,
  waitsOf,
  WaitLog,
  type SizeWaits,
} from "./forming.ts";
import { unmatchedWhy } from "./unmatched.ts";

/** The waits of players seated in the last hour, per game, for this process (survives the queue room's disposal). */
const waitLogs = new Map<string, WaitLog>();
export function waitLogOf(game: string): WaitLog {
  let log = waitLogs.get(game);
  if (!log) waitLogs.set(game, (log = new WaitLog()));
  return log;
}

const ROOM_ERROR = 526;
/** How long the "queued" mark of an account lives if its process dies without removing it. */
const QUEUED_TTL_S = 30;
const TICKET_LIFETIME_MS = 24 * 3_600_000;
const DAY_MS = 24 * 3_600_000;
/** How long a seated group's waiting times are kept for a requeue after a no-show at the table. */
const REQUEUE_TTL_S = 120;
/** The status message each queued client gets every cycle (docs/PROTOCOL.md, "Ranked queue"). */
export const QUEUE_STATUS = "queueStatus";
/** A group is full: accept within the time (docs/PROTOCOL.md, "Ranked queue"). */
export const MATCH_FOUND = "matchFound";
/** An offer fell through: `{ reason, requeued }` (requeued: you keep your place and waiting time). */
export const MATCH_CANCELLED = "matchCancelled";
/** Close code for a member removed from the queue for not accepting. */
export const NO_SHOW_CLOSE = 4005;

interface Queued extends Candidate {
  readonly name: string;
  readonly rating: number;
  /** Its account and the accounts its device (and address, unsaved) link it to: a block of any keeps it apart. */
  readonly links: readonly string[];
}

interface Offer {
  readonly group: QueueMatchGroup;
  readonly members: readonly { readonly sessionId: string; readonly playerId: string }[];
  readonly deadline: number;
  readonly accepted: Set<string>;
  settled: boolean;
}

const queuedKey = (playerId: string) => `ranked:queued:${playerId}`;

/** A refusal a client can act on: `<code>: <sentence>` (docs/API.md lists the codes). */
function refuse(code: string, sentence: string): ServerError {
  return new ServerError(ROOM_ERROR, `${code}: ${sentence}`);
}

/** The queuing account and the accounts its device and address link it to (its traces noted first). */
async function linkedAccounts(
  platform: Platform,
  account: string,
  saved: boolean,
  device: unknown,
  context: AuthContext | undefined,
): Promise<string[]> {
  const traces = await platform.tracesIfOpen();
  if (!traces) return [account];
  const address = context?.headers ? (header(context.headers, PEER_HEADER) ?? null) : null;
  await traces.note(account, deviceOf(device), address).catch(() => undefined);
  return [...new Set([account, ...(await traces.linked(deviceOf(device), address, !saved))])];
}

export class RankedQueueRoom extends QueueRoom {
  static platform: Platform;
  /** Whether either of two accounts blocked the other (social/blocks.ts `BlockCache`, set by `createServer`). */
  static blocked: (a: string, b: string) => boolean = () => false;
  /** Loads an account's blocks for `blocked` when it queues (social/blocks.ts). */
  static loadBlocks: (accountId: string) => Promise<unknown> = async () => undefined;
  game!: GameId;
  format!: RankedFormat;
  private readonly entries = new Map<string, Queued>();
  private readonly offers = new Set<Offer>();
  private play!: RankedPlay;
  private sizes: number[] = [];
  private waits: SizeWaits = [];
  private lastEstimate: number | null | undefined = undefined;

  override onCreate(): void {
    // The game comes from the room name (`ranked_<game>`), never from a client's options.
    this.game = this.roomName.slice("ranked_".length) as GameId;
    this.format = RANKED_FORMATS[this.game];
    if (!this.format) throw new ServerError(ROOM_ERROR, `no ranked queue for "${this.roomName}"`);
    this.play = rankedPlay(RankedQueueRoom.platform);
    this.sizes = allowedSizes(this.game);
    this.waits = waitsOf(this.play.rules.tableWaits ?? parseTableWaits(DEFAULT_TABLE_WAITS), this.game);
    super.onCreate({
      matchRoomName: this.game,
      maxPlayers: this.format.seats,
      allowIncompleteGroups: false,
      onGroupReady: (group) => this.createTable(group),
    });
    this.onMessage("accept", (client) => this.accept(client));
    this.onMessage("decline", (client) => this.decline(client));
    this.autoDispose = true;
  }

  override async onAuth(
    _client: Client,
    options: { token?: unknown; device?: unknown } | undefined,
    context?: AuthContext,
  ): Promise<Queued> {
    const platform = RankedQueueRoom.platform;
    const who = await platform.identify(context?.headers, undefined, context?.token || options?.token);
    if (!who) throw refuse("sign-in-required", "ranked play needs an account");
    const player = who.player;
    const rules = platform.rankedRules;
    if (player.username === null && !rules.guests)
      throw refuse("account-required", "ranked play is for saved accounts: save yours with a username and password first");
    if (await isMarked(await platform.db(), player.id))
      throw refuse("account-marked", "an operator marked this account (boosting or cheating): it cannot play ranked");
    const standing = await (await platform.conduct()).standing(player.id);
    await RankedQueueRoom.loadBlocks(player.id);
    const banned = await banRefusal(await platform.db(), player.id);
    if (banned) throw refuse("account-banned", banned.replace(/^account-banned: /, ""));
    // The accounts its device (and, for an account that is not saved, its address) link it to
    // (moderation/traces.ts): a banned one's device cannot queue with another account, and a block
    // of any of them keeps the pair apart.
    const links = await linkedAccounts(platform, player.id, player.username !== null, options?.device, context);
    const linkedBan = await latestSanction(
      await platform.db(),
      links.filter((id) => id !== player.id),
      "ban",
    );
    if (linkedBan !== null)
      throw refuse("cannot-play", `you cannot play right now; you can play again from ${new Date(linkedBan).toISOString()}`);
    for (const id of links) if (id !== player.id) await RankedQueueRoom.loadBlocks(id);
    if (standing.ban)
      throw refuse(
        "queue-banned",
        `${standing.ban.reason}. You can queue for ranked again at ${new Date(standing.ban.until).toISOString()} (casual play is open)`,
      );
    if (standing.casualCompleted < rules.minGames) {
      throw refuse(
        "needs-casual-games",
        `finish ${rules.minGames - standing.casualCompleted} more casual game${rules.minGames - standing.casualCompleted === 1 ? "" : "s"} first (${rules.minGames} before ranked play)`,
      );
    }
    const playing = await this.play.current(player.id);
    if (playing) throw refuse("already-playing", `you are in a ranked game: go back to table ${playing}`);
    const marks = await this.presence.incr(queuedKey(player.id));
    await this.presence.expire(queuedKey(player.id), QUEUED_TTL_S);
    if (marks !== 1) throw refuse("already-queued", "this account is already in a ranked queue or being seated");
    const db = await platform.db();
    const [row, exhausted] = await Promise.all([
      db.selectFrom("ratings").select("rating").where("player_id", "=", player.id).where("game", "=", this.game).executeTakeFirst(),
      exhaustedOpponents(db, player.id, Date.now() - DAY_MS, rules.pairGamesPerDay),
    ]);
    const device = typeof options?.device === "string" && /^[A-Za-z0-9_-]{8,64}$/.test(options.device) ? options.device : null;
    // A player sent back after someone else's no-show keeps the waiting time it had.
    const since = Number(await this.presence.get(requeueKey(player.id))) || Date.now();
    const address = (context?.headers ? header(context.headers, PEER_HEADER) : undefined) ?? context?.ip ?? "unknown";
    // For the operators' suspicious-pairs report (a keyed hash, never the address itself).
    await (await platform.addresses()).note(player.id, address).catch(() => undefined);
    return {
      playerId: player.id,
      name: player.display_name,
      rating: row?.rating ?? displayRating(NEW_SKILL),
      since,
      // One network is one address: an IPv6 /64 as the sign-in limits count it (one subscriber's link).
      address: addressKey(address),
      device,
      poor: standing.poor,
      exhausted,
      links,
    };
  }

  override onJoin(client: Client, options: { token?: string; shuffle?: unknown; device?: unknown } | undefined, auth?: Queued): void {
    const q = auth ?? (client.auth as Queued);
    this.entries.set(client.sessionId, q);
    online().connected(client.sessionId, options);
    void this.presence.del(requeueKey(q.playerId));
    const f = this.format;
    this.addToQueue(client as never, {
      rank: q.rating,
      // `shuffle`: the player's client adds a value to the deal (docs/FAIRNESS.md), as at a casual table.
      // `device`: the browser, so the lobby's online count knows the ranked table's connection (social/presence/online.ts).
      options: {
        playerId: q.playerId,
        name: q.name,
        token: options?.token,
        ...(q.device ? { device: q.device } : {}),
        seats: f.seats,
        variants: f.variants,
        turnSeconds: f.turnSeconds,
        reconnectSeconds: f.reconnectSeconds,
        shuffle: options?.shuffle === true,
      },
    });
  }

  override onLeave(client: Client): void {
    const q = this.entries.get(client.sessionId);
    this.entries.delete(client.sessionId);
    online().disconnected(client.sessionId);
    if (q) this.presence.del(queuedKey(q.playerId));
    // Leaving while a match is offered is declining it.
    for (const offer of this.offers)
      if (!offer.settled && offer.members.some((m) => m.sessionId === client.sessionId))
        this.fallThrough(offer, new Set([client.sessionId]));
  }

  /** Every cycle: form the tables the policy allows (forming.ts) and offer each, settle offers whose time ran out, then tell each waiting player where they stand. */
  override reassignMatchGroups(): void {
    const now = Date.now();
    this.groups.length = 0;
    for (const members of this.formTables(now)) {
      const group: QueueMatchGroup = { clients: members, averageRank: 0, ready: true } as QueueMatchGroup;
      for (const c of members) (c.userData as { group?: QueueMatchGroup }).group = group;
      this.groups.push(group);
    }
    this.processGroupsReady();
    for (const offer of this.offers)
      if (!offer.settled && now >= offer.deadline)
        this.fallThrough(offer, new Set(offer.members.filter((m) => !offer.accepted.has(m.sessionId)).map((m) => m.sessionId)));
    const estimateMs = estimateWait(waitLogOf(this.game), now);
    if (estimateMs !== this.lastEstimate) {
      this.lastEstimate = estimateMs;
      void this.setMetadata({ estimateMs });
    }
    const waiting = this.waiting();
    for (const client of this.clients) {
      const q = this.entries.get(client.sessionId);
      if (!q) continue;
      void this.presence.expire(queuedKey(q.playerId), QUEUED_TTL_S);
      const range = rangeAfter(now - q.since);
      const others = waiting.filter((c) => c !== client).map((c) => this.entries.get(c.sessionId)!);
      client.send(QUEUE_STATUS, {
        game: this.game,
        rating: q.rating,
        range,
        low: q.rating - range,
        high: q.rating + range,
        waitedMs: now - q.since,
        queued: this.entries.size,
        seats: this.format.seats,
        sizes: this.sizes,
        waits: this.waits.filter((w) => this.sizes.includes(w.size)),
        minSeats: minSizeAfter(this.sizes, this.waits, now - q.since),
        estimateMs,
        unmatched: unmatchedWhy(others.map((o) => this.apartWhy(q, o, now))),
      });
    }
  }

  /** Queued clients not in an offer, longest waiting first. */
  private waiting(): Client[] {
    return this.clients
      .filter((c) => this.entries.has(c.sessionId) && c.userData && (c.userData as { group?: QueueMatchGroup }).group?.ready !== true)
      .sort((a, b) => this.entries.get(a.sessionId)!.since - this.entries.get(b.sessionId)!.since);
  }

  /**
   * The tables to offer this cycle: the sizes the policy gives for the waiting pool (by the
   * longest wait), each anchored on the longest-waiting free player with the closest ratings that
   * fit every member. A planned size that cannot be made (the pairing rules keep players apart)
   * gives way to the next smaller one the wait allows.
   */
  private formTables(now: number): Client[][] {
    const free = this.waiting();
    if (free.length < 2) return [];
    const waited = now - this.entries.get(free[0]!.sessionId)!.since;
    const floor = minSizeAfter(this.sizes, this.waits, waited);
    const out: Client[][] = [];
    for (const planned of planTables(free.length, this.sizes, this.waits, waited)) {
      for (const size of this.sizes.filter((s) => s <= planned && s >= floor)) {
        const members = this.build(free, size, now);
        if (!members) continue;
        out.push(members);
        for (const m of members) free.splice(free.indexOf(m), 1);
        break;
      }
    }
    return out;
  }

  private build(free: readonly Client[], size: number, now: number): Client[] | null {
    for (const anchor of free) {
      const a = this.entries.get(anchor.sessionId)!;
      const members = [anchor];
      const near = free
        .filter((c) => c !== anchor)
        .sort(
          (x, y) => Math.abs(this.entries.get(x.sessionId)!.rating - a.rating) - Math.abs(this.entries.get(y.sessionId)!.rating - a.rating),
        );
      for (const c of near) {
        if (members.length === size) break;
        const q = this.entries.get(c.sessionId)!;
        if (members.every((m) => this.apartWhy(this.entries.get(m.sessionId)!, q, now) === null)) members.push(c);
      }
      if (members.length === size) return members;
    }
    return null;
  }

  /** A full group is offered, not seated: the table is made once every member accepted. */
  override processGroupsReady(): void {
    for (const group of this.groups) {
      if (!group.ready) continue;
      const members = group.clients.map((c) => ({ sessionId: c.sessionId, playerId: this.entries.get(c.sessionId)?.playerId ?? "" }));
      const offer: Offer = {
        group,
        members,
        deadline: Date.now() + this.play.rules.acceptSeconds * 1000,
        accepted: new Set(),
        settled: false,
      };
      this.offers.add(offer);
      for (const c of group.clients)
        c.send(MATCH_FOUND, {
          game: this.game,
          players: members.length,
          acceptSeconds: this.play.rules.acceptSeconds,
          deadline: offer.deadline,
        });
    }
  }

  private offerOf(client: Client): Offer | null {
    for (const offer of this.offers) if (!offer.settled && offer.members.some((m) => m.sessionId === client.sessionId)) return offer;
    return null;
  }

  private accept(client: Client): void {
    const offer = this.offerOf(client);
    if (!offer) return;
    offer.accepted.add(client.sessionId);
    if (offer.accepted.size === offer.members.length) void this.seat(offer);
  }

  private decline(client: Client): void {
    const offer = this.offerOf(client);
    if (offer) this.fallThrough(offer, new Set([client.sessionId]));
  }

  /** Every member accepted: the table, then a seat reservation each, as core does for a ready group. */
  private async seat(offer: Offer): Promise<void> {
    offer.settled = true;
    this.offers.delete(offer);
    const group = offer.group;
    group.confirmed = 0;
    try {
      const now = Date.now();
      for (const m of offer.members) {
        const since = [...this.entries.values()].find((q) => q.playerId === m.playerId)?.since;
        if (since !== undefined) waitLogOf(this.game).add(now, now - since);
      }
      const room = await this.createTable(group);
      await this.play.begin(
        offer.members.map((m) => m.playerId),
        room.roomId,
      );
      // If someone else then fails to sit down, the others come back keeping their waiting time.
      for (const m of offer.members) {
        const since = [...this.entries.values()].find((q) => q.playerId === m.playerId)?.since;
        if (since !== undefined) void this.presence.setex(requeueKey(m.playerId), String(since), REQUEUE_TTL_S);
      }
      await matchMaker.reserveMultipleSeatsFor(
        room,
        group.clients.map((client) => ({
          sessionId: client.sessionId,
          options: { ...(client.userData as { options: object }).options, seats: group.clients.length },
          auth: client.auth,
        })),
      );
      for (const client of group.clients) client.send("seat", matchMaker.buildSeatReservation(room, client.sessionId));
    } catch (e) {
      for (const client of group.clients) client.leave(1011, (e as Error).message);
    }
  }

  /** The offer fell through: each in `noShows` is a no-show and leaves the queue; the others stay queued, waiting time kept. */
  private fallThrough(offer: Offer, noShows: ReadonlySet<string>): void {
    offer.settled = true;
    this.offers.delete(offer);
    const now = Date.now();
    const missing = offer.members.filter((m) => noShows.has(m.sessionId));
    void this.play.noShows(
      this.game,
      missing.map((m) => m.playerId),
      `queue-${this.roomId}-${offer.deadline}`,
      now,
    );
    logger.info({ game: this.game, noShows: missing.length }, "ranked match offer fell through");
    for (const client of offer.group.clients) {
      const data = client.userData as { group?: QueueMatchGroup; currentCycle?: number } | undefined;
      if (noShows.has(client.sessionId)) {
        client.send(MATCH_CANCELLED, {
          reason: "You did not accept the match: that counts as a no-show (docs: Fair play)",
          requeued: false,
        });
        client.leave(NO_SHOW_CLOSE);
        continue;
      }
      if (data) delete data.group;
      client.send(MATCH_CANCELLED, { reason: "A matched player did not accept: you keep your place in the queue", requeued: true });
    }
  }

  /** Why two waiting players may not share a table (a pairing rule, or ratings outside each other's range), or null when they may. */
  private apartWhy(me: Queued, other: Queued, now: number): string | null {
    // Blocked: either blocked the other, by account or by the accounts device and address link each to.
    const blocked = () => me.links.some((x) => other.links.some((y) => RankedQueueRoom.blocked(x, y)));
    const rules: PairingRules = { sameAddress: this.play.rules.sameAddress, mixAfterMs: this.play.rules.poolMixMs, blocked };
    return apart(me, other, rules, now) ?? (acceptable(me, other, now) ? null : "rating range");
  }

  private async createTable(group: QueueMatchGroup) {
    const players = group.clients.map((c) => this.entries.get(c.sessionId)?.playerId).filter((id): id is string => id !== undefined);
    const rankedTicket = signRoster(RankedQueueRoom.platform.secret, {
      game: this.game,
      players,
      expires: Date.now() + TICKET_LIFETIME_MS,
    });
    const f = this.format;
    const room = await matchMaker.createRoom(this.game, {
      seats: players.length,
      bots: 0,
      variants: f.variants,
      turnSeconds: f.turnSeconds,
      reconnectSeconds: f.reconnectSeconds,
      autoFillSeconds: 0,
      rankedTicket,
    });
    logger.info({ game: this.game, room: room.roomId, players: players.length }, "ranked group seated");
    return room;
  }
}

export { playingKey };
/** Where a player sent back to the queue keeps its waiting time (read once at its next join). */
export const requeueKey = (playerId: string) => `ranked:requeue:${playerId}`;
