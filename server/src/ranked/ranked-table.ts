/**
 * What makes a table ranked (created by a ranked queue with a signed roster, ticket.ts): only the
 * roster's accounts sit, each proven by its token in `onAuth` (taking or reclaiming a seat); no
 * bots are asked for and nobody can fill seats with them; a roster that does not all arrive
 * closes the table unrated; and when the game ends the standings are written and rated once
 * (record-match.ts), then every connection hears each seat's rating change.
 *
 * No unrated window: the table's journal (durable/) outlives the game until the rating is
 * committed. A process that dies after the last step but before the commit leaves the journal, the
 * table is resumed on a peer or after the restart with its game over, and that process rates it;
 * one that dies after the commit but before the journal went leaves a table whose rating write
 * finds the match id already there and changes nothing. A write that fails is retried for as long
 * as the process lives (the room going away does not stop it).
 */
import { ServerError, type AuthContext, type Client, type Presence } from "@colyseus/core";
import type { TableConduct } from "../conduct/table-conduct.ts";
import { rankedPlay, type RankedPlay } from "./ranked-play.ts";
import type { GameLog } from "@scat/shared/fairness/game-log.ts";
import { durability, type DurableRoom } from "../durable/durability.ts";
import { logger } from "../logger.ts";
import { gameLogOf } from "../table/fairness.ts";
import type { Match } from "../table/match.ts";
import type { Seating } from "../table/seating.ts";
import type { Platform } from "./platform.ts";
import { recordRankedMatch, type RankedResult, type RankedSeat } from "./record-match.ts";
import { rankKeys, standingsOf, type SeatResult } from "@scat/shared/standings.ts";
import { RANKED_SEATS_MESSAGE, loadSeatRatings, rankedSeatsBody, type SeatRating } from "./seat-ratings.ts";
import { verifyRoster, type Roster } from "./ticket.ts";

/** The message every connection gets once the ranked game is rated (docs/PROTOCOL.md). */
export const RATING_MESSAGE = "ratingChanged";
export const RANKED_MODE = "ranked";
const ROOM_ERROR = 526;
/** Seconds after the seat reservations lapse before a table whose roster did not all arrive closes. */
const NO_SHOW_GRACE_S = 5;
/** How long a cancelled or aborted table stays open after telling its clients why. */
const CLOSE_AFTER_MS = 1_000;
/** Waits before each new try of a failed rating write; the last one repeats until it succeeds. */
const WRITE_RETRIES = [500, 2_000, 5_000, 15_000, 30_000];

export interface RankedHost extends DurableRoom {
  readonly roomId: string;
  readonly seating: Seating;
  readonly match: Match | null;
  readonly clients: Iterable<Client>;
  readonly clock: { setTimeout(fn: () => void, ms: number): unknown };
  readonly config: { readonly seatReservationSeconds: number };
  readonly presence: Presence;
  readonly conduct: TableConduct;
}

/** What is written for a finished game: taken when it ends, so a later retry writes the same. */
interface Finished {
  readonly log: GameLog;
  readonly seats: readonly RankedSeat[];
  readonly standings: readonly SeatResult[];
  readonly endedAt: number;
}

export class RankedTable {
  private finished: Match | null = null;
  private aborted = false;
  private readonly play: RankedPlay;
  /** A rating write is under way or waiting for its next try. */
  private writing = false;
  result: RankedResult | null = null;

  constructor(
    private readonly platform: Platform,
    readonly roster: Roster,
    private readonly host: RankedHost,
  ) {
    this.play = rankedPlay(platform, host.presence);
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

  /** A player seat goes only to a roster account that proves itself (session or personal token); returns it. */
  async authorize(options: unknown, context: AuthContext | undefined): Promise<string> {
    const o = (options ?? {}) as { token?: unknown; playerId?: unknown; name?: unknown };
    const who = await this.platform.identify(context?.headers, undefined, context?.token || o.token);
    if (!who)
      throw new ServerError(ROOM_ERROR, "sign-in-required: a ranked seat needs your account (signed in on this site, or a personal token)");
    const player = who.player;
    if (!this.roster.players.includes(player.id) || o.playerId !== player.id)
      throw new ServerError(ROOM_ERROR, "not-in-roster: this ranked table is for the players the queue matched");
    o.name = player.display_name;
    return player.id;
  }

  /** Nobody watches a ranked table before its game starts: a matched player cannot scout the table instead of sitting. */
  authorizeSpectator(started: boolean): void {
    if (!started) throw new ServerError(ROOM_ERROR, "ranked-not-started: a ranked table can be watched once its game has started");
  }

  /** Reservation gate: only roster accounts (or spectators: refused with the reason in `onAuth` before the game starts) may hold a seat reservation here. */
  admits(options: unknown): boolean {
    const o = (options ?? {}) as { spectate?: unknown; playerId?: unknown };
    return o.spectate === true || (typeof o.playerId === "string" && this.roster.players.includes(o.playerId));
  }

  /**
   * Not every matched player sat down in time: the table closes unrated. Those who did not sit are
   * no-shows on their record; those who did go back to the queue keeping their waiting time.
   */
  private closeIfIncomplete(): void {
    if (this.host.match) return;
    const seated = new Set(this.host.seating.slots.filter((s) => s.occupied && !s.isBot && s.playerId).map((s) => s.playerId!));
    const missing = this.roster.players.filter((p) => !seated.has(p));
    logger.info({ room: this.host.roomId, missing: missing.length }, "ranked table closed: not every matched player arrived");
    void this.play
      .noShows(this.roster.game, missing, this.host.roomId, Date.now())
      .catch((err: unknown) => logger.error({ err }, "no-show not recorded"));
    void this.play.end(this.roster.players, this.host.roomId);
    for (const client of this.host.clients)
      client.send(RATING_MESSAGE, {
        cancelled: true,
        requeue: true,
        reason: "A matched player did not sit down; nothing was rated. You are back in the queue with your waiting time.",
      });
    this.closeSoon();
  }

  /**
   * A roster player's seat went to a bot (left, or gone past the reconnection window). Before
   * `RANKED_ABORT_STEPS` steps the game is aborted: unrated for everyone, the leaver's mark.
   */
  seatLost(seat: number, match: Match): void {
    if (this.aborted || match.over) return;
    const steps = match.log.filter((s) => s.seat !== null).length;
    if (steps >= this.play.rules.abortSteps) return;
    this.aborted = true;
    const leaver = this.host.seating.slots[seat]?.name ?? "A player";
    logger.info({ room: this.host.roomId, seat, steps }, "ranked game aborted: a player left before it got going");
    const seats = this.host.seating.slots.map((s) => ({ index: s.index, accountId: s.playerId ?? null, left: s.isBot }));
    void this.platform
      .conduct()
      .then((c) => c.record(this.host.conduct.outcomes(this.roster.game, this.host.roomId, true, seats, Date.now(), seat)))
      .catch((err: unknown) => logger.error({ err }, "abort not recorded"));
    void this.play.end(this.roster.players, this.host.roomId);
    for (const client of this.host.clients)
      client.send(RATING_MESSAGE, {
        cancelled: true,
        aborted: true,
        reason: `${leaver} left before the game got going: it is aborted and nothing is rated`,
      });
    durability.ended(this.host);
    this.closeSoon();
  }

  /**
   * Closes the table a moment after telling its clients why: closing at once could drop that
   * message (the close frames can leave before a message queued for the next patch).
   */
  private closeSoon(): void {
    this.host.clock.setTimeout(() => void this.host.disconnect(), CLOSE_AFTER_MS);
  }

  /** The game is over but its rating is not committed yet (the table keeps its journal until then). */
  get unrated(): boolean {
    return this.writing;
  }

  /**
   * The game is over (just now, or before the crash of the process it was resumed from): rate it,
   * once per match. The standings are taken now: a seat a bot finished is the player's forfeit.
   */
  finish(match: Match): void {
    if (this.finished === match || this.aborted) return;
    const outcome = match.game.outcome(match.state);
    if (!outcome) return;
    this.finished = match;
    if (this.host.seating.slots.some((s) => !s.playerId || !this.roster.players.includes(s.playerId))) {
      logger.error({ room: this.host.roomId }, "ranked match not rated: a seat has no roster account");
      durability.ended(this.host);
      return;
    }
    const forfeited = new Set(this.host.seating.slots.filter((s) => s.isBot).map((s) => s.index));
    const ends = this.host.seating.slots.map((s) => ({ index: s.index, accountId: s.playerId ?? null, left: s.isBot }));
    const at = match.log.at(-1)?.now ?? Date.now();
    void this.platform
      .conduct()
      .then((c) => c.record(this.host.conduct.outcomes(this.roster.game, this.host.roomId, true, ends, at)))
      .catch((err: unknown) => logger.error({ room: this.host.roomId, err }, "conduct not recorded"));
    void this.play.end(this.roster.players, this.host.roomId);
    const seats = this.host.seating.slots.map((s) => ({ seat: s.index, playerId: s.playerId!, name: s.name }));
    const game: Finished = {
      log: gameLogOf(this.host.roomId, match),
      seats,
      standings: standingsOf(outcome, forfeited, rankKeys(match.game.id, match.state)),
      endedAt: match.log.at(-1)?.now ?? Date.now(),
    };
    this.writing = true;
    void this.write(game, 0);
  }

  private async write(game: Finished, attempt: number): Promise<void> {
    try {
      this.result = await recordRankedMatch(await this.platform.db(), game.log, game.seats, game.standings, game.endedAt);
    } catch (err) {
      const wait = WRITE_RETRIES[Math.min(attempt, WRITE_RETRIES.length - 1)]!;
      logger.error({ room: this.host.roomId, err, retryInMs: wait }, "ranked match not recorded yet");
      // Not the room's clock: a room that closes (everyone left) must not stop the rating.
      setTimeout(() => void this.write(game, attempt + 1), wait).unref();
      return;
    }
    this.writing = false;
    // Rated: the journal may go now (a crash from here on resumes nothing, or rates nothing twice).
    durability.ended(this.host);
    this.platform.onRated(game.log.game);
    for (const client of this.host.clients) client.send(RATING_MESSAGE, this.result);
    logger.info({ room: this.host.roomId, match: this.result.matchId, rated: this.result.rated }, "ranked match recorded");
  }

  /** A connection that arrives after the rating (a reload) is told too; everyone hears the seats' ratings with the new player. */
  greet(client: Client): void {
    if (this.result) client.send(RATING_MESSAGE, this.result);
    this.showRatings(this.host.clients);
  }

  /** A spectator sees the seats' ratings too. */
  greetSpectator(client: Client): void {
    this.showRatings([client]);
  }

  private ratings: Promise<Map<string, SeatRating>> | null = null;

  /** Each seat's rating before this game (seat-ratings.ts), read once per table. */
  private showRatings(to: Iterable<Client>): void {
    const clients = [...to];
    this.ratings ??= this.platform.db().then((db) => loadSeatRatings(db, this.roster.game, this.roster.players));
    this.ratings.then(
      (ratings) => {
        const body = rankedSeatsBody(ratings, this.host.seating.slots);
        for (const c of clients) c.send(RANKED_SEATS_MESSAGE, body);
      },
      (err: unknown) => {
        this.ratings = null;
        logger.warn({ room: this.host.roomId, err }, "ranked: seat ratings not read");
      },
    );
  }
}

/** The roster check on a table's seat reservations (a gate of table/kit.ts): a ranked table seats its roster only. */
export const rankedGate = {
  admit(room: { readonly ranked: RankedTable | null }, _sessionId: string, joinOptions: unknown): boolean {
    return !room.ranked || room.ranked.admits(joinOptions);
  },
};
