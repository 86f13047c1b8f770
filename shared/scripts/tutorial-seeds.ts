/** Seed search for the lessons: `npx tsx scripts/tutorial-seeds.ts [game] [tries]` prints short rounds. */
import { LESSONS } from "../src/tutorial/scripts.ts";
import { playLesson } from "../src/tutorial/playthrough.ts";
import type { GameId } from "../src/protocol.ts";

const only = process.argv[2];
const tries = Number(process.argv[3] ?? 200);
for (const [game, script] of Object.entries(LESSONS)) {
  if (only && only !== game) continue;
  const found: string[] = [];
  for (let i = 0; i < tries; i++) {
    const seed = `lesson-${game}-${i}`;
    try {
      const p = playLesson({ ...script, game: game as GameId, seed });
      if (p.finished) found.push(`${p.steps} ${p.moves} ${[...p.kinds].sort().join(",")} ${seed} ${p.lesson.state.phase}`);
    } catch (e) {
      found.push(`ERR ${seed} ${(e as Error).message.slice(0, 120)}`);
    }
  }
  const score = (l: string): number => (l.startsWith("ERR") ? 1e9 : parseInt(l) - 6 * (l.split(" ")[2] ?? "").split(",").length);
  found.sort((a, b) => score(a) - score(b));
  console.log(`== ${game}\n${found.slice(0, 12).join("\n")}`);
}
