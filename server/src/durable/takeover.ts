/**
 * The lease loop of one process with Redis (docs/OPERATIONS.md, "Crash survival"): every beat it
 * renews its lease, and looks for tables whose host's lease is gone (kill -9, a lost machine) or
 * that a draining host handed over. It claims its share of them atomically, removes the dead
 * process's stale listings, and resumes each claimed table from its journal under its roomId.
 * Colyseus's own listings of local rooms are restored each beat too (a peer's cleanup, or a
 * Redis restart, may have removed them). When the process's own lease runs out (it could not
 * renew it in time) its tables stop at once (`Durability.leaseLost`); once Redis answers again
 * they are written back and handed over (`restoreLost`).
 */
import { matchMaker } from "@colyseus/core";
import { logger } from "../logger.ts";
import { journalDirty, tablesHosted } from "../metrics.ts";
import type { Durability } from "./durability.ts";
import { RELEASED, type RedisJournal } from "./redis-journal.ts";

/** How often the local lease is checked (its margin, 10% of LEASE_MS, is far longer). */
const LEASE_CHECK_MS = 50;

/** Tables rebuilt at once by one process (each waits on Redis a few times while it is created). */
const RESUME_CONCURRENCY = 16;

export class Takeover {
  private timer: NodeJS.Timeout | null = null;
  private busy = false;
  /** Orphans first seen (server ms): one left unclaimed by its fair sharer for a while is taken by anyone. */
  private readonly firstSeen = new Map<string, number>();
  private readonly swept = new Set<string>();

  constructor(
    private readonly store: RedisJournal,
    private readonly durability: Durability,
    private readonly beatMs: number,
  ) {
    store.onReconnect = () => {
      durability.markAllDirty();
      void this.tick();
    };
  }

  private beatTimer: NodeJS.Timeout | null = null;
  private leaseTimer: NodeJS.Timeout | null = null;

  start(): void {
    void this.tick();
    // The lease beat runs on its own timer: a long scan (resuming many tables) never delays it.
    this.beatTimer = setInterval(() => void this.store.beat(), this.beatMs);
    this.timer = setInterval(() => void this.tick(), this.beatMs);
    // The local lease is watched closely: tables stop here before Redis lets a peer claim them.
    this.leaseTimer = setInterval(() => {
      if (!this.store.leaseValid()) this.durability.leaseLost();
    }, LEASE_CHECK_MS);
    for (const t of [this.beatTimer, this.timer, this.leaseTimer]) t.unref();
  }

  stop(): void {
    for (const t of [this.timer, this.beatTimer, this.leaseTimer]) if (t) clearInterval(t);
    this.timer = this.beatTimer = this.leaseTimer = null;
  }

  private async tick(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      if (!(await this.store.beat())) return;
      if (this.durability.lostCount > 0) await this.durability.restoreLost((id) => this.store.release(id));
      await this.durability.repair();
      if (!this.durability.draining) await this.scan();
      await matchMaker.restoreMissingRoomCaches();
    } catch (err) {
      logger.warn({ err }, "lease beat failed");
    } finally {
      tablesHosted.set(this.durability.hosted);
      journalDirty.set(this.durability.dirtyCount);
      this.busy = false;
    }
  }

  private async scan(now = Date.now()): Promise<void> {
    const { byOwner, alive } = await this.store.orphans();
    const all = [...byOwner.values()].flat();
    for (const id of this.firstSeen.keys()) if (!all.includes(id)) this.firstSeen.delete(id);
    if (all.length === 0) return;
    for (const id of all) if (!this.firstSeen.has(id)) this.firstSeen.set(id, now);
    const share = Math.ceil(all.length / Math.max(1, alive));
    let taken = 0;
    for (const [owner, ids] of byOwner) {
      if (owner !== RELEASED && !this.swept.has(owner)) {
        // Its room listings point at a dead process: drop them before the tables reappear here.
        this.swept.add(owner);
        await matchMaker.stats.excludeProcess(owner);
        await this.store.sweepListings(owner);
        logger.warn({ process: owner, tables: ids.length }, "process lease expired; resuming its tables");
      }
      // Claims go out together, in rounds: a table a peer got first is replaced by another one
      // until this process has its share (a table left unclaimed for two beats is anyone's).
      const fresh = shuffle(ids);
      const overdue = fresh.filter((id) => now - (this.firstSeen.get(id) ?? now) > 2 * this.beatMs);
      for (const id of overdue) fresh.splice(fresh.indexOf(id), 1);
      const mine: string[] = [];
      let round = [...overdue, ...fresh.splice(0, Math.max(0, share - taken))];
      while (round.length > 0) {
        const won = await Promise.all(round.map((id) => this.store.claim(id, owner)));
        const got = round.filter((_, i) => won[i]);
        mine.push(...got);
        taken += got.length;
        round = fresh.splice(0, Math.max(0, share - taken));
      }
      await this.resumeAll(owner, mine);
    }
  }

  /**
   * Rebuilds the claimed tables, RESUME_CONCURRENCY at a time. Each replay runs in one go, so the
   * process yields before each table: the joins coming for the tables already back, and the
   * tables it hosts, are served in between.
   */
  private async resumeAll(owner: string, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    const cause = owner === RELEASED ? "handover" : "crash";
    const lastSeen = owner === RELEASED ? null : await this.store.lastSeen(owner, "");
    const queue = [...ids];
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        await new Promise((r) => setImmediate(r));
        try {
          const record = await this.store.read(id);
          const downSince = (lastSeen ?? (await this.store.lastSeen(owner, id))) || Date.now();
          await this.durability.resume(record, Date.now() - downSince, cause, downSince);
        } catch (err) {
          logger.error({ room: id, err }, "could not resume a table from its journal");
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(RESUME_CONCURRENCY, ids.length) }, worker));
  }
}

function shuffle<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
