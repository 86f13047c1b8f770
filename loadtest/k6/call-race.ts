/**
 * `call-race`: Dark Hand tables where every seat is a simulated player who calls "Dark Hand!" at
 * every deal after its own reaction time (log-normal, median 470 ms: reading three cards), with
 * its own asymmetric one-way delays (5..150 ms each way), jitter and clock offset, as in
 * `slap-storm`. The server judges the calls by reaction time (docs/FAIRNESS.md, "The call race");
 * `call_fastest_wins`: the truly fastest caller got the Joker (tables without cheaters, and the
 * mixed races below, whose truly fastest is honest).
 * `CHEATERS` (default 0.25) is the share of players running the lying-client policy
 * (lib/table.ts `LIE`); at tables with cheaters, of the races where an honest player was truly
 * faster than every cheater by 30 ms or more (`call_mixed_races`), `call_honest_fastest_wins` is
 * the share where that player got the Joker and `call_cheater_wins` the share a cheater got it
 * (the target: under 5 %). With RACE_ONLY every race is at a new table, so a cheater comes to each
 * as a new player on a fresh connection (the claim quota then starts at its small START_MS).
 * `CHEATERS_BEHIND_MS` (the smoke: 30): at mixed tables the cheaters truly react that much (plus
 * 0-20 ms) slower than the fastest honest player, so every race there is such a race.
 *
 * `RACE_ONLY=1` (the CI smoke): each table is left as soon as its call race is judged and the VU
 * opens a new one, so a run of seconds judges tens of races (one per deal otherwise).
 *
 * Env: BASE_URL, TABLES (VUs, default 8), SEATS (4), DURATION (60s), THINK_MS (250),
 * MIN_DELAY_MS (5), MAX_DELAY_MS (150), JITTER_MS (10), FAIR_RATE (0.98), CHEATERS (0.25),
 * RACE_ONLY (0), MIN_RACES (1: `call_races` must reach it), MAX_CLIENT_STALL_MS (none: races where
 * a simulated player's own timers, starved of CPU, sent its call later than this are counted in
 * `call_races_client_stalled` and not scored; `call_client_stall_ms` is each call's stall),
 * MIN_SCORED (1: `call_races_scored`, the races scored, must reach it), CHEATERS_BEHIND_MS (unset),
 * CHEATER_WIN_MAX (0.05), CHEATER_GAIN_MAX_MS (10: the cheaters' average gain, `_cheater_gain_ms`, judged against true reaction), HONEST_RATE (FAIR_RATE: `_honest_fastest_wins`'s floor), MIN_MIXED (1: `call_mixed_races` must reach it).
 */
import "./lib/shims.ts";
import exec from "k6/execution";
import { client, durationMs, env, guarded, num, sink } from "./lib/k6-common.ts";
import { cheatersAt } from "./lib/cheaters.ts";
import { logNormal, seeded } from "./lib/random.ts";
import { playTable } from "./lib/table.ts";

const DURATION = env("DURATION", "60s");
const SEATS = num("SEATS", 4);
const MIN = num("MIN_DELAY_MS", 5);
const MAX = num("MAX_DELAY_MS", 150);
const JITTER = num("JITTER_MS", 10);
const FAIR = num("FAIR_RATE", 0.98);

export const options = {
  scenarios: {
    calls: { executor: "constant-vus", vus: num("TABLES", 8), duration: DURATION, gracefulStop: "20s" },
  },
  thresholds: {
    call_fastest_wins: [`rate>=${FAIR}`],
    ...(num("CHEATERS", 0.25) > 0
      ? {
          call_honest_fastest_wins: [`rate>=${num("HONEST_RATE", FAIR)}`],
          call_cheater_wins: [`rate<=${num("CHEATER_WIN_MAX", 0.05)}`],
          call_cheater_gain_ms: [`avg<${num("CHEATER_GAIN_MAX_MS", 10)}`],
          call_mixed_races: [`count>=${num("MIN_MIXED", 1)}`],
        }
      : {}),
    call_races: [`count>=${num("MIN_RACES", 1)}`],
    // Races scored against the truth (not lost to the load generator's own stalls): a rate needs some.
    call_races_scored: [`count>=${num("MIN_SCORED", 1)}`],
    join_failed: ["rate==0"],
    disconnects: ["count==0"],
    stuck_tables: ["count==0"],
    vu_errors: ["count==0"],
  },
};

export default async function (): Promise<void> {
  const vu = exec.vu.idInTest;
  const iteration = exec.vu.iterationInScenario;
  const rnd = seeded(vu * 15_485_863 + iteration * 32_452_843 + 11);
  const stopAt = exec.scenario.startTime + durationMs(DURATION) - 500;
  if (Date.now() >= stopAt - 1000) return new Promise((r) => setTimeout(r, Math.max(0, stopAt + 2000 - Date.now())));
  const paths = Array.from({ length: SEATS }, () => ({
    upMs: MIN + rnd() * (MAX - MIN),
    downMs: MIN + rnd() * (MAX - MIN),
    jitterMs: JITTER,
  }));
  await guarded(() =>
    playTable(
      {
        game: "dark_hand",
        seats: SEATS,
        humans: SEATS,
        turnSeconds: 30,
        variants: {},
        thinkMs: () => logNormal(rnd, num("THINK_MS", 250), 0.4, 30, 5000),
        reactionMs: () => Math.round(logNormal(rnd, 270, 0.22, 120, 1200)),
        path: (i) => paths[i]!,
        maxClientStallMs: num("MAX_CLIENT_STALL_MS", Infinity),
        // As our client: each player contributes its shuffle value, and the deal waits for them.
        shuffle: true,
        stopAt,
        rnd,
        client,
        callRace: true,
        debug: __ENV.DEBUG_CALLS === "1",
        leaveAfterCallRace: env("RACE_ONLY", "0") === "1",
        cheaters: cheatersAt(vu + iteration, SEATS, num("CHEATERS", 0.25)),
        cheatersBehindMs: __ENV.CHEATERS_BEHIND_MS ? num("CHEATERS_BEHIND_MS", 30) : undefined,
      },
      sink,
    ),
  );
}
