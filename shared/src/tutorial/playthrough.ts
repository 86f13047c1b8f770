/** Plays a lesson as a player who follows every prompt (the unit test and the seed search). */
import { Lesson, type LessonScript } from "./lesson.ts";

export interface Playthrough {
  readonly lesson: Lesson;
  /** Every step, the player's and the table's. */
  readonly steps: number;
  /** The player's moves, and which kinds. */
  readonly moves: number;
  readonly kinds: ReadonlySet<string>;
  readonly finished: boolean;
}

export function playLesson(script: LessonScript, limit = 1000): Playthrough {
  const lesson = new Lesson(script);
  let steps = 0;
  let moves = 0;
  const kinds = new Set<string>();
  while (!lesson.done() && steps < limit) {
    const want = lesson.lesson();
    if (want) {
      const r = lesson.play(want);
      if (!r.ok)
        throw new Error(`${script.game}: the lesson's own move ${JSON.stringify(want)} was refused: ${r.error.code} ${r.error.message}`);
      moves++;
      kinds.add(want.type);
    } else if (!lesson.next()) {
      throw new Error(`${script.game}: stuck in ${lesson.state.phase} (nobody can move)`);
    }
    steps++;
  }
  return { lesson, steps, moves, kinds, finished: lesson.done() };
}
