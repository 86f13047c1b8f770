/**
 * A room's own fields live in one plain object per room (server/src/table/room-fields.ts): read
 * and written as fields, separate per instance, and none of them an own property of the room.
 */
import { describe, expect, it } from "vitest";
import { keepFieldsIn } from "../src/table/room-fields.ts";
import { TableRoom } from "../src/table/table-room.ts";

class Holder {
  private readonly fields: Record<string, unknown> = { a: 1, b: null };
  declare a: number;
  declare b: string | null;
}
keepFieldsIn(Holder, "fields", ["a", "b"]);

describe("fields kept in a holder", () => {
  it("reads and writes each instance's own values through the holder", () => {
    const x = new Holder();
    const y = new Holder();
    x.a = 5;
    x.b = "set";
    expect([x.a, x.b, y.a, y.b]).toEqual([5, "set", 1, null]);
    expect(Object.keys(x)).toEqual(["fields"]);
  });

  it("holds a table room's own fields outside the room's property table", () => {
    const room = new TableRoom();
    for (const name of ["game", "seating", "match", "play", "net", "waiting", "admission", "fineTick"])
      expect(Object.hasOwn(room, name)).toBe(false);
    expect(room.match).toBeNull();
    expect(room.play).toBeDefined();
    expect(room.config).toBe(TableRoom.config);
  });
});
