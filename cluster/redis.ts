/** A throwaway redis-server on a loopback port: no persistence, nothing written outside `dir`. */
import { spawn, type ChildProcess } from "node:child_process";
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
    const done = (ok: boolean) => { socket.destroy(); resolve(ok); };
    socket.setTimeout(1000, () => done(false));
    socket.once("error", () => done(false));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (d) => done(d.toString().startsWith("+PONG")));
  });
}

export async function startRedis(port: number, dir: string): Promise<RedisProcess> {
  const bin = process.env.REDIS_SERVER_BIN ?? "redis-server";
  const child = spawn(bin, [
    "--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
    "--daemonize", "no", "--dir", dir, "--loglevel", "warning",
  ], { stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  child.once("error", (err) => { output += `\n${err.message}`; });
  const keep = (d: Buffer) => { output = (output + d.toString()).slice(-10_000); };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const redis: RedisProcess = { url: `redis://127.0.0.1:${port}`, port, child, stop: () => stopChild(child, "SIGTERM") };
  try {
    await waitFor(async () => {
      if (child.exitCode !== null || child.pid === undefined) throw new Error(`redis-server exited (${child.exitCode}): ${output}`);
      return redisPing(port);
    }, "redis-server", 10_000);
  } catch (err) {
    await redis.stop();
    throw err;
  }
  return redis;
}
