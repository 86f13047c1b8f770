/**
 * What one table knows of its players' conduct (docs/API.md, "Conduct"): which account sits at
 * each seat (ranked: the roster; casual: the account whose session came with the join, if any),
 * each seat's turns and the turns it let time out (in a row, and in all), and, when the game is
 * over, each account's outcome for the conduct record. The room calls in when a client is
 * authorised and seated, when a seat acts, when a deadline passes, and when the game ends.
 */
import { ReactionProfile, type FairPlayFlag } from "./fair-play.ts";
import { finishedOutcome, type Outcome } from "./policy.ts";
import type { OutcomeEntry, TableSeat } from "./record.ts";

interface SeatTally {
  turns: number;
  timeouts: number;
  inARow: number;
  worstRun: number;
}

export interface SeatEnd {
  readonly index: number;
  /** The account at the seat (null: nobody we know, a bot from the start). */
  readonly accountId: string | null;
  /** The player went away and a bot finished the game for them. */
  readonly left: boolean;
}

/**
 * Phases where everyone answers at once and the game goes on without the slow: a race (losing it
 * is the race's own outcome: the last to slap takes the pile) and the pause between hands (the
 * table continues by itself). A deadline passing there is not a stalled turn: counting it made a
 * newcomer who is slower than the others in races "time out" of whole games it played to the end,
 * which then did not count as finished casual games.
 */
const SHARED_PHASES: ReadonlySet<string> = new Set(["race", "roundOver", "handOver"]);

/** The awaited seats a passing deadline counts against (`TableConduct.timedOut`): none in a shared phase. */
export function stalledSeats(state: unknown, awaited: readonly number[]): number[] {
  const phase = (state as { phase?: unknown } | null)?.phase;
  return typeof phase === "string" && SHARED_PHASES.has(phase) ? [] : [...awaited];
}

export class TableConduct {
  private readonly tallies: SeatTally[];
  /** Accounts proven in `onAuth`, by session, until the client is seated. */
  private readonly pending = new Map<string, string>();
  private readonly accounts = new Map<number, string>();
  private readonly reactions = new Map<number, ReactionProfile>();
  private readonly interruptedSeats = new Set<number>();

  constructor(seats: number) {
    this.tallies = Array.from({ length: seats }, () => ({ turns: 0, timeouts: 0, inARow: 0, worstRun: 0 }));
  }

  authorised(sessionId: string, accountId: string | null): void {
    if (accountId !== null) this.pending.set(sessionId, accountId);
  }

  /**
   * The account a session brought, known only after the join (the store was still opening):
   * it goes on the session's seat if the seat has no account yet.
   */
  authorisedLater(sessionId: string, account: Promise<string | null>): void {
    void account.then(
      (id) => {
        if (id === null) return;
        const seat = this.seats.get(sessionId);
        if (seat === undefined) {
          if (!this.pending.has(sessionId)) this.pending.set(sessionId, id);
        } else if (!this.accounts.has(seat)) this.accounts.set(seat, id);
      },
      () => undefined,
    );
  }

  /** Returns the account this session brought (null: none). */
  seated(sessionId: string, seat: number): string | null {
    const account = this.pending.get(sessionId);
    this.pending.delete(sessionId);
    this.seats.set(sessionId, seat);
    this.interruptedSeats.delete(seat);
    if (account !== undefined) this.accounts.set(seat, account);
    return account ?? null;
  }
  /** Each seated session's seat (an account known later goes there). */
  private readonly seats = new Map<string, number>();

  /**
   * A resumed table's seat whose player did not take it back in time after the server stopped:
   * a bot plays it, but the server interrupted them, so the game counts against nobody
   * (`aborted`) unless they sit down again.
   */
  interrupted(seat: number): void {
    this.interruptedSeats.add(seat);
  }

  /** A resumed table's seat, as journalled: its account before the process stopped. */
  restoreAccount(seat: number, account: string): void {
    this.accounts.set(seat, account);
  }

  accountAt(seat: number): string | null {
    return this.accounts.get(seat) ?? null;
  }

  /**
   * A seat's adjudicated reaction time in a race, and the claim time its quota has withheld in all
   * (fair-play.ts); the fair-play flags it newly raises.
   */
  reacted(seat: number, reactionMs: number, withheldMs = 0): FairPlayFlag[] {
    let profile = this.reactions.get(seat);
    if (!profile) this.reactions.set(seat, (profile = new ReactionProfile()));
    return profile.record(reactionMs, withheldMs);
  }

  /** What raised a seat's flag (null: not raised). */
  evidence(seat: number, flag: FairPlayFlag): Record<string, unknown> | null {
    return this.reactions.get(seat)?.evidence(flag) ?? null;
  }

  /** The fair-play flags raised at this table, by seat, with the account sitting there. */
  fairPlayFlags(): { seat: number; accountId: string | null; flags: readonly FairPlayFlag[] }[] {
    return [...this.reactions.entries()]
      .filter(([, p]) => p.flags.length > 0)
      .map(([seat, p]) => ({ seat, accountId: this.accountAt(seat), flags: p.flags }));
  }

  acted(seat: number): void {
    const t = this.tallies[seat];
    if (!t) return;
    t.turns++;
    t.inARow = 0;
  }

  timedOut(seats: readonly number[]): void {
    for (const seat of seats) {
      const t = this.tallies[seat];
      if (!t) continue;
      t.turns++;
      t.timeouts++;
      t.inARow++;
      t.worstRun = Math.max(t.worstRun, t.inARow);
    }
  }

  /** Each known account's outcome for a game that ended (`aborted`: by `abortedBy`, before the threshold). */
  outcomes(
    game: string,
    tableId: string,
    ranked: boolean,
    seats: readonly SeatEnd[],
    at: number,
    abortedBy: number | null = null,
    table: readonly TableSeat[] | null = null,
  ): OutcomeEntry[] {
    const entries: OutcomeEntry[] = [];
    for (const s of seats) {
      if (s.accountId === null) continue;
      const t = this.tallies[s.index] ?? { turns: 0, timeouts: 0, inARow: 0, worstRun: 0 };
      const outcome: Outcome =
        abortedBy !== null
          ? s.index === abortedBy
            ? "aborted-leave"
            : "aborted"
          : s.left && this.interruptedSeats.has(s.index)
            ? "aborted"
            : finishedOutcome({ left: s.left, timeoutsInARow: t.worstRun, timeouts: t.timeouts, turns: t.turns });
      const place = table?.find((t) => t.seat === s.index)?.place ?? null;
      entries.push({
        playerId: s.accountId,
        game,
        tableId,
        ranked,
        outcome,
        at,
        ...(table ? { place, seats: table.map((t) => (t.seat === s.index ? { ...t, own: true } : t)) } : {}),
      });
    }
    return entries;
  }
}
