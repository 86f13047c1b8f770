/**
 * npm run bench:callrace: the k6 `call-race` scenario's table driver (k6/lib/table.ts) run from
 * Node against a real server process (DELAY_SIMULATED=1: the delays are injected here): Dark Hand
 * tables of 4 simulated players, asymmetric one-way delays 5..150 ms + jitter 0..10 ms, each
 * calling at every deal after its reaction time; every other table with CHEATERS' share of
 * lying players. Prints the share of races the truly fastest caller won (honest tables), and at
 * mixed tables the share an honest player truly faster than every cheater by 30 ms won.
 * Env: TABLES (4), SECONDS (40), CHEATERS (0.25), SEED.
 */
import { ReportingClient } from "../k6/lib/join-errors.ts";
import { cheatersAt } from "../k6/lib/cheaters.ts";
import { logNormal, seeded } from "../k6/lib/random.ts";
import { playTable, type Sink } from "../k6/lib/table.ts";
import { startServerProcess } from "../../cluster/server-process.ts";

const TABLES = Number(process.env.TABLES ?? 4);
const SECONDS = Number(process.env.SECONDS ?? 40);
const SHARE = Number(process.env.CHEATERS ?? 0.25);
const rnd = seeded(Number(process.env.SEED ?? Date.now() % 1_000_000));

const rates = new Map<string, { ok: number; n: number }>();
const counts = new Map<string, number>();
const sink: Sink = {
  trend: () => undefined,
  count: (name, n = 1) => counts.set(name, (counts.get(name) ?? 0) + n),
  rate: (name, ok) => {
    const r = rates.get(name) ?? { ok: 0, n: 0 };
    r.n++;
    if (ok) r.ok++;
    rates.set(name, r);
  },
};

const server = await startServerProcess({
  DELAY_SIMULATED: "1",
  MATCHMAKE_RATE_PER_SECOND: "100000",
  MATCHMAKE_BURST: "100000",
  LOG_LEVEL: "error",
});
try {
  const stopAt = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: TABLES }, async (_, t) => {
      let round = 0;
      while (Date.now() < stopAt - 3000) {
        const paths = Array.from({ length: 4 }, () => ({ upMs: 5 + rnd() * 145, downMs: 5 + rnd() * 145, jitterMs: 10 }));
        await playTable(
          {
            game: "dark_hand",
            seats: 4,
            humans: 4,
            turnSeconds: 30,
            variants: {},
            thinkMs: () => logNormal(rnd, 250, 0.4, 30, 5000),
            reactionMs: () => Math.round(logNormal(rnd, 270, 0.22, 120, 1200)),
            path: (k) => paths[k]!,
            stopAt,
            rnd,
            client: () => new ReportingClient(server.url),
            callRace: true,
            cheaters: cheatersAt(t + round++, 4, SHARE),
          },
          sink,
        );
      }
    }),
  );
} finally {
  await server.stop();
}
const pct = (name: string) => {
  const r = rates.get(name);
  return r ? `${((100 * r.ok) / r.n).toFixed(1)}% of ${r.n}` : "no races";
};
console.log(`call-race through a real server: ${TABLES} tables x 4 players, ${SECONDS} s, cheaters' share ${SHARE}`);
console.log(`  call races judged: ${counts.get("call_races") ?? 0}`);
console.log(`  truly fastest caller got the Joker (honest tables): ${pct("call_fastest_wins")}`);
console.log(`  honest player 30+ ms faster than every cheater got it (mixed tables): ${pct("call_honest_fastest_wins")}`);
console.log(
  `  disconnects ${counts.get("disconnects") ?? 0}, stuck tables ${counts.get("stuck_tables") ?? 0}, rejected ${counts.get("rejected") ?? 0}`,
);
