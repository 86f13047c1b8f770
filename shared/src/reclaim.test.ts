import { describe, expect, it } from "vitest";
import {
  RECLAIM,
  rateLimited,
  reclaimSeat,
  retryDelayMs,
  stillComing,
  transientJoinError,
  unreachable,
  TABLE_ENDED,
  TABLE_GONE,
} from "./reclaim.ts";

describe("reclaiming a seat", () => {
  it("tries again while the table is moving or its busy host's reservation call timed out", () => {
    for (const text of [
      "table-moving: try again",
      'room "abc" not found',
      "process x is not available.",
      "abc is already full.",
      "matchmaking-unavailable",
      "Unexpected end of JSON input",
    ]) {
      expect(transientJoinError(new Error(text)), text).toBe(true);
    }
    expect(transientJoinError(new Error(`${TABLE_GONE}: it closed before its game began`))).toBe(false);
    expect(transientJoinError(new Error(`${TABLE_ENDED}: the game was over`))).toBe(false);
    expect(transientJoinError(new Error('room "abc" not found'), true)).toBe(false);
    expect(transientJoinError(new Error("bad join options"))).toBe(false);
  });

  it("takes the seat back after an 'already full' answer from a busy host", async () => {
    const answers: (Error | string)[] = [new Error("abc is already full."), "room"];
    let t = 0;
    const waited: number[] = [];
    const client = {
      reconnect: async () => {
        throw new Error("token unknown");
      },
      joinById: async () => {
        const a = answers.shift()!;
        if (a instanceof Error) throw a;
        return a;
      },
      now: () => t,
      wait: async (ms: number) => {
        waited.push(ms);
        t += ms;
      },
      random: () => 0.5,
    };
    expect(await reclaimSeat(client, { token: "t", roomId: "abc" }, { playerId: "p" }, { windowMs: 5_000 })).toEqual({ room: "room" });
    expect(answers).toEqual([]);
    expect(waited).toEqual([500]);
  });
});

/** A 429 as the SDK hands it over: status as `code`, the response's headers. */
const tooMany = (retryAfter?: string) =>
  Object.assign(new Error("too many matchmaking requests from this address: wait a moment"), {
    code: 429,
    headers: new Headers(retryAfter === undefined ? {} : { "retry-after": retryAfter }),
  });

describe("a reclaim refused with 429 (players sharing an address, all reclaiming at once)", () => {
  it("backs off and tries again instead of ending: Retry-After honoured, then doubling with jitter", async () => {
    const answers: (Error | string)[] = [tooMany("3"), tooMany(), tooMany(), new Error("table-paused: try again shortly"), "room"];
    let t = 0;
    const waited: number[] = [];
    const client = {
      reconnect: async () => {
        throw new Error("token unknown");
      },
      joinById: async () => {
        const a = answers.shift()!;
        if (a instanceof Error) throw a;
        return a;
      },
      now: () => t,
      wait: async (ms: number) => {
        waited.push(ms);
        t += ms;
      },
      random: () => 0.5,
    };
    expect(await reclaimSeat(client, { token: null, roomId: "abc" }, { playerId: "p" }, { windowMs: 20_000 })).toEqual({ room: "room" });
    // 3 s from Retry-After (over the 375 ms the back-off asked), then 750 and 1500 ms (half fixed, half random), then the table's pace.
    expect(waited).toEqual([3_000, 750, 1_500, RECLAIM.retryMs]);
  });

  it("waits are bounded, spread by the jitter, and never below Retry-After (capped)", () => {
    expect(retryDelayMs(tooMany(), 30, 0.999)).toBeLessThanOrEqual(RECLAIM.maxBackoffMs);
    expect(retryDelayMs(tooMany(), 30, 0)).toBe(RECLAIM.maxBackoffMs / 2);
    expect(retryDelayMs(tooMany(), 0, 0)).not.toBe(retryDelayMs(tooMany(), 0, 0.9));
    expect(retryDelayMs(tooMany("100000"), 0, 0)).toBe(RECLAIM.maxRetryAfterMs);
    expect(retryDelayMs(tooMany(new Date(10_000).toUTCString()), 0, 0, 4_000)).toBe(6_000);
    expect(retryDelayMs(tooMany("soon"), 0, 0)).toBe(250);
    expect(retryDelayMs(new Error("table-moving: try again"), 5, 0.5)).toBe(RECLAIM.retryMs);
    // The page's own matchmaking call (after a silence) words a 429 as "<error> (429)".
    expect(rateLimited(Object.assign(new Error("too many matchmaking requests (429)"), { code: 429 }))).toBe(true);
  });

  it("a window that ends on a 429 or a paused table still counts as 'still coming' for the page (it keeps trying)", () => {
    for (const failed of [
      "too many matchmaking requests from this address: wait a moment",
      "rate-limited (429)",
      "table-paused: try again shortly",
      "table-moving: try again",
      "matchmaking-unavailable",
    ]) {
      expect(stillComing(failed), failed).toBe(true);
    }
    for (const failed of [
      `${TABLE_GONE}: closed`,
      `${TABLE_ENDED}: over`,
      'room "abc" not found',
      'room "a-429-b" not found',
      "abc is already full.",
    ])
      expect(stillComing(failed), failed).toBe(false);
  });
});

/** What the SDK rejects a join with when the socket fails before the seat is taken: its error event (no code) or its close code, no words. */
const socketLost = (code?: number) => Object.assign(new Error(""), { name: "ServerError", code });

describe("a join whose socket fails before the seat is taken (the server stopping under it)", () => {
  it("is tried again, not ended: the SDK's wordless error names the lost connection", async () => {
    const answers: (Error | string)[] = [socketLost(), socketLost(1006), socketLost(4001), "room"];
    let t = 0;
    const client = {
      reconnect: async () => {
        throw new Error("token unknown");
      },
      joinById: async () => {
        const a = answers.shift()!;
        if (a instanceof Error) throw a;
        return a;
      },
      now: () => t,
      wait: async (ms: number) => {
        t += ms;
      },
      random: () => 0.5,
    };
    expect(await reclaimSeat(client, { token: null, roomId: "abc" }, { playerId: "p" }, { windowMs: 20_000 })).toEqual({ room: "room" });
  });

  it("keeps the page's resume going when a window ends on one", async () => {
    const client = {
      reconnect: async () => {
        throw new Error("token unknown");
      },
      joinById: async () => {
        throw socketLost();
      },
      now: () => 0,
      wait: async () => undefined,
      random: () => 0.5,
    };
    let t = 0;
    const outcome = await reclaimSeat(
      { ...client, now: () => (t += 30_000) },
      { token: null, roomId: "abc" },
      { playerId: "p" },
      { windowMs: 1_000 },
    );
    expect("failed" in outcome && stillComing(outcome.failed)).toBe(true);
    // A wordless error with another code (a refusal) is not mistaken for one.
    expect(transientJoinError(socketLost(4002))).toBe(false);
  });
});

describe("a server that cannot be reached (stopped for a restart)", () => {
  it("is tried again with a short back-off, not every retryMs and not for long", async () => {
    const down = new TypeError("Failed to fetch");
    expect(unreachable(down)).toBe(true);
    expect(unreachable(new Error("table-moving: try again"))).toBe(false);
    expect([0, 1, 2, 3, 10].map((n) => retryDelayMs(down, n, 0.999))).toEqual([500, 1_000, 1_999, 1_999, 1_999]);
    expect(retryDelayMs(down, 10, 0)).toBe(RECLAIM.maxNetworkBackoffMs / 2);
    const answers: (Error | string)[] = [down, down, down, down, "room"];
    let t = 0;
    const waited: number[] = [];
    const client = {
      reconnect: async () => {
        throw down;
      },
      joinById: async () => {
        const a = answers.shift()!;
        if (a instanceof Error) throw a;
        return a;
      },
      now: () => t,
      wait: async (ms: number) => {
        waited.push(ms);
        t += ms;
      },
      random: () => 0.5,
    };
    expect(await reclaimSeat(client, { token: "t", roomId: "abc" }, { playerId: "p" }, { windowMs: 20_000 })).toEqual({ room: "room" });
    expect(waited).toEqual([375, 750, 1_500, 1_500]);
  });
});
