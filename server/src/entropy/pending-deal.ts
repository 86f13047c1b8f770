/**
 * Players' entropy in every shuffle (docs/FAIRNESS.md, "Players' entropy"), the server's side.
 * When a table's seats are full the server draws its seed and salt and publishes the commitment;
 * then each seated client that contributes (joined with `shuffle: true`) is asked for a random
 * value; the deal waits until every one has answered or `shuffleWaitMs` has passed, and is played
 * from `dealSeed(seed, values)`. A bot seat's value is `botEntropy(seed, seat)` (fixed by the
 * commitment); a player who did not answer in time is dealt without a value, logged `missing`.
 * The values are journalled as they arrive, so a table resumed after a crash deals from the same
 * commitment and keeps them. This module knows nothing of Colyseus.
 */
import { randomBytes } from "node:crypto";
import { ENTROPY_PATTERN, botEntropy, type SeatEntropy } from "@scat/shared/fairness/entropy.ts";
import { commitSeed } from "@scat/shared/fairness/commitment.ts";
import type { Rejection } from "@scat/shared";

/** What the journal keeps of a deal waiting for values (durable/journal.ts, the waiting entry). */
export interface PendingDealRecord {
  readonly seed: string;
  readonly salt: string;
  /** The players' values received so far, by seat. */
  readonly values: Readonly<Record<string, string>>;
}

export class PendingDeal {
  readonly commitment: string;
  private readonly values = new Map<number, string>();
  /** Seats whose value the deal waits for. */
  private readonly awaited = new Set<number>();

  constructor(
    readonly seed: string = randomBytes(16).toString("hex"),
    readonly salt: string = randomBytes(16).toString("hex"),
  ) {
    this.commitment = commitSeed(seed, salt);
  }

  static restore(record: PendingDealRecord): PendingDeal {
    const deal = new PendingDeal(record.seed, record.salt);
    for (const [seat, value] of Object.entries(record.values)) if (ENTROPY_PATTERN.test(value)) deal.values.set(Number(seat), value);
    return deal;
  }

  /** The deal waits for this seat's value. */
  await(seat: number): void {
    if (!this.values.has(seat)) this.awaited.add(seat);
  }

  /** True once every awaited seat has answered. */
  get complete(): boolean {
    return this.awaited.size === 0;
  }

  /** A seat's value; a rejection (nothing changes) for a seat not asked, a second value or a malformed one. */
  offer(seat: number, payload: unknown): Rejection | null {
    const value = payload !== null && typeof payload === "object" ? (payload as { value?: unknown }).value : undefined;
    if (typeof value !== "string" || !ENTROPY_PATTERN.test(value))
      return { code: "invalid-message", message: "value: 32 lowercase hex digits" };
    if (this.values.has(seat)) return { code: "shuffle-taken", message: "This seat's value for this deal is already in" };
    if (!this.awaited.has(seat)) return { code: "not-asked", message: "This deal does not wait for a value from this seat" };
    this.values.set(seat, value);
    this.awaited.delete(seat);
    return null;
  }

  /** Every seat's entry for the log: its player's value, a bot's (from the seed), or missing. */
  entropy(seats: readonly { readonly index: number; readonly isBot: boolean }[]): SeatEntropy[] {
    return seats.map((s): SeatEntropy => {
      const value = this.values.get(s.index);
      if (value !== undefined) return { seat: s.index, source: "client", value };
      if (s.isBot) return { seat: s.index, source: "bot", value: botEntropy(this.seed, s.index) };
      return { seat: s.index, source: "missing", value: null };
    });
  }

  record(): PendingDealRecord {
    return { seed: this.seed, salt: this.salt, values: Object.fromEntries([...this.values].map(([k, v]) => [String(k), v])) };
  }
}
