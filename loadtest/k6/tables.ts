/**
 * `tables`: every game at human pace. Each VU runs one private table after another (a game from
 * the list, 2..4 simulated players, the other seats bots); players think for a log-normal time
 * (median THINK_MS) and play a random legal action. Measures action→own-patch and
 * action→others'-patch latency, bytes per step per client, disconnects and stuck tables.
 *
 * Env: BASE_URL, TABLES (VUs, default 12), DURATION (60s), THINK_MS (1500), TURN_SECONDS (30),
 * P99_PATCH_MS (50), P99_JOIN_MS (1000).
 */
import "./lib/shims.ts";
import exec from "k6/execution";
import { client, durationMs, env, guarded, num, p99, sink } from "./lib/k6-common.ts";
import { GAMES } from "./lib/policy.ts";
import { logNormal, seeded } from "./lib/random.ts";
import { playTable } from "./lib/table.ts";

const DURATION = env("DURATION", "60s");
const THINK = num("THINK_MS", 1500);
const TURN = num("TURN_SECONDS", 30);

export const options = {
  scenarios: {
    tables: { executor: "constant-vus", vus: num("TABLES", 12), duration: DURATION, gracefulStop: "20s" },
  },
  thresholds: {
    own_patch_ms: [p99("P99_PATCH_MS", 50)],
    others_patch_ms: [p99("P99_PATCH_MS", 50)],
    join_ms: [p99("P99_JOIN_MS", 1000)],
    join_failed: ["rate==0"],
    disconnects: ["count==0"],
    stuck_tables: ["count==0"],
    vu_errors: ["count==0"],
    actions: ["count>0"],
  },
};

export default async function (): Promise<void> {
  const vu = exec.vu.idInTest;
  const iteration = exec.vu.iterationInScenario;
  const setup = GAMES[(vu - 1 + iteration) % GAMES.length]!;
  const rnd = seeded(vu * 7919 + iteration * 104_729 + 17);
  const stopAt = exec.scenario.startTime + durationMs(DURATION) - 500;
  // Too late for another table: idle out the scenario instead of spinning through empty iterations.
  if (Date.now() >= stopAt - 1000) return new Promise((r) => setTimeout(r, Math.max(0, stopAt + 2000 - Date.now())));
  await guarded(() => playTable({
    game: setup.game, seats: setup.seats, humans: 2 + ((vu + iteration) % (setup.seats - 1)), turnSeconds: TURN, variants: setup.variants,
    thinkMs: () => logNormal(rnd, THINK, 0.5, 20, TURN * 1000 * 0.6),
    reactionMs: () => Math.round(logNormal(rnd, 300, 0.25, 150, 1500)),
    path: () => ({ upMs: 0, downMs: 0, jitterMs: 0 }),
    stopAt, rnd, client,
  }, sink));
}
