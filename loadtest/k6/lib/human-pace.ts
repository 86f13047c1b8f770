/**
 * One k6 iteration of human-pace play (the `tables` and `soak` scenarios): the VU's next table,
 * a game from the list with 2..seats simulated players and bots in the other seats, played until
 * it ends or the scenario's time is up.
 */
import exec from "k6/execution";
import { client, durationMs, guarded, sink } from "./k6-common.ts";
import { GAMES } from "./policy.ts";
import { logNormal, seeded } from "./random.ts";
import type { ChatPlan } from "./chat.ts";
import { playTable } from "./table.ts";

/** `chat`: chat traffic at every table (lib/chat.ts), none when absent. */
export async function humanPaceTable(duration: string, thinkMs: number, turnSeconds: number, chat?: ChatPlan): Promise<void> {
  const vu = exec.vu.idInTest;
  const iteration = exec.vu.iterationInScenario;
  const setup = GAMES[(vu - 1 + iteration) % GAMES.length]!;
  const rnd = seeded(vu * 7919 + iteration * 104_729 + 17);
  const stopAt = exec.scenario.startTime + durationMs(duration) - 500;
  // Too late for another table: idle out the scenario instead of spinning through empty iterations.
  if (Date.now() >= stopAt - 1000) return new Promise((r) => setTimeout(r, Math.max(0, stopAt + 2000 - Date.now())));
  await guarded(() =>
    playTable(
      {
        game: setup.game,
        seats: setup.seats,
        humans: 2 + ((vu + iteration) % (setup.seats - 1)),
        turnSeconds,
        variants: setup.variants,
        thinkMs: () => logNormal(rnd, thinkMs, 0.5, 20, turnSeconds * 1000 * 0.6),
        reactionMs: () => Math.round(logNormal(rnd, 300, 0.25, 150, 1500)),
        path: () => ({ upMs: 0, downMs: 0, jitterMs: 0 }),
        stopAt,
        rnd,
        client,
        ...(chat ? { chat } : {}),
      },
      sink,
    ),
  );
}
