/**
 * The table room's call points into social/: a seat taken, a seat freed, the game
 * over. Each is fire-and-forget: presence failing must never hold a table up; it is logged.
 */
import type { Presence } from "@colyseus/core";
import { logger } from "../logger.ts";
import type { RoomKit } from "../table/table-room.ts";
import { SeatRegistry } from "./seats.ts";

export interface SocialTable {
  readonly roomId: string;
  readonly roomName: string;
  readonly presence: Presence;
}

const logged = (room: SocialTable) => (err: unknown) => logger.warn({ room: room.roomId, err }, "social: seat record not written");

/** A player sat down (a join or a reclaim): the lobby can send them back here. */
export function seatTaken(room: SocialTable, playerId: string | null): void {
  if (playerId) new SeatRegistry(room.presence).held(playerId, { roomId: room.roomId, game: room.roomName }).catch(logged(room));
}

/**
 * The seat is not theirs any more: freed at a waiting table, or the game is over. A seat handed
 * to a bot mid-game stays theirs (they may take it back by playerId), so it is not released.
 */
export function seatsReleased(room: SocialTable, playerIds: readonly (string | null)[]): void {
  const seats = new SeatRegistry(room.presence);
  for (const id of playerIds) if (id) seats.released(id, room.roomId).catch(logged(room));
}

/** Adds the seat records to a server's tables: the lobby can send a player back to the seat they hold. */
export function seatRecordsAtTables(kit: RoomKit): void {
  // A ranked seat's playerId is the account's public id: its way back is the ranked queue's (ranked-play.ts), never a lookup anyone could make.
  kit.events.on("seatHeld", ({ room, playerId }) => {
    if (!room.ranked) seatTaken(room, playerId);
  });
  kit.events.on("seatsReleased", ({ room, playerIds }) => seatsReleased(room, playerIds));
}
