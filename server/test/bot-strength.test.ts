/** A table's bot strength (issue #29, item 3) travels the table-options path. */
import { quickPlayKey } from "@scat/shared";
import { ENGINES } from "@scat/shared/games/registry.ts";
import { describe, expect, it } from "vitest";
import { parseTableOptions } from "../src/room/table-options.ts";

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
