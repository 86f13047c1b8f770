/**
 * The conduct write per finished game (docs/benchmarks/ranked.md, "Conduct"): a 4-seat game's outcomes
 * recorded (one insert, plus the ban check of each ranked seat) on embedded PGlite or a real
 * PostgreSQL started here, against a record already holding `BENCH_HISTORY` games per player.
 * Run: `npm run bench:conduct [pglite|postgres]`. Env: BENCH_GAMES (300), BENCH_HISTORY (50).
 */
import { Accounts } from "../../src/accounts/accounts.ts";
import { Tokens } from "../../src/accounts/tokens.ts";
import { ConductRecord } from "../../src/conduct/record.ts";
import type { Outcome } from "../../src/conduct/policy.ts";
import { openStore } from "../../src/db/database.ts";
import { appMigrations } from "../../src/migrations.ts";
import { startPostgres } from "../support/postgres-server.ts";

const GAMES = Number(process.env.BENCH_GAMES ?? 300);
const HISTORY = Number(process.env.BENCH_HISTORY ?? 50);
const kind = process.argv[2] === "postgres" ? "postgres" : "pglite";

const pg = kind === "postgres" ? await startPostgres() : null;
const store = await openStore({ databaseUrl: pg?.url ?? null, dataDir: null, migrations: appMigrations });
try {
  const accounts = new Accounts(store.db, new Tokens("t".repeat(32)));
  const players = await Promise.all(Array.from({ length: 4 }, (_, i) => accounts.createGuest(`Bench ${i}`)));
  const record = new ConductRecord(store.db);
  const outcomes: Outcome[] = ["completed", "completed", "completed", "left"];
  let table = 0;
  const game = (ranked: boolean) =>
    record.record(
      players.map((p, i) => ({
        playerId: p.id,
        game: "dark_hand",
        tableId: `t${table}`,
        ranked,
        outcome: outcomes[(i + table) % 4]!,
        at: Date.now() + table++,
      })),
    );
  for (let i = 0; i < HISTORY; i++) await game(false);
  const times = (ranked: boolean) =>
    (async () => {
      const ms: number[] = [];
      for (let i = 0; i < GAMES; i++) {
        const t = performance.now();
        await game(ranked);
        ms.push(performance.now() - t);
      }
      ms.sort((a, b) => a - b);
      return { p50: ms[Math.floor(ms.length / 2)]!, p99: ms[Math.floor(ms.length * 0.99)]! };
    })();
  const casual = await times(false);
  const ranked = await times(true);
  const fmt = (x: number) => x.toFixed(2);
  console.log(
    `[conduct] ${kind}: a finished 4-seat game's outcomes, ${GAMES} games, ${HISTORY}+ on record per player: casual p50 ${fmt(casual.p50)} / p99 ${fmt(casual.p99)} ms; ranked (with the ban check of each seat) p50 ${fmt(ranked.p50)} / p99 ${fmt(ranked.p99)} ms`,
  );
} finally {
  await store.close();
  await pg?.stop();
}
