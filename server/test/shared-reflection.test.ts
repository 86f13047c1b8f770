import { Encoder, Reflection, schema, t } from "@colyseus/schema";
import { describe, expect, it } from "vitest";
import { GAMES } from "../src/games.ts";
import { prepareState } from "../src/room/projection.ts";
import { TableState } from "../src/room/schema.ts";
import { shareReflections } from "../src/shared-reflection.ts";

const Other = schema({ name: t.string() }, "Other");

const tableOf = (game: string) => {
  const state = new TableState();
  prepareState(state, game);
  return state;
};

describe("one reflection per state class", () => {
  const unshared = Reflection.encode(new Encoder(tableOf("devils_scat")));
  shareReflections();

  it("encodes a table's reflection once and hands the same bytes to every room", () => {
    const games = Object.keys(GAMES);
    const first = Reflection.encode(new Encoder(tableOf(games[0]!)));
    expect(Array.from(first)).toEqual(Array.from(unshared));
    for (const game of games) expect(Reflection.encode(new Encoder(tableOf(game)))).toBe(first);
  });

  it("keeps other classes' reflections apart, and still decodes", () => {
    const other = Reflection.encode(new Encoder(new Other()));
    expect(other).not.toBe(Reflection.encode(new Encoder(tableOf("hit_the_deck"))));
    expect(Reflection.encode(new Encoder(new Other()))).toBe(other);
    const decoded = Reflection.decode(other);
    expect(decoded.state.constructor).not.toBe(TableState);
  });
});
