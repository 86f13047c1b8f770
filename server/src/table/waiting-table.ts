/**
 * A table as the lobby and quick play see it (docs/PROTOCOL.md, "Lobby"): its listing (game
 * options, seats taken, waiting or playing) published to Colyseus's realtime listing, whether
 * quick play may still send players to it, and the countdown after which a waiting table fills
 * its empty seats with bots and starts (the seated players may turn it off). The listing holds
 * counts only: no names, no player ids.
 */
import type { TableOptions } from "./table-options.ts";
import type { Seating } from "./seating.ts";

/** Marks a quick-play key that no longer matches: the table stays listed (to watch) but takes no quick-play joins. */
export const CLOSED_SUFFIX = "#closed";
const PUBLISH_DEBOUNCE_MS = 250;

export interface TableListing {
  readonly mode: string;
  readonly status: string;
  readonly seats: number;
  readonly players: number;
  readonly bots: number;
  readonly watching: number;
  readonly turnSeconds: number;
  readonly variants: Readonly<Record<string, boolean | number | string>>;
  /** Server ms when the empty seats fill with bots; 0 = no countdown. */
  readonly autoFillAt: number;
}

export interface WaitingHost {
  readonly table: TableOptions;
  readonly seating: Seating;
  readonly clients: ArrayLike<unknown>;
  readonly clock: { setTimeout(fn: () => void, ms: number): { clear(): void } };
  status(): string;
  setAutoFillAt(at: number): void;
  setMatchmaking(update: { metadata: TableListing }): Promise<void>;
  fillAndStart(): void;
}

export class WaitingTable {
  private quickPlayOpen = true;
  private autoFillAt = 0;
  /** A seated player turned the countdown off: it stays off until one turns it on. */
  private turnedOff = false;
  private autoFillTimer: { clear(): void } | null = null;
  private publishTimer: { clear(): void } | null = null;

  constructor(private readonly host: WaitingHost) {}

  listing(): TableListing {
    const { table, seating } = this.host;
    const humans = seating.humans.length;
    const bots = seating.slots.filter((s) => s.occupied && s.isBot).length;
    return {
      mode: this.quickPlayOpen ? table.mode : `${table.mode}${CLOSED_SUFFIX}`,
      status: this.host.status(),
      seats: table.seats,
      players: humans,
      bots,
      watching: Math.max(0, this.host.clients.length - humans),
      turnSeconds: table.join.turnSeconds,
      variants: table.join.variants,
      autoFillAt: this.autoFillAt,
    };
  }

  /** Quick play may send players here only while a seat is open and the game has not started. */
  setQuickPlayOpen(open: boolean): void {
    if (open === this.quickPlayOpen) return;
    this.quickPlayOpen = open;
    this.publishNow();
  }

  /** Seats, spectators or status changed: the lobby hears of it within a quarter second. */
  changed(): void {
    if (this.publishTimer) return;
    this.publishTimer = this.host.clock.setTimeout(() => this.publishNow(), PUBLISH_DEBOUNCE_MS);
  }

  publishNow(): void {
    this.publishTimer?.clear();
    this.publishTimer = null;
    void this.host.setMatchmaking({ metadata: this.listing() });
  }

  /** After a join or leave while waiting: start the countdown with the first player, stop it with the last. */
  seatsChanged(now = Date.now()): void {
    const waiting = this.host.status() === "waiting";
    const humans = this.host.seating.humans.length;
    if (!waiting || humans === 0) this.arm(false, now);
    else if (this.autoFillTimer === null && !this.turnedOff && this.host.table.autoFillSeconds > 0) this.arm(true, now);
    this.changed();
  }

  /** True once a seated player turned the countdown off (until one turns it on). */
  get autoFillOff(): boolean {
    return this.turnedOff;
  }

  /** A seated player turns the countdown on (from now) or off. */
  setAutoFill(on: boolean, now = Date.now()): void {
    this.turnedOff = !on;
    this.arm(on, now);
  }

  private arm(on: boolean, now: number): void {
    this.autoFillTimer?.clear();
    this.autoFillTimer = null;
    this.autoFillAt = 0;
    if (on && this.host.status() === "waiting") {
      const ms = (this.host.table.autoFillSeconds || 30) * 1000;
      this.autoFillAt = now + ms;
      this.autoFillTimer = this.host.clock.setTimeout(() => this.expire(), ms);
    }
    this.host.setAutoFillAt(this.autoFillAt);
    this.changed();
  }

  private expire(): void {
    this.autoFillTimer = null;
    this.autoFillAt = 0;
    this.host.setAutoFillAt(0);
    if (this.host.status() === "waiting" && this.host.seating.humans.length > 0) this.host.fillAndStart();
  }
}
