/**
 * `npm run bench:boost`: the boosting defences on a seeded simulation (boost-sim.ts). Prints the
 * outside two-address booster's rating gain and board standing (10 wins over fresh dumpers), and
 * the false-flag rate of honest weekly groups (accounts held off the board that did nothing wrong).
 * Options: --seed N (43), --groups N (6), --weeks N (4), --games N (the booster's, 10).
 */
import { appMigrations } from "../../src/migrations.ts";
import { openStore } from "../../src/db/database.ts";
import { Sim, booster, honestGroups } from "./boost-sim.ts";

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const seed = arg("seed", 43);
const groups = arg("groups", 6);
const weeks = arg("weeks", 4);
const games = arg("games", 10);

const store = await openStore({ databaseUrl: null, dataDir: null, migrations: appMigrations });
try {
  const sim = new Sim(store.db, Date.UTC(2026, 0, 5));
  const t0 = performance.now();
  const honest = await honestGroups(sim, seed, groups, weeks);
  const boost = await booster(sim, games);
  const seconds = (performance.now() - t0) / 1000;
  const rate = honest.held.length / honest.players.length;
  console.log(`bench:boost seed ${seed}: ${groups} honest weekly groups over ${weeks} weeks, then the booster (${games} games)`);
  console.log(
    `honest: ${honest.players.length} accounts, ${honest.matches} rated matches, ${honest.listed} listed, ${honest.held.length} held (false-flag rate ${(100 * rate).toFixed(1)}%)`,
  );
  console.log(
    `booster: ${boost.before} -> ${boost.after} (${boost.gain >= 0 ? "+" : ""}${boost.gain} points), ${boost.rank === null ? `not listed (${boost.unlisted})` : `#${boost.rank} of ${boost.boardSize}`}`,
  );
  console.log(
    `acceptance: booster gains < 50 or is off the board: ${boost.gain < 50 || boost.rank === null ? "yes" : "NO"}; honest false flags: ${honest.held.length === 0 ? "none" : honest.held.length}`,
  );
  console.log(`simulated in ${seconds.toFixed(1)} s`);
} finally {
  await store.close();
}
