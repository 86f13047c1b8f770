/**
 * What makes a table ranked (created by a ranked queue with a signed roster, ticket.ts): only the
 * roster's accounts sit, each proven by its token in `onAuth` (taking or reclaiming a seat); no
 * bots are asked for and nobody can fill seats with them; a roster that does not all arrive
 * closes the table unrated; and when the game ends the standings are written and rated once
 * (record-match.ts), then every connection hears each seat's rating change.
 */
import { ServerError, type Client } from "@colyseus/core";
import { logger } from "../logger.ts";
import { gameLogOf } from "../room/fairness.ts";
import type { Match } from "../room/match.ts";
import type { Seating } from "../room/seating.ts";
import type { Platform } from "./platform.ts";
import { recordRankedMatch, type RankedResult } from "./record-match.ts";
import { standingsOf } from "./standings.ts";
import { verifyRoster, type Roster } from "./ticket.ts";

/** The message every connection gets once the ranked game is rated (docs/PROTOCOL.md). */
export const RATING_MESSAGE = "ratingChanged";
export const RANKED_MODE = "ranked";
const ROOM_ERROR = 526;
/** Seconds after the seat reservations lapse before a table whose roster did not all arrive closes. */
const NO_SHOW_GRACE_S = 5;
const WRITE_RETRIES = [500, 2_000, 5_000, 15_000];

export interface RankedHost {
  readonly roomId: string;
  readonly seating: Seating;
  readonly match: Match | null;
  readonly clients: Iterable<Client>;
  readonly clock: { setTimeout(fn: () => void, ms: number): unknown };
  readonly config: { readonly seatReservationSeconds: number };
  disconnect(): unknown;
}

export class RankedTable {
  private finished: Match | null = null;
  result: RankedResult | null = null;

  constructor(private readonly platform: Platform, readonly roster: Roster, private readonly host: RankedHost) {
    host.clock.setTimeout(() => this.closeIfIncomplete(), (host.config.seatReservationSeconds + NO_SHOW_GRACE_S) * 1000);
  }

  /** The ranked part of a table's create options, or null for an ordinary table. */
  static open(platform: Platform, game: string, options: unknown, host: RankedHost): RankedTable | null {
    const ticket = (options as { rankedTicket?: unknown } | null)?.rankedTicket;
    if (ticket === undefined) return null;
    const roster = verifyRoster(platform.secret, ticket, game);
    if (!roster) throw new ServerError(ROOM_ERROR, "bad table options: ranked tables are made by the ranked queue");
    return new RankedTable(platform, roster, host);
  }

  /** A player seat goes only to a roster account that proves itself with its token. */
  async authorize(options: unknown, context: { token?: string } | undefined): Promise<void> {
    const o = (options ?? {}) as { token?: unknown; playerId?: unknown; name?: unknown };
    const token = context?.token || (typeof o.token === "string" ? o.token : null);
    const player = await (await this.platform.accounts()).authenticate(token);
    if (!player) throw new ServerError(ROOM_ERROR, "sign-in-required: a ranked seat needs your account token");
    if (!this.roster.players.includes(player.id) || o.playerId !== player.id) throw new ServerError(ROOM_ERROR, "not-in-roster: this ranked table is for the players the queue matched");
    o.name = player.display_name;
  }

  /** Reservation gate: only roster accounts (or spectators) may hold a seat reservation here. */
  admits(options: unknown): boolean {
    const o = (options ?? {}) as { spectate?: unknown; playerId?: unknown };
    return o.spectate === true || (typeof o.playerId === "string" && this.roster.players.includes(o.playerId));
  }

  private closeIfIncomplete(): void {
    if (this.host.match) return;
    logger.info({ room: this.host.roomId }, "ranked table closed: not every matched player arrived");
    for (const client of this.host.clients) client.send(RATING_MESSAGE, { cancelled: true, reason: "A matched player did not arrive; nothing was rated" });
    this.host.disconnect();
  }

  /** The game is over: rate it (once per match; retried if the database is briefly away). */
  finish(match: Match): void {
    if (this.finished === match) return;
    this.finished = match;
    void this.write(match, 0);
  }

  private async write(match: Match, attempt: number): Promise<void> {
    const outcome = match.game.outcome(match.state);
    if (!outcome) return;
    const forfeited = new Set(this.host.seating.slots.filter((s) => s.isBot).map((s) => s.index));
    const seats = this.host.seating.slots.map((s) => ({ seat: s.index, playerId: s.playerId ?? "", name: s.name }));
    try {
      if (seats.some((s) => !this.roster.players.includes(s.playerId))) throw new Error("a ranked seat has no roster account");
      const log = gameLogOf(this.host.roomId, match);
      this.result = await recordRankedMatch(await this.platform.db(), log, seats, standingsOf(outcome, forfeited), Date.now());
      this.platform.onRated(log.game);
      for (const client of this.host.clients) client.send(RATING_MESSAGE, this.result);
      logger.info({ room: this.host.roomId, match: this.result.matchId, rated: this.result.rated }, "ranked match recorded");
    } catch (err) {
      const wait = WRITE_RETRIES[attempt];
      logger.error({ room: this.host.roomId, err, retryInMs: wait ?? null }, "ranked match not recorded");
      if (wait !== undefined) this.host.clock.setTimeout(() => void this.write(match, attempt + 1), wait);
    }
  }

  /** A connection that arrives after the rating (a reload) is told too. */
  greet(client: Client): void {
    if (this.result) client.send(RATING_MESSAGE, this.result);
  }
}

/** Puts the roster check in front of a table class's seat reservations (after admission.ts's gate). */
export function gateRankedReservations(RoomClass: { prototype: object }, ranked: (room: object) => RankedTable | null): void {
  type Reserve = (this: object, sessionId: string, joinOptions?: unknown, ...rest: unknown[]) => Promise<boolean>;
  const proto = RoomClass.prototype as { _reserveSeat: Reserve };
  const inner = proto._reserveSeat;
  proto._reserveSeat = async function (this: object, sessionId, joinOptions, ...rest) {
    const table = ranked(this);
    if (table && rest[2] !== true && !table.admits(joinOptions)) return false;
    return inner.call(this, sessionId, joinOptions, ...rest);
  };
}
