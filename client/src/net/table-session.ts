/**
 * One seat at one table: the room, its state feed, the server clock, which seat is ours,
 * server messages (events, rejections) and the connection status (auto-reconnect included).
 */
import { CLIENT_MESSAGES, OPENED_ELSEWHERE_CLOSE, SERVER_MESSAGES, type Rejection } from "@scat/shared";
import { leaveSilentRoom, watchSilence, type SilenceWatch } from "@scat/shared/silence/silence.ts";
import type { TableRoom } from "./endpoint.ts";
import { loadShuffleValue, saveSeat, saveShuffleValue } from "./storage.ts";

/** 16 bytes from the device's CSPRNG as 32 hex digits (the verifier's ENTROPY_PATTERN), without loading the verifier. */
function drawEntropy(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
import { ServerClock } from "./server-clock.ts";
import { StateFeed } from "./state-feed.ts";
import type { Json, SeatRating, TableSnap } from "./snapshot.ts";
import type { TableOptions } from "./table-options.ts";

/** `rankedSeats`' list as seat -> rating; anything malformed is left out. */
export function parseSeatRatings(seats: unknown): Map<number, SeatRating> {
  const out = new Map<number, SeatRating>();
  for (const s of Array.isArray(seats) ? seats.slice(0, 8) : []) {
    const { seat, rating, provisional } = (s ?? {}) as { seat?: unknown; rating?: unknown; provisional?: unknown };
    if (Number.isInteger(seat) && typeof rating === "number" && Number.isFinite(rating))
      out.set(seat as number, { rating: Math.round(rating), provisional: provisional === true });
  }
  return out;
}

export type LinkStatus = "connected" | "reconnecting" | "left";

export interface EventBatch {
  readonly version: number;
  readonly events: readonly Json[];
}

type Handler<T> = (value: T) => void;

class Emitter<T> {
  private readonly fns = new Set<Handler<T>>();
  on(fn: Handler<T>): () => void {
    this.fns.add(fn);
    return () => this.fns.delete(fn);
  }
  emit(value: T): void {
    for (const fn of this.fns) fn(value);
  }
}

export class TableSession {
  readonly feed: StateFeed;
  readonly clock: ServerClock;
  readonly events = new Emitter<EventBatch>();
  readonly rejections = new Emitter<Rejection>();
  /** The table paused while its last step is saved (true), or goes on (false): docs/PROTOCOL.md `saving`. */
  readonly saving = new Emitter<boolean>();
  readonly link = new Emitter<LinkStatus>();
  /** The finished game's log with the seed revealed (docs/FAIRNESS.md). */
  readonly gameLog = new Emitter<unknown>();

  /** The random value this client added to the deal, or null (none asked, or another tab's). */
  get shuffleValue(): string | null {
    return loadShuffleValue(this.room.roomId);
  }
  /** Actions this client sent (the first-time hint fades once the player has acted). */
  readonly sent = new Emitter<Json & { type: string }>();
  status: LinkStatus = "connected";
  /** Seat announced by `seated`; null for a spectator or before the message. */
  private seatMsg: number | null = null;
  private leaving = false;
  /** The room has left for good (the SDK gave its socket up, or the server closed it). */
  private closed = false;
  /** The page left the table's process because it went silent (shared/src/silence/): the reclaim skips the token. */
  silent = false;
  /**
   * A newer session of this player took the seat (another tab or window: `OPENED_ELSEWHERE_CLOSE`).
   * The page does not take it back by itself, or two tabs would take it from each other for ever.
   */
  openedElsewhere = false;
  private silence: SilenceWatch | null = null;

  constructor(
    readonly room: TableRoom,
    readonly game: string,
    readonly options: TableOptions,
    /** Joined as a spectator: never holds a seat. */
    readonly watching = false,
  ) {
    this.feed = new StateFeed(room);
    this.clock = new ServerClock(room);
    this.listen();
    this.clock.start();
    // Nothing heard for a few seconds (no pong, no patch): the process is frozen or cut off; leave it and reclaim.
    this.silence = watchSilence(
      room,
      () => {
        this.silent = true;
        leaveSilentRoom(room as never);
      },
      Date.now,
    );
  }

  get roomId(): string {
    return this.room.roomId;
  }

  get snap(): TableSnap {
    return this.feed.current;
  }

  /** Our seat: from `seated`, else the seat whose private part we receive. */
  get mySeat(): number | null {
    if (this.seatMsg !== null) return this.seatMsg;
    return this.snap.seats.find((s) => s.mine !== null)?.index ?? null;
  }

  sendAction(action: Json & { type: string }): void {
    this.room.send("action", action);
    this.sent.emit(action);
  }

  fillBots(): void {
    this.room.send("fillBots", {});
  }

  /** Turns the countdown to filling the table with bots on (from now) or off. */
  autoFill(on: boolean): void {
    this.room.send("autoFill", { on });
  }

  /** Saves what a reload needs to come back to this seat. */
  remember(): void {
    saveSeat({
      token: this.room.reconnectionToken,
      roomId: this.room.roomId,
      game: this.game,
      options: this.options,
      watching: this.watching,
    });
  }

  async leave(): Promise<void> {
    this.leaving = true;
    this.clock.stop();
    this.silence?.stop();
    saveSeat(null);
    // The SDK never answers a leave once the room has left (its listeners are gone): e.g. a
    // finished table whose process died. Nothing is left to leave then.
    if (this.closed) return;
    try {
      await this.room.leave(true);
    } catch {
      // Already gone.
    }
  }

  private setStatus(s: LinkStatus): void {
    this.status = s;
    this.link.emit(s);
  }

  private listen(): void {
    const room = this.room;
    room.onMessage(SERVER_MESSAGES.events, (m: EventBatch) =>
      this.events.emit({ version: m?.version ?? 0, events: Array.isArray(m?.events) ? m.events : [] }),
    );
    room.onMessage(SERVER_MESSAGES.rejected, (r: Rejection) => {
      // Our shuffle value came after the table had dealt without it (a busy page: the deal waits
      // a second or two; the game log says the value is missing). The page sent it on its own, so
      // there is nothing for the player to do or to be told.
      if (r?.code === "not-shuffling") return;
      this.rejections.emit(r);
    });
    // A judged Dark Hand call race: to the table view as a `callRace` item (not an engine step).
    room.onMessage(SERVER_MESSAGES.callRace, (m: Json) => this.events.emit({ version: 0, events: [{ ...m, type: "callRace" }] }));
    room.onMessage(SERVER_MESSAGES.saving, (m: { on?: unknown }) => this.saving.emit(m?.on === true));
    // A ranked table: each seat's rating (shown on the seat and in the keyboard layer).
    room.onMessage(SERVER_MESSAGES.rankedSeats, (m: { seats?: unknown }) => this.feed.setRatings(parseSeatRatings(m?.seats)));
    room.onMessage(SERVER_MESSAGES.seated, (m: { seat: number | null }) => {
      this.seatMsg = typeof m?.seat === "number" ? m.seat : null;
    });
    // The server measures our delay and clock offset from these; answer at once.
    room.onMessage("ping", (m: { s?: unknown }) => {
      if (typeof m?.s === "number") room.send("pong", { s: m.s, c: performance.timeOrigin + performance.now() });
    });
    room.onMessage(SERVER_MESSAGES.gameLog, (log: unknown) => this.gameLog.emit(log));
    // The table committed to its seed and waits for our share of the shuffle: a fresh random
    // value from this device (docs/FAIRNESS.md, "Players' entropy"), kept to check the log.
    room.onMessage(SERVER_MESSAGES.shuffle, () => {
      const value = drawEntropy();
      saveShuffleValue(room.roomId, value);
      room.send(CLIENT_MESSAGES.shuffle, { value });
    });
    room.onMessage("*", () => undefined);
    room.onDrop(() => this.setStatus("reconnecting"));
    room.onReconnect(() => {
      this.remember();
      this.setStatus("connected");
    });
    room.onLeave((code) => {
      this.closed = true;
      if (code === OPENED_ELSEWHERE_CLOSE) {
        this.openedElsewhere = true;
        // A reload of this tab must not take the seat back unasked.
        saveSeat(null);
      }
      this.clock.stop();
      this.silence?.stop();
      if (!this.leaving) this.setStatus("left");
    });
  }
}
