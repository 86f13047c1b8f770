/** Waiting on conditions (never fixed sleeps) and stopping child processes for the cluster. */
import type { ChildProcess } from "node:child_process";

/** Polls `check` until it returns true; an exception from `check` ends the wait at once. */
export async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000, everyMs = 50): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

/** Sends `signal`, then SIGKILL if the child has not exited after `graceMs`. */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM", graceMs = 10_000): Promise<void> {
  // No pid: the binary never started, so no exit event will come.
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill(signal);
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}
