/**
 * The k6 tables' chat traffic (loadtest/k6/lib/chat.ts) on its own: what it sends, how a reader
 * places each line it receives (latency measured from the right send), and that a missed line,
 * a refused one and a lost one are each counted (they fail the k6 run). Fake timers, no server:
 * the k6 smoke (k6-smoke.test.ts) runs it against the real one.
 */
import type { Room } from "@colyseus/sdk";
import type { ChatLine } from "@scat/shared/social/chat.ts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ChatTraffic } from "../k6/lib/chat.ts";
import type { Sink } from "../k6/lib/table.ts";

class FakeRoom {
  readonly handlers = new Map<string, ((m: unknown) => void)[]>();
  readonly sent: { type: string; payload: Record<string, string> }[] = [];
  onMessage(type: string, fn: (m: unknown) => void): void {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), fn]);
  }
  send(type: string, payload: Record<string, string>): void {
    this.sent.push({ type, payload });
  }
  receive(type: string, m: unknown): void {
    for (const fn of this.handlers.get(type) ?? []) fn(m);
  }
}

function sinkSpy() {
  const counts = new Map<string, number>();
  const trends = new Map<string, number[]>();
  const sink: Sink = {
    trend: (n, v) => trends.set(n, [...(trends.get(n) ?? []), v]),
    count: (n, k = 1) => counts.set(n, (counts.get(n) ?? 0) + k),
    rate: () => undefined,
  };
  return { sink, counts, trends };
}

/** The line the server would deliver for seat `seat` saying `payload`. */
const line = (seat: number, payload: Record<string, string>): ChatLine =>
  ({ from: seat + 1, name: `Load ${seat + 1}`, seat, channel: "table", at: Date.now(), ...payload }) as ChatLine;

describe("k6 chat traffic", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function table(readers: number, speakers: number) {
    const spy = sinkSpy();
    const chat = new ChatTraffic({ speakers, everyMs: 4000 }, spy.sink, () => 0.5, Date.now() + 600_000);
    const rooms = Array.from({ length: readers }, (_, i) => {
      const room = new FakeRoom();
      chat.add(
        i,
        room as unknown as Room,
        () => i,
        (fn) => fn(),
      );
      return room;
    });
    chat.ready();
    /** The server: delivers room i's last sent line to every room, `delay` ms later each. */
    const deliver = (from: number, delay = 0, to = rooms.map((_, i) => i)) => {
      const said = rooms[from]!.sent.at(-1)!.payload;
      vi.advanceTimersByTime(delay);
      for (const r of to) rooms[r]!.receive("chat", line(from, said));
    };
    return { chat, rooms, deliver, ...spy };
  }

  it("speakers send in turn within the limit, one line in flight each; readers time every line from its send", () => {
    const t = table(3, 2);
    vi.advanceTimersByTime(2000); // the first tick: half a period
    expect(t.rooms[0]!.sent).toHaveLength(1);
    expect(t.rooms[1]!.sent).toHaveLength(1);
    expect(t.rooms[2]!.sent).toHaveLength(0);
    expect(t.rooms[0]!.sent[0]).toEqual({ type: "chat", payload: { phrase: "gg" } });
    t.deliver(0, 7);
    t.deliver(1, 3);
    // Both lines are back at their speakers: the next tick (a period later) sends the next phrase.
    vi.advanceTimersByTime(3990);
    expect(t.rooms[0]!.sent.map((s) => s.payload)).toEqual([{ phrase: "gg" }, { phrase: "wp" }]);
    t.deliver(0, 5);
    expect(t.trends.get("chat_ms")).toEqual([7, 7, 7, 10, 10, 10, 5, 5, 5]);
    expect(t.counts.get("chat_received")).toBe(9);
    expect(t.counts.get("chat_lines")).toBe(4);
    expect(t.counts.get("chat_unmatched")).toBeUndefined();
    t.chat.stop();
  });

  it("a speaker whose line is not back sends nothing more, and the line counts as lost after 10 s", () => {
    const t = table(2, 1);
    vi.advanceTimersByTime(2000);
    vi.advanceTimersByTime(12_000);
    expect(t.rooms[0]!.sent).toHaveLength(1);
    expect(t.counts.get("chat_lost")).toBe(1);
    t.chat.stop();
  });

  it("a reader that missed a line counts it unmatched and times the next from its own send", () => {
    const t = table(2, 1);
    vi.advanceTimersByTime(2000);
    t.deliver(0, 1, [0]); // reader 1 never gets the first line
    vi.advanceTimersByTime(3999);
    t.deliver(0, 4);
    expect(t.counts.get("chat_unmatched")).toBe(1);
    expect(t.trends.get("chat_ms")).toEqual([1, 4, 4]);
    t.chat.stop();
  });

  it("a refused line is counted and taken off its queue: the next line still matches", () => {
    const t = table(2, 1);
    vi.advanceTimersByTime(2000);
    t.rooms[0]!.receive("rejected", { code: "rate-limited", message: "Too many chat lines: wait 2 s" });
    // Another message's refusal is not chat's.
    t.rooms[0]!.receive("rejected", { code: "not-your-turn", message: "Wait for your turn" });
    expect(t.counts.get("chat_refused")).toBe(1);
    vi.advanceTimersByTime(4000);
    expect(t.rooms[0]!.sent.at(-1)!.payload).toEqual({ phrase: "gg" });
    t.deliver(0, 6);
    expect(t.trends.get("chat_ms")).toEqual([6, 6]);
    expect(t.counts.get("chat_unmatched")).toBeUndefined();
    t.chat.stop();
  });

  it("says nothing before every player joined, nor after stop", () => {
    const spy = sinkSpy();
    const chat = new ChatTraffic({ speakers: 1, everyMs: 4000 }, spy.sink, () => 0.5, Date.now() + 600_000);
    const room = new FakeRoom();
    chat.add(
      0,
      room as unknown as Room,
      () => 0,
      (fn) => fn(),
    );
    vi.advanceTimersByTime(10_000);
    expect(room.sent).toHaveLength(0);
    chat.ready();
    chat.stop();
    vi.advanceTimersByTime(10_000);
    expect(room.sent).toHaveLength(0);
  });
});
