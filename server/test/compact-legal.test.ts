import type { ColyseusTestServer } from "@colyseus/testing";
import { quickPlayKey } from "@scat/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compactLegal } from "../src/room/compact-legal.ts";
import { bootServer, expandLegal, until, waitSeat } from "./helpers.ts";

describe("compact legal lists", () => {
  const hand = ["a", "b", "c", "d", "e", "f", "g"];
  const all: { type: string; cards: string[] }[] = [];
  for (let i = 0; i < hand.length; i++) for (let j = i + 1; j < hand.length; j++) for (let k = j + 1; k < hand.length; k++) all.push({ type: "passCards", cards: [hand[i]!, hand[j]!, hand[k]!] });

  it("sends every k-of-n choice as one summary, and expands back to the same set", () => {
    const compact = compactLegal([...all, { type: "continue" }]);
    expect(compact).toEqual([{ type: "passCards", cards: { choose: 3, from: hand } }, { type: "continue" }]);
    expect(expandLegal(compact).filter((a) => a.type === "passCards").map((a) => a.cards.join(""))).toEqual(all.map((a) => a.cards.join("")));
  });
  it("leaves an incomplete choice and other actions as they are", () => {
    const some = all.slice(0, 30);
    expect(compactLegal(some)).toEqual(some);
    const plays = hand.map((card) => ({ type: "play", card }));
    expect(compactLegal(plays)).toEqual(plays);
  });
});

describe("a 3-player Dark Hearts pass through the room", () => {
  let colyseus: ColyseusTestServer;
  beforeAll(async () => { colyseus = await bootServer(); });
  afterAll(async () => { await colyseus.shutdown(); });

  it("reaches every player whole and small (17 cards: 680 choices)", async () => {
    const base = { seats: 3, bots: 1, turnSeconds: 30, variants: {} };
    const a = await colyseus.sdk.joinOrCreate("dark_hearts", { ...base, name: "A", mode: quickPlayKey(base) });
    const sa = await waitSeat(a);
    const b = await colyseus.sdk.joinOrCreate("dark_hearts", { ...base, name: "B", mode: quickPlayKey(base) });
    const sb = await waitSeat(b);
    for (const [room, seat] of [[a, sa], [b, sb]] as const) {
      const legal = await until(() => { const r = (room.state as any).seats[seat].mine.legal; return r.includes("passCards") ? r : null; }, "the pass", 5_000);
      expect(legal.length).toBeLessThan(2_000);
      expect(expandLegal(JSON.parse(legal)).filter((x) => x.type === "passCards")).toHaveLength(680);
    }
  });
});
