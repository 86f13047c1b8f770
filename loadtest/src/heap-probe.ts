/**
 * The retained JavaScript heap of a server process, measured after a full garbage collection
 * through the V8 inspector (start the process with `--inspect=127.0.0.1:0`). Resident memory
 * alone cannot tell a leak from memory the allocator keeps after a burst; the heap after a full
 * collection can.
 */
import { inspect } from "./inspector.ts";

export async function heapUsedAfterGc(serverOutput: string): Promise<number> {
  const s = await inspect(serverOutput);
  try {
    await s.call("HeapProfiler.collectGarbage");
    await s.call("HeapProfiler.collectGarbage");
    const res = await s.call("Runtime.evaluate", { expression: "process.memoryUsage().heapUsed", returnByValue: true });
    return Number(res.result.value);
  } finally {
    s.close();
  }
}
