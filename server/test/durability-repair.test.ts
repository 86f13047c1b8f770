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
    const stream = fresh ? [] : (this.streams.get(tableId) ?? []);
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

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("no effects before the store has the step", () => {
  it("pauses a table whose store refuses writes (nothing shown), rewrites the whole journal once it is back, then shows every step in order", async () => {
    const store = new HeldStore();
    const d = new Durability(store);
    const room = table();
    const effects: number[] = [];
    const paused: Array<[boolean, number]> = [];
    room.paused = (on, ms) => paused.push([on, ms]);
    const step = (n: number) => {
      room.match.log.push({ seat: 0, action: { type: "play", n }, now: n });
      d.commit(room, () => effects.push(n));
    };
    d.created(room, { variant: "x" });
    step(0);
    store.release();
    await tick();
    expect(effects).toEqual([0]);

    // Redis goes away: the steps wait, the table pauses (actions are refused "saving").
    store.online = false;
    step(1);
    step(2);
    await wait(450);
    expect(effects).toEqual([0]);
    expect(d.saving(room)).toBe(true);
    expect(paused).toEqual([[true, 0]]);

    // Redis is back: the whole journal is rewritten; once the store answers, the effects run in order.
    store.online = true;
    await wait(250);
    expect(effects).toEqual([0]);
    store.release();
    await wait(10);
    store.release();
    await wait(10);
    expect(effects).toEqual([0, 1, 2]);
    expect(d.saving(room)).toBe(false);
    expect(paused.length).toBe(2);
    expect(paused[1]![0]).toBe(false);
    expect(paused[1]![1]).toBeGreaterThanOrEqual(400);
    step(3);
    store.release();
    await tick();
    expect(effects).toEqual([0, 1, 2, 3]);
    const record = decodeJournal("t1", store.streams.get("t1")!);
    expect(record.steps.map((s) => s.now)).toEqual([0, 1, 2, 3]);
  });

  it("a write the store does not answer is waited for, however long: nothing is shown meanwhile, and the table says it is saving", async () => {
    const store = new HeldStore();
    const d = new Durability(store);
    const room = table();
    const effects: number[] = [];
    d.created(room, {});
    room.match.log.push({ seat: 0, action: { type: "play" }, now: 0 });
    d.commit(room, () => effects.push(0));
    expect(d.saving(room)).toBe(false);
    await wait(2_500);
    expect(effects).toEqual([]);
    expect(d.saving(room)).toBe(true);
    store.release();
    await tick();
    expect(effects).toEqual([0]);
    expect(d.saving(room)).toBe(false);
  });

  it("a step the store fences (a peer owns the table now) is never shown here", async () => {
    const store = new HeldStore();
    const d = new Durability(store);
    const room = table();
    const effects: number[] = [];
    let closed = 0;
    room.disconnect = async (code?: number) => {
      closed = code ?? -1;
    };
    d.created(room, {});
    store.write = () => Promise.resolve("fenced");
    room.match.log.push({ seat: 0, action: { type: "play" }, now: 0 });
    d.commit(room, () => effects.push(0));
    await tick();
    await tick();
    expect(effects).toEqual([]);
    expect(closed).toBe(4001);
  });
});

describe("a process whose lease ran out", () => {
  it("stops every table (close 4001, no effects after), then writes each journal back and hands it over once the store answers", async () => {
    const store = new HeldStore() as HeldStore & { leaseValid(): boolean };
    let lease = true;
    store.leaseValid = () => lease;
    const d = new Durability(store);
    const room = table();
    const effects: number[] = [];
    let closed = 0;
    room.disconnect = async (code?: number) => {
      closed = code ?? -1;
    };
    d.created(room, {});
    room.match.log.push({ seat: 0, action: { type: "play" }, now: 0 });
    d.commit(room, () => effects.push(0));
    store.release();
    await tick();
    // A step applied, its write unanswered, when the lease runs out.
    room.match.log.push({ seat: 0, action: { type: "play" }, now: 1 });
    d.commit(room, () => effects.push(1));
    lease = false;
    expect(d.saving(room)).toBe(true);
    expect(d.leaseLost()).toBe(1);
    expect(closed).toBe(4001);
    store.release();
    await tick();
    expect(effects).toEqual([0]);
    // Redis lost everything meanwhile: the journal as this process had it goes back, then is released.
    store.streams.clear();
    const released: string[] = [];
    const restoring = d.restoreLost(async (id) => {
      released.push(id);
    });
    await tick();
    store.release();
    await restoring;
    expect(released).toEqual(["t1"]);
    expect(decodeJournal("t1", store.streams.get("t1")!).steps.map((s) => s.now)).toEqual([0, 1]);
    expect(d.lostCount).toBe(0);
  });

  it("drops a lost table a peer owns now (fenced) without releasing it", async () => {
    const store = new HeldStore() as HeldStore & { leaseValid(): boolean };
    store.leaseValid = () => false;
    const d = new Durability(store);
    const room = table();
    d.created(room, {});
    room.match.log.push({ seat: 0, action: { type: "play" }, now: 0 });
    d.commit(room, () => undefined);
    d.leaseLost();
    store.write = () => Promise.resolve("fenced");
    const released: string[] = [];
    await d.restoreLost(async (id) => {
      released.push(id);
    });
    expect(released).toEqual([]);
    expect(d.lostCount).toBe(0);
  });
});

describe("journal rewrite after the store comes back empty", () => {
  it("rewrites every table's whole journal (markAllDirty, repair) and keeps the steps committed meanwhile", async () => {
    const store = new HeldStore();
    const d = new Durability(store);
    const room = table();
    const effects: number[] = [];
    const step = (n: number) => {
      room.match.log.push({ seat: 0, action: { type: "play", n }, now: n });
      d.commit(room, () => effects.push(n));
    };
    d.created(room, {});
    step(0);
    step(1);
    store.release();
    await tick();
    // Redis restarted empty.
    store.streams.clear();
    d.markAllDirty();
    const repaired = d.repair();
    await tick();
    step(2);
    store.release();
    await repaired;
    await tick();
    store.release();
    await tick();
    expect(decodeJournal("t1", store.streams.get("t1")!).steps.map((s) => s.now)).toEqual([0, 1, 2]);
    expect(effects).toEqual([0, 1, 2]);
    expect(d.dirtyCount).toBe(0);
  });
});
