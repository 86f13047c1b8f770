/** A Chrome DevTools Protocol session with a process started with `--inspect` (its output names the URL). */
interface Pending {
  resolve(v: any): void;
  reject(e: Error): void;
}

export interface Inspector {
  call(method: string, params?: object): Promise<any>;
  on(method: string, fn: (params: any) => void): void;
  close(): void;
}

export async function inspect(serverOutput: string): Promise<Inspector> {
  const url = /Debugger listening on (ws:\/\/\S+)/.exec(serverOutput)?.[1];
  if (!url) throw new Error("the server was not started with --inspect");
  const ws = new WebSocket(url);
  const pending = new Map<number, Pending>();
  const listeners = new Map<string, (params: any) => void>();
  let next = 1;
  ws.onmessage = (ev) => {
    const msg = JSON.parse(String(ev.data)) as {
      id?: number;
      method?: string;
      params?: unknown;
      result?: unknown;
      error?: { message: string };
    };
    if (msg.method) return listeners.get(msg.method)?.(msg.params);
    const p = msg.id === undefined ? undefined : pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id!);
    if (msg.error) p.reject(new Error(msg.error.message));
    else p.resolve(msg.result);
  };
  await new Promise<void>((resolve, reject) => {
    ws.onopen = () => resolve();
    ws.onerror = () => reject(new Error(`cannot reach ${url}`));
  });
  return {
    call: (method, params = {}) =>
      new Promise((resolve, reject) => {
        const id = next++;
        pending.set(id, { resolve, reject });
        ws.send(JSON.stringify({ id, method, params }));
      }),
    on: (method, fn) => void listeners.set(method, fn),
    close: () => ws.close(),
  };
}

/** Self bytes and object count per `type:constructor` (closures by function name). */
