/**
 * The lessons teach the game, not only the clicks: every lesson's goal screen reads goal, how to
 * score, the special rule, then the plan; Dark Hand says what a shade is before the word is used
 * or a shade is called; no Ace is called a low card (Dark Hearts: Aces are high); a declaration
 * names the meld it makes (a Skit is a run and does not end the hand); and the end explains every
 * player's score. Plays every lesson in Node as a student who follows each prompt.
 */
import { describe, expect, it, vi } from "vitest";

// coach.ts names moves through the keyboard layer's labels, whose modules import card art (Phaser):
// no canvas here, only words.
vi.mock("phaser", () => {
  const any: object = new Proxy(function () {}, {
    get: (t, p) => (p === "prototype" ? (t as { prototype: object }).prototype : any),
    construct: () => ({}),
  });
  return { default: any };
});

const { Lesson } = await import("@scat/shared/tutorial/lesson.ts");
const { LESSONS } = await import("@scat/shared/tutorial/scripts.ts");
const { lessonSnap } = await import("./lesson-snap.ts");
const { promptFor } = await import("./coach.ts");
const { endLines, introLines } = await import("./lesson-words.ts");
const { faceOf } = await import("@scat/shared/games/dark-hand/melds.ts");

interface Said {
  readonly action: { type: string; [k: string]: unknown };
  readonly text: string;
  readonly hand: readonly string[];
}

/** Every prompt a student who follows them reads, and the table at the end. */
function play(game: keyof typeof LESSONS) {
  const lesson = new Lesson(LESSONS[game]);
  const said: Said[] = [];
  for (let i = 0; i < 500 && !lesson.done(); i++) {
    const want = lesson.lesson();
    if (!want) {
      lesson.next();
      continue;
    }
    const snap = lessonSnap(lesson, "You");
    said.push({ action: want, text: promptFor(game, snap, want).text, hand: snap.seats[0]?.mine?.hand ?? [] });
    expect(lesson.play(want).ok).toBe(true);
  }
  return { said, end: lessonSnap(lesson, "You") };
}

const GAMES = Object.keys(LESSONS) as Array<keyof typeof LESSONS>;

describe("lesson words", () => {
  for (const game of GAMES) {
    it(`${game}: the goal screen reads goal, how to score, the special rule, then the plan`, () => {
      const lines = introLines(game);
      expect(lines.map((l) => l.kind)).toEqual(["goal", "score", "special", "plan"]);
      for (const l of lines) expect(l.text.length, l.kind).toBeGreaterThan(20);
      expect(lines[1]!.text).toMatch(/point|token/i);
    });

    it(`${game}: the end explains every player's score`, () => {
      const { end } = play(game);
      const why = endLines(game, end);
      expect(why.length).toBeGreaterThan(0);
      for (const seat of end.seats)
        expect(
          why.some((l) => l.includes(seat.name)),
          seat.name,
        ).toBe(true);
    });
  }

  it("Devil's Scat: a bot with as many points as the round's winner is told why (29 or more, the favored suit)", () => {
    const { end } = play("devils_scat");
    const you = end.seats[0]!;
    const tied = end.seats.find((s, i) => i > 0 && s.score === you.score);
    expect(tied, "the lesson's deal still ends with a bot level on points").toBeDefined();
    const line = endLines("devils_scat", end).find((l) => l.startsWith(`${tied!.name}:`));
    expect(line).toMatch(/29 or more/);
    expect(line).toMatch(/favored suit/);
    expect(endLines("devils_scat", end).find((l) => l.startsWith("You:"))).toMatch(/best hand/);
  });

  it("Dark Hand: a shade is explained before the word is used elsewhere and before the call", () => {
    const texts = [...introLines("dark_hand").map((l) => l.text), ...play("dark_hand").said.map((s) => s.text)];
    const defined = texts.findIndex((t) => /two faces/i.test(t) && /shade/i.test(t));
    const firstShade = texts.findIndex((t) => /shade/i.test(t));
    const firstCall = play("dark_hand").said.findIndex((s) => s.action.type === "call");
    expect(defined).toBeGreaterThanOrEqual(0);
    expect(firstShade).toBe(defined);
    expect(firstCall).toBeGreaterThanOrEqual(0);
    expect(defined).toBeLessThan(introLines("dark_hand").length + firstCall);
  });

  it("Dark Hearts: no Ace is called a low card (Aces are high)", () => {
    const said = play("dark_hearts").said.filter((s) => s.action.type === "play" || s.action.type === "lead");
    const aces = said.filter((s) => {
      const card = String(s.action["card"]);
      return faceOf(card, "light").startsWith("A") || faceOf(card, "dark").startsWith("A");
    });
    expect(aces.length, "the lesson's deal has the student play an Ace").toBeGreaterThan(0);
    for (const s of aces) expect(s.text).not.toMatch(/low card/i);
    // Nor is a card "low" that is not: only 2 to 7 are called low.
    for (const s of said) if (/low card/i.test(s.text)) expect(s.text).toMatch(/The [2-7][♣♦♥♠] is a low card/);
  });

  for (const game of ["skit_scat", "dark_hand"] as const) {
    it(`${game}: the declaration names its meld, and only a Scat is said to end the hand`, () => {
      const declares = play(game).said.filter((s) => s.action.type === "declare");
      expect(declares.length).toBeGreaterThan(0);
      for (const d of declares) {
        const shade = d.action["shade"] === "dark" ? "dark" : "light";
        const ranks = d.hand.map((c) => faceOf(c, shade).slice(0, -1));
        const scat = ranks.every((r) => r === ranks[0]);
        expect(d.text).toMatch(scat ? /a Scat \(three/ : /a Skit \(.* in a row\)/);
        if (!scat) expect(d.text).not.toMatch(/three matching cards|ends the hand|wins the hand/);
        if (game === "dark_hand") expect(d.text).toMatch(/in Dark|in Light/);
      }
    });
  }
});
