/**
 * Blocks: a saved account blocks a player. The pair is kept apart both ways (never
 * seated together by quick play or the ranked queue) and the blocked player's chat is never
 * delivered to the blocker. Stored in `blocks` (social/migration.ts).
 *
 * `BlockCache` answers "is either of these two blocking the other?" synchronously, as the ranked
 * queue's grouping and a table's chat delivery need, from the block lists of accounts loaded
 * into it (an account's list is loaded when it queues or joins, and kept fresh by this process's
 * own block and unblock). A list loaded on another process is at most `ttlMs` old.
 */
import type { Db } from "../db/database.ts";

export const BLOCKS_MAX = 500;

export type BlockResult = "blocked" | "already-blocked" | "unknown-player" | "self" | "too-many";

export async function block(db: Db, blocker: string, blocked: string, now = Date.now()): Promise<BlockResult> {
  if (blocker === blocked) return "self";
  return db.transaction().execute(async (tx) => {
    const target = await tx.selectFrom("players").select("id").where("id", "=", blocked).executeTakeFirst();
    if (!target) return "unknown-player";
    const count = await tx
      .selectFrom("blocks")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("blocker_id", "=", blocker)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= BLOCKS_MAX) return "too-many";
    const inserted = await tx
      .insertInto("blocks")
      .values({ blocker_id: blocker, blocked_id: blocked, at: now })
      .onConflict((oc) => oc.columns(["blocker_id", "blocked_id"]).doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 ? "blocked" : "already-blocked";
  });
}

export async function unblock(db: Db, blocker: string, blocked: string): Promise<boolean> {
  const r = await db.deleteFrom("blocks").where("blocker_id", "=", blocker).where("blocked_id", "=", blocked).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** The players an account blocked, newest first, with their names. */
export async function blockedBy(db: Db, blocker: string): Promise<{ id: string; name: string; at: number }[]> {
  const rows = await db
    .selectFrom("blocks as b")
    .innerJoin("players as p", "p.id", "b.blocked_id")
    .select(["p.id", "p.display_name", "b.at"])
    .where("b.blocker_id", "=", blocker)
    .orderBy("b.at", "desc")
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.display_name, at: r.at }));
}

/** Every account on either side of a block with `account`: whom it must be kept apart from. */
export async function keptApartFrom(db: Db, account: string): Promise<string[]> {
  const rows = await db
    .selectFrom("blocks")
    .select(["blocker_id", "blocked_id"])
    .where((eb) => eb.or([eb("blocker_id", "=", account), eb("blocked_id", "=", account)]))
    .execute();
  return [...new Set(rows.map((r) => (r.blocker_id === account ? r.blocked_id : r.blocker_id)))];
}

/** Whether `reader` blocked `speaker` (one direction: whose chat the reader does not get). */
export async function hasBlocked(db: Db, reader: string, speaker: string): Promise<boolean> {
  return (
    (await db.selectFrom("blocks").select("at").where("blocker_id", "=", reader).where("blocked_id", "=", speaker).executeTakeFirst()) !==
    undefined
  );
}

interface Entry {
  apart: Set<string>;
  loadedAt: number;
}

export class BlockCache {
  private readonly lists = new Map<string, Entry>();

  constructor(
    private readonly db: () => Promise<Db>,
    private readonly ttlMs = 60_000,
    private readonly maxAccounts = 20_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Loads (or refreshes, when older than the TTL) an account's list; returns whom it is kept apart from. */
  async load(account: string): Promise<ReadonlySet<string>> {
    const hit = this.lists.get(account);
    if (hit && this.now() - hit.loadedAt < this.ttlMs) return hit.apart;
    const apart = new Set(await keptApartFrom(await this.db(), account));
    if (this.lists.size >= this.maxAccounts) this.lists.delete(this.lists.keys().next().value!);
    this.lists.set(account, { apart, loadedAt: this.now() });
    return apart;
  }

  /** True when either account blocked the other, as far as the loaded lists know. */
  apart(a: string, b: string): boolean {
    return (this.lists.get(a)?.apart.has(b) ?? false) || (this.lists.get(b)?.apart.has(a) ?? false);
  }

  /** This process blocked or unblocked a pair: both loaded lists follow at once. */
  changed(blocker: string, blocked: string, on: boolean): void {
    for (const [x, y] of [
      [blocker, blocked],
      [blocked, blocker],
    ] as const) {
      const entry = this.lists.get(x);
      if (!entry) continue;
      if (on) entry.apart.add(y);
      else entry.apart.delete(y);
    }
  }
}
