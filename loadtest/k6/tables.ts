/**
 * `tables`: every game at human pace. Each VU runs one private table after another (a game from
 * the list, 2..4 simulated players, the other seats bots); players think for a log-normal time
 * (median THINK_MS) and play a random legal action. Measures action→own-patch and
 * action→others'-patch latency, bytes per step per client, disconnects and stuck tables.
 *
 * With CHAT=1 the tables also talk (lib/chat.ts): CHAT_SPEAKERS players per table (2)
 * each say a quick phrase every CHAT_EVERY_MS (5000, ±25 %; the server allows one per 2 s), and
 * every simulated player measures send→receive latency (`chat_ms`, limit P99_CHAT_MS, by default
 * the action→patch limit). The run fails when no line arrived, or one was refused or lost.
 *
 * Env: BASE_URL, TABLES (VUs, default 12), DURATION (60s), THINK_MS (1500), TURN_SECONDS (30),
 * P99_PATCH_MS (50), P99_JOIN_MS (1000), CHAT (0), CHAT_SPEAKERS (2), CHAT_EVERY_MS (5000),
 * P99_CHAT_MS (= P99_PATCH_MS).
 */
import "./lib/shims.ts";
import { env, num, p99 } from "./lib/k6-common.ts";
import { humanPaceTable } from "./lib/human-pace.ts";

const DURATION = env("DURATION", "60s");
const THINK = num("THINK_MS", 1500);
const TURN = num("TURN_SECONDS", 30);
const CHAT = env("CHAT", "0") === "1" ? { speakers: num("CHAT_SPEAKERS", 2), everyMs: num("CHAT_EVERY_MS", 5000) } : undefined;
const CHAT_THRESHOLDS = {
  chat_ms: [p99("P99_CHAT_MS", num("P99_PATCH_MS", 50))],
  chat_received: ["count>0"],
  chat_refused: ["count==0"],
  chat_lost: ["count==0"],
  chat_unmatched: ["count==0"],
};

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
    ...(CHAT ? CHAT_THRESHOLDS : {}),
  },
};

export default function (): Promise<void> {
  return humanPaceTable(DURATION, THINK, TURN, CHAT);
}
