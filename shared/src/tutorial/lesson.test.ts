/** Every lesson is consistent with its engine: each prompted move is legal, and the round ends. */
import { describe, expect, it } from "vitest";
import { Lesson, PLAYER, sameAction } from "./lesson.ts";
import { playLesson } from "./playthrough.ts";
import { LESSONS } from "./scripts.ts";

describe("guided first games", () => {
  for (const script of Object.values(LESSONS)) {
    it(`${script.game}: every prompted move is legal and the round ends within ${script.maxSteps} steps`, () => {
      const p = playLesson(script, script.maxSteps);
      expect(p.finished).toBe(true);
      expect(p.moves).toBeGreaterThanOrEqual(3);
      // The same seed gives the same lesson: played twice, the logs match step for step.
      const again = playLesson(script, script.maxSteps);
      expect(again.lesson.match.log).toEqual(p.lesson.match.log);
    });
  }

  it("refuses an illegal move with the engine's code, and a legal move that is not the lesson's with tutorial-lesson", () => {
    const lesson = new Lesson(LESSONS.devils_scat);
    while (lesson.lesson() === null) expect(lesson.next()).not.toBeNull();
    const want = lesson.lesson()!;
    const legal = lesson.legal();
    const other = legal.find((a) => !sameAction(a, want))!;
    const before = lesson.state.version;
    expect(lesson.play(other)).toMatchObject({ ok: false, error: { code: "tutorial-lesson" } });
    expect(lesson.play({ type: "discard", card: "AH" })).toMatchObject({ ok: false, error: { code: "must-draw-first" } });
    expect(lesson.play({ type: "fly" })).toMatchObject({ ok: false });
    expect(lesson.state.version).toBe(before);
    expect(lesson.play(want).ok).toBe(true);
  });

  it("waits for nobody: off turn the player's moves are refused and the bots play on", () => {
    const lesson = new Lesson(LESSONS.hit_the_deck);
    let guard = 0;
    while (lesson.lesson() !== null && guard++ < 50) lesson.play(lesson.lesson()!);
    if (!lesson.done()) {
      expect(lesson.check({ type: "draw" }).ok).toBe(false);
      expect(lesson.next()).not.toBeNull();
    }
    expect(PLAYER).toBe(0);
  });
});
