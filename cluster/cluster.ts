/**
 * A local cluster on one machine (docs/OPERATIONS.md): a real redis-server, N server processes
 * on loopback ports sharing it (REDIS_URL), and nginx in front on one port. Process n's
 * PUBLIC_ADDRESS is `<publicHost>/p<n>`, which nginx routes to it; everything else nginx spreads
 * over all processes. Used by `npm run cluster`, the cluster tests and the join benchmark.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, startServerProcess, type ServerProcess } from "./server-process.ts";
import { processPath, startNginx, type NginxProcess } from "./nginx.ts";
import { startRedis, startRedisGroup, type RedisGroup, type RedisProcess } from "./redis.ts";

export interface ClusterOptions {
  /** Server processes (default 3). */
  readonly processes?: number;
  /** nginx port; a free one when absent. */
  readonly port?: number;
  /** Interface nginx listens on (default 127.0.0.1). */
  readonly listenHost?: string;
  /** host[:port] browsers reach nginx at; default 127.0.0.1:<port>. */
  readonly publicHost?: string;
  /** Extra environment for every server process. */
  readonly env?: Readonly<Record<string, string>>;
  /** The REDIS_URL of process n (0-based index; a test puts a proxy between one process and Redis). Default: Redis's own. */
  readonly redisUrlFor?: (index: number, redis: RedisProcess) => string | Promise<string>;
  /**
   * Redis as a Sentinel group (a primary, a replica, three sentinels; AOF on): REDIS_URL names
   * the group and each journal entry waits for the replica (REDIS_WAIT_REPLICAS=1).
   */
  readonly sentinel?: boolean;
  /** Where process n runs: a command prefix that execs it (`ip netns exec <ns>`) and the address it listens on. Default: here, 127.0.0.1. */
  readonly placeFor?: (index: number) => { readonly wrap: readonly string[]; readonly host: string } | null;
  /** Receives each process's output as it comes (name is "p1", "p2", ...). */
  readonly onOutput?: (name: string, text: string) => void;
}

export interface Cluster {
  /** The one public URL (nginx). */
  readonly url: string;
  readonly port: number;
  readonly dir: string;
  /** The one Redis; with `sentinel`, the group's first primary. */
  readonly redis: RedisProcess;
  /** With `sentinel`: the group. */
  readonly group: RedisGroup | null;
  readonly servers: readonly ServerProcess[];
  readonly nginx: NginxProcess;
  /** PUBLIC_ADDRESS of process n is publicAddresses[n - 1]. */
  readonly publicAddresses: readonly string[];
  stop(): Promise<void>;
}

type Stoppable = { stop(): Promise<void>; child: { pid?: number | undefined; kill(s: NodeJS.Signals): boolean } };

/** Stops in the order that loses least: nginx (no new traffic), servers (drain), then Redis. */
async function stopAll(
  nginx: Stoppable | null,
  servers: readonly Stoppable[],
  redis: { stop(): Promise<void> } | null,
  dir: string,
): Promise<void> {
  await nginx?.stop().catch(() => undefined);
  await Promise.all(servers.map((s) => s.stop().catch(() => undefined)));
  await redis?.stop().catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const count = options.processes ?? 3;
  const port = options.port ?? (await freePort());
  const publicHost = options.publicHost ?? `127.0.0.1:${port}`;
  const publicAddresses = Array.from({ length: count }, (_, i) => `${publicHost}${processPath(i + 1)}`);
  const dir = await mkdtemp(path.join(tmpdir(), "scat-cluster-"));
  let redis: RedisProcess | null = null;
  let group: RedisGroup | null = null;
  let nginx: NginxProcess | null = null;
  const servers: ServerProcess[] = [];
  // If this process ends without stop() (a crashed test run), take the children with it.
  const orphanGuard = () => {
    for (const c of [nginx, ...servers, redis, group?.replica, ...(group?.sentinels ?? [])]) c?.child.kill("SIGKILL");
  };
  process.once("exit", orphanGuard);
  try {
    if (options.sentinel) {
      group = await startRedisGroup(dir, freePort);
      redis = group.primary;
    } else {
      redis = await startRedis(await freePort(), dir);
    }
    const started = await Promise.allSettled(
      publicAddresses.map(async (publicAddress, i) =>
        startServerProcess(
          {
            LOG_LEVEL: "info",
            NODE_ENV: "production",
            ...(group ? { REDIS_WAIT_REPLICAS: "1" } : {}),
            ...options.env,
            REDIS_URL: (await options.redisUrlFor?.(i, redis!)) ?? group?.url ?? redis!.url,
            PUBLIC_ADDRESS: publicAddress,
            // Only nginx reaches the processes (they listen on loopback), so its X-Forwarded-For is true.
            TRUST_PROXY: "1",
          },
          { detached: true, ...(options.placeFor?.(i) ?? {}) },
        ),
      ),
    );
    for (const s of started) if (s.status === "fulfilled") servers.push(s.value);
    const failed = started.find((s) => s.status === "rejected");
    if (failed) throw (failed as PromiseRejectedResult).reason;
    servers.forEach((s, i) => {
      const name = `p${i + 1}`;
      const forward = (d: Buffer) => options.onOutput?.(name, d.toString());
      s.child.stdout?.on("data", forward);
      s.child.stderr?.on("data", forward);
    });
    nginx = await startNginx(
      {
        listen: `${options.listenHost ?? "127.0.0.1"}:${port}`,
        backends: servers.map((s) => new URL(s.url).host),
        runDir: path.join(dir, "nginx"),
        errorLog: path.join(dir, "nginx", "error.log"),
        workers: "1",
      },
      port,
    );
  } catch (err) {
    process.off("exit", orphanGuard);
    await stopAll(nginx, servers, group ?? redis, dir);
    throw err;
  }
  const [r, n, g] = [redis, nginx, group];
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dir,
    redis: r,
    group: g,
    servers,
    nginx: n,
    publicAddresses,
    async stop() {
      process.off("exit", orphanGuard);
      await stopAll(n, servers, g ?? r, dir);
    },
  };
}
