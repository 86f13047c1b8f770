/**
 * `npm run chaos`'s summary: reads the runs `chaos-figures.ts` appended to the file named on the
 * command line and prints, per scenario, the runs, acknowledged steps lost (every run's, target
 * 0), the freeze of the players whose tables the fault hit, p50/p99/max over every such player
 * of every run, and the time until all their tables moved again (median and worst run). Exits 1
 * if any run lost a step.
 */
import { readFileSync } from "node:fs";
import { quantile, type ChaosRun } from "./chaos-figures.ts";

const file = process.argv[2];
if (!file) throw new Error("usage: chaos-summary.ts <runs.jsonl>");
const runs = readFileSync(file, "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "")
  .map((l) => JSON.parse(l) as ChaosRun);
const byScenario = new Map<string, ChaosRun[]>();
for (const run of runs) byScenario.set(run.scenario, [...(byScenario.get(run.scenario) ?? []), run]);

console.log(
  "\n| scenario | runs | acknowledged steps lost (per run) | steps checked | freeze of the tables hit p50 / p99 / max (ms) | all of them moving again (ms after the fault, median / worst run) |",
);
console.log("|---|---|---|---|---|---|");
for (const [scenario, list] of byScenario) {
  const freezes = list.flatMap((r) => r.freezes);
  const again = list.map((r) => r.allActAgainMs);
  console.log(
    `| ${scenario} | ${list.length} | ${list.map((r) => r.lost).join(", ")} | ${list.reduce((n, r) => n + r.checked, 0)} | ${quantile(freezes, 0.5)} / ${quantile(freezes, 0.99)} / ${quantile(freezes, 1)} | ${quantile(again, 0.5)} / ${quantile(again, 1)} |`,
  );
}
if (runs.some((r) => r.lost > 0)) process.exit(1);
