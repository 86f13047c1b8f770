/**
 * Quick play never seats a blocked pair together (issue #27). At matchmaking (net/http-gate.ts)
 * a quick-play join of an account with blocks either way gets two server-set options the client
 * cannot send itself (`stripApartOptions` removes them from every request first): its account and
 * the accounts it must be kept apart from. The table's reservation gate (`gateApart`) refuses a
 * reservation when one of those accounts holds or has reserved a seat there, and records every
 * quick-play account it admits. The gate then tries the other open tables of the same key and,
 * when each refuses, creates a new one (`joinApart`): Colyseus's own joinOrCreate would retry the
 * same table with a back-off.
 *
 * Players without blocks take the ordinary path: their options carry only their account, so a
 * later joiner who blocked them is kept away from their table.
 */
import { matchMaker, type Room } from "@colyseus/core";
import type { HeaderBag } from "../accounts/auth.ts";
import type { BlockCache } from "./blocks.ts";

export const ACCOUNT_OPTION = "__account";
export const APART_OPTION = "__apart";

/** The client's own copies of the server-set options are dropped from every matchmaking request. */
export function stripApartOptions(options: Record<string, unknown>): Record<string, unknown> {
  if (!Object.hasOwn(options, ACCOUNT_OPTION) && !Object.hasOwn(options, APART_OPTION)) return options;
  const { [ACCOUNT_OPTION]: _a, [APART_OPTION]: _b, ...rest } = options;
  return rest;
}

export interface ApartLookups {
  /** The account a matchmaking request carries (cookie or token), without starting PGlite. */
  account(headers: HeaderBag | undefined, token: unknown): Promise<string | null>;
}

export class QuickPlayApart {
  constructor(private readonly lookups: ApartLookups, private readonly cache: BlockCache) {}

  /** A quick-play join's options with the server-set account and apart list; any failure: unchanged. */
  async options(options: Record<string, unknown>, headers: HeaderBag | undefined): Promise<Record<string, unknown>> {
    if (options["spectate"] === true) return options;
    try {
      const account = await this.lookups.account(headers, options["token"]);
      if (account === null) return options;
      const apart = [...(await this.cache.load(account))];
      return apart.length > 0 ? { ...options, [ACCOUNT_OPTION]: account, [APART_OPTION]: apart } : { ...options, [ACCOUNT_OPTION]: account };
    } catch {
      return options;
    }
  }
}

/** Whether a join's options ask to be kept apart from anyone. */
export function hasApart(options: Record<string, unknown>): boolean {
  return Array.isArray(options[APART_OPTION]) && (options[APART_OPTION] as unknown[]).length > 0;
}

/**
 * A quick-play join kept apart from some accounts: the open tables of its key in turn (each
 * table's gate refuses one with such an account), else a new table.
 */
export async function joinApart(roomName: string, options: Record<string, unknown>, auth: unknown): Promise<unknown> {
  const mode = options["mode"];
  const candidates = typeof mode === "string" ? await matchMaker.query({ name: roomName, locked: false, private: false, mode } as never) : [];
  for (const listing of candidates) {
    try {
      return await matchMaker.joinById(listing.roomId, options as never, auth as never);
    } catch {
      // Refused (a kept-apart account is there, or the table filled): the next one.
    }
  }
  return matchMaker.create(roomName, options as never, auth as never);
}

/** One table's quick-play accounts, by session (reserved or seated). */
export class TableApart {
  private readonly accounts = new Map<string, string>();

  /** True when the reservation may go on (no kept-apart account here); records its account. */
  admit(sessionId: string, options: unknown): boolean {
    if (options === null || typeof options !== "object") return true;
    const o = options as Record<string, unknown>;
    const apart = Array.isArray(o[APART_OPTION]) ? (o[APART_OPTION] as unknown[]) : [];
    if (apart.length > 0) {
      const here = new Set(this.accounts.values());
      if (apart.some((a) => typeof a === "string" && here.has(a))) return false;
    }
    if (typeof o[ACCOUNT_OPTION] === "string") this.accounts.set(sessionId, o[ACCOUNT_OPTION]);
    return true;
  }

  /** The session left (or its reservation failed): its account no longer keeps anyone away. */
  left(sessionId: string): void {
    this.accounts.delete(sessionId);
  }
}

type ReserveSeat = (this: Room, sessionId: string, joinOptions?: unknown, ...rest: unknown[]) => Promise<boolean>;

/** Puts the kept-apart check in front of a room class's seat reservation (after `gateReservations`, so it runs first). */
export function gateApart(RoomClass: { prototype: Room }, apart: (room: Room) => TableApart | undefined): void {
  const proto = RoomClass.prototype as unknown as { _reserveSeat: ReserveSeat };
  const inner = proto._reserveSeat;
  proto._reserveSeat = async function (this: Room, sessionId, joinOptions, ...rest) {
    const reconnecting = rest[2] === true;
    const table = apart(this);
    if (!reconnecting && table && !table.admit(sessionId, joinOptions)) return false;
    const ok = await inner.call(this, sessionId, joinOptions, ...rest);
    if (!ok) table?.left(sessionId);
    return ok;
  };
}
