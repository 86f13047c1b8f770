import { Encoder, Reflection, schema, t } from "@colyseus/schema";
import { describe, expect, it } from "vitest";
import { GAMES } from "../src/games.ts";
import { frameFor } from "../src/table/projection.ts";
import { shareReflections } from "../src/shared-reflection.ts";

const Other = schema({ name: t.string() }, "Other");

const tableOf = (game: string) => new (frameFor(game).TableState)();

describe("one reflection per state class", () => {
  const unshared = Reflection.encode(new Encoder(tableOf("devils_scat")));
  shareReflections();

  it("encodes a game's table reflection once and hands the same bytes to every room of that game", () => {
    const first = Reflection.encode(new Encoder(tableOf("devils_scat")));
    expect(Array.from(first)).toEqual(Array.from(unshared));
    expect(Reflection.encode(new Encoder(tableOf("devils_scat")))).toBe(first);
    for (const game of Object.keys(GAMES)) {
      const bytes = Reflection.encode(new Encoder(tableOf(game)));
      expect(Reflection.encode(new Encoder(tableOf(game)))).toBe(bytes);
    }
  });

  it("keeps other classes' reflections apart, and still decodes", () => {
    const other = Reflection.encode(new Encoder(new Other()));
    expect(other).not.toBe(Reflection.encode(new Encoder(tableOf("hit_the_deck"))));
    expect(Reflection.encode(new Encoder(new Other()))).toBe(other);
    const decoded = Reflection.decode(other);
    expect(decoded.state.constructor).not.toBe(frameFor("hit_the_deck").TableState);
  });
});
