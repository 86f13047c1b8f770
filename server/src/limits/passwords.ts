/**
 * Password hashing with bounded concurrency, off the game's event loop: `concurrency` worker
 * threads (hash-worker.mjs, niced below the game) run argon2id one task at a time; at most
 * `queue` more wait in line, and past that `PasswordsBusy` is thrown (the API answers 503 with
 * Retry-After) instead of piling hashes onto cores the tables need.
 *
 * `verify(null, password)` checks the password against a dummy hash made at start-up with the same
 * parameters, so an unknown username costs the same argon2 work as a known one.
 */
import { randomBytes } from "node:crypto";
import { Worker } from "node:worker_threads";
import { Counter, Gauge } from "prom-client";
import { registry } from "../metrics.ts";

/** argon2id (the library's default algorithm), OWASP's minimum: 19 MiB, 2 passes. */
export const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export interface HashSettings {
  /** Hashes run at once (worker threads). */
  readonly concurrency: number;
  /** Hashes that may wait beyond those; more are refused. */
  readonly queue: number;
  /** The workers' nice value (0: the game's priority; 19: lowest). */
  readonly nice: number;
}

export const DEFAULT_HASH_SETTINGS: HashSettings = { concurrency: 1, queue: 16, nice: 19 };

export const passwordWork = new Counter({
  name: "scat_password_hashes_total",
  help: "argon2 operations run (op: hash, verify = against a stored hash, dummy = an unknown username checked against the start-up dummy hash)",
  labelNames: ["op"],
  registers: [registry],
});
export const passwordBusy = new Counter({
  name: "scat_password_busy_total",
  help: "Password checks refused because the hashing queue was full (503)",
  registers: [registry],
});
const queued = new Gauge({ name: "scat_password_queue", help: "Password hashes waiting for a hashing thread", registers: [registry] });

export class PasswordsBusy extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("password checks are busy: try again in a moment");
  }
}

interface Task {
  id: number;
  op: "hash" | "verify";
  password: string;
  hash: string | undefined;
  resolve(v: unknown): void;
  reject(e: Error): void;
}

export class PasswordHasher {
  private readonly workers: { worker: Worker; busy: Task | null }[] = [];
  private readonly waiting: Task[] = [];
  private nextId = 0;
  private dummy: Promise<string> | null = null;
  /** True once a worker confirmed it lowered its priority. */
  niced = false;

  constructor(readonly settings: HashSettings = DEFAULT_HASH_SETTINGS) {}

  /** Starts the workers and makes the dummy hash (called at server start; otherwise on first use). */
  start(): Promise<string> {
    const dummy = this.dummy ?? (this.run("hash", randomBytes(24).toString("base64")) as Promise<string>);
    this.dummy = dummy;
    return dummy;
  }

  async hash(password: string): Promise<string> {
    passwordWork.inc({ op: "hash" });
    return this.run("hash", password) as Promise<string>;
  }

  /** True when `password` matches `stored`; `stored` null (no such account) checks against the dummy hash and is false. */
  async verify(stored: string | null, password: string): Promise<boolean> {
    if (stored === null) {
      const dummy = await this.start();
      passwordWork.inc({ op: "dummy" });
      await this.run("verify", password, dummy);
      return false;
    }
    passwordWork.inc({ op: "verify" });
    return (await this.run("verify", password, stored)) as boolean;
  }

  /** True when a hash asked for now would be refused (every thread busy and the queue full). */
  get saturated(): boolean {
    return (
      this.workers.length >= this.settings.concurrency &&
      this.workers.every((w) => w.busy !== null) &&
      this.waiting.length >= this.settings.queue
    );
  }

  async close(): Promise<void> {
    const workers = this.workers.splice(0);
    this.dummy = null;
    for (const t of [...this.waiting.splice(0), ...workers.flatMap((w) => (w.busy ? [w.busy] : []))])
      t.reject(new Error("password hasher closed"));
    await Promise.all(workers.map((w) => w.worker.terminate()));
  }

  private run(op: Task["op"], password: string, hash?: string): Promise<unknown> {
    this.spawn();
    const free = this.workers.find((w) => w.busy === null);
    if (!free && this.waiting.length >= this.settings.queue) {
      passwordBusy.inc();
      throw new PasswordsBusy(1);
    }
    return new Promise((resolve, reject) => {
      const task: Task = { id: this.nextId++, op, password, hash, resolve, reject };
      if (free) this.send(free, task);
      else {
        this.waiting.push(task);
        queued.set(this.waiting.length);
      }
    });
  }

  private send(slot: { worker: Worker; busy: Task | null }, task: Task): void {
    slot.busy = task;
    slot.worker.postMessage({ id: task.id, op: task.op, password: task.password, hash: task.hash });
  }

  private spawn(): void {
    while (this.workers.length < this.settings.concurrency) {
      const worker = new Worker(new URL("./hash-worker.mjs", import.meta.url), {
        workerData: { argon2: ARGON2, nice: this.settings.nice },
      });
      worker.unref();
      const slot = { worker, busy: null as Task | null };
      worker.on("message", (m: { ready?: boolean; niced?: boolean; id?: number; result?: unknown; error?: string }) => {
        if (m.ready) {
          this.niced ||= m.niced === true;
          return;
        }
        const task = slot.busy;
        slot.busy = null;
        if (task && task.id === m.id) {
          if (m.error !== undefined) task.reject(new Error(m.error));
          else task.resolve(m.result);
        }
        const next = this.waiting.shift();
        queued.set(this.waiting.length);
        if (next) this.send(slot, next);
      });
      worker.on("error", (err) => {
        slot.busy?.reject(err);
        slot.busy = null;
        const i = this.workers.indexOf(slot);
        if (i < 0) return;
        // A replacement takes the next waiting task.
        this.workers.splice(i, 1);
        this.spawn();
        for (const w of this.workers) {
          const next = w.busy === null ? this.waiting.shift() : undefined;
          if (next) this.send(w, next);
        }
        queued.set(this.waiting.length);
      });
      this.workers.push(slot);
    }
  }
}

let shared: PasswordHasher | null = null;

/** This process's hasher (settings from `configurePasswords`, the defaults until then). */
export function passwords(): PasswordHasher {
  shared ??= new PasswordHasher();
  return shared;
}

export function configurePasswords(settings: HashSettings): PasswordHasher {
  const s = shared?.settings;
  if (!shared || s?.concurrency !== settings.concurrency || s.queue !== settings.queue || s.nice !== settings.nice) {
    void shared?.close();
    shared = new PasswordHasher(settings);
  }
  return shared;
}
