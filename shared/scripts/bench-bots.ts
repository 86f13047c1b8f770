/**
 * `npm run bench:bots [-- games=N budget=SAMPLES only=game1,game2 pairs=strong-normal,…]`: every strength against the
 * others, heads-up, in every game over N seeded games (seats alternate), printing the first
 * strength's win rate (games of 3+ seats: one of it against the other) with a 95% Wilson interval, and the CPU per bot move per strength.
 */
import { GAME_IDS, type GameId } from "../src/protocol.ts";
import { ENGINES } from "../src/games/registry.ts";
import { playBotGame } from "../src/bots/play.ts";
import type { BotStrength } from "../src/bots/strength.ts";

const arg = (name: string, dflt: string): string => process.argv.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1) ?? dflt;
const N = Number(arg("games", "100"));
const samples = Number(arg("budget", "32"));
const only = arg("only", GAME_IDS.join(",")).split(",") as GameId[];
const PAIRS = arg("pairs", "strong-normal,normal-easy,strong-easy").split(",").map((p) => p.split("-") as [BotStrength, BotStrength]);

function wilson(wins: number, n: number): [number, number] {
  const z = 1.96, p = wins / n, d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d, h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [c - h, c + h];
}
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

console.log(`bench:bots: ${N} heads-up games per pair, strong budget ${samples} samples/move (no time cap)`);
for (const gameId of only) {
  for (const [a, b] of PAIRS) {
    let wins = 0, ties = 0;
    const cpu: Record<string, { ms: number; moves: number }> = {};
    for (let i = 0; i < N; i++) {
      // Heads-up where the game allows it; else one `a` against `b`s (its fair share is 1/seats).
      const seats = Math.max(2, ENGINES[gameId].minSeats);
      const aSeat = i % seats;
      const strengths: BotStrength[] = Array.from({ length: seats }, (_, s) => (s === aSeat ? a : b));
      const g = playBotGame(gameId, strengths, `bench:${gameId}:${a}-${b}:${i}`, { samples, maxMs: null, maxSteps: 400 });
      if (g.winners.includes(aSeat) && g.winners.length === 1) wins += 1;
      else if (g.winners.includes(aSeat)) ties += 1;
      for (const [k, v] of Object.entries(g.cpu)) {
        const c = (cpu[k] ??= { ms: 0, moves: 0 });
        c.ms += v.ms;
        c.moves += v.moves;
      }
    }
    const score = (wins + ties / 2) / N;
    const [lo, hi] = wilson(wins + ties / 2, N);
    const fair = 1 / Math.max(2, ENGINES[gameId].minSeats);
    const sig = `${lo > fair ? "significant" : "NOT significant"} (fair share ${pct(fair)})`;
    const per = Object.entries(cpu).map(([k, v]) => `${k} ${(v.ms / v.moves).toFixed(2)} ms/move`).join(", ");
    console.log(`${gameId.padEnd(13)} ${a} vs ${b}: ${a} wins ${pct(score)} [95% CI ${pct(lo)}–${pct(hi)}] ${sig}; ${per}`);
  }
}
