import { describe, expect, it } from "vitest";
import { retryableJoinError, withJoinRetries } from "./join-retry.ts";
import { TABLE_GONE } from "./reclaim.ts";

const failing = (message: string, code?: number) => Object.assign(new Error(message), { code });

describe("a join by code that fails for a moment", () => {
  it("is tried again for a busy host, a moving table, the store or the network away", () => {
    for (const m of [
      "process AbC is not available.",
      "table-moving: try again",
      "matchmaking-unavailable: Redis",
      "remote room (x) timed out",
      "Failed to fetch",
      "Unexpected end of JSON input",
    ]) {
      expect(retryableJoinError(failing(m, 523)), m).toBe(true);
    }
  });

  it("is answered at once for a full table, an unknown code, a locked or gone table, or bad options", () => {
    for (const m of [
      "ABCDEF is already full.",
      'room "ABCDEF" not found',
      'room "ABCDEF" is locked',
      `${TABLE_GONE}: closed`,
      "bad join options",
    ]) {
      expect(retryableJoinError(failing(m)), m).toBe(false);
    }
  });

  it("waits between tries and stops at the first success", async () => {
    const waited: number[] = [];
    let tries = 0;
    const room = await withJoinRetries(
      async () => {
        tries++;
        if (tries < 3) throw failing("process AbC is not available.", 523);
        return "room";
      },
      async (ms) => {
        waited.push(ms);
      },
    );
    expect(room).toBe("room");
    expect(tries).toBe(3);
    expect(waited).toEqual([500, 1_000]);
  });

  it("gives the last error after its last try, and a final error at once", async () => {
    let tries = 0;
    await expect(
      withJoinRetries(
        async () => {
          tries++;
          throw failing("process AbC is not available.", 523);
        },
        async () => undefined,
      ),
    ).rejects.toThrow(/not available/);
    expect(tries).toBe(4);
    tries = 0;
    await expect(
      withJoinRetries(
        async () => {
          tries++;
          throw failing('room "X" not found', 522);
        },
        async () => undefined,
      ),
    ).rejects.toThrow(/not found/);
    expect(tries).toBe(1);
  });
});
