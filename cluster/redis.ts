/**
 * A throwaway redis-server on a loopback port: no persistence, nothing written outside `dir`.
 * Or a Sentinel group (`startRedisGroup`): a primary and a replica with AOF on, and three
 * sentinels (Debian's redis-sentinel) watching them; REDIS_URL then names the group.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { connect } from "node:net";
import { stopChild, waitFor } from "./wait.ts";

export interface RedisProcess {
  readonly url: string;
  readonly port: number;
  readonly child: ChildProcess;
  stop(): Promise<void>;
}

/** One PING over a raw socket: true on +PONG (no client library needed to know Redis is up). */
export function redisPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once("error", () => done(false));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (d) => done(d.toString().startsWith("+PONG")));
  });
}

export interface RedisExtras {
  /** AOF on (appendfsync everysec), as the Sentinel group's servers run. */
  readonly appendOnly?: boolean;
  /** Port of the primary this server replicates. */
  readonly replicaOf?: number;
  /** Run `redis-sentinel <file>` instead (the file holds the port). */
  readonly sentinelConfig?: string;
}

export async function startRedis(port: number, dir: string, extras: RedisExtras = {}): Promise<RedisProcess> {
  const bin = extras.sentinelConfig
    ? (process.env.REDIS_SENTINEL_BIN ?? "redis-sentinel")
    : (process.env.REDIS_SERVER_BIN ?? "redis-server");
  const args = extras.sentinelConfig
    ? [extras.sentinelConfig]
    : [
        "--port",
        String(port),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        "--appendonly",
        extras.appendOnly ? "yes" : "no",
        "--daemonize",
        "no",
        "--dir",
        dir,
        "--loglevel",
        "warning",
        ...(extras.replicaOf ? ["--replicaof", "127.0.0.1", String(extras.replicaOf)] : []),
      ];
  const child = spawn(bin, args, { stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  child.once("error", (err) => {
    output += `\n${err.message}`;
  });
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-10_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const redis: RedisProcess = { url: `redis://127.0.0.1:${port}`, port, child, stop: () => stopChild(child, "SIGTERM") };
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null || child.pid === undefined) throw new Error(`redis-server exited (${child.exitCode}): ${output}`);
        return redisPing(port);
      },
      "redis-server",
      10_000,
    );
  } catch (err) {
    await redis.stop();
    throw err;
  }
  return redis;
}

export interface RedisGroup {
  /** REDIS_URL of the group: redis+sentinel://127.0.0.1:<s1>,…/<name>. */
  readonly url: string;
  readonly name: string;
  /** The servers as started (a failover swaps their roles: ask a sentinel who is primary now). */
  readonly primary: RedisProcess;
  readonly replica: RedisProcess;
  readonly sentinels: readonly RedisProcess[];
  stop(): Promise<void>;
}

/**
 * A primary, one replica (both AOF on) and three sentinels on loopback ports, quorum 2; a
 * primary silent for `downAfterMs` is failed over to the replica.
 */
export async function startRedisGroup(dir: string, ports: () => Promise<number>, downAfterMs = 1_000, name = "scat"): Promise<RedisGroup> {
  const started: RedisProcess[] = [];
  const stop = async () => {
    await Promise.all(started.map((r) => r.stop().catch(() => undefined)));
  };
  try {
    const sub = async (n: string) => {
      const d = path.join(dir, n);
      await mkdir(d, { recursive: true });
      return d;
    };
    const primary = await startRedis(await ports(), await sub("primary"), { appendOnly: true });
    started.push(primary);
    const replica = await startRedis(await ports(), await sub("replica"), { appendOnly: true, replicaOf: primary.port });
    started.push(replica);
    const sentinels: RedisProcess[] = [];
    for (let i = 1; i <= 3; i++) {
      const port = await ports();
      const d = await sub(`sentinel${i}`);
      const file = path.join(d, "sentinel.conf");
      await writeFile(
        file,
        [
          `port ${port}`,
          "bind 127.0.0.1",
          "daemonize no",
          `dir ${d}`,
          "loglevel warning",
          `sentinel monitor ${name} 127.0.0.1 ${primary.port} 2`,
          `sentinel down-after-milliseconds ${name} ${downAfterMs}`,
          `sentinel failover-timeout ${name} ${Math.max(3_000, 4 * downAfterMs)}`,
          `sentinel parallel-syncs ${name} 1`,
          "",
        ].join("\n"),
      );
      const s = await startRedis(port, d, { sentinelConfig: file });
      started.push(s);
      sentinels.push(s);
    }
    return {
      url: `redis+sentinel://${sentinels.map((s) => `127.0.0.1:${s.port}`).join(",")}/${name}`,
      name,
      primary,
      replica,
      sentinels,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
