/**
 * npm run bench:cheat: what each lie of the lying-client kit buys against today's adjudication
 * (docs/FAIRNESS.md, "Against a lying client"). Targets: under 10 ms average
 * advantage over an honest player with the same true reaction; under 5 % of races won against an
 * honest player 30 ms faster. CHEAT_MATCHES (default 40) matches of CHEAT_RACES (default 50) races.
 * Then what the claim quota's starting bucket costs honest players (FRESH_RACES, default 4,000).
 */
import { cheatFigures, freshHonestWrong, honestFigure } from "../support/cheat-bench.ts";

const matches = Number(process.env.CHEAT_MATCHES ?? 40);
const races = Number(process.env.CHEAT_RACES ?? 50);
const rows = [honestFigure(matches, races), ...cheatFigures(matches, races)];
console.log(`lying-client kit: ${matches} matches x ${races} races per lie, delays 5-150 ms each way (asymmetric), jitter 0-10 ms`);
console.log("lie".padEnd(28), "avg advantage (ms)".padStart(20), "wins vs 30 ms faster".padStart(22));
for (const r of rows)
  console.log(r.lie.padEnd(28), r.advantageMs.toFixed(1).padStart(20), `${(r.winsVsFaster * 100).toFixed(1)} %`.padStart(22));
const worst = rows.slice(1).reduce((a, b) => (b.advantageMs > a.advantageMs ? b : a));
const worstWins = rows.slice(1).reduce((a, b) => (b.winsVsFaster > a.winsVsFaster ? b : a));
console.log(`largest average advantage: ${worst.advantageMs.toFixed(1)} ms (${worst.lie}); target < 10 ms`);
console.log(
  `most wins against an honest player 30 ms faster: ${(worstWins.winsVsFaster * 100).toFixed(1)} % (${worstWins.lie}); target < 5 %`,
);
// What the quota's starting bucket (START_MS) costs honest players: races that are every player's first at its table.
for (const jitter of [10, 20]) {
  const f = freshHonestWrong(Number(process.env.FRESH_RACES ?? 4000), jitter);
  console.log(
    `honest players' first race at a table, jitter 0-${jitter} ms: truly fastest lost ${f.wrong} of ${f.judged} (${((100 * f.wrong) / Math.max(1, f.judged)).toFixed(2)} %)`,
  );
}
