/**
 * A password guesser and a flooder against a real server process (TRUST_PROXY=1, so each request
 * claims its address with X-Forwarded-For): the per-username lock holds across many addresses
 * and lets the right password in only after its backoff; unknown usernames cost a dummy hash and
 * lock alike; weak passwords are refused with a reason; IPv6 is limited per /64; reads are limited.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { metricValue, startServerProcess, type ServerProcess } from "../support/server-process.ts";

const METRICS_TOKEN = "m".repeat(32);
let srv: ServerProcess;

beforeAll(async () => {
  srv = await startServerProcess({
    TRUST_PROXY: "1",
    METRICS_TOKEN,
    ACCOUNT_LOCK_AFTER: "3",
    ACCOUNT_LOCK_GLOBAL_AFTER: "3",
    ACCOUNT_LOCK_MAX_SECONDS: "600",
    READS_BURST: "5",
    READS_PER_SECOND: "0.01",
    ACCOUNTS_PER_HOUR: "1000",
  });
}, 90_000);
afterAll(async () => {
  await srv?.stop();
});

let nextAddress = 1;
/** A fresh IPv4 address for each call unless one is given. */
const fresh = () => `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress++ & 255}`;

async function api(
  path: string,
  { body, from = fresh(), token, method }: { body?: unknown; from?: string; token?: string; method?: string } = {},
) {
  const headers: Record<string, string> = { "x-forwarded-for": from };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${srv.url}/api${path}`, {
    method: method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, retryAfter: Number(res.headers.get("retry-after") ?? NaN), json: text ? JSON.parse(text) : null };
}

async function registered(username: string, password: string): Promise<string> {
  const guest = await api("/accounts/guest", { body: { name: username, token: true } });
  expect(guest.status).toBe(201);
  const reg = await api("/accounts/register", { body: { username, password }, token: guest.json.token });
  expect(reg.status, JSON.stringify(reg.json)).toBe(200);
  return guest.json.player.id;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Wrong passwords from a new address each, waiting out each lock, until a lock of at least `seconds` is set. */
async function lockFor(username: string, seconds: number): Promise<{ failures: number; locks: number[] }> {
  let failures = 0;
  const locks: number[] = [];
  for (let i = 0; i < 60; i++) {
    const r = await api("/accounts/sign-in", { body: { username, password: `wrong guess ${i}` } });
    if (r.status === 401) {
      failures++;
      continue;
    }
    expect(r.status).toBe(429);
    expect(r.json.error).toBe("rate-limited");
    locks.push(r.retryAfter);
    if (r.retryAfter >= seconds) return { failures, locks };
    await sleep(r.retryAfter * 1000 + 50);
  }
  throw new Error("no lock");
}

describe("a password guesser", () => {
  it("is held back per username whatever its addresses; the right password waits out the backoff, then works and resets it", async () => {
    await registered("victim_1", "plum kettle orbit");
    const { failures, locks } = await lockFor("victim_1", 4);
    // Three attempts before the lock, then one per 1 s, 2 s, 4 s: each from a new address.
    expect(failures).toBeLessThanOrEqual(6);
    expect(locks.length).toBeGreaterThanOrEqual(3);
    const locked = await api("/accounts/sign-in", { body: { username: "victim_1", password: "plum kettle orbit" } });
    expect(locked.status).toBe(429);
    expect(locked.retryAfter).toBeGreaterThanOrEqual(2);
    await sleep(locked.retryAfter * 1000 + 100);
    const ok = await api("/accounts/sign-in", { body: { username: "victim_1", password: "plum kettle orbit" } });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    // The success reset the count: a wrong password is checked again (401), not locked.
    expect((await api("/accounts/sign-in", { body: { username: "victim_1", password: "wrong again" } })).status).toBe(401);
  }, 60_000);

  it("meets the same lock, with the same answer, for a username that does not exist", async () => {
    await registered("victim_2", "plum kettle orbit");
    const known = await lockFor("victim_2", 2);
    const unknown = await lockFor("nobody_here_2", 2);
    expect(unknown.failures).toBe(known.failures);
    const a = await api("/accounts/sign-in", { body: { username: "victim_2", password: "x" } });
    const b = await api("/accounts/sign-in", { body: { username: "nobody_here_2", password: "x" } });
    expect([a.status, a.json]).toEqual([b.status, b.json]);
  }, 60_000);

  it("costs an unknown username the same argon2 work: the dummy hash runs", async () => {
    const before = metricValue(await srv.metrics(METRICS_TOKEN), "scat_password_hashes_total", 'op="dummy"');
    const verifiesBefore = metricValue(await srv.metrics(METRICS_TOKEN), "scat_password_hashes_total", 'op="verify"');
    expect((await api("/accounts/sign-in", { body: { username: "no_such_user_3", password: "plum kettle orbit" } })).status).toBe(401);
    expect((await api("/accounts/sign-in", { body: { username: "no_such_user_4", password: "plum kettle orbit" } })).status).toBe(401);
    const text = await srv.metrics(METRICS_TOKEN);
    expect(metricValue(text, "scat_password_hashes_total", 'op="dummy"') - before).toBe(2);
    expect(metricValue(text, "scat_password_hashes_total", 'op="verify"') - verifiesBefore).toBe(0);
  });
});

describe("new passwords", () => {
  it.each([["password"], ["12345678"], ["aaaaaaaa"], ["Victim_5 rocks"], ["scattables!"]])(
    "refuses %s with a reason and keeps the account a guest",
    async (password) => {
      const guest = await api("/accounts/guest", { body: { name: "Five", token: true } });
      const r = await api("/accounts/register", { body: { username: "Victim_5", password }, token: guest.json.token });
      expect(r.status).toBe(400);
      expect(r.json.error).toBe("weak-password");
      expect(r.json.message).toMatch(/\w{4,}/);
      const me = await api("/me", { token: guest.json.token });
      expect(me.json.player.guest).toBe(true);
    },
  );
});

describe("a flooder", () => {
  it("is limited per /64 on IPv6 (IPv4-mapped counts as IPv4), on reads too", async () => {
    const prefix = "2001:db8:77:1";
    const reads = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((i) => api("/leaderboard/devils_scat", { from: `${prefix}:${i}:${i}:${i}:${i}` })),
    );
    expect(reads.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(reads[5]!.retryAfter).toBeGreaterThan(0);
    expect((await api("/players/nobody", { from: `${prefix}:ffff::1` })).status).toBe(429);
    expect((await api("/leaderboard/devils_scat", { from: "2001:db8:77:2::1" })).status).toBe(200);
    const v4 = "10.200.0.1";
    for (let i = 0; i < 5; i++) expect((await api("/leaderboard/devils_scat", { from: i % 2 ? v4 : `::ffff:${v4}` })).status).toBe(200);
    expect((await api("/matches/none/log", { from: `::ffff:${v4}` })).status).toBe(429);
  });

  it("gets 10 sign-ins per /64, then 429, whatever usernames it tries", async () => {
    const statuses = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await api("/accounts/sign-in", { body: { username: `nobody_${i}_64`, password: "x" }, from: `2001:db8:88:1:${i}::7` })).status,
      );
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });
});
