/**
 * `npm run bench:journal`: what the table journal adds to each action (docs/BENCHMARKS.md). A
 * step's effects wait for its journal write, so the write time is the added latency. Measures
 * one table writing steps back to back, and TABLES tables (default 300) each writing its steps
 * in order at once; against a real redis-server on a free port, a Sentinel group whose replica
 * acknowledges each entry (WAIT 1: what REDIS_WAIT_REPLICAS=1 adds), and the file journal.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { startRedis, startRedisGroup } from "../../../cluster/redis.ts";
import { FileJournal } from "../../src/durable/file-journal.ts";
import type { JournalEntry, JournalStore } from "../../src/durable/journal.ts";
import { RedisJournal } from "../../src/durable/redis-journal.ts";
import { freePort } from "../../../cluster/server-process.ts";
import { fmt, percentile } from "../../../loadtest/src/stats.ts";

const TABLES = Number(process.env.TABLES ?? 300);
const STEPS = Number(process.env.STEPS ?? 50);
/** Mean ms between two steps of one table when many tables play at once (300 tables: ~1,500 steps/s). */
const THINK_MS = Number(process.env.THINK_MS ?? 200);

const header = (id: string): JournalEntry => ({
  k: "h",
  game: "devils_scat",
  options: { seats: 4, bots: 3, turnSeconds: 30 },
  seed: id.padEnd(32, "0"),
  salt: "1".repeat(32),
  startedAt: Date.now(),
  seats: [0, 1, 2, 3].map((i) => ({
    name: `P${i}`,
    playerId: i === 0 ? "player-0001" : null,
    isBot: i > 0,
    botReason: i > 0 ? ("filled" as const) : ("" as const),
  })),
});
const stepOf = (i: number): JournalEntry => ({ k: "s", i, seat: i % 4, action: { type: "discard", card: "QS" }, now: Date.now() });

async function table(store: JournalStore, id: string, times: number[], think: number): Promise<void> {
  await store.write(id, [header(id)], true);
  for (let i = 0; i < STEPS; i++) {
    if (think > 0) await new Promise((r) => setTimeout(r, think * (0.5 + Math.random())));
    const t0 = performance.now();
    const res = await store.write(id, [stepOf(i)], false);
    times.push(performance.now() - t0);
    if (res !== "ok") throw new Error(`write ${res}`);
  }
}

function line(what: string, times: number[]): void {
  console.log(
    `${what.padEnd(52)} n=${String(times.length).padStart(6)}  p50 ${fmt(percentile(times, 50), 3)} ms  p99 ${fmt(percentile(times, 99), 3)} ms  max ${fmt(Math.max(...times), 3)} ms`,
  );
}

const dir = mkdtempSync(path.join(tmpdir(), "scat-journal-bench-"));
const redis = await startRedis(await freePort(), dir);
try {
  console.log(
    `journal cost per step (${STEPS} steps per table), load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  const store = new RedisJournal(redis.url, "bench", 5_000);
  while (!store.available()) await new Promise((r) => setTimeout(r, 20));
  for (const [what, n] of [
    ["Redis stream, 1 table, back to back", 1],
    [`Redis stream, ${TABLES} tables, a step each ~${THINK_MS} ms`, TABLES],
  ] as const) {
    const times: number[] = [];
    await Promise.all(Array.from({ length: n }, (_, i) => table(store, `t${n}-${i}`, times, n === 1 ? 0 : THINK_MS)));
    line(what, times);
  }
  store.onReconnect = null;
  await store.close();
  // The same with a replica acknowledging every entry (REDIS_WAIT_REPLICAS=1, docs/OPERATIONS.md).
  const group = await startRedisGroup(path.join(dir, "group"), freePort);
  try {
    const replicated = new RedisJournal(group.url, "bench-wait", 5_000, { replicas: 1, ms: 1_000 });
    while (!replicated.available()) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 500));
    for (const [what, n] of [
      ["Redis + replica ack (WAIT 1), 1 table, back to back", 1],
      [`Redis + replica ack, ${TABLES} tables, ~${THINK_MS} ms`, TABLES],
    ] as const) {
      const times: number[] = [];
      await Promise.all(Array.from({ length: n }, (_, i) => table(replicated, `w${n}-${i}`, times, n === 1 ? 0 : THINK_MS)));
      line(what, times);
    }
    await replicated.close();
  } finally {
    await group.stop();
  }
  const file = new FileJournal(path.join(dir, "data"));
  for (const [what, n] of [
    ["file, 1 table, back to back", 1],
    [`file, ${TABLES} tables, a step each ~${THINK_MS} ms`, TABLES],
  ] as const) {
    const times: number[] = [];
    await Promise.all(Array.from({ length: n }, (_, i) => table(file, `f${n}-${i}`, times, n === 1 ? 0 : THINK_MS)));
    line(what, times);
  }
  // Games ending together: every journal deleted at once. What the event loop is held for is
  // what every table on the process waits.
  const ids = Array.from({ length: TABLES }, (_, i) => `f${TABLES}-${i}`);
  const t0 = performance.now();
  for (const id of ids) file.remove(id);
  const held = performance.now() - t0;
  await file.close();
  console.log(
    `${`file, ${TABLES} journals deleted at once`.padEnd(52)} event loop held ${fmt(held, 3)} ms, all deleted after ${fmt(performance.now() - t0, 3)} ms`,
  );
} finally {
  await redis.stop();
  rmSync(dir, { recursive: true, force: true });
}
