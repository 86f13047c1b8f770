/**
 * The replay of a Hit the Deck game with server-like races: every frame's public view carries
 * the last race with each slap's reaction time, how it was adjudicated and when it arrived, and
 * some races were reordered against arrival by reaction time.
 */
import { describe, expect, it } from "vitest";
import { reordering, type RaceResult } from "../games/hit-the-deck/index.ts";
import { openReplay } from "./replay.ts";
import { hitTheDeckRaceLog } from "./test-support.ts";
import { verifyLog } from "./verify.ts";

describe("replay of Hit the Deck races", () => {
  const log = hitTheDeckRaceLog("replay-races", 3, 100);

  it("verifies, and every race result says how each slap was timed and when it arrived", () => {
    expect(verifyLog(log).ok).toBe(true);
    const opened = openReplay(log);
    if (!opened.ok) throw new Error(opened.reason);
    const replay = opened.replay;
    const races = new Map<number, RaceResult>();
    for (const f of replay.frames) {
      const last = replay.view(f.index, null).info["lastRace"] as RaceResult | null;
      if (last) races.set(last.id, last);
      // While a race is open nobody's view shows a reaction time.
      const open = replay.view(f.index, 0).info["race"];
      if (open) expect(JSON.stringify(open)).not.toMatch(/reactionMs|timing|arrivedMs/);
    }
    expect(races.size).toBeGreaterThan(2);
    const slaps = [...races.values()].flatMap((r) => r.slaps);
    for (const s of slaps) {
      expect(["claim", "estimate"]).toContain(s.timing);
      expect(s.arrivedMs).toBeGreaterThanOrEqual(s.reactionMs);
    }
    expect([...races.values()].some((r) => reordering(r).changed)).toBe(true);
  });

  it("a reaction time edited so that another seat is last no longer verifies", () => {
    const opened = openReplay(log);
    if (!opened.ok) throw new Error(opened.reason);
    const replay = opened.replay;
    let openedAt = -1;
    for (const f of replay.frames) {
      if (f.events.some((e) => e.type === "raceOpened")) openedAt = f.index;
      const closed = f.events.find((e) => e.type === "raceClosed") as { result: RaceResult } | undefined;
      if (!closed || closed.result.reason !== "last-slapper" || closed.result.slaps.length < 2) continue;
      const fastest = closed.result.slaps[0]!.seat;
      // Steps openedAt..f.index-1 (0-based in steps) are the race's; make the fastest the slowest.
      const at = log.steps.findIndex(
        (s, i) => i >= openedAt && i < f.index && s.seat === fastest && (s.action as { type?: string }).type === "slap",
      );
      const steps = log.steps.map((s, i) => (i === at ? { ...s, action: { ...(s.action as object), reactionMs: 9_999 } } : s));
      const r = verifyLog({ ...log, steps });
      expect(r.ok).toBe(false);
      expect(r.ok ? "" : r.code).toMatch(/illegal-step|outcome-differs|deadline-not-due/);
      return;
    }
    throw new Error("no race with a last slapper in this game");
  });
});
