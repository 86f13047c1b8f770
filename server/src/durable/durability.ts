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
import type { Match } from "../table/match.ts";
import type { PendingDealRecord } from "../entropy/pending-deal.ts";
import type { Seating } from "../table/seating.ts";
import { fencedListings } from "./fenced-listings.ts";
import { SAVING_AFTER_MS, SavingWatch, Track, pause, unpause } from "./track.ts";
import type { HeldPressRecord } from "../realtime/held-race.ts";
import {
  isWaiting,
  seatRecords,
  type JournalEntry,
  type JournalHeld,
  type JournalStore,
  type JournalWaiting,
  type TableRecord,
  type WriteOutcome,
} from "./journal.ts";

/** The create option that marks a room as a resumed table (only this process can set one: it names an entry of `resumes`). */
const RESUME_KEY = "__resume";
export { SAVING_AFTER_MS };
/** A write the store refused (Redis away) is tried again, as a whole rewrite, this often. */
const RETRY_MS = 200;
/** Close code sent when a table moves to another process; the client takes its seat back there. */
export const MOVED_CLOSE_CODE = 4001;

export interface DurableRoom {
  roomId: string;
  readonly roomName: string;
  readonly match: Match | null;
  readonly seating: Seating;
  /** A waiting table whose countdown to filling with bots a player turned off. */
  autoFillOff(): boolean;
  /** The presses a race holds now, not applied yet (realtime/held-race.ts): a whole rewrite carries them. */
  heldPresses?(): readonly HeldPressRecord[];
  /** A full table whose deal waits for the players' shuffle values (entropy/pending-deal.ts), else null. */
  pendingDeal?(): PendingDealRecord | null;
  disconnect(closeCode?: number): Promise<unknown>;
  /** The accounts at the seats (conduct/table-conduct.ts): journalled with the seats. */
  readonly conduct?: { accountAt(seat: number): string | null };
  /**
   * The table paused (`on`: a journal write is unanswered past SAVING_AFTER_MS) or goes on again
   * after `pausedMs` (its deadline is extended by that, its bots move again).
   */
  paused?(on: boolean, pausedMs: number): void;
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

export class Durability {
  private readonly tracks = new Map<DurableRoom, Track>();
  private readonly createOptions = new WeakMap<DurableRoom, unknown>();
  private readonly resumes = new Map<string, Resume>();
  /** Tables this process held when its lease ran out: their journals as it had them, to write back and hand over (`restoreLost`). */
  private readonly lost = new Map<string, JournalEntry[]>();
  private readonly watch = new SavingWatch();
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

  /** Tables whose journal waits for a rewrite (the store was away or came back empty). */
  get dirtyCount(): number {
    let n = 0;
    for (const t of this.tracks.values()) if ((t.dirty || t.failing) && t.state === "live") n++;
    return n;
  }

  /** onCreate: remembers the create options; for a resumed table, gives its journal and sets its roomId. */
  created(room: DurableRoom, options: unknown): Resume | null {
    const token = options !== null && typeof options === "object" ? (options as Record<string, unknown>)[RESUME_KEY] : undefined;
    const resume = typeof token === "string" ? (this.resumes.get(token) ?? null) : null;
    if (typeof token === "string") this.resumes.delete(token);
    this.createOptions.set(room, resume ? resume.record.header.options : options);
    if (!resume) return null;
    room.roomId = resume.record.tableId;
    fencedListings.forget(room.roomId);
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
   * the entries otherwise, however long that takes (the table pauses meanwhile). Effects run in
   * step order; a table taken by a peer meanwhile runs none.
   */
  commit(room: DurableRoom, effects: () => void): void {
    const match = room.match;
    const track = this.store && match ? this.track(room) : null;
    if (!track || !match || track.state === "ended") return effects();
    if (track.state === "moved") return;
    const started = performance.now();
    // A rewrite is under way (the store refused a write): this step is written by a rewrite of its own, after it.
    if (track.failing) return this.queue(room, track, Promise.resolve("offline"), effects, started);
    // The store may have lost the journal: this step goes with a whole rewrite, not as an append after a gap.
    if (track.dirty) Object.assign(track, { begun: false, written: 0, seats: "", dirty: false });
    const entries = this.pendingEntries(room, match, track);
    if (entries.length === 0)
      return track.sends.length === 0 ? effects() : this.queue(room, track, Promise.resolve("ok"), effects, started);
    const outcome = this.store!.write(room.roomId, entries, entries[0]!.k === "h");
    if (typeof outcome === "string") {
      journalAppendSeconds.observe({ store: this.store!.kind }, (performance.now() - started) / 1000);
      this.settle(room, track, outcome);
      return effects();
    }
    this.queue(room, track, outcome, effects, started);
  }

  /**
   * A race holds a press (a Dark Hand call at the deal: realtime/held-race.ts): it is journalled
   * after the steps, so a process dying before the race releases it does not lose it (the resumed
   * table judges it). It is not a step: nothing waits for the store's answer (the press's effect
   * is its step, journalled as usual when the race releases it). A table whose journal is being
   * rewritten gets it with the rewrite (`heldPresses`).
   */
  held(room: DurableRoom, press: HeldPressRecord): void {
    const match = room.match;
    const track = this.store && match ? this.tracks.get(room) : undefined;
    if (!track || !match || track.state !== "live" || !track.begun || track.failing || track.dirty) return;
    const entry: JournalHeld = { k: "c", i: match.log.length, ...press };
    const outcome = this.store!.write(room.roomId, [entry], false);
    if (typeof outcome === "string") this.settle(room, track, outcome);
    else
      void outcome.then(
        (o) => this.settle(room, track, o),
        () => undefined,
      );
  }

  /**
   * A write the store answers later, on the table's chain: `then` runs in order once the store
   * has taken it. A refused write is retried as a whole rewrite until taken (or fenced: the table
   * is a peer's now, and nothing more of it is shown here).
   */
  private queue(room: DurableRoom, track: Track, outcome: Promise<WriteOutcome>, then: () => void, started = performance.now()): void {
    track.sends.push(Date.now());
    journalPending.inc();
    this.watch.start(this.tracks);
    track.chain = track.chain.then(async () => {
      let result = await outcome.catch((): WriteOutcome => "offline");
      for (let tries = 0; result === "offline" && track.state === "live"; tries++) {
        track.failing = true;
        pause(room, track);
        if (tries > 0) await new Promise((r) => setTimeout(r, RETRY_MS));
        if (track.state === "live") result = await this.rewrite(room, track);
      }
      track.failing = false;
      track.sends.shift();
      journalPending.dec();
      this.settle(room, track, result);
      if (track.state === "moved") return;
      journalAppendSeconds.observe({ store: this.store!.kind }, (performance.now() - started) / 1000);
      // An exception in the effects ends this step's effects only (as in a message handler), never the chain.
      try {
        then();
      } catch (err) {
        handlerErrors.inc({ method: "afterStep" });
        logger.error({ room: room.roomId, err }, "exception contained after a journalled step");
      }
      if (track.sends.length === 0) unpause(room, track);
    });
  }

  /** The table's whole journal as it stands here, written over the store's (its header or waiting record first). */
  private async rewrite(room: DurableRoom, track: Track): Promise<WriteOutcome> {
    const entries = this.wholeJournal(room, track);
    if (entries === null) return "ok";
    const outcome = this.store!.write(room.roomId, entries, "rewrite");
    return typeof outcome === "string" ? outcome : await outcome.catch((): WriteOutcome => "offline");
  }

  /** Every entry of the table's journal (the track then counts them as written); null when it has none. */
  private wholeJournal(room: DurableRoom, track: Track): JournalEntry[] | null {
    if (room.match && track.begun) {
      Object.assign(track, { begun: false, written: 0, seats: "" });
      const entries = this.pendingEntries(room, room.match, track);
      const i = room.match.log.length;
      return [...entries, ...(room.heldPresses?.() ?? []).map((press): JournalHeld => ({ k: "c", i, ...press }))];
    }
    return track.waiting !== "" && !room.match ? [this.waitingEntry(room)] : null;
  }

  /**
   * True while the table must not apply steps: a write unanswered past SAVING_AFTER_MS, a
   * rewrite under way, or this process's lease ran out (a peer may be taking its tables).
   */
  saving(room: DurableRoom, now = Date.now()): boolean {
    if (this.store?.leaseValid?.(now) === false) return true;
    const track = this.tracks.get(room);
    if (!track || track.sends.length === 0) return false;
    if (track.failing || now - track.sends[0]! >= SAVING_AFTER_MS) pause(room, track);
    return track.pausedAt > 0;
  }

  /**
   * This process's lease ran out (it could not renew it: cut off from Redis, or paused): a peer
   * may claim its tables as soon as Redis lets the lease expire. Every table stops here and sends
   * its players to take their seats back through matchmaking (MOVED_CLOSE_CODE), which finds
   * the table wherever it is resumed; its journal as this process has it is kept to be written
   * back once Redis answers (`restoreLost`), in case Redis itself lost it. Returns how many.
   */
  leaseLost(): number {
    let n = 0;
    for (const [room, track] of this.tracks) {
      if (track.state !== "live") continue;
      const entries = this.wholeJournal(room, track);
      if (entries === null) continue;
      this.lost.set(room.roomId, entries);
      track.state = "moved";
      fencedListings.add(room.roomId);
      n++;
      void room.disconnect(MOVED_CLOSE_CODE).catch(() => undefined);
    }
    if (n > 0)
      logger.warn({ tables: n }, "lease expired locally: tables stopped here; their players take their seats back wherever they resume");
    return n;
  }

  /**
   * Redis answers again after the lease ran out: each table lost then is written back (unless a
   * peer took it meanwhile, or its game ended there: fenced) and handed over (`release`), so a
   * process, perhaps this one, resumes it from its journal. Tables the store refused stay for the next try.
   */
  async restoreLost(release: (tableId: string) => Promise<unknown>): Promise<void> {
    for (const [id, entries] of [...this.lost]) {
      const outcome = await Promise.resolve(this.store!.write(id, entries, "rewrite")).catch((): WriteOutcome => "offline");
      if (outcome === "offline") return;
      // Kept until handed over: written back again (idempotent) and released at the next try.
      if (
        outcome === "ok" &&
        !(await Promise.resolve(release(id)).then(
          () => true,
          () => false,
        ))
      )
        return;
      this.lost.delete(id);
      logger.info(
        { room: id, outcome },
        outcome === "ok" ? "table lost with the lease written back and handed over" : "table lost with the lease is hosted elsewhere",
      );
    }
  }

  get lostCount(): number {
    return this.lost.size;
  }

  /** True when no journal write of the room is waiting for the store. */
  settled(room: DurableRoom): boolean {
    return (this.tracks.get(room)?.sends.length ?? 0) === 0;
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
    const sig = JSON.stringify([entry.seats, entry.autoFillOff ?? false, entry.deal ?? null]);
    if (sig === track.waiting && !track.dirty) return;
    Object.assign(track, { waiting: sig, dirty: false });
    this.writeWhole(room, track, [entry]);
  }

  private waitingEntry(room: DurableRoom): JournalWaiting {
    const deal = room.pendingDeal?.() ?? null;
    const entry: JournalWaiting = {
      k: "w",
      game: room.roomName,
      options: this.createOptions.get(room) ?? {},
      seats: seatRecords(room.seating.slots, (i) => room.conduct?.accountAt(i) ?? null),
      ...(deal ? { deal } : {}),
    };
    return room.autoFillOff() ? { ...entry, autoFillOff: true } : entry;
  }

  /** Replaces the table's journal; a write the store refuses is retried (queue). */
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
    const seats = seatRecords(room.seating.slots, (i) => room.conduct?.accountAt(i) ?? null);
    const sig = JSON.stringify(seats);
    if (!track.begun) {
      entries.push({
        k: "h",
        game: room.roomName,
        options: this.createOptions.get(room) ?? {},
        seed: match.serverSeed,
        salt: match.salt,
        ...(match.entropy === null ? {} : { entropy: match.entropy }),
        startedAt: match.startedAt,
        seats,
      });
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
    if (outcome !== "fenced" || track.state !== "live") return;
    // A peer took this table while this process stalled past its lease: it is hosted there now.
    track.state = "moved";
    fencedListings.add(room.roomId);
    logger.warn({ room: room.roomId }, "table taken over by another process; sending its players there");
    void room.disconnect(MOVED_CLOSE_CODE).catch(() => undefined);
  }

  /**
   * Rewrites the whole journal of every table Redis may have lost (it came back: `markAllDirty`)
   * that no step rewrote meanwhile. The rewrite goes on the table's chain like any write.
   */
  async repair(): Promise<void> {
    if (!this.store?.available()) return;
    for (const [room, track] of this.tracks) {
      if (!track.dirty || track.state !== "live") continue;
      await track.chain;
      if (!track.dirty || track.state !== "live") continue;
      track.dirty = false;
      const entries = this.wholeJournal(room, track);
      if (entries !== null) this.writeWhole(room, track, entries);
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
    const moving = [...this.tracks].filter(
      ([room, t]) => t.state === "live" && (t.begun ? room.match && !room.match.over : t.waiting !== "" && !room.match),
    );
    await Promise.all(
      moving.map(async ([room, track]) => {
        await track.chain;
        track.state = "moved";
        await room.disconnect(MOVED_CLOSE_CODE).catch(() => undefined);
        await release(room.roomId);
      }),
    );
    return moving.map(([room]) => room.roomId);
  }
}

/** The process's durability; `createServer` sets it from the configuration (off until then). */
export let durability = new Durability(null);

export function setDurability(d: Durability): void {
  durability = d;
}
