/** A table's bot strength travels the table-options path. */
import { quickPlayKey } from "@scat/shared";
import { ENGINES } from "@scat/shared/games/registry.ts";
import type { ColyseusTestServer } from "@colyseus/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TableRoom } from "../src/table/table-room.ts";
import { bootServer, outcomeOf, playToEnd, until, waitSeat } from "./helpers.ts";
import { parseTableOptions } from "../src/table/table-options.ts";

describe("bot strength as a table option", () => {
  const game = ENGINES.devils_scat;
  it("defaults to normal, keeps the quick-play key of tables made before strengths", () => {
    const t = parseTableOptions(game, { seats: 2, bots: 1 });
    expect(t.ok && t.value.join.botStrength).toBe("normal");
    expect(t.ok && t.value.mode).toBe(quickPlayKey({ seats: 2, bots: 1 }));
  });
  it("takes easy or strong, and quick play only matches tables of the same strength", () => {
    const strong = parseTableOptions(game, { seats: 2, bots: 1, botStrength: "strong" });
    const easy = parseTableOptions(game, { seats: 2, bots: 1, botStrength: "easy" });
    expect(strong.ok && strong.value.join.botStrength).toBe("strong");
    expect(strong.ok && easy.ok && strong.value.mode !== easy.value.mode).toBe(true);
  });
  it("refuses an unknown strength with the reason", () => {
    const bad = parseTableOptions(game, { seats: 2, bots: 1, botStrength: "godlike" });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.message).toMatch(/botStrength/);
  });
});

describe("a table of strong bots through the real room", () => {
  let colyseus: ColyseusTestServer;
  beforeAll(async () => {
    colyseus = await bootServer();
  });
  afterAll(async () => {
    await colyseus.shutdown();
  });

  it("plays Skit Scat to the end with one player and two strong bots, every bot move legal", async () => {
    const base = { name: "Tess", seats: 3, bots: 2, botStrength: "strong" as const, turnSeconds: 30, variants: {} };
    const room = await colyseus.sdk.joinOrCreate("skit_scat", { ...base, mode: quickPlayKey(base) });
    const seat = await waitSeat(room);
    const srv = colyseus.getRoomById(room.roomId) as unknown as TableRoom;
    await playToEnd("skit_scat", room, seat, srv);
    await until(() => (room.state as any).status === "ended", "ended status");
    expect(outcomeOf(room)!.winners.length).toBeGreaterThan(0);
  }, 60_000);
});
