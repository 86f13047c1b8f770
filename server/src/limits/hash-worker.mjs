// A password-hashing thread (limits/passwords.ts): argon2 synchronously, here, off the event
// loop. On Linux it lowers its own thread's priority (nice, and the SCHED_IDLE class): when the
// cores are busy, the game's event loop runs first and hashing waits. Plain JavaScript so that it loads under Node, tsx and vitest alike.
import { execFileSync } from "node:child_process";
import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { hashSync, verifySync } from "@node-rs/argon2";

// Nice alone is not enough on a kernel with the EEVDF scheduler (Linux 6.6+): a waking task may
// wait for the running one's slice (a few ms) even when that one is niced to 19, and a table's
// patch waited behind argon2 that long (bench:signin: action→patch p99 1.57x quiet under a
// sign-in flood with the hasher on the game's core). A thread in the SCHED_IDLE class is
// preempted at once by any normal thread that wakes, so hashing only ever uses idle time.
// Node has no call for the scheduling class: `chrt` (util-linux) sets it for this thread.
let niced = false;
try {
  const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
  if (Number.isInteger(tid) && workerData.nice > 0) {
    setPriority(tid, workerData.nice);
    niced = true;
    try { execFileSync("chrt", ["--idle", "--pid", "0", String(tid)], { stdio: "ignore", timeout: 2000 }); } catch { /* no chrt: nice only */ }
  }
} catch { /* not Linux, or not allowed: runs at normal priority */ }
parentPort.postMessage({ ready: true, niced });

parentPort.on("message", (task) => {
  try {
    const result = task.op === "hash" ? hashSync(task.password, workerData.argon2) : verifySync(task.hash, task.password);
    parentPort.postMessage({ id: task.id, result });
  } catch (err) {
    parentPort.postMessage({ id: task.id, error: String(err?.message ?? err) });
  }
});
