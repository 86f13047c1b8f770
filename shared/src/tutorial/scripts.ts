/**
 * The six lessons: which table, which deal. Each seed was picked (with `npx tsx scripts/tutorial-seeds.ts`
 * in shared/) for a short first round that still shows the game's main moves; the unit test
 * (lesson.test.ts) plays every lesson to its round's end and checks each move is legal.
 */
import type { GameId } from "../protocol.ts";
import type { LessonScript } from "./lesson.ts";

export const LESSONS: Readonly<Record<GameId, LessonScript>> = {
  devils_scat: { game: "devils_scat", seats: 3, seed: "lesson-devils_scat-23", maxSteps: 25 },
  skit_scat: { game: "skit_scat", seats: 3, seed: "lesson-skit_scat-20", maxSteps: 16 },
  dark_hand: { game: "dark_hand", seats: 3, seed: "lesson-dark_hand-46", maxSteps: 16 },
  dark_hearts: { game: "dark_hearts", seats: 4, seed: "lesson-dark_hearts-0", anyOf: ["passCards"], maxSteps: 60 },
  scatterbrain: { game: "scatterbrain", seats: 4, seed: "lesson-scatterbrain-13", anyOf: ["chooseHole", "guess"], maxSteps: 40 },
  hit_the_deck: { game: "hit_the_deck", seats: 3, seed: "lesson-hit_the_deck-32", maxSteps: 32 },
};

export function lessonFor(game: string): LessonScript | null {
  return (LESSONS as Record<string, LessonScript>)[game] ?? null;
}
