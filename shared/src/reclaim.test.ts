import { describe, expect, it } from "vitest";
import { reclaimSeat, transientJoinError, TABLE_ENDED, TABLE_GONE } from "./reclaim.ts";

describe("reclaiming a seat", () => {
  it("tries again while the table is moving or its busy host's reservation call timed out", () => {
    for (const text of ["table-moving: try again", "room \"abc\" not found", "process x is not available.", "abc is already full.", "matchmaking-unavailable", "Unexpected end of JSON input"]) {
      expect(transientJoinError(new Error(text)), text).toBe(true);
    }
    expect(transientJoinError(new Error(`${TABLE_GONE}: it closed before its game began`))).toBe(false);
    expect(transientJoinError(new Error(`${TABLE_ENDED}: the game was over`))).toBe(false);
    expect(transientJoinError(new Error("room \"abc\" not found"), true)).toBe(false);
    expect(transientJoinError(new Error("bad join options"))).toBe(false);
  });

  it("takes the seat back after an 'already full' answer from a busy host", async () => {
    const answers: (Error | string)[] = [new Error("abc is already full."), "room"];
    let t = 0;
    const waited: number[] = [];
    const client = {
      reconnect: async () => { throw new Error("token unknown"); },
      joinById: async () => { const a = answers.shift()!; if (a instanceof Error) throw a; return a; },
      now: () => t,
      wait: async (ms: number) => { waited.push(ms); t += ms; },
    };
    expect(await reclaimSeat(client, { token: "t", roomId: "abc" }, { playerId: "p" }, { windowMs: 5_000 })).toEqual({ room: "room" });
    expect(answers).toEqual([]);
    expect(waited).toEqual([500]);
  });
});
