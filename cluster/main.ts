/**
 * `npm run cluster`: Redis, N server processes and nginx on one port, in the foreground, until
 * Ctrl-C (which stops everything this started). Env: CLUSTER_PROCESSES (3), CLUSTER_PORT (8080),
 * CLUSTER_HOST (127.0.0.1, the interface nginx listens on), CLUSTER_PUBLIC_HOST (host:port
 * browsers use, default 127.0.0.1:<port>); every server variable (README) passes through.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { postgresBinDir, startPostgres } from "./postgres-server.ts";
import { startCluster } from "./cluster.ts";

const processes = Number(process.env.CLUSTER_PROCESSES ?? 3);
const port = Number(process.env.CLUSTER_PORT ?? 8080);
const host = process.env.CLUSTER_HOST ?? "127.0.0.1";

// Ranked play needs one database and one token secret for every process (docs/API.md): a
// throwaway PostgreSQL server for this run unless DATABASE_URL names one.
const postgres = !process.env.DATABASE_URL && postgresBinDir() !== null ? await startPostgres() : null;
const ranked = {
  DATABASE_URL: process.env.DATABASE_URL ?? postgres?.url ?? "",
  TOKEN_SECRET: process.env.TOKEN_SECRET ?? randomBytes(32).toString("hex"),
};
if (!ranked.DATABASE_URL)
  console.log(
    "No PostgreSQL found and no DATABASE_URL: each process keeps its own accounts (ranked play across processes needs one database)",
  );

// Redis as a Sentinel group (a primary, a replica, three sentinels; AOF on) where redis-sentinel is installed; CLUSTER_SENTINEL=0 runs one plain Redis.
const sentinel = process.env.CLUSTER_SENTINEL !== "0" && spawnSync("redis-sentinel", ["--version"], { stdio: "ignore" }).status === 0;
const cluster = await startCluster({
  sentinel,
  processes,
  port,
  listenHost: host,
  ...(process.env.CLUSTER_PUBLIC_HOST ? { publicHost: process.env.CLUSTER_PUBLIC_HOST } : {}),
  // The server's own defaults, not the test helper's fast bots.
  env: {
    BOT_DELAY_MS: process.env.BOT_DELAY_MS ?? "700-1600",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
    ...(ranked.DATABASE_URL ? ranked : {}),
  },
  onOutput: (name, text) => {
    for (const line of text.split("\n")) if (line) process.stdout.write(`[${name}] ${line}\n`);
  },
});

console.log(`Scat Tables cluster: ${processes} processes, Redis at ${cluster.group?.url ?? cluster.redis.url}, nginx on ${host}:${port}`);
cluster.servers.forEach((s, i) => console.log(`  p${i + 1}: 127.0.0.1:${s.port}, PUBLIC_ADDRESS ${cluster.publicAddresses[i]}`));
if (postgres) console.log(`  accounts and ratings: PostgreSQL at ${postgres.url} (for this run only)`);
console.log(`Open http://${process.env.CLUSTER_PUBLIC_HOST ?? `127.0.0.1:${port}`} (Ctrl-C stops everything)`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping nginx, the servers (graceful), then Redis`);
    void cluster
      .stop()
      .then(() => postgres?.stop())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          console.error(err);
          process.exit(1);
        },
      );
  });
}
