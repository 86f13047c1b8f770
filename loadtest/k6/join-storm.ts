/**
 * `join-storm`: quick-play matchmaking + connect at a rising rate (2-seat Devil's Scat tables, so
 * joiners pair up), each joiner holding its seat for HOLD_MS; join p50/p99 and refused joins. A
 * second scenario is the quick-play race check: 4 VUs joining the same quick-play table kind at
 * once, over and over, must never be told `table-full`.
 *
 * Env: BASE_URL, START_RATE (joins/s, 5), PEAK_RATE (50), DURATION (30s), HOLD_MS (2000),
 * RACE_ROUNDS (10), P99_JOIN_MS (1000).
 */
import "./lib/shims.ts";
import { joinFailure } from "./lib/join-errors.ts";
import { client, env, guarded, num, p99, sink } from "./lib/k6-common.ts";
import { readView } from "./lib/view.ts";
import type { Room } from "@colyseus/sdk";

const DURATION = env("DURATION", "30s");
const PEAK = num("PEAK_RATE", 50);

export const options = {
  scenarios: {
    storm: {
      executor: "ramping-arrival-rate",
      exec: "storm",
      startRate: num("START_RATE", 5),
      timeUnit: "1s",
      preAllocatedVUs: Math.max(10, Math.ceil(PEAK * 1.5)),
      maxVUs: Math.max(20, PEAK * 4),
      stages: [{ target: PEAK, duration: DURATION }],
      gracefulStop: "10s",
    },
    quickplay_race: { executor: "per-vu-iterations", exec: "quickPlayRace", vus: 4, iterations: num("RACE_ROUNDS", 10), maxDuration: "2m" },
  },
  thresholds: {
    join_ms: [p99("P99_JOIN_MS", 1000), `med<${num("P50_JOIN_MS", 250)}`],
    join_failed: ["rate==0"],
    table_full: ["count==0"],
    vu_errors: ["count==0"],
    "join_ms{scenario:storm}": ["max>=0"],
  },
};

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Joins quick play and waits for the seat to show in the state; records the time or the failure. */
async function seatedJoin(options: Record<string, unknown>): Promise<Room | null> {
  const t0 = Date.now();
  let room: Room;
  try {
    room = await client().joinOrCreate("devils_scat", options);
  } catch (err) {
    const failure = joinFailure(err);
    if (failure.reason === "table-full") sink.count("table_full");
    sink.rate("join_failed", true);
    sink.count("join_errors", 1, { reason: failure.reason });
    console.warn(`join failed after ${Date.now() - t0} ms: ${failure.text}`);
    return null;
  }
  room.onMessage("*", () => undefined);
  room.onMessage("ping", (m: { s: number }) => room.send("pong", { s: m.s, c: Date.now() }));
  await new Promise<void>((resolve) => {
    const check = () => {
      if (readView(room.state).mySeat >= 0) resolve();
    };
    room.onStateChange(check);
    check();
  });
  sink.trend("join_ms", Date.now() - t0);
  sink.rate("join_failed", false);
  return room;
}

export async function storm(): Promise<void> {
  await guarded(async () => {
    const room = await seatedJoin({ name: "Storm", seats: 2, bots: 0, turnSeconds: 60 });
    if (!room) return;
    await wait(num("HOLD_MS", 2000));
    await room.leave();
  });
}

export async function quickPlayRace(): Promise<void> {
  await guarded(async () => {
    // Same options for all four VUs: they race for the seats of the same quick-play tables.
    const room = await seatedJoin({ name: "Race", seats: 2, bots: 0, turnSeconds: 47 });
    if (!room) return;
    await wait(300);
    await room.leave();
  });
}
