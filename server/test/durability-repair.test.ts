/**
 * The journal rewrite after Redis comes back (`Durability.repair`) racing with steps the table
 * keeps committing meanwhile (bots play on). The store here is an in-memory journal whose writes
 * answer only when the test releases them, so every interleaving is reached on purpose; the
 * real Redis path is covered by cluster-resume.test.ts ("Redis restart").
 */
import { describe, expect, it } from "vitest";
import { Durability, type DurableRoom } from "../src/durable/durability.ts";
import { decodeJournal, type JournalEntry, type JournalStore, type WriteOutcome } from "../src/durable/journal.ts";

class HeldStore implements JournalStore {
  readonly kind = "redis" as const;
  online = true;
  streams = new Map<string, JournalEntry[]>();
  held: Array<() => void> = [];

  write(tableId: string, entries: readonly JournalEntry[], fresh: boolean): Promise<WriteOutcome> {
    if (!this.online) return Promise.resolve("offline");
    // Applied in call order, as one Redis connection does; answered when released.
    const stream = fresh ? [] : this.streams.get(tableId) ?? [];
    this.streams.set(tableId, [...stream, ...entries]);
    return new Promise((resolve) => this.held.push(() => resolve("ok")));
  }

  release(): void {
    for (const r of this.held.splice(0)) r();
  }

  remove(tableId: string): void {
    this.streams.delete(tableId);
  }

  available(): boolean {
    return this.online;
  }

  async close(): Promise<void> {}
}

function table(): DurableRoom & { match: { log: Array<{ seat: number; action: unknown; now: number }>; over: boolean } } {
  return {
    roomId: "t1",
    roomName: "devils-scat",
    match: { log: [], seed: "seed", salt: "salt", startedAt: 1, over: false } as never,
    seating: { slots: [{ name: "A", playerId: "p1", isBot: false, botReason: null }] } as never,
    disconnect: async () => undefined,
  } as never;
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("journal rewrite after the store comes back", () => {
  it("keeps every step committed while the rewrite is in flight: no gap, nothing lost", async () => {
    const store = new HeldStore();
    const d = new Durability(store);
    const room = table();
    const effects: number[] = [];
    const step = (n: number) => {
      room.match.log.push({ seat: 0, action: { type: "play", n }, now: n });
      d.commit(room, () => effects.push(n));
    };
    d.created(room, { variant: "x" });
    step(0);
    store.release();
    await tick();

    // Redis goes away: steps play on (effects at once) and are missed.
    store.online = false;
    step(1);
    step(2);
    await tick();
    expect(effects).toEqual([0, 1, 2]);
    expect(d.dirtyCount).toBe(1);

    // Redis is back: the rewrite is issued, and while it waits for its answer the table plays on.
    store.online = true;
    d.markAllDirty();
    const repaired = d.repair();
    await tick();
    step(3);
    step(4);
    store.release();
    await repaired;
    await tick();
    step(5);
    store.release();
    await tick();
    store.release();
    await tick();

    const record = decodeJournal("t1", store.streams.get("t1")!);
    expect(record.steps.map((s) => s.now)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(d.dirtyCount).toBe(0);
    expect(effects).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("stays dirty when the rewrite is refused, and the next repair writes the whole journal", async () => {
    const store = new HeldStore();
    const d = new Durability(store);
    const room = table();
    const step = (n: number) => {
      room.match.log.push({ seat: 0, action: { type: "play", n }, now: n });
      d.commit(room, () => undefined);
    };
    d.created(room, {});
    step(0);
    store.release();
    await tick();
    store.online = false;
    step(1);
    await tick();
    // It reports available but refuses the write (went away again mid-repair).
    const write = store.write.bind(store);
    store.online = true;
    store.write = () => Promise.resolve("offline");
    await d.repair();
    expect(d.dirtyCount).toBe(1);
    store.write = write;
    step(2);
    const repaired = d.repair();
    await tick();
    store.release();
    await repaired;
    expect(d.dirtyCount).toBe(0);
    expect(decodeJournal("t1", store.streams.get("t1")!).steps.map((s) => s.now)).toEqual([0, 1, 2]);
  });
});
