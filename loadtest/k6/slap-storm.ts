/**
 * `slap-storm`: Hit the Deck tables where every seat is a simulated player who races on every
 * slappable card. Each player has a known reaction time per race (log-normal, median 270 ms,
 * whole ms, distinct within a race), its own one-way delays up and down (independently 5..150 ms:
 * asymmetric), jitter on top, and a clock offset up to ±10 s. Measures, per race: whether the
 * truly fastest came first and the truly slowest was penalised (the server's latency compensation
 * is what is under test), whether each claim was accepted, and the time from the last slap or
 * call leaving the client to the result arriving (`slap_result_ms`, injected delay excluded).
 *
 * `CHEATERS` (default 0.25): the share of players running the lying-client policy (lib/table.ts
 * `LIE`, lib/cheaters.ts: every other table has them): claims of a card shown later and a press
 * made earlier, pongs held back, and a fresh connection to its seat (its playerId taking the seat
 * over) after every race. The truth figures above count tables without cheaters (and
 * `slap_fastest_wins` also the mixed races below, whose truly fastest is honest); at mixed tables,
 * of the races where an honest player was truly faster than every cheater by 30 ms or more
 * (`slap_mixed_races`), `slap_honest_fastest_wins` is the share that player won and
 * `slap_cheater_wins` the share a cheater won (docs/FAIRNESS.md; the target: under 5 %).
 * `CHEATERS_BEHIND_MS` (the smoke: 30): at mixed tables the cheaters truly react that much (plus
 * 0-20 ms) slower than the fastest honest player, so every race there is such a race.
 *
 * Env: BASE_URL, TABLES (VUs, default 8), SEATS (4), DURATION (60s), THINK_MS (250),
 * MIN_DELAY_MS (5), MAX_DELAY_MS (150), JITTER_MS (10), FAIR_RATE (0.98), P99_SLAP_MS (20),
 * CHEATERS (0.25), CHEATERS_BEHIND_MS (unset), CHEATER_WIN_MAX (0.05), CHEATER_GAIN_MAX_MS (10: the cheaters' average gain, `_cheater_gain_ms`, judged against true reaction), HONEST_RATE (FAIR_RATE: `_honest_fastest_wins`'s floor), MIN_MIXED (1),
 * PAUSE_MS (8000: how long a hand's result stays up; the smoke: 0, more races in its seconds),
 * MAX_CLIENT_STALL_MS (none: races where a simulated player's own timers, starved of CPU, held its
 * slap back more than this are counted in `slap_races_client_stalled` and not scored).
 */
import "./lib/shims.ts";
import exec from "k6/execution";
import { cheatersAt } from "./lib/cheaters.ts";
import { client, durationMs, env, guarded, num, p99, sink } from "./lib/k6-common.ts";
import { logNormal, seeded } from "./lib/random.ts";
import { playsWithAHand } from "./lib/policy.ts";
import { playTable } from "./lib/table.ts";

const DURATION = env("DURATION", "60s");
const SEATS = num("SEATS", 4);
const MIN = num("MIN_DELAY_MS", 5);
const MAX = num("MAX_DELAY_MS", 150);
const JITTER = num("JITTER_MS", 10);
const FAIR = num("FAIR_RATE", 0.98);

export const options = {
  scenarios: {
    slaps: { executor: "constant-vus", vus: num("TABLES", 8), duration: DURATION, gracefulStop: "20s" },
  },
  thresholds: {
    slap_fastest_wins: [`rate>=${FAIR}`],
    slap_slowest_penalised: [`rate>=${FAIR}`],
    // Only when some players cheat (a threshold needs samples).
    ...(num("CHEATERS", 0.25) > 0 ? { slap_honest_fastest_wins: [`rate>=${num("HONEST_RATE", FAIR)}`] } : {}),
    slap_result_ms: [p99("P99_SLAP_MS", 20)],
    slap_races: ["count>0"],
    // Only when some players cheat: of the races where an honest player was truly 30 ms or more
    // faster than every cheater, at most CHEATER_WIN_MAX may go to a cheater, and at least
    // MIN_MIXED such races must be judged (a rate needs samples).
    ...(num("CHEATERS", 0.25) > 0
      ? {
          slap_cheater_wins: [`rate<=${num("CHEATER_WIN_MAX", 0.05)}`],
          slap_cheater_gain_ms: [`avg<${num("CHEATER_GAIN_MAX_MS", 10)}`],
          slap_mixed_races: [`count>=${num("MIN_MIXED", 1)}`],
        }
      : {}),
    join_failed: ["rate==0"],
    disconnects: ["count==0"],
    stuck_tables: ["count==0"],
    vu_errors: ["count==0"],
  },
};

export default async function (): Promise<void> {
  const vu = exec.vu.idInTest;
  const iteration = exec.vu.iterationInScenario;
  const rnd = seeded(vu * 15_485_863 + iteration * 32_452_843 + 5);
  const stopAt = exec.scenario.startTime + durationMs(DURATION) - 500;
  // Too late for another table: idle out the scenario instead of spinning through empty iterations.
  if (Date.now() >= stopAt - 1000) return new Promise((r) => setTimeout(r, Math.max(0, stopAt + 2000 - Date.now())));
  const paths = Array.from({ length: SEATS }, () => ({
    upMs: MIN + rnd() * (MAX - MIN),
    downMs: MIN + rnd() * (MAX - MIN),
    jitterMs: JITTER,
  }));
  await guarded(() =>
    playTable(
      {
        game: "hit_the_deck",
        seats: SEATS,
        humans: SEATS,
        turnSeconds: 30,
        variants: { target: 1000, pauseMs: num("PAUSE_MS", 8000) },
        thinkMs: () => logNormal(rnd, num("THINK_MS", 250), 0.4, 30, 5000),
        reactionMs: () => Math.round(logNormal(rnd, 270, 0.22, 120, 1200)),
        path: (i) => paths[i]!,
        maxClientStallMs: num("MAX_CLIENT_STALL_MS", Infinity),
        stopAt,
        rnd,
        client,
        prefer: playsWithAHand,
        debug: __ENV.DEBUG_SLAPS === "1",
        cheaters: cheatersAt(vu + iteration, SEATS, num("CHEATERS", 0.25)),
        cheatersBehindMs: __ENV.CHEATERS_BEHIND_MS ? num("CHEATERS_BEHIND_MS", 30) : undefined,
      },
      sink,
    ),
  );
}
