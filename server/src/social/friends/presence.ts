/**
 * Friends online, where they play, and invitations, in Colyseus's presence:
 * Redis with REDIS_URL, so every process sees every account; this process's memory otherwise.
 *
 * - `friends:online:<account>`: the account has a page open. Each page pings
 *   (`POST /api/friends/ping`, every 5 s while visible, 20 s hidden) with its browser's playerId;
 *   the key lapses `ONLINE_TTL_S` after the last ping. A page that closes is offline within that.
 * - Where a friend plays comes from the held-seat record of that playerId (social/seats.ts):
 *   a public table is named (game, status, whether a seat is free) so friends may join or watch;
 *   a private or ranked table is only "in a game".
 * - `friends:invites:<account>`: a hash of invitations waiting for the account, each gone
 *   `INVITE_TTL_MS` after it was sent (the key itself lapses then too). The ping's answer carries
 *   them, so an invitation reaches the friend's page wherever it is in the app, from any process.
 */
import { randomUUID } from "node:crypto";
import { matchMaker, type Presence } from "@colyseus/core";
import { GAMES } from "../../games.ts";
import { SeatRegistry } from "../seats.ts";

export const ONLINE_TTL_S = 45;
export const INVITE_TTL_MS = 120_000;
/** Invitations kept per recipient; the oldest goes first. */
export const INVITES_KEPT = 20;

const onlineKey = (account: string): string => `friends:online:${account}`;
const invitesKey = (account: string): string => `friends:invites:${account}`;

/** Where a friend is: a public table (joinable or watchable), "in a game" elsewhere, or nothing known. */
export type Whereabouts =
  | { readonly kind: "table"; readonly roomId: string; readonly game: string; readonly status: string; readonly open: boolean }
  | { readonly kind: "game" };

export interface Invite {
  readonly id: string;
  readonly from: { readonly id: string; readonly name: string; readonly username: string };
  readonly roomId: string;
  readonly game: string;
  readonly at: number;
  readonly expiresAt: number;
}

/** A table room's listing (never a lobby or queue): public or not, ranked or not. */
export interface TableListingInfo {
  readonly roomId: string;
  readonly game: string;
  readonly status: string;
  readonly open: boolean;
  readonly private: boolean;
  readonly ranked: boolean;
}

const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);

export async function tableListing(roomId: string): Promise<TableListingInfo | null> {
  const [room] = await matchMaker.query({ roomId });
  if (!room || !(room.name in GAMES)) return null;
  const m = (room.metadata ?? {}) as Record<string, unknown>;
  const status = typeof m["status"] === "string" ? m["status"] : "waiting";
  return {
    roomId: room.roomId,
    game: room.name,
    status,
    open: status === "waiting" && num(m["players"]) + num(m["bots"]) < num(m["seats"]),
    private: room.private === true,
    ranked: typeof m["mode"] === "string" && m["mode"].startsWith("ranked"),
  };
}

function parseInvite(raw: string): Invite | null {
  try {
    const v = JSON.parse(raw) as Invite;
    return typeof v.id === "string" && typeof v.roomId === "string" && typeof v.expiresAt === "number" ? v : null;
  } catch {
    return null;
  }
}

export class FriendsPresence {
  constructor(
    private readonly presence: Presence,
    private readonly now: () => number = Date.now,
  ) {}

  /** A page of `account` is open, in the browser whose playerId is `playerId`. */
  async seen(account: string, playerId: string): Promise<void> {
    await this.presence.setex(onlineKey(account), JSON.stringify({ playerId }), ONLINE_TTL_S);
  }

  /** The browser playerId of the account's open page, or null when it is offline. */
  async online(account: string): Promise<string | null> {
    const raw: unknown = await this.presence.get(onlineKey(account));
    if (typeof raw !== "string") return null;
    try {
      const v = JSON.parse(raw) as { playerId?: unknown };
      return typeof v.playerId === "string" ? v.playerId : null;
    } catch {
      return null;
    }
  }

  /** Where an online account plays, as its friends may see it. */
  async whereabouts(playerId: string): Promise<Whereabouts | null> {
    const seat = await new SeatRegistry(this.presence).current(playerId);
    if (!seat) return null;
    const table = await tableListing(seat.roomId);
    if (!table || table.status === "ended") return null;
    if (table.private || table.ranked) return { kind: "game" };
    return { kind: "table", roomId: table.roomId, game: table.game, status: table.status, open: table.open };
  }

  /** Sends an invitation; a second one from the same sender to the same table replaces the first. */
  async invite(to: string, from: Invite["from"], table: { roomId: string; game: string }): Promise<Invite> {
    const at = this.now();
    const invite: Invite = {
      id: `${from.id}.${table.roomId}.${randomUUID().slice(0, 8)}`,
      from,
      roomId: table.roomId,
      game: table.game,
      at,
      expiresAt: at + INVITE_TTL_MS,
    };
    const kept = await this.pending(to);
    for (const old of kept) if (old.from.id === from.id && old.roomId === table.roomId) await this.presence.hdel(invitesKey(to), old.id);
    const others = kept.filter((old) => !(old.from.id === from.id && old.roomId === table.roomId));
    for (const old of others.slice(0, Math.max(0, others.length - INVITES_KEPT + 1))) await this.presence.hdel(invitesKey(to), old.id);
    await this.presence.hset(invitesKey(to), invite.id, JSON.stringify(invite));
    await this.presence.expire(invitesKey(to), Math.ceil(INVITE_TTL_MS / 1000));
    return invite;
  }

  /** The account's invitations not yet expired, oldest first; expired ones are removed. */
  async pending(account: string): Promise<Invite[]> {
    const all = (await this.presence.hgetall(invitesKey(account))) ?? {};
    const now = this.now();
    const live: Invite[] = [];
    for (const [field, raw] of Object.entries(all)) {
      const invite = parseInvite(raw);
      if (invite && invite.expiresAt > now) live.push(invite);
      else await this.presence.hdel(invitesKey(account), field);
    }
    return live.sort((a, b) => a.at - b.at);
  }

  /** The recipient dismissed (or used) an invitation; false when it was not there. */
  async dismiss(account: string, id: string): Promise<boolean> {
    return Boolean(await this.presence.hdel(invitesKey(account), id));
  }
}
