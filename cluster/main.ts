/**
 * `npm run cluster`: Redis, N server processes and nginx on one port, in the foreground, until
 * Ctrl-C (which stops everything this started). Env: CLUSTER_PROCESSES (3), CLUSTER_PORT (8080),
 * CLUSTER_HOST (127.0.0.1, the interface nginx listens on), CLUSTER_PUBLIC_HOST (host:port
 * browsers use, default 127.0.0.1:<port>); every server variable (README) passes through.
 */
import { startCluster } from "./cluster.ts";

const processes = Number(process.env.CLUSTER_PROCESSES ?? 3);
const port = Number(process.env.CLUSTER_PORT ?? 8080);
const host = process.env.CLUSTER_HOST ?? "127.0.0.1";

const cluster = await startCluster({
  processes,
  port,
  listenHost: host,
  ...(process.env.CLUSTER_PUBLIC_HOST ? { publicHost: process.env.CLUSTER_PUBLIC_HOST } : {}),
  // The server's own defaults, not the test helper's fast bots.
  env: { BOT_DELAY_MS: process.env.BOT_DELAY_MS ?? "700-1600", LOG_LEVEL: process.env.LOG_LEVEL ?? "info" },
  onOutput: (name, text) => {
    for (const line of text.split("\n")) if (line) process.stdout.write(`[${name}] ${line}\n`);
  },
});

console.log(`Scat Tables cluster: ${processes} processes, Redis at ${cluster.redis.url}, nginx on ${host}:${port}`);
cluster.servers.forEach((s, i) => console.log(`  p${i + 1}: 127.0.0.1:${s.port}, PUBLIC_ADDRESS ${cluster.publicAddresses[i]}`));
console.log(`Open http://${process.env.CLUSTER_PUBLIC_HOST ?? `127.0.0.1:${port}`} (Ctrl-C stops everything)`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping nginx, the servers (graceful), then Redis`);
    void cluster.stop().then(() => process.exit(0), (err: unknown) => { console.error(err); process.exit(1); });
  });
}
