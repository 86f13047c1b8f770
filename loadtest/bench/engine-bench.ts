/**
 * Engine benchmark: random play of Devil's Scat on one core, no checks, like a busy server's
 * game logic. `GAMES` (default 5000) and `SEED` override. Prints actions/s and games/s.
 *   cd /work/main && npm run bench          GAMES=20000 npm run bench
 */
import { devilsScat, optionsSchema, type DevilsScatState } from "@scat/shared/games/devils-scat/index.ts";
import { createRng, rngFor } from "@scat/shared/rng.ts";

const GAMES = Number(process.env["GAMES"] ?? 5_000);
const SEED = process.env["SEED"] ?? "bench";
const BOT_RATE = 0.5;

interface Tally {
  games: number;
  actions: number;
  deadlines: number;
  rounds: number;
}

/** One game: random legal actions mixed with bot moves, a few deadline expiries. */
function playOne(seed: string, seats: number, classic: boolean, tally: Tally): void {
  const chooser = createRng(`${seed}#choose`);
  let now = 0;
  let state: DevilsScatState = devilsScat.setup(optionsSchema.parse({ seats, classic, pauseMs: 0 }), { now, rng: rngFor(seed, -1) }).state;
  while (state.phase !== "gameOver") {
    const ctx = { now: (now += 1_000), rng: rngFor(seed, state.version) };
    const waiting = devilsScat.awaiting(state);
    if (waiting.length === 0 || chooser.next() < 0.02) {
      state = devilsScat.onDeadline(state, ctx).state;
      tally.deadlines += 1;
      continue;
    }
    const seat = chooser.pick(waiting);
    const action = chooser.next() < BOT_RATE ? devilsScat.bot(state, seat, chooser) : chooser.pick(devilsScat.legalActions(state, seat));
    if (action === null) throw new Error("bot had nothing to do");
    const r = devilsScat.apply(state, seat, action, ctx);
    if (!r.ok) throw new Error(`${r.error.code} at ${seed}`);
    state = r.value.state;
    tally.actions += 1;
  }
  tally.games += 1;
  tally.rounds += state.round;
}

function main(): void {
  const mix = new Map<number, number>();
  const tally: Tally = { games: 0, actions: 0, deadlines: 0, rounds: 0 };
  const started = performance.now();
  for (let i = 0; i < GAMES; i++) {
    const seats = 2 + (i % 5);
    mix.set(seats, (mix.get(seats) ?? 0) + 1);
    playOne(`${SEED}/${i}`, seats, i % 4 === 3, tally);
  }
  const seconds = (performance.now() - started) / 1000;
  const steps = tally.actions + tally.deadlines;
  console.log(`Devil's Scat engine bench (seed ${SEED}, node ${process.version}, one core)`);
  console.log(`  games ${tally.games}, seats mix ${[...mix].map(([s, n]) => `${s}p:${n}`).join(" ")}, classic 1 in 4`);
  console.log(`  ${tally.actions} actions + ${tally.deadlines} deadlines, ${tally.rounds} rounds in ${seconds.toFixed(2)} s`);
  console.log(
    `  ${Math.round(steps / seconds).toLocaleString("en")} steps/s (${Math.round(tally.actions / seconds).toLocaleString("en")} actions/s), ${Math.round(tally.games / seconds).toLocaleString("en")} games/s`,
  );
}

main();
