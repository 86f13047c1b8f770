/** The line a table's dialog shows: the turn's time while it is the player's turn, else that play goes on. */
import { describe, expect, it } from "vitest";
import { turnNoteText } from "./turn-note.ts";

describe("turn note", () => {
  it("counts the own turn's seconds down, rounding up", () => {
    expect(turnNoteText(true, true, 12_300)).toBe("Your turn: 13 s left. The game goes on while this is open.");
    expect(turnNoteText(true, true, 1)).toMatch(/^Your turn: 1 s left/);
  });
  it("says play goes on on others' turns, or when the time is unknown; nothing when no game runs", () => {
    expect(turnNoteText(true, false, 5000)).toBe("The game goes on while this is open.");
    expect(turnNoteText(true, true, 0)).toBe("Your turn: the game goes on while this is open.");
    expect(turnNoteText(false, true, 5000)).toBe("");
  });
});
