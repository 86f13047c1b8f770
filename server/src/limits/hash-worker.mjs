// A password-hashing thread (limits/passwords.ts): argon2 synchronously, here, off the event
// loop. On Linux it lowers its own thread's priority (nice): when the cores are busy, the game's
// event loop runs first and hashing waits. Plain JavaScript so that it loads under Node, tsx and vitest alike.
import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { hashSync, verifySync } from "@node-rs/argon2";

let niced = false;
try {
  const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
  if (Number.isInteger(tid) && workerData.nice > 0) {
    setPriority(tid, workerData.nice);
    niced = true;
  }
} catch {
  /* not Linux, or not allowed: runs at normal priority */
}
parentPort.postMessage({ ready: true, niced });

parentPort.on("message", (task) => {
  try {
    const result = task.op === "hash" ? hashSync(task.password, workerData.argon2) : verifySync(task.hash, task.password);
    parentPort.postMessage({ id: task.id, result });
  } catch (err) {
    parentPort.postMessage({ id: task.id, error: String(err?.message ?? err) });
  }
});
