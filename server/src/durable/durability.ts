/**
 * Tables outlive processes (docs/OPERATIONS.md, "Crash survival"). Every step of a table's match
 * is journalled before its effects run (`commit`); a table is rebuilt from its journal under
 * the same roomId (`resume`), by a peer when its process died or handed it over (takeover.ts), or
 * by the same process after a restart (file journal). The room calls in at a few points only:
 * create, commit, game over, dispose.
 */
import { randomUUID } from "node:crypto";
import { matchMaker } from "@colyseus/core";
import { logger } from "../logger.ts";
import { handlerErrors, journalAppendSeconds, journalPending, resumeSeconds, tablesResumed } from "../metrics.ts";
import type { Match } from "../room/match.ts";
import type { Seating } from "../room/seating.ts";
import { isWaiting, seatRecords, type JournalEntry, type JournalStore, type JournalWaiting, type TableRecord, type WriteOutcome } from "./journal.ts";

/** The create option that marks a room as a resumed table (only this process can set one: it names an entry of `resumes`). */
const RESUME_KEY = "__resume";
/** A write Redis has not answered by then is given up on: the table plays on and is rewritten later. */
const WRITE_TIMEOUT_MS = 2_000;
/** Close code sent when a table moves to another process; the client takes its seat back there. */
export const MOVED_CLOSE_CODE = 4001;

export interface DurableRoom {
  roomId: string;
  readonly roomName: string;
  readonly match: Match | null;
  readonly seating: Seating;
  /** A waiting table whose countdown to filling with bots a player turned off. */
  autoFillOff(): boolean;
  disconnect(closeCode?: number): Promise<unknown>;
}

export type ResumeCause = "crash" | "handover" | "restart";

export interface Resume {
  readonly record: TableRecord;
  /** How long the table was frozen: its running deadline is extended by this. */
  readonly outageMs: number;
  readonly cause: ResumeCause;
  /** When the table went down (server ms), for the resume-time metric. */
  readonly downSince: number;
}

class Track {
  begun = false;
  written = 0;
  seats = "";
  pending = 0;
  chain: Promise<void> = Promise.resolve();
  /** The store missed a write (Redis away): the whole journal is rewritten when it can be. */
  dirty = false;
  /** The seats of the waiting record in the store ("" = none): a table not dealt yet. */
  waiting = "";
  /** live: journalled here; moved: handed over or taken by a peer (never written again here). */
  state: "live" | "moved" | "ended" = "live";
}

export class Durability {
  private readonly tracks = new Map<DurableRoom, Track>();
  private readonly createOptions = new WeakMap<DurableRoom, unknown>();
  private readonly resumes = new Map<string, Resume>();
  /** The process is going away: tables it still hosts keep their journals (drain or restart). */
  keepJournals = false;
  draining = false;

  constructor(readonly store: JournalStore | null) {}

  get enabled(): boolean {
    return this.store !== null;
  }

  /** Tables hosted here with a journal (a game in progress). */
  get hosted(): number {
    let n = 0;
    for (const t of this.tracks.values()) if (t.state === "live" && t.begun) n++;
    return n;
  }

  /** Tables whose journal waits for a rewrite (the store was away). */
  get dirtyCount(): number {
    let n = 0;
    for (const t of this.tracks.values()) if (t.dirty && t.state === "live") n++;
    return n;
  }

  /** onCreate: remembers the create options; for a resumed table, gives its journal and sets its roomId. */
  created(room: DurableRoom, options: unknown): Resume | null {
    const token = options !== null && typeof options === "object" ? (options as Record<string, unknown>)[RESUME_KEY] : undefined;
    const resume = typeof token === "string" ? this.resumes.get(token) ?? null : null;
    if (typeof token === "string") this.resumes.delete(token);
    this.createOptions.set(room, resume ? resume.record.header.options : options);
    if (!resume) return null;
    room.roomId = resume.record.tableId;
    const track = new Track();
    const seats = JSON.stringify(resume.record.seats);
    if (isWaiting(resume.record)) track.waiting = seats;
    else Object.assign(track, { begun: true, written: resume.record.steps.length, seats });
    this.tracks.set(room, track);
    return resume;
  }

  /**
   * Journals the steps of the room's match not yet journalled (the header first, at the deal),
   * then runs `effects`: at once with the file journal (a synchronous write), once Redis has
   * the entries otherwise. Effects run in step order.
   */
  commit(room: DurableRoom, effects: () => void): void {
    const match = room.match;
    const track = this.store && match ? this.track(room) : null;
    if (!track || !match || track.state !== "live") return effects();
    // The journal waits for a whole rewrite (repair): these steps go with it, not as appends after a gap.
    if (track.dirty) return effects();
    const entries = this.pendingEntries(room, match, track);
    if (entries.length === 0) return effects();
    const started = performance.now();
    const fresh = entries[0]!.k === "h";
    const outcome = this.store!.write(room.roomId, entries, fresh);
    if (typeof outcome === "string") {
      journalAppendSeconds.observe({ store: this.store!.kind }, (performance.now() - started) / 1000);
      this.settle(room, track, outcome);
      return effects();
    }
    this.queue(room, track, outcome, () => {
      journalAppendSeconds.observe({ store: this.store!.kind }, (performance.now() - started) / 1000);
      // An exception in the effects ends this step's effects only (as in a message handler), never the chain.
      try {
        effects();
      } catch (err) {
        handlerErrors.inc({ method: "afterStep" });
        logger.error({ room: room.roomId, err }, "exception contained after a journalled step");
      }
    });
  }

  /** A write the store answers later, on the table's chain: `then` runs in order once it is answered (or given up on). */
  private queue(room: DurableRoom, track: Track, outcome: Promise<WriteOutcome>, then: () => void): void {
    track.pending++;
    journalPending.inc();
    const done = withTimeout(outcome, WRITE_TIMEOUT_MS);
    track.chain = track.chain.then(() => done).then((result) => {
      track.pending--;
      journalPending.dec();
      this.settle(room, track, result);
      then();
    });
  }

  /** True when no journal write of the room is waiting for the store. */
  settled(room: DurableRoom): boolean {
    return (this.tracks.get(room)?.pending ?? 0) === 0;
  }

  /**
   * A table waiting for players (no game dealt) journals who sits where, so it comes back too: a
   * private table with its invite code, a quick-play table with its players. One whole record,
   * rewritten on each seat change; the deal's header replaces it. Nobody seated: it goes.
   */
  waitingChanged(room: DurableRoom): void {
    if (!this.store || room.match || this.keepJournals || this.draining) return;
    const track = this.track(room);
    if (track.begun || track.state !== "live") return;
    if (!room.seating.slots.some((s) => s.occupied && !s.isBot)) {
      if (track.waiting === "") return;
      Object.assign(track, { waiting: "", dirty: false });
      void track.chain.then(() => this.store?.remove(room.roomId));
      return;
    }
    const entry = this.waitingEntry(room);
    const sig = JSON.stringify([entry.seats, entry.autoFillOff ?? false]);
    if (sig === track.waiting && !track.dirty) return;
    Object.assign(track, { waiting: sig, dirty: false });
    this.writeWhole(room, track, [entry]);
  }

  private waitingEntry(room: DurableRoom): JournalWaiting {
    const entry: JournalWaiting = { k: "w", game: room.roomName, options: this.createOptions.get(room) ?? {}, seats: seatRecords(room.seating.slots) };
    return room.autoFillOff() ? { ...entry, autoFillOff: true } : entry;
  }

  /** Replaces the table's journal; a write the store misses leaves the table dirty (repair). */
  private writeWhole(room: DurableRoom, track: Track, entries: JournalEntry[]): void {
    const outcome = this.store!.write(room.roomId, entries, true);
    if (typeof outcome === "string") this.settle(room, track, outcome);
    else this.queue(room, track, outcome, () => undefined);
  }

  private track(room: DurableRoom): Track {
    let t = this.tracks.get(room);
    if (!t) this.tracks.set(room, (t = new Track()));
    return t;
  }

  private pendingEntries(room: DurableRoom, match: Match, track: Track): JournalEntry[] {
    const entries: JournalEntry[] = [];
    const seats = seatRecords(room.seating.slots);
    const sig = JSON.stringify(seats);
    if (!track.begun) {
      entries.push({ k: "h", game: room.roomName, options: this.createOptions.get(room) ?? {}, seed: match.seed, salt: match.salt, startedAt: match.startedAt, seats });
      Object.assign(track, { begun: true, written: 0, seats: sig });
    }
    for (let i = track.written; i < match.log.length; i++) {
      const step = match.log[i]!;
      const changed = i === match.log.length - 1 && sig !== track.seats;
      entries.push({ k: "s", i, seat: step.seat, action: step.action, now: step.now, ...(changed ? { seats } : {}) });
      if (changed) track.seats = sig;
    }
    track.written = match.log.length;
    return entries;
  }

  private settle(room: DurableRoom, track: Track, outcome: WriteOutcome): void {
    if (outcome === "offline") track.dirty = true;
    if (outcome !== "fenced" || track.state !== "live") return;
    // A peer took this table while this process stalled past its lease: it is hosted there now.
    track.state = "moved";
    logger.warn({ room: room.roomId }, "table taken over by another process; sending its players there");
    void room.disconnect(MOVED_CLOSE_CODE).catch(() => undefined);
  }

  /**
   * Rewrites the whole journal of every table whose writes were missed (Redis was away). The
   * rewrite is issued before any later step of the table, and those steps append after it
   * (Redis answers one connection in order); if it fails the table stays dirty for the next repair.
   */
  async repair(): Promise<void> {
    if (!this.store?.available()) return;
    for (const [room, track] of this.tracks) {
      if (!track.dirty || track.state !== "live") continue;
      await track.chain;
      if (!track.dirty || track.state !== "live") continue;
      track.dirty = false;
      if (room.match) {
        Object.assign(track, { begun: false, written: 0, seats: "" });
        this.writeWhole(room, track, this.pendingEntries(room, room.match, track));
      } else if (track.waiting !== "" && !room.match) {
        this.writeWhole(room, track, [this.waitingEntry(room)]);
      }
      await track.chain;
    }
  }

  /** Every table is to be rewritten (the store came back and may have lost everything). */
  markAllDirty(): void {
    for (const t of this.tracks.values()) if (t.begun || t.waiting !== "") t.dirty = true;
  }

  /** The game is over: its journal goes once the last step is written. */
  ended(room: DurableRoom): void {
    const track = this.tracks.get(room);
    if (!track || track.state !== "live") return;
    track.state = "ended";
    void track.chain.then(() => this.store?.remove(room.roomId, true));
  }

  /** The room is gone: a game abandoned here loses its journal; one moving elsewhere keeps it. */
  disposed(room: DurableRoom): void {
    const track = this.tracks.get(room);
    this.tracks.delete(room);
    if (!track || track.state !== "live" || (!track.begun && track.waiting === "") || this.keepJournals) return;
    void track.chain.then(() => this.store?.remove(room.roomId));
  }

  /** Rebuilds a table from its journal in this process, under its roomId. */
  async resume(record: TableRecord, outageMs: number, cause: ResumeCause, downSince: number): Promise<void> {
    const token = randomUUID();
    this.resumes.set(token, { record, outageMs: Math.max(0, outageMs), cause, downSince });
    try {
      await matchMaker.handleCreateRoom(record.header.game, { ...(record.header.options as object), [RESUME_KEY]: token });
      tablesResumed.inc({ cause });
      resumeSeconds.observe({ cause }, Math.max(0, Date.now() - downSince) / 1000);
      logger.info({ room: record.tableId, cause, steps: record.steps.length, outageMs }, "table resumed");
    } finally {
      this.resumes.delete(token);
    }
  }

  /**
   * Hands every table with a game in progress, or waiting with players seated, over (SIGTERM): waits for its journal, closes it
   * here (players are told to take their seats back, which brings them to the new host) and
   * lets `release` give it to a peer. Returns the roomIds handed over.
   */
  async handOver(release: (tableId: string) => Promise<unknown>): Promise<string[]> {
    this.draining = true;
    const moving = [...this.tracks].filter(([room, t]) => t.state === "live" && (t.begun ? room.match && !room.match.over : t.waiting !== "" && !room.match));
    await Promise.all(moving.map(async ([room, track]) => {
      await track.chain;
      track.state = "moved";
      await room.disconnect(MOVED_CLOSE_CODE).catch(() => undefined);
      await release(room.roomId);
    }));
    return moving.map(([room]) => room.roomId);
  }
}

function withTimeout(p: Promise<WriteOutcome>, ms: number): Promise<WriteOutcome> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve("offline"), ms);
    p.then((v) => { clearTimeout(timer); resolve(v); }, () => { clearTimeout(timer); resolve("offline"); });
  });
}

/** The process's durability; `createServer` sets it from the configuration (off until then). */
export let durability = new Durability(null);

export function setDurability(d: Durability): void {
  durability = d;
}
