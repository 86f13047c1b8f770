/**
 * The first-time hint says only what is true now (`hintFor`, the function the table's hint
 * bubble shows): in Hit the Deck a slap is the race's only while a race is open; at any other time
 * it is a fake-out that costs 2 cards, and the hint says so instead of "Slap as fast as you can".
 * No page needed: the choice is a pure function of the legal actions and the phase.
 */
import { describe, expect, it } from "vitest";
import { hintFor } from "../src/rules/index.ts";

describe("first-time hint: Hit the Deck's slap", () => {
  it("off turn with no race open: no 'slap as fast as you can'; a wrong slap costs 2 cards", () => {
    const hint = hintFor("hit_the_deck", ["slap"], "turn");
    expect(hint).not.toMatch(/as fast as you can/i);
    expect(hint).toMatch(/costs 2 cards/);
  });

  it("on turn: play a card, and slap only when a race opens", () => {
    const hint = hintFor("hit_the_deck", ["play", "draw", "slap"], "turn");
    expect(hint).toMatch(/play a card/);
    expect(hint).toMatch(/costs 2 cards/);
  });

  it("while a race is open: slap as fast as you can; the card's player is told to call", () => {
    expect(hintFor("hit_the_deck", ["slap"], "race")).toMatch(/as fast as you can/i);
    expect(hintFor("hit_the_deck", ["call", "slap"], "race")).toMatch(/press Call/);
  });

  it("other games' hints are unchanged by the phase", () => {
    expect(hintFor("skit_scat", ["discard"], "turn")).toBe(hintFor("skit_scat", ["discard"], null));
  });
});
