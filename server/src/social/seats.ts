/**
 * Who holds a seat where, across processes ("Back to your game"): a presence
 * key per playerId names the table and game it holds a seat at, from the moment it sits down
 * until its seat is freed, handed to a bot, or the game ends. With REDIS_URL the keys live in
 * Redis, so any process answers, and they outlive a restart of the table's process; a key whose
 * table is gone lapses after a few hours. The lobby asks through `POST /api/social/my-seat`.
 */
import type { Presence } from "@colyseus/core";

/** Longer than any game; the table removes the key itself, this only covers a process that died. */
const SEAT_TTL_S = 6 * 3600;

export const seatKey = (playerId: string): string => `social:seat:${playerId}`;

export interface HeldSeat {
  readonly roomId: string;
  readonly game: string;
}

export function parseHeldSeat(raw: unknown): HeldSeat | null {
  if (typeof raw !== "string") return null;
  try {
    const v = JSON.parse(raw) as Partial<HeldSeat>;
    return typeof v.roomId === "string" && typeof v.game === "string" ? { roomId: v.roomId, game: v.game } : null;
  } catch {
    return null;
  }
}

export class SeatRegistry {
  constructor(private readonly presence: Presence) {}

  /** The player sat down at `roomId` (a join or a reclaim). */
  async held(playerId: string, seat: HeldSeat): Promise<void> {
    await this.presence.setex(seatKey(playerId), JSON.stringify(seat), SEAT_TTL_S);
  }

  /** The seat at `roomId` is no longer the player's (left, handed to a bot, game over); a newer seat elsewhere is kept. */
  async released(playerId: string, roomId: string): Promise<void> {
    const current = parseHeldSeat(await this.presence.get(seatKey(playerId)));
    if (current?.roomId === roomId) await this.presence.del(seatKey(playerId));
  }

  async current(playerId: string): Promise<HeldSeat | null> {
    return parseHeldSeat(await this.presence.get(seatKey(playerId)));
  }
}
