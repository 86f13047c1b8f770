import { describe, expect, it } from "vitest";
import type { QueueStatus } from "@scat/shared";
import { queueLines } from "./queue-text.ts";

const base: QueueStatus = {
  game: "skit_scat",
  rating: 1500,
  range: 200,
  low: 1300,
  high: 1700,
  waitedMs: 10_000,
  queued: 2,
  seats: 4,
  sizes: [4, 3, 2],
  waits: [
    { size: 3, afterMs: 45_000 },
    { size: 2, afterMs: 90_000 },
  ],
  minSeats: 4,
  estimateMs: null,
  unmatched: null,
};

describe("the ranked queue's words", () => {
  it("say how many are queued, the estimate (or that there is none yet) and when smaller tables are accepted", () => {
    const l = queueLines(base, "Skit Scat");
    expect(l.count).toBe("2 in the Skit Scat queue");
    expect(l.estimate).toBe("No estimate yet: no table formed in the last hour");
    expect(l.sizes).toBe("A table of 4 at once; of 3 after 0:45; of 2 after 1:30 of waiting");
    expect(queueLines({ ...base, queued: 1, estimateMs: 75_000 }, "Skit Scat")).toMatchObject({
      count: "1 in the Skit Scat queue",
      estimate: "Estimated wait 1:15 (last hour)",
    });
  });
  it("say plainly that Scatterbrain needs four, and why", () => {
    const l = queueLines({ ...base, game: "scatterbrain", sizes: [4], waits: [] }, "Scatterbrain");
    expect(l.sizes).toBe("Scatterbrain needs exactly four players: its rules are written for four, so a table forms when four are queued");
  });
  it("pass on why someone cannot be matched", () => {
    expect(queueLines({ ...base, unmatched: "1 player waiting is on the same network as you." }, "Skit Scat").unmatched).toBe(
      "1 player waiting is on the same network as you.",
    );
  });
});
