/**
 * Puts a resumed table back together in its new room: the match replayed from the journal, the
 * seats as journalled, the running deadline extended by the outage (a table still waiting for
 * players gets its seats back only: it goes on waiting, its code and listing unchanged). The players' connections
 * died with the old process, so every human seat starts away with the usual reconnection window:
 * a player who takes the seat back (`joinById(roomId, { playerId })`) plays on; a seat still
 * empty when the window ends goes to a bot, as after any dropped connection.
 */
import type { Match as MatchType } from "../table/match.ts";
import { Match } from "../table/match.ts";
import type { Seating } from "../table/seating.ts";
import type { AnyGame } from "@scat/shared";
import type { SeatState } from "../table/schema.ts";
import type { ArraySchema } from "@colyseus/schema";
import type { Resume } from "./durability.ts";
import type { PendingDealRecord } from "../entropy/pending-deal.ts";
import type { HeldPressRecord } from "../realtime/held-race.ts";

export interface RestorableRoom {
  readonly game: AnyGame;
  readonly table: { readonly engine: unknown; readonly join: { readonly reconnectSeconds: number } };
  readonly seating: Seating;
  readonly state: { readonly seats: ArraySchema<SeatState> };
  readonly clock: { setTimeout(fn: () => void, ms: number): unknown };
  autoDispose: boolean;
  /** Deals a table whose deal waited for the players' values when its process died (entropy/pending-deal.ts). */
  resumeDeal(deal: PendingDealRecord): void;
  /** Installs the rebuilt match and lets it go on (projection, deadline, bots). */
  resumeMatch(match: MatchType): void;
  /** Presses a race held when the process died (realtime/held-race.ts): judged now, as they were held. */
  resumeHeld(presses: readonly HeldPressRecord[]): void;
  /** The game not dealt yet (a waiting table): null. */
  readonly match: MatchType | null;
  /** A waiting table's seats were set or freed here: lobby listing, quick play, journal. */
  reseated(): void;
  /** A seated player's choice on the countdown to filling with bots. */
  setAutoFill(on: boolean): void;
  readonly bots: { schedule(): void };
  /** The conduct record's view of the table: the accounts journalled with the seats. */
  readonly conduct?: { restoreAccount(seat: number, account: string): void; interrupted(seat: number): void };
}

export function restoreTable(room: RestorableRoom, resume: Resume, now = Date.now()): void {
  const { header, steps, seats } = resume.record;
  const windowMs = room.table.join.reconnectSeconds * 1000;
  seats.forEach((s, i) => {
    const slot = room.seating.slots[i];
    if (!slot || (header.k === "w" && s.name === "")) return;
    Object.assign(slot, {
      occupied: true,
      name: s.name,
      playerId: s.playerId,
      isBot: s.isBot,
      botReason: s.botReason,
      sessionId: null,
      connected: s.isBot,
      awayUntil: s.isBot ? 0 : now + windowMs,
      reservedFor: null,
      reservedPlayer: null,
      reservedUntil: 0,
    });
    // The game counts for the same accounts as before the stop, whether or not the player's
    // reclaim can be tied to its account again right away.
    if (s.account) room.conduct?.restoreAccount(i, s.account);
  });
  room.seating.project(room.state.seats);
  if (header.k === "h") {
    const match = Match.restore(room.game, room.table.engine, header.startedAt, header.seed, header.salt, steps, header.entropy ?? null);
    match.extendDeadline(resume.outageMs);
    room.resumeMatch(match);
    if (resume.record.held?.length && !match.over) room.resumeHeld(resume.record.held);
  } else if (header.deal) {
    // Its seats were full and the deal was waiting for the players' values: it deals now, from
    // the same commitment and with the values journalled (the rest are logged missing).
    room.resumeDeal(header.deal);
  } else {
    // The countdown stays off if a player had turned it off (it starts again with a player otherwise).
    if (header.autoFillOff) room.setAutoFill(false);
    room.reseated();
  }
  if (!seats.some((s) => s.name !== "" && !s.isBot)) return;
  // Nobody is connected yet: the room waits out the reconnection window instead of closing empty.
  room.autoDispose = false;
  room.clock.setTimeout(() => {
    // A seat not taken back: a bot plays it (game in play), or it is free again (still waiting).
    for (const slot of room.seating.slots) {
      if (!slot.occupied || slot.isBot || slot.sessionId !== null) continue;
      if (room.match) {
        room.seating.handToBot(slot, "takeover");
        // The server's stop took the player away, not the player: no leave on their record.
        room.conduct?.interrupted(slot.index);
      } else room.seating.free(slot);
    }
    room.seating.project(room.state.seats);
    room.autoDispose = true;
    if (room.match) room.bots.schedule();
    else room.reseated();
  }, windowMs);
}
