import type { ColyseusTestServer } from "@colyseus/testing";
import { quickPlayKey } from "@scat/shared";
import { expandLegal as expandChoices, readChoices } from "@scat/shared/wire-state.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compactLegal, UnknownActionShape } from "../src/table/compact-legal.ts";
import { bootServer, expandLegal, mine, until, waitSeat } from "./helpers.ts";

const sorted = (list: unknown[]): string[] => list.map((a) => JSON.stringify(a)).sort();
const roundTrip = (actions: unknown[]): unknown[] => expandLegal(expandChoices(compactLegal(actions)));

describe("compact legal choices", () => {
  const hand = ["a", "b", "c", "d", "e", "f", "g"];
  const all: { type: string; cards: string[] }[] = [];
  for (let i = 0; i < hand.length; i++)
    for (let j = i + 1; j < hand.length; j++)
      for (let k = j + 1; k < hand.length; k++) all.push({ type: "passCards", cards: [hand[i]!, hand[j]!, hand[k]!] });

  it("sends every k-of-n choice as one choice, a summary action once large, and expands back to the same set", () => {
    const compact = compactLegal([...all, { type: "continue" }]);
    expect(compact).toEqual([
      { type: "passCards", card: [], shade: [], choose: 3, from: hand },
      { type: "continue", card: [], shade: [], choose: 0, from: [] },
    ]);
    expect(expandChoices(compact)).toEqual([{ type: "passCards", cards: { choose: 3, from: hand } }, { type: "continue" }]);
    expect(
      expandLegal(expandChoices(compact))
        .filter((a) => a.type === "passCards")
        .map((a) => a.cards.join("")),
    ).toEqual(all.map((a) => a.cards.join("")));
  });
  it("keeps an incomplete choice exact, and card, shade and card × shade lists as one choice each", () => {
    const some = all.slice(0, 30);
    expect(sorted(roundTrip(some))).toEqual(sorted(some));
    const plays = hand.map((card) => ({ type: "play", card }));
    expect(compactLegal(plays)).toEqual([{ type: "play", card: hand, shade: [], choose: 0, from: [] }]);
    const leads = hand.flatMap((card) => ["light", "dark"].map((shade) => ({ type: "lead", card, shade })));
    expect(compactLegal(leads)).toEqual([{ type: "lead", card: hand, shade: ["light", "dark"], choose: 0, from: [] }]);
    const mixed = [...leads.slice(0, 5), { type: "call", shade: "dark" }, { type: "declare" }, { type: "declare", shade: "light" }];
    expect(sorted(roundTrip(mixed))).toEqual(sorted(mixed));
  });
  it("refuses an action field the state cannot carry", () => {
    expect(() => compactLegal([{ type: "bid", amount: 3 }])).toThrow(UnknownActionShape);
  });
  it("reads the string form the state carries", () => {
    expect(expandChoices(readChoices([{ type: "play", card: "AH 10S", shade: "", choose: 0, from: "" }]))).toEqual([
      { type: "play", card: "AH" },
      { type: "play", card: "10S" },
    ]);
  });
});

describe("a 3-player Dark Hearts pass through the room", () => {
  let colyseus: ColyseusTestServer;
  beforeAll(async () => {
    colyseus = await bootServer();
  });
  afterAll(async () => {
    await colyseus.shutdown();
  });

  it("reaches every player whole and small (17 cards: 680 choices in one)", async () => {
    const base = { seats: 3, bots: 1, turnSeconds: 30, variants: {} };
    const a = await colyseus.sdk.joinOrCreate("dark_hearts", { ...base, name: "A", mode: quickPlayKey(base) });
    const sa = await waitSeat(a);
    const b = await colyseus.sdk.joinOrCreate("dark_hearts", { ...base, name: "B", mode: quickPlayKey(base) });
    const sb = await waitSeat(b);
    for (const [room, seat] of [
      [a, sa],
      [b, sb],
    ] as const) {
      const legal = await until(
        () => {
          const m = mine(room, seat);
          return m?.legal.some((x) => x.type === "passCards") ? m.legal : null;
        },
        "the pass",
        5_000,
      );
      expect((room.state as any).seats[seat].legal.length).toBe(1);
      expect(legal.filter((x) => x.type === "passCards")).toHaveLength(680);
    }
  });
});
