/**
 * Who sits where. The room's source of truth for seats (the schema only mirrors it): players,
 * bots that were asked for, and bots that took over from a player who dropped or left. A player
 * is recognised by the `playerId` their browser keeps, so they can take their seat back.
 */
import type { ArraySchema } from "@colyseus/schema";
import type { SeatState } from "./schema.ts";

export type BotReason = "" | "filled" | "takeover" | "left";

export interface Slot {
  readonly index: number;
  occupied: boolean;
  name: string;
  playerId: string | null;
  sessionId: string | null;
  isBot: boolean;
  botReason: BotReason;
  connected: boolean;
  /** Server ms when a dropped player's reconnection window ends; 0 when not away. */
  awayUntil: number;
  /** The session a matchmaking seat reservation holds this seat for, until `reservedUntil`. */
  reservedFor: string | null;
  /** The player (playerId) who made that reservation: their own retry takes it over. */
  reservedPlayer: string | null;
  reservedUntil: number;
}

const BOT_NAMES = ["Ada", "Basil", "Cleo", "Dmitri", "Esme", "Felix", "Gus", "Hana"];

/**
 * `takeover`: the player's own seat, held by another of their sessions that is still connected
 * (a second tab, or a join their page gave up on after it was seated): the newer session gets it.
 */
export type JoinPlace =
  { kind: "reclaim"; index: number } | { kind: "takeover"; index: number; from: string } | { kind: "free"; index: number };

export class Seating {
  readonly slots: Slot[];

  /** `newSeat`: a synced seat of the table's game (its frame class, with its private part). */
  constructor(
    count: number,
    private readonly newSeat: (index: number) => SeatState,
  ) {
    this.slots = Array.from({ length: count }, (_, index) => ({
      index,
      occupied: false,
      name: "",
      playerId: null,
      sessionId: null,
      isBot: false,
      botReason: "" as BotReason,
      connected: false,
      awayUntil: 0,
      reservedFor: null,
      reservedPlayer: null,
      reservedUntil: 0,
    }));
  }

  get full(): boolean {
    return this.slots.every((s) => s.occupied);
  }

  get humans(): Slot[] {
    return this.slots.filter((s) => s.occupied && !s.isBot);
  }

  /** Seats every empty slot with a bot; starts from the highest seats so players keep the first. */
  fillBots(limit = Infinity): void {
    let added = 0;
    for (const slot of [...this.slots].reverse()) {
      if (slot.occupied || added >= limit) continue;
      Object.assign(slot, {
        occupied: true,
        isBot: true,
        botReason: "filled",
        connected: true,
        name: BOT_NAMES[slot.index] ?? `Bot ${slot.index + 1}`,
      });
      added++;
    }
  }

  /**
   * Where a joining player goes: back to their own seat (held by a bot or left while away; or
   * still held by an older session of theirs, which this newer one takes over), the seat reserved
   * for their session, the seat a live reservation of theirs holds (a retry whose
   * first try's answer was lost on the way), or a free one nobody else holds a live reservation on.
   */
  placeFor(playerId: string | undefined, sessionId: string | null = null, now = Date.now()): JoinPlace | null {
    // The playerId is the seat's secret: it is never sent to another client (ranked seats, whose
    // playerId is the account's public id, are proven by the account in onAuth first).
    const own = playerId ? this.slots.find((s) => s.occupied && s.playerId === playerId) : undefined;
    if (own && (own.isBot || !own.connected)) return { kind: "reclaim", index: own.index };
    if (own && own.sessionId !== null && own.sessionId !== sessionId) return { kind: "takeover", index: own.index, from: own.sessionId };
    const held = sessionId ? this.slots.find((s) => !s.occupied && s.reservedFor === sessionId) : undefined;
    if (held) return { kind: "free", index: held.index };
    const retried = playerId ? this.slots.find((s) => !s.occupied && s.reservedPlayer === playerId && this.isHeld(s, now)) : undefined;
    if (retried) return { kind: "free", index: retried.index };
    const free = this.slots.find((s) => !s.occupied && !this.isHeld(s, now));
    return free ? { kind: "free", index: free.index } : null;
  }

  private isHeld(slot: Slot, now: number): boolean {
    return slot.reservedFor !== null && slot.reservedUntil > now;
  }

  /** Holds a seat for a session between its matchmaking reservation and its join. */
  /** A reservation whose join was refused gives its seat back at once (not when it would have lapsed). */
  release(sessionId: string): void {
    for (const slot of this.slots)
      if (!slot.occupied && slot.reservedFor === sessionId)
        Object.assign(slot, { reservedFor: null, reservedPlayer: null, reservedUntil: 0 });
  }

  reserve(index: number, sessionId: string, until: number, playerId: string | null = null): void {
    Object.assign(this.slots[index]!, { reservedFor: sessionId, reservedPlayer: playerId, reservedUntil: until });
  }

  /** True while a seat is neither taken nor held by a live reservation. */
  hasOpenSeat(now = Date.now()): boolean {
    return this.slots.some((s) => !s.occupied && !this.isHeld(s, now));
  }

  seat(index: number, sessionId: string, playerId: string | null, name: string): Slot {
    const slot = this.slots[index]!;
    Object.assign(slot, {
      occupied: true,
      sessionId,
      playerId,
      name,
      isBot: false,
      botReason: "",
      connected: true,
      awayUntil: 0,
      reservedFor: null,
      reservedPlayer: null,
      reservedUntil: 0,
    });
    return slot;
  }

  bySession(sessionId: string): Slot | undefined {
    return this.slots.find((s) => s.sessionId === sessionId);
  }

  /** A bot plays the seat from now on; the player may come back with their playerId. */
  handToBot(slot: Slot, reason: BotReason): void {
    Object.assign(slot, { isBot: true, botReason: reason, sessionId: null, connected: false, awayUntil: 0 });
  }

  free(slot: Slot): void {
    Object.assign(slot, {
      occupied: false,
      name: "",
      playerId: null,
      sessionId: null,
      isBot: false,
      botReason: "",
      connected: false,
      awayUntil: 0,
      reservedFor: null,
      reservedPlayer: null,
      reservedUntil: 0,
    });
  }

  /** Mirrors the slots into the synced seat list. */
  project(seats: ArraySchema<SeatState>): void {
    this.slots.forEach((slot, i) => {
      let seat = seats[i];
      if (!seat) {
        seat = this.newSeat(i);
        seats.push(seat);
      }
      if (seat.name !== slot.name) seat.name = slot.name;
      if (seat.occupied !== slot.occupied) seat.occupied = slot.occupied;
      if (seat.isBot !== slot.isBot) seat.isBot = slot.isBot;
      if (seat.botReason !== slot.botReason) seat.botReason = slot.botReason;
      if (seat.connected !== slot.connected) seat.connected = slot.connected;
      if (seat.awayUntil !== slot.awayUntil) seat.awayUntil = slot.awayUntil;
    });
  }
}
