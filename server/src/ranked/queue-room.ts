/**
 * The ranked queue of one game: Colyseus's `QueueRoom`, one per game in the whole cluster (its
 * room name is filtered by nothing, so every process's matchmaker finds the same one through
 * the shared driver and presence). Only accounts may queue, each in at most one queue at a time
 * (a presence key per account); groups of the game's ranked seat count form by rating, and each
 * player's acceptable range widens with waiting (range.ts), so nobody waits forever. A full group
 * gets a table made with a signed roster (ticket.ts) and a seat reservation each. No bots: a
 * group is never filled with them, however long it waits.
 */
import { QueueRoom, ServerError, matchMaker, type AuthContext, type Client, type QueueMatchGroup } from "@colyseus/core";
import type { GameId } from "@scat/shared";
import { logger } from "../logger.ts";
import type { Platform } from "./platform.ts";
import { RANKED_FORMATS, type RankedFormat } from "./formats.ts";
import { acceptable, rangeAfter } from "./range.ts";
import { displayRating, NEW_SKILL } from "./rating.ts";
import { signRoster } from "./ticket.ts";

const ROOM_ERROR = 526;
/** How long the "queued" mark of an account lives if its process dies without removing it. */
const QUEUED_TTL_S = 30;
const TICKET_LIFETIME_MS = 24 * 3_600_000;
/** The status message each queued client gets every cycle (docs/PROTOCOL.md, "Ranked queue"). */
export const QUEUE_STATUS = "queueStatus";

interface Queued {
  readonly playerId: string;
  readonly name: string;
  readonly rating: number;
  readonly since: number;
}

const queuedKey = (playerId: string) => `ranked:queued:${playerId}`;

export class RankedQueueRoom extends QueueRoom {
  static platform: Platform;
  game!: GameId;
  format!: RankedFormat;
  private readonly entries = new Map<string, Queued>();

  override onCreate(): void {
    // The game comes from the room name (`ranked_<game>`), never from a client's options.
    this.game = this.roomName.slice("ranked_".length) as GameId;
    this.format = RANKED_FORMATS[this.game];
    if (!this.format) throw new ServerError(ROOM_ERROR, `no ranked queue for "${this.roomName}"`);
    super.onCreate({
      matchRoomName: this.game,
      maxPlayers: this.format.seats,
      allowIncompleteGroups: false,
      compare: (client, group) => this.fits(client.options?.playerId, group),
      onGroupReady: (group) => this.createTable(group),
    });
    // Core would let a long-waiting player into any group, whatever the ratings; the range does that job here.
    Object.assign(this, { maxWaitingCyclesForPriority: undefined });
    this.autoDispose = true;
  }

  override async onAuth(_client: Client, options: { token?: unknown } | undefined, context?: AuthContext): Promise<Queued> {
    const who = await RankedQueueRoom.platform.identify(context?.headers, undefined, context?.token || options?.token);
    if (!who) throw new ServerError(ROOM_ERROR, "sign-in-required: ranked play needs an account");
    const player = who.player;
    const marks = await this.presence.incr(queuedKey(player.id));
    await this.presence.expire(queuedKey(player.id), QUEUED_TTL_S);
    if (marks !== 1) throw new ServerError(ROOM_ERROR, "already-queued: this account is already in a ranked queue or being seated");
    const db = await RankedQueueRoom.platform.db();
    const row = await db.selectFrom("ratings").select("rating").where("player_id", "=", player.id).where("game", "=", this.game).executeTakeFirst();
    return { playerId: player.id, name: player.display_name, rating: row?.rating ?? displayRating(NEW_SKILL), since: Date.now() };
  }

  override onJoin(client: Client, options: { token?: string } | undefined, auth?: Queued): void {
    const q = auth ?? (client.auth as Queued);
    this.entries.set(client.sessionId, q);
    const f = this.format;
    this.addToQueue(client as never, {
      rank: q.rating,
      options: { playerId: q.playerId, name: q.name, token: options?.token, seats: f.seats, variants: f.variants, turnSeconds: f.turnSeconds, reconnectSeconds: f.reconnectSeconds },
    });
  }

  override onLeave(client: Client): void {
    const q = this.entries.get(client.sessionId);
    this.entries.delete(client.sessionId);
    if (q) this.presence.del(queuedKey(q.playerId));
  }

  /** Every cycle: regroup (core), then tell each waiting player their range and wait. */
  override reassignMatchGroups(): void {
    super.reassignMatchGroups();
    const now = Date.now();
    for (const client of this.clients) {
      const q = this.entries.get(client.sessionId);
      if (!q) continue;
      void this.presence.expire(queuedKey(q.playerId), QUEUED_TTL_S);
      const range = rangeAfter(now - q.since);
      client.send(QUEUE_STATUS, { game: this.game, rating: q.rating, range, low: q.rating - range, high: q.rating + range, waitedMs: now - q.since, queued: this.entries.size, seats: this.format.seats });
    }
  }

  /** A newcomer joins a group when every member's range and its own accept each other. */
  private fits(playerId: string | undefined, group: QueueMatchGroup): boolean {
    const me = [...this.entries.values()].find((q) => q.playerId === playerId);
    if (!me) return false;
    const now = Date.now();
    return group.clients.every((c) => {
      const other = this.entries.get(c.sessionId);
      return other !== undefined && acceptable(me, other, now);
    });
  }

  private async createTable(group: QueueMatchGroup) {
    const players = group.clients.map((c) => this.entries.get(c.sessionId)?.playerId).filter((id): id is string => id !== undefined);
    const rankedTicket = signRoster(RankedQueueRoom.platform.secret, { game: this.game, players, expires: Date.now() + TICKET_LIFETIME_MS });
    const f = this.format;
    const room = await matchMaker.createRoom(this.game, { seats: f.seats, bots: 0, variants: f.variants, turnSeconds: f.turnSeconds, reconnectSeconds: f.reconnectSeconds, autoFillSeconds: 0, rankedTicket });
    logger.info({ game: this.game, room: room.roomId, players: players.length }, "ranked group seated");
    return room;
  }
}
