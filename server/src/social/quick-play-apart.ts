/**
 * Blocked pairs are never at one table: not by quick
 * play in either direction, not by joining with a table's id or invite code, not watching, and
 * not by leaving the account behind. At matchmaking (net/http-gate.ts) every table join gets one
 * server-set option the client cannot send itself (`stripServerOptions` drops every `__` option
 * a request carries first): `__who`, the accounts the joiner may be (`links`: its own account,
 * and the accounts seen on its device and, without a saved account of its own, on its address:
 * moderation/traces.ts) and the accounts any of those is kept apart from (`apart`).
 *
 * Each table records the `__who` of every reservation (`TableApart`). A quick-play reservation
 * that would put a kept-apart pair together is refused there, and the gate tries the other open
 * tables of the same key, then creates a new one (`joinApart`): Colyseus's own joinOrCreate
 * would retry the same table with a back-off. A join by id or code (or to watch) is refused when
 * the client connects (`TableApart.clash`, in the room's onAuth), with a neutral reason that
 * says nothing of a block. Taking back one's own seat is never refused.
 */
import { matchMaker } from "@colyseus/core";
import type { HeaderBag } from "../accounts/auth.ts";
import { LINKS_MAX, deviceOf, type Traces } from "../moderation/traces.ts";
import type { BlockCache } from "./blocks.ts";

export const WHO_OPTION = "__who";

export interface Who {
  /** The account the join carries (cookie or token), if any. */
  readonly account: string | null;
  /** That account and the accounts its device (and, for one without a saved account, address) link it to. */
  readonly links: readonly string[];
  /** Every account kept apart from one of `links`. */
  readonly apart: readonly string[];
  /** A quick-play join: refused at the reservation, so the matchmaker tries another table. */
  readonly quick: boolean;
}

/** The client's own copies of server-set options (any name starting with `__`) are dropped from every matchmaking request. */
export function stripServerOptions(options: Record<string, unknown>): Record<string, unknown> {
  if (!Object.keys(options).some((k) => k.startsWith("__"))) return options;
  return Object.fromEntries(Object.entries(options).filter(([k]) => !k.startsWith("__")));
}

/** The server-set `__who` of a join's options, or null. */
export function whoOf(options: unknown): Who | null {
  if (options === null || typeof options !== "object") return null;
  const w = (options as Record<string, unknown>)[WHO_OPTION] as Who | undefined;
  return w && Array.isArray(w.links) && Array.isArray(w.apart) ? w : null;
}

export interface ApartLookups {
  /** The account a matchmaking request carries (cookie or token), without starting PGlite. */
  account(headers: HeaderBag | undefined, token: unknown): Promise<{ id: string; saved: boolean } | null>;
  /** The device and address store, or null while it is not open. */
  traces(): Promise<Traces | null>;
}

export class QuickPlayApart {
  constructor(
    private readonly lookups: ApartLookups,
    private readonly cache: BlockCache,
  ) {}

  /**
   * A table join's options with the server-set `__who` (`address`: the server's own view of the
   * client's address); any failure, or nobody to keep apart: unchanged.
   */
  async options(
    options: Record<string, unknown>,
    headers: HeaderBag | undefined,
    address: string | undefined,
    quick: boolean,
  ): Promise<Record<string, unknown>> {
    try {
      const who = await this.who(options, headers, address ?? null, quick);
      return who ? { ...options, [WHO_OPTION]: who } : options;
    } catch {
      return options;
    }
  }

  private async who(
    options: Record<string, unknown>,
    headers: HeaderBag | undefined,
    address: string | null,
    quick: boolean,
  ): Promise<Who | null> {
    const account = await this.lookups.account(headers, options["token"]);
    const traces = await this.lookups.traces();
    const device = deviceOf(options["playerId"]);
    if (account && traces) await traces.note(account.id, device, address).catch(() => undefined);
    const seen = traces ? await traces.linked(device, address, account?.saved !== true) : [];
    const links = [...new Set([...(account ? [account.id] : []), ...seen])].slice(0, LINKS_MAX + 1);
    if (links.length === 0) return null;
    const apart = new Set<string>();
    for (const id of links) for (const other of await this.cache.load(id)) apart.add(other);
    // One device shared by both sides of a block (a household's computer) keeps nobody from itself.
    for (const id of links) apart.delete(id);
    return { account: account?.id ?? null, links, apart: [...apart], quick };
  }
}

/** Whether a join's options ask to be kept apart from anyone. */
export function hasApart(options: Record<string, unknown>): boolean {
  return (whoOf(options)?.apart.length ?? 0) > 0;
}

/**
 * A quick-play join kept apart from some accounts: the open tables of its key in turn (each
 * table's gate refuses one with such an account), else a new table.
 */
export async function joinApart(roomName: string, options: Record<string, unknown>, auth: unknown): Promise<unknown> {
  const mode = options["mode"];
  const candidates =
    typeof mode === "string" ? await matchMaker.query({ name: roomName, locked: false, private: false, mode } as never) : [];
  for (const listing of candidates) {
    try {
      return await matchMaker.joinById(listing.roomId, options as never, auth as never);
    } catch {
      // Refused (a kept-apart account is there, or the table filled): the next one.
    }
  }
  return matchMaker.create(roomName, options as never, auth as never);
}

/** Who is at one table (reserved, seated or watching), by session, to keep blocked pairs apart. */
export class TableApart {
  private readonly here = new Map<string, { links: readonly string[]; apart: readonly string[] }>();

  /**
   * True when the reservation may go on; records who it is. Refuses only a quick-play join that
   * would meet a kept-apart account (`ownSeat`: the joiner takes its own seat back, never refused).
   */
  admit(sessionId: string, options: unknown, ownSeat = false, who: Who | null = whoOf(options)): boolean {
    if (!who) return true;
    if (who.quick && !ownSeat && this.clashes(who, sessionId)) return false;
    this.here.set(sessionId, { links: who.links, apart: who.apart });
    return true;
  }

  /**
   * Whether this session is kept apart from one that came before it (checked when a client
   * connects): the later of the two is refused, so a join by id cannot turn away someone already
   * on their way in.
   */
  clash(sessionId: string): boolean {
    const me = this.here.get(sessionId);
    return me !== undefined && this.clashes(me, sessionId);
  }

  /** Kept apart from an entry before `until` (the map keeps the order they came in); all of them when `until` is not here. */
  private clashes(who: { links: readonly string[]; apart: readonly string[] }, until: string): boolean {
    for (const [id, other] of this.here) {
      if (id === until) break;
      if (who.apart.some((a) => other.links.includes(a)) || other.apart.some((a) => who.links.includes(a))) return true;
    }
    return false;
  }

  /** The session left (or its reservation failed): it no longer keeps anyone away. */
  left(sessionId: string): void {
    this.here.delete(sessionId);
  }
}
