/**
 * With REDIS_URL the limits are the cluster's, not each process's: two real server processes on
 * one real redis-server give an address its read and sign-in allowance once between them, and a
 * username's lock set through one holds on the other, as do an address's unknown table codes. A Redis that stops answering fails sign-in
 * closed (503 with Retry-After, not unlimited guessing) and reads open (this process's own table).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedis, type RedisProcess } from "../../../cluster/redis.ts";
import { freePort, startServerProcess, type ServerProcess } from "../support/server-process.ts";

let redis: RedisProcess;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  redis = await startRedis(await freePort(), mkdtempSync(path.join(tmpdir(), "scat-limits-redis-")));
  const env = {
    REDIS_URL: redis.url,
    TRUST_PROXY: "1",
    DATA_DIR: ":memory:",
    READS_BURST: "6",
    READS_PER_SECOND: "0.01",
    ACCOUNT_LOCK_AFTER: "2",
    ACCOUNT_LOCK_GLOBAL_AFTER: "2",
    CODE_MISSES_AFTER: "3",
    LIMITS_REDIS_TIMEOUT_MS: "200",
  };
  [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
}, 90_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await redis?.stop();
});

async function call(srv: ServerProcess, pathname: string, from: string, body?: unknown) {
  const res = await fetch(`${srv.url}/api${pathname}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "x-forwarded-for": from, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? null : JSON.stringify(body),
  });
  return { status: res.status, retryAfter: res.headers.get("retry-after"), json: await res.json().catch(() => null) };
}

describe("limits shared through Redis", () => {
  it("give an address its reads once between two processes", async () => {
    const statuses = [];
    for (let i = 0; i < 10; i++) statuses.push((await call(i % 2 ? b : a, "/leaderboard/devils_scat", "10.1.1.1")).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429, 429, 429]);
  });

  it("give an address (an IPv6 /64) its sign-in attempts once between two processes", async () => {
    const statuses = [];
    for (let i = 0; i < 12; i++)
      statuses.push(
        (await call(i % 2 ? b : a, "/accounts/sign-in", `2001:db8:5:5:${i}::1`, { username: `nobody_${i}`, password: "wrong password" }))
          .status,
      );
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
  });

  it("lock a username on both processes once either has seen enough attempts", async () => {
    const body = { username: "shared_lock", password: "wrong password" };
    expect((await call(a, "/accounts/sign-in", "10.2.0.1", body)).status).toBe(401);
    expect((await call(b, "/accounts/sign-in", "10.2.0.2", body)).status).toBe(401);
    const locked = await call(a, "/accounts/sign-in", "10.2.0.3", body);
    expect(locked.status).toBe(429);
    expect(Number(locked.retryAfter)).toBeGreaterThanOrEqual(1);
  });

  it("count an address's unknown table codes once between two processes", async () => {
    const statuses = [];
    for (const [i, code] of ["GGGGGG", "HHHHHH", "JJJJJJ", "KKKKKK"].entries())
      statuses.push((await call(i % 2 ? b : a, `/social/tables/${code}`, "10.3.0.1")).status);
    expect(statuses).toEqual([404, 404, 404, 429]);
    expect((await call(a, "/social/tables/KKKKKK", "10.3.0.2")).status).toBe(404);
  });

  it("refuse sign-in with 503 while Redis does not answer, keep reads going, and recover", async () => {
    redis.child.kill("SIGSTOP");
    try {
      const signIn = await call(b, "/accounts/sign-in", "10.3.0.1", { username: "anyone", password: "wrong password" });
      expect(signIn.status).toBe(503);
      expect(signIn.json.error).toBe("unavailable");
      expect(Number(signIn.retryAfter)).toBeGreaterThanOrEqual(1);
      expect((await call(a, "/leaderboard/devils_scat", "10.3.0.2")).status).toBe(200);
    } finally {
      redis.child.kill("SIGCONT");
    }
    let status = 0;
    for (let i = 0; i < 50 && status !== 401; i++) {
      status = (await call(b, "/accounts/sign-in", `10.3.1.${i}`, { username: "anyone", password: "wrong password" })).status;
      if (status !== 401) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(401);
  });
});
