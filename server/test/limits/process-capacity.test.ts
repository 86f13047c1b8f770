/**
 * What one process takes on, whatever the number of addresses (a botnet): password hashing is
 * bounded (with one hashing thread and no queue, a burst of sign-ins, each from its own address
 * for its own username so no other limit is met, gets 503 with Retry-After for all but what the
 * thread takes, instead of stacking argon2 runs on the cores the tables need), and so are API
 * reads from all addresses together.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { startServerProcess, type ServerProcess } from "../support/server-process.ts";

let srv: ServerProcess;
beforeAll(async () => {
  srv = await startServerProcess({
    TRUST_PROXY: "1",
    PASSWORD_HASH_CONCURRENCY: "1",
    PASSWORD_HASH_QUEUE: "0",
    PROCESS_READS_PER_SECOND: "0.01",
    DATA_DIR: ":memory:",
  });
}, 90_000);
afterAll(async () => {
  await srv?.stop();
});

it("refuses sign-ins past the hashing queue with 503 and Retry-After", async () => {
  const attempt = (i: number) =>
    fetch(`${srv.url}/api/accounts/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `10.60.0.${i}` },
      body: JSON.stringify({ username: `burst_${i}`, password: "wrong password" }),
    });
  // Warm the store so every attempt reaches the hasher at about the same time (the start-up dummy hash may still hold the thread: 503 until it is done).
  let warm = 0;
  for (let i = 0; i < 100 && warm !== 401; i++) {
    warm = (await attempt(0)).status;
    if (warm === 503) await new Promise((r) => setTimeout(r, 100));
  }
  expect(warm).toBe(401);
  const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => attempt(i + 1)));
  const statuses = answers.map((r) => r.status);
  expect(statuses).toContain(401);
  expect(statuses).toContain(503);
  expect(statuses.every((s) => s === 401 || s === 503)).toBe(true);
  for (const r of answers.filter((a) => a.status === 503)) {
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await r.json()).toMatchObject({ error: "busy" });
  }
});

it("serves API reads from many addresses up to the process's budget, then 503 with Retry-After", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) {
    // A different URL each time: the same one would be answered from memory (net/read-cache.ts) after the first.
    const r = await fetch(`${srv.url}/api/leaderboard/devils_scat?n=${i}`, { headers: { "x-forwarded-for": `10.61.0.${i}` } });
    statuses.push(r.status);
    if (r.status === 503) {
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(await r.json()).toMatchObject({ error: "busy" });
    } else await r.arrayBuffer();
  }
  // A burst of 10 (at least), then one more per 100 s.
  expect(statuses).toEqual([...Array(10).fill(200), 503, 503]);
});
