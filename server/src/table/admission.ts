/**
 * Who matchmaking may send to a table. Colyseus reserves a seat on the HTTP matchmaking call and
 * only asks the room (`onAuth`) when the WebSocket arrives, so concurrent quick-play joins used
 * to be routed to a table whose seats were all reserved, and were refused there (`table-full`).
 * Here the reservation itself claims a player seat (or a spectator place), so a table never
 * accepts more players than it has seats; a refused reservation makes the matchmaker try another
 * table or create one. A quick-play table leaves quick play the moment no seat is open (it stays
 * listed for the lobby, to watch) and comes back if a reservation lapses or a player leaves
 * before the deal.
 */
import { Room } from "@colyseus/core";
import { parseJoinOptions } from "./table-options.ts";
import type { Seating } from "./seating.ts";
import type { ReservationGate } from "./kit.ts";

export interface AdmissionHost {
  readonly seating: Seating;
  readonly maxSpectators: number;
  /** Seconds a matchmaking reservation waits for its WebSocket. */
  readonly seatReservationTimeout: number;
  /** True when quick play must not send players here whatever the seats (invite tables, or the game has started). */
  byCodeOnly(): boolean;
  setQuickPlayOpen(open: boolean): void;
  isSeated(sessionId: string): boolean;
  readonly clients: ArrayLike<{ readonly sessionId: string }>;
  readonly clock: { setTimeout(fn: () => void, ms: number): unknown };
}

export class Admission {
  /** Spectator reservations not yet joined: sessionId -> expiry (server ms). */
  private readonly spectators = new Map<string, number>();
  /** When the one pending expiry check runs (server ms); 0 = none pending. */
  private expiryAt = 0;

  constructor(private readonly host: AdmissionHost) {}

  /** Claims a place for a matchmaking reservation; false sends the matchmaker elsewhere. */
  admit(sessionId: string, options: unknown, now = Date.now()): boolean {
    const join = parseJoinOptions(options);
    // Bad options are refused in onAuth, where the client gets the reason.
    if (!join.ok) return true;
    const until = now + this.host.seatReservationTimeout * 1000;
    if (join.value.spectate) {
      if (this.spectatorCount(now) >= this.host.maxSpectators) return false;
      this.spectators.set(sessionId, until);
    } else {
      const place = this.host.seating.placeFor(join.value.playerId, sessionId, now);
      if (!place) return false;
      this.host.seating.reserve(place.index, sessionId, until, join.value.playerId ?? null);
    }
    this.expireAt(until, now);
    this.refresh(now);
    return true;
  }

  /**
   * One timer per table re-opens it when reservations lapse (not one per reservation: every
   * reservation lasts as long, so a pending check never comes after a later reservation's end).
   */
  private expireAt(at: number, now: number): void {
    if (this.expiryAt > now && this.expiryAt <= at) return;
    this.expiryAt = at;
    this.host.clock.setTimeout(() => this.expired(), at - now + 1);
  }

  private expired(now = Date.now()): void {
    this.expiryAt = 0;
    this.refresh(now);
    let next = Infinity;
    for (const slot of this.host.seating.slots)
      if (slot.reservedFor !== null && slot.reservedUntil > now) next = Math.min(next, slot.reservedUntil);
    for (const until of this.spectators.values()) if (until > now) next = Math.min(next, until);
    if (next !== Infinity) this.expireAt(next, now);
  }

  /** A reserved session arrived (or gave up): its spectator place is no longer pending. */
  settled(sessionId: string): void {
    this.spectators.delete(sessionId);
  }

  /** Colyseus refused the reservation `admit` let through: the seat or place it claimed is free again. */
  refused(sessionId: string): void {
    this.spectators.delete(sessionId);
    this.host.seating.release(sessionId);
    this.refresh();
  }

  /** Opens or closes the table to quick play as seats open and close. */
  refresh(now = Date.now()): void {
    this.host.setQuickPlayOpen(!this.host.byCodeOnly() && this.host.seating.hasOpenSeat(now));
  }

  private spectatorCount(now: number): number {
    for (const [id, until] of this.spectators) if (until <= now) this.spectators.delete(id);
    let watching = 0;
    for (let i = 0; i < this.host.clients.length; i++) if (!this.host.isSeated(this.host.clients[i]!.sessionId)) watching++;
    return watching + this.spectators.size;
  }
}

type ReserveSeat = (this: Room, sessionId: string, joinOptions?: unknown, ...rest: unknown[]) => Promise<boolean>;

/**
 * The one hook on Colyseus's own seat reservation for a room class: the features' gates
 * (kit.ts, in the order they were added), then `admit`, then core's reservation. `_reserveSeat` is
 * core's internal step that every matchmaking call (joinOrCreate, join, joinById, create) goes
 * through; reconnections (`allowReconnection`) pass `allowReconnection = true` and skip the gates.
 * A reservation refused further on is handed back to each gate that let it through.
 */
export function gateReservations<R extends Room>(
  RoomClass: { prototype: Room },
  gates: (room: R) => readonly ReservationGate<R>[],
  admission: (room: R) => Admission,
): void {
  const proto = RoomClass.prototype as unknown as { _reserveSeat: ReserveSeat };
  const core = proto._reserveSeat;
  const admitted = async function (this: R, sessionId: string, joinOptions: unknown, rest: unknown[]): Promise<boolean> {
    const reconnecting = rest[2] === true;
    if (reconnecting) return core.call(this, sessionId, joinOptions, ...rest);
    if (!admission(this).admit(sessionId, joinOptions)) return false;
    // Colyseus's own check (clients and reservations against maxClients, a disposing room) comes after ours:
    // a refusal there must not leave our claim holding the seat until it lapses.
    let reserved = false;
    try {
      reserved = await core.call(this, sessionId, joinOptions, ...rest);
      return reserved;
    } finally {
      if (!reserved) admission(this).refused(sessionId);
    }
  };
  proto._reserveSeat = async function (this: Room, sessionId, joinOptions, ...rest) {
    const room = this as R;
    const list = gates(room);
    if (rest[2] !== true) {
      for (let i = 0; i < list.length; i++) {
        if (list[i]!.admit(room, sessionId, joinOptions)) continue;
        for (let j = i - 1; j >= 0; j--) list[j]!.refused?.(room, sessionId);
        return false;
      }
    }
    const ok = await admitted.call(room, sessionId, joinOptions, rest);
    if (!ok) for (let j = list.length - 1; j >= 0; j--) list[j]!.refused?.(room, sessionId);
    return ok;
  };
}
