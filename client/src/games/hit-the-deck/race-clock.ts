/**
 * The client's side of a fair slap race: which race is on screen, when its card was first shown
 * (the first frame rendered after it appeared) and what a press sends. Times are on the clock
 * the server measured with ping/pong: `performance.timeOrigin + performance.now()`.
 * One instance per page (the test hook reads it); the table view resets it.
 */
import type { Json } from "../../net/snapshot.ts";

export const clientNow = (): number => performance.timeOrigin + performance.now();

export interface RaceMark {
  readonly id: number;
  readonly card: string;
  readonly cause: number;
  /** Client clock when the card was first rendered (null: not on screen yet). */
  shownAt: number | null;
  /** When our slap went out (null: not yet). */
  slapAt: number | null;
  /** Seen open in a snapshot (so a later snapshot without it means it closed). */
  inSnap: boolean;
  closed: boolean;
}

export interface SentSlap {
  readonly race: number | null;
  readonly shownAt: number | null;
  readonly pressedAt: number;
}

export class RaceClock {
  current: RaceMark | null = null;
  lastClosed = 0;
  lastSlap: SentSlap | null = null;
  fakeOuts = 0;
  calls = 0;
  /** What the race view has on screen (set by the table view, read by the test hook). */
  screen: Json = {};

  reset(): void {
    this.screen = {};
    this.current = null;
    this.lastClosed = 0;
    this.lastSlap = null;
    this.fakeOuts = 0;
    this.calls = 0;
  }

  /** A race is open (event or snapshot); true when it is new to us. */
  open(id: number, card: string, cause: number): boolean {
    if (id <= this.lastClosed || this.current?.id === id) return false;
    this.current = { id, card, cause, shownAt: null, slapAt: null, inSnap: false, closed: false };
    return true;
  }

  markShown(id: number, at: number): void {
    if (this.current?.id === id && this.current.shownAt === null) this.current.shownAt = at;
  }

  close(id: number): void {
    this.lastClosed = Math.max(this.lastClosed, id);
    if (this.current && this.current.id <= id) this.current.closed = true;
  }

  /** The snapshot's `info.race`: opens a race we missed, closes one that is gone. */
  sync(race: Json | null): boolean {
    const id = typeof race?.["id"] === "number" ? race["id"] : null;
    if (id === null) {
      if (this.current && this.current.inSnap && !this.current.closed) this.close(this.current.id);
      return false;
    }
    const fresh = this.open(id, String(race?.["card"] ?? ""), typeof race?.["cause"] === "number" ? race["cause"] : -1);
    if (this.current?.id === id) this.current.inSnap = true;
    return fresh;
  }

  get openRace(): RaceMark | null {
    return this.current && !this.current.closed ? this.current : null;
  }

  /**
   * What pressing slap sends, or null (already slapped this race, or slap not legal now).
   * In an open race the claim `{shownAt, pressedAt}` goes along; with no race it is a plain
   * slap, which the server treats as a fake-out.
   */
  slapFor(pressedAt: number, legal: boolean): (Json & { type: string }) | null {
    const race = this.openRace;
    if (!legal || race?.slapAt != null) return null;
    this.lastSlap = { race: race?.id ?? null, shownAt: race?.shownAt ?? null, pressedAt };
    if (!race) {
      this.fakeOuts++;
      return { type: "slap" };
    }
    race.slapAt = pressedAt;
    return race.shownAt === null ? { type: "slap" } : { type: "slap", shownAt: race.shownAt, pressedAt };
  }

  /** For the test hook. */
  snapshot(): Json {
    const c = this.current;
    return {
      race: c ? { id: c.id, card: c.card, cause: c.cause, shownAt: c.shownAt, slapAt: c.slapAt, closed: c.closed } : null,
      lastClosed: this.lastClosed,
      lastSlap: this.lastSlap ? { ...this.lastSlap } : null,
      fakeOutsSent: this.fakeOuts,
      callsSent: this.calls,
      ...this.screen,
    };
  }
}

export const raceClock = new RaceClock();
