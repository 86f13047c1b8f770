import { describe, expect, it } from "vitest";
import { localTime, replaySeatName, stepSentence } from "./step-words.ts";

const who = (seat: number): string => ["You", "Ann"][seat] ?? `Seat ${seat + 1}`;

describe("a replay step in words", () => {
  it("says the move log's sentence, with names and card names, not the engine's step", () => {
    const step = { seat: 1, action: { type: "discard", card: "7H" } };
    expect(stepSentence(step, ["Ann discarded the 7 of hearts."], who)).toBe("Ann discarded the 7 of hearts.");
    expect(stepSentence(step, [], who)).toBe("Ann: discard.");
    expect(stepSentence({ seat: 0, action: { type: "drawDeck" } }, [], who)).toBe("You: draw deck.");
    expect(stepSentence(null, [], who)).toBe("The deal");
    expect(stepSentence(step, [], who)).not.toMatch(/Seat \d|\(card /);
  });

  it("names a seat by its player when known", () => {
    expect(replaySeatName(["Ann", "Bob"], 1)).toBe("Bob");
    expect(replaySeatName(undefined, 1)).toBe("Seat 2");
    expect(replaySeatName(["Ann", " "], 1)).toBe("Seat 2");
  });

  it("gives the time on the viewer's clock, not UTC", () => {
    const at = Date.UTC(2026, 11, 7, 16, 5, 9);
    expect(localTime(at, "Asia/Tokyo")).toMatch(/01:05:09/);
    expect(localTime(at, "America/New_York")).toMatch(/11:05:09/);
    expect(localTime(at, "Asia/Tokyo")).not.toContain("UTC");
  });
});
