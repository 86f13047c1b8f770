import { describe, expect, it } from "vitest";
import { gapWords, raceWinnerWords, reorderedWords } from "./race-words.ts";
import { callRaceText } from "../games/dark-hand/call-clock.ts";

const names = ["You", "Ann", "Bob"];
const who = (seat: number): string => names[seat] ?? `Seat ${seat + 1}`;

describe("race results in words", () => {
  it("says who was first and by how much, never raw milliseconds", () => {
    expect(
      raceWinnerWords(
        "called",
        [
          { seat: 1, reactionMs: 412 },
          { seat: 0, reactionMs: 7203 },
        ],
        who,
      ),
    ).toBe("Ann called first, 6.8 s before you.");
    expect(
      raceWinnerWords(
        "slapped",
        [
          { seat: 0, reactionMs: 300 },
          { seat: 2, reactionMs: 330 },
        ],
        who,
      ),
    ).toBe("You slapped first, just ahead of Bob.");
    expect(raceWinnerWords("slapped", [{ seat: 0, reactionMs: 300 }], who)).toBe("You slapped first.");
    expect(
      raceWinnerWords(
        "slapped",
        [
          { seat: 2, reactionMs: null },
          { seat: 1, reactionMs: 500 },
        ],
        who,
      ),
    ).toBe("Bob slapped first, then Ann.");
    expect(raceWinnerWords("slapped", [], who)).toBe("Nobody slapped.");
    expect(gapWords(20)).toBe("0.1 s");
    expect(gapWords(1260)).toBe("1.3 s");
  });

  it("explains a reordered race in plain words", () => {
    expect(reorderedWords("call", 0, who)).toBe(
      "Your call reached the table first, but each call counts from when that player saw the cards, so a slow connection costs nothing.",
    );
    expect(reorderedWords("slap", 1, who)).toMatch(/^Ann's slap reached the table first/);
  });

  it("a Dark Hand call race: 'Ann called first', not 'Call race: You 7203 ms ≈'", () => {
    const msg = {
      presses: [
        { seat: 1, reactionMs: 412, timing: "arrival" },
        { seat: 0, reactionMs: 7203, timing: "estimate" },
      ],
      byArrival: [1, 0],
      compensated: false,
    };
    const { line, compensated } = callRaceText(msg, who);
    expect(line).toBe("Ann called first, 6.8 s before you.");
    expect(line).not.toMatch(/ms|≈|Call race/);
    expect(compensated).toBeNull();
    const swapped = callRaceText(
      {
        presses: [
          { seat: 0, reactionMs: 300, timing: "claim" },
          { seat: 1, reactionMs: 520, timing: "claim" },
        ],
        byArrival: [1, 0],
        compensated: true,
      },
      who,
    );
    expect(swapped.line).toBe("You called first, 0.2 s before Ann.");
    expect(swapped.compensated).toBe(
      "Ann's call reached the table first, but each call counts from when that player saw the cards, so a slow connection costs nothing.",
    );
  });
});
