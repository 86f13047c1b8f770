/**
 * The retained JavaScript heap of a server process, measured after a full garbage collection
 * through the V8 inspector (start the process with `--inspect=127.0.0.1:0`). Resident memory
 * alone cannot tell a leak from memory the allocator keeps after a burst; the heap after a full
 * collection can.
 */
interface Pending { resolve(v: any): void; reject(e: Error): void }

function inspectorUrl(output: string): string {
  const url = /Debugger listening on (ws:\/\/\S+)/.exec(output)?.[1];
  if (!url) throw new Error("the server was not started with --inspect");
  return url;
}

async function session(url: string): Promise<{ call(method: string, params?: object): Promise<any>; close(): void }> {
  const ws = new WebSocket(url);
  const pending = new Map<number, Pending>();
  let next = 1;
  ws.onmessage = (ev) => {
    const msg = JSON.parse(String(ev.data)) as { id?: number; result?: unknown; error?: { message: string } };
    const p = msg.id === undefined ? undefined : pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id!);
    if (msg.error) p.reject(new Error(msg.error.message));
    else p.resolve(msg.result);
  };
  await new Promise<void>((resolve, reject) => { ws.onopen = () => resolve(); ws.onerror = () => reject(new Error(`cannot reach ${url}`)); });
  return {
    call: (method, params = {}) => new Promise((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve, reject });
      ws.send(JSON.stringify({ id, method, params }));
    }),
    close: () => ws.close(),
  };
}

/** Bytes of JavaScript heap still in use after a full collection. */
export async function heapUsedAfterGc(serverOutput: string): Promise<number> {
  const s = await session(inspectorUrl(serverOutput));
  try {
    await s.call("HeapProfiler.collectGarbage");
    await s.call("HeapProfiler.collectGarbage");
    const res = await s.call("Runtime.evaluate", { expression: "process.memoryUsage().heapUsed", returnByValue: true });
    return Number(res.result.value);
  } finally {
    s.close();
  }
}
