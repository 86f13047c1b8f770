/**
 * A table's journal (docs/OPERATIONS.md, "Crash survival"): everything needed to rebuild its
 * match in another process or after a restart. The first entry is the header (game, the raw
 * table options, seed, salt, start time, who sits where); each further entry is one applied step
 * with its server time, numbered, plus the seats when they changed since the previous entry.
 * Entries are written before the step's effects are sent, so a client never sees a step the
 * journal lacks.
 */
import type { LoggedStep } from "@scat/shared";
import type { SeatEntropy } from "@scat/shared/fairness/entropy.ts";
import type { PendingDealRecord } from "../entropy/pending-deal.ts";
import type { HeldPressRecord } from "../realtime/held-race.ts";
import type { BotReason, Slot } from "../table/seating.ts";

export interface SeatRecord {
  readonly name: string;
  readonly playerId: string | null;
  readonly isBot: boolean;
  readonly botReason: BotReason;
  /**
   * The account the seat's outcome goes to (the conduct record), when one is known: a resumed
   * table keeps it, so the game counts for that account even when its player takes the seat back
   * before the restarted process has opened its account store. Absent in older journals.
   */
  readonly account?: string;
}

export interface JournalHeader {
  readonly k: "h";
  /** The room name (the game id). */
  readonly game: string;
  /** The options the table was created with, as the client sent them. */
  readonly options: unknown;
  readonly seed: string;
  readonly salt: string;
  /** Every seat's value mixed into the deal seed (docs/FAIRNESS.md); absent in journals from before. */
  readonly entropy?: readonly SeatEntropy[];
  readonly startedAt: number;
  readonly seats: readonly SeatRecord[];
}

export interface JournalStep extends LoggedStep {
  readonly k: "s";
  /** Index of the step in the match log (0-based); a repeated index is a duplicate write. */
  readonly i: number;
  readonly seats?: readonly SeatRecord[];
}

/**
 * A table waiting for players (no game dealt yet): its game, options and who sits where. The
 * journal holds this one entry, rewritten whole on each seat change, until the deal replaces it
 * with the header.
 */
export interface JournalWaiting {
  readonly k: "w";
  readonly game: string;
  readonly options: unknown;
  readonly seats: readonly SeatRecord[];
  /** A seated player turned the countdown to filling with bots off (it stays off after a resume). */
  readonly autoFillOff?: true;
  /**
   * The seats were full and the deal waits for the players' values: the committed seed, salt and
   * the values so far. A resumed table deals from these (entropy/pending-deal.ts).
   */
  readonly deal?: PendingDealRecord;
}

/**
 * A press a race held, not applied yet (a Dark Hand call at the deal: realtime/held-race.ts),
 * written when it is held. It is still held when no step was journalled after it: any step first
 * releases every held press (each applied one becomes the next step). A resumed table judges the
 * ones still held with its first move.
 */
export interface JournalHeld extends HeldPressRecord {
  readonly k: "c";
  /** The match log's length when it was held. */
  readonly i: number;
}

export type JournalEntry = JournalHeader | JournalStep | JournalWaiting | JournalHeld;

/** A table as read back from its journal: a game in play (header "h") or a waiting table ("w", no steps). */
export interface TableRecord {
  readonly tableId: string;
  readonly header: JournalHeader | JournalWaiting;
  readonly steps: readonly LoggedStep[];
  /** The seats as last journalled. */
  readonly seats: readonly SeatRecord[];
  /** Presses a race held when the journal ends, to be judged on the resume (absent: none). */
  readonly held?: readonly HeldPressRecord[];
}

export function seatRecords(slots: readonly Slot[], accountAt: (seat: number) => string | null = () => null): SeatRecord[] {
  return slots.map((s) => {
    const account = accountAt(s.index);
    return { name: s.name, playerId: s.playerId, isBot: s.isBot, botReason: s.botReason, ...(account ? { account } : {}) };
  });
}

/**
 * Reads entries back: the first header starts the table, steps apply in index order, a repeated
 * index (a write retried after a lost reply) is skipped, a gap is an error.
 */
export function decodeJournal(tableId: string, entries: readonly JournalEntry[]): TableRecord {
  const steps: LoggedStep[] = [];
  let seats: readonly SeatRecord[] = [];
  let header: JournalHeader | JournalWaiting | null = null;
  let held: JournalHeld[] = [];
  for (const e of entries) {
    if (e.k === "c") {
      if (header?.k === "h") held.push(e);
      continue;
    }
    // The first header wins (a repeated one is a retried write); a waiting record gives way to a
    // newer one, and to the header when the game is dealt.
    if (e.k === "h" || e.k === "w") {
      if (header?.k === "h") continue;
      header = e;
      seats = e.seats;
      continue;
    }
    if (header === null || header.k === "w") throw new Error(`journal ${tableId}: a step before the header`);
    if (e.i < steps.length) continue;
    if (e.i > steps.length) throw new Error(`journal ${tableId}: step ${steps.length} is missing (found ${e.i})`);
    steps.push({ seat: e.seat, action: e.action, now: e.now });
    if (e.seats) seats = e.seats;
  }
  if (header === null) throw new Error(`journal ${tableId}: no header`);
  // A press held before the last step was released by it (applied, or refused by the game).
  held = held.filter((h) => h.i === steps.length);
  if (held.length === 0) return { tableId, header, steps, seats };
  // One record per seat (a rewrite repeats what an append wrote): the first.
  const bySeat = new Map<number, HeldPressRecord>();
  for (const { k: _k, i: _i, ...press } of held) if (!bySeat.has(press.seat)) bySeat.set(press.seat, press);
  return { tableId, header, steps, seats, held: [...bySeat.values()] };
}

/** True for a table journalled while it waited for players (no game dealt). */
export function isWaiting(record: TableRecord): record is TableRecord & { readonly header: JournalWaiting } {
  return record.header.k === "w";
}

/** Where journals live: a file per table, or a Redis stream per table. */
export interface JournalStore {
  readonly kind: "file" | "redis";
  /**
   * Writes entries after those already written; `fresh` replaces the journal (a new game, or a
   * rewrite after the store lost it; "rewrite" also refuses a table whose game ended elsewhere). "ok" when durable, "fenced" when another process owns the
   * table now, "offline" when the store could not take it (it is rewritten later).
   */
  write(tableId: string, entries: readonly JournalEntry[], fresh: boolean | "rewrite"): WriteOutcome | Promise<WriteOutcome>;
  /**
   * False once this process's lease has run out (Redis): its tables stop applying steps. Absent
   * (the file journal: one process) is always true.
   */
  leaseValid?(now?: number): boolean;
  /** The game ended or was abandoned: its journal goes. */
  /** `ended`: the game is over (not abandoned); a join soon after is told so. */
  remove(tableId: string, ended?: boolean): void;
  /** True while writes can be durable. */
  available(): boolean;
  close(): Promise<void>;
}

export type WriteOutcome = "ok" | "fenced" | "offline";
