/**
 * Embedded PGlite run in a worker thread (pglite-worker.mjs), with the part of PGlite's API the
 * Kysely dialect uses (`query`, `close`). PGlite's WebAssembly runs synchronously: on the game's
 * event loop its first start held every table for seconds (a cluster process lost its lease to
 * it, a page's silence check gave its table up) and every query (~1.5 ms each, a sign-in's lookup
 * among them) delayed the patches queued behind it. In its own thread the event loop only posts
 * and receives messages.
 */
import { Worker } from "node:worker_threads";

export interface ThreadQueryResult<R> {
  readonly rows: R[];
  readonly affectedRows?: number;
}

/** A failure from PGlite, with PostgreSQL's fields (`code`: "23505" is a unique violation). */
export class PGliteError extends Error {
  code?: string;
  detail?: string;
  constraint?: string;
}

interface Pending {
  resolve(v: unknown): void;
  reject(e: Error): void;
}

export class PGliteThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private failed: Error | null = null;

  private constructor(dir: string | null) {
    this.worker = new Worker(new URL("./pglite-worker.mjs", import.meta.url), { workerData: { dir } });
    // Not kept alive while idle (a process ends when its work does); held while a query is out.
    this.worker.unref();
    this.worker.on("message", (m: { id?: number; error?: Record<string, string>; rows?: unknown[]; affectedRows?: number }) => {
      if (m.id === undefined) return;
      const waiting = this.pending.get(m.id);
      if (!waiting) return;
      this.settled(m.id);
      if (m.error) waiting.reject(Object.assign(new PGliteError(m.error.message), m.error));
      else waiting.resolve(m);
    });
    this.worker.on("error", (err) => this.fail(err));
    this.worker.on("exit", (code) => this.fail(new Error(`the PGlite thread exited (${code})`)));
  }

  /** Starts the thread and waits until PGlite has opened `dir` (null: in memory). */
  static async create(dir: string | null): Promise<PGliteThread> {
    const thread = new PGliteThread(dir);
    thread.worker.ref();
    try {
      await new Promise<void>((resolve, reject) => {
        thread.worker.once("message", (m: { ready?: boolean; error?: { message: string } }) =>
          m.ready ? resolve() : reject(new Error(`PGlite did not open: ${m.error?.message ?? "unknown"}`)),
        );
        thread.worker.once("error", reject);
      });
    } catch (err) {
      await thread.worker.terminate();
      throw err;
    } finally {
      thread.worker.unref();
    }
    return thread;
  }

  query<R>(sql: string, params: readonly unknown[] = []): Promise<ThreadQueryResult<R>> {
    return this.send({ sql, params }) as Promise<ThreadQueryResult<R>>;
  }

  async close(): Promise<void> {
    if (this.failed === null) await this.send({ close: true }).catch(() => undefined);
    await this.worker.terminate();
  }

  private send(message: Record<string, unknown>): Promise<unknown> {
    if (this.failed) return Promise.reject(this.failed);
    const id = this.nextId++;
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...message });
    });
  }

  private settled(id: number): void {
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker.unref();
  }

  private fail(err: Error): void {
    this.failed ??= err;
    for (const [id, p] of this.pending) {
      this.settled(id);
      p.reject(err);
    }
  }
}
