/**
 * What durability.ts keeps per table: how much of its match is journalled, the writes the store
 * has not answered, and whether the table is paused waiting for them (docs/OPERATIONS.md,
 * "Consistency").
 */
import { logger } from "../logger.ts";

/** What a track needs of its table (durability.ts's `DurableRoom` has it): its id, for the log, and its pause. */
export interface PausableRoom {
  readonly roomId: string;
  paused?(on: boolean, pausedMs: number): void;
}

/**
 * A write the store has not answered this long pauses the table (docs/OPERATIONS.md,
 * "Consistency"): it says it is saving, refuses actions (`saving`), its clock and bots wait. A
 * write is never given up on: effects wait for the store's answer, however late.
 */
export const SAVING_AFTER_MS = 300;

export class Track {
  begun = false;
  written = 0;
  seats = "";
  /** Send times of the writes the store has not answered yet, oldest first. */
  sends: number[] = [];
  chain: Promise<void> = Promise.resolve();
  /** The store may have lost the journal (Redis came back empty): the next write is a whole rewrite. */
  dirty = false;
  /** A write was refused: the journal is being rewritten whole until the store takes it. */
  failing = false;
  /** When the table paused (0: it is not paused). */
  pausedAt = 0;
  /** The seats of the waiting record in the store ("" = none): a table not dealt yet. */
  waiting = "";
  /** live: journalled here; moved: handed over or taken by a peer (never written again here). */
  state: "live" | "moved" | "ended" = "live";
}

/** Pauses the table (its oldest unanswered write is when it began): players are told, steps wait. */
export function pause(room: PausableRoom, track: Track): void {
  if (track.pausedAt > 0 || track.state !== "live") return;
  track.pausedAt = track.sends[0] ?? Date.now();
  logger.warn({ room: room.roomId }, "journal write unanswered: the table pauses until it is saved");
  room.paused?.(true, 0);
}

/** The store has every write: the table goes on, its deadline extended by the pause. */
export function unpause(room: PausableRoom, track: Track): void {
  if (track.pausedAt === 0) return;
  const ms = Date.now() - track.pausedAt;
  track.pausedAt = 0;
  logger.info({ room: room.roomId, pausedMs: ms }, "journal caught up: the table goes on");
  room.paused?.(false, ms);
}

/** While writes are unanswered: pauses each table whose oldest one is older than SAVING_AFTER_MS. */
export class SavingWatch {
  private timer: NodeJS.Timeout | null = null;

  start(tracks: ReadonlyMap<PausableRoom, Track>): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      const now = Date.now();
      let waiting = false;
      for (const [room, track] of tracks) {
        if (track.sends.length === 0) continue;
        waiting = true;
        if (now - track.sends[0]! >= SAVING_AFTER_MS) pause(room, track);
      }
      if (!waiting && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    }, 50);
    this.timer.unref();
  }
}
