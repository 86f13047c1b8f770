/**
 * `npm run bench:bots [-- deals=N first=K budget=SAMPLES z=MARGIN cap=MS only=game1,game2 pairs=strong-normal,…]`: each
 * pair of strengths, in every game, over N seeded duplicate deals: each deal is played once with
 * the first strength at every seat (heads-up: twice, seats swapped; games of 3+ seats: one of it
 * against the others, at each seat in turn), so both sides get the same cards and the luck of the
 * deal cancels out. Prints the first strength's win share (a shared win counts by its share) with
 * a 95% Wilson interval, whether the interval excludes the fair share, and the CPU per bot move
 * (process CPU time, mean and max, per strength). Seeded and clock-free inside the games (`playBotGame`): the same
 * command prints the same win shares.
 */
import { GAME_IDS, type GameId } from "../src/protocol.ts";
import { ENGINES } from "../src/games/registry.ts";
import { playBotGame } from "../src/bots/play.ts";
import type { BotStrength } from "../src/bots/strength.ts";
import { DEFAULT_BUDGET } from "../src/bots/strong.ts";

const arg = (name: string, dflt: string): string => process.argv.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1) ?? dflt;
const DEALS = Number(arg("deals", "50"));
/** first=K: start at deal K (to add deals to an earlier run's; the seeds are `bench:<game>:<deal>`). */
const FIRST = Number(arg("first", "0"));
const samples = Number(arg("budget", String(DEFAULT_BUDGET.samples)));
const z = arg("z", "");
/** cap=MS: a live table's time cap on each strong move, by this machine's clock (not reproducible). */
const cap = Number(arg("cap", "0"));
const only = arg("only", GAME_IDS.join(",")).split(",") as GameId[];
const PAIRS = arg("pairs", "strong-normal,normal-easy,strong-easy")
  .split(",")
  .map((p) => p.split("-") as [BotStrength, BotStrength]);

function wilson(wins: number, n: number): [number, number] {
  const z = 1.96,
    p = wins / n,
    d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d,
    h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [c - h, c + h];
}
/** This process's CPU time in ms (user + system): a bot move's cost, whatever else the machine runs. */
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

console.log(
  `bench:bots ${new Date().toISOString().slice(0, 10)}: ${DEALS} duplicate deals (from deal ${FIRST}) per pair and game, strong budget ${samples} samples/move (${cap > 0 ? `cut at ${cap} ms by the clock: not reproducible` : "no time cap"})${z ? `, z=${z}` : ""}`,
);
for (const gameId of only) {
  const seats = Math.max(2, ENGINES[gameId].minSeats);
  const fair = 1 / seats;
  for (const [a, b] of PAIRS) {
    let score = 0,
      games = 0;
    const cpu: Record<string, { ms: number; moves: number; maxMs: number }> = {};
    const t0 = performance.now();
    for (let i = FIRST; i < FIRST + DEALS; i++) {
      for (let aSeat = 0; aSeat < seats; aSeat++) {
        const strengths: BotStrength[] = Array.from({ length: seats }, (_, s) => (s === aSeat ? a : b));
        const g = playBotGame(
          gameId,
          strengths,
          `bench:${gameId}:${i}`,
          {
            ...DEFAULT_BUDGET,
            samples,
            ...(z ? { zMargin: Number(z) } : {}),
            ...(cap > 0 ? { time: { now: () => performance.now(), maxMs: cap } } : {}),
          },
          { clock: cpuMs },
        );
        if (g.winners.includes(aSeat)) score += 1 / g.winners.length;
        games += 1;
        for (const [k, v] of Object.entries(g.cpu)) {
          const c = (cpu[k] ??= { ms: 0, moves: 0, maxMs: 0 });
          c.ms += v.ms;
          c.moves += v.moves;
          c.maxMs = Math.max(c.maxMs, v.maxMs);
        }
      }
    }
    const [lo, hi] = wilson(score, games);
    const sig = lo > fair ? "significant" : hi < fair ? "significantly WORSE" : "NOT significant";
    const per = Object.entries(cpu)
      .map(([k, v]) => `${k} ${(v.ms / v.moves).toFixed(2)} CPU ms/move (max ${v.maxMs.toFixed(0)})`)
      .join(", ");
    console.log(
      `${gameId.padEnd(13)} ${a} vs ${b}: ${a} wins ${pct(score / games)} [95% CI ${pct(lo)}–${pct(hi)}] of ${games} games, ${sig} (fair ${pct(fair)}); ${per}; ${((performance.now() - t0) / 1000).toFixed(0)} s`,
    );
  }
}
