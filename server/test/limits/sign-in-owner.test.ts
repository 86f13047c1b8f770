/**
 * An attacker who knows a username cannot keep its owner out (limits/sign-in-lock.ts,
 * accounts/device-cookie.ts), against a real server process (TRUST_PROXY=1: each request claims
 * its address with X-Forwarded-For): a guesser at one address locks only that address; many
 * addresses together lock the username for browsers it never signed in on (guessing stays
 * bounded), but the owner's browser, bringing the device cookie of an earlier sign-in, gets in.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerProcess, type ServerProcess } from "../support/server-process.ts";

let srv: ServerProcess;
beforeAll(async () => {
  srv = await startServerProcess({
    TRUST_PROXY: "1",
    ACCOUNT_LOCK_AFTER: "2",
    ACCOUNT_LOCK_GLOBAL_AFTER: "8",
    ACCOUNT_LOCK_MAX_SECONDS: "600",
    ACCOUNTS_PER_HOUR: "1000",
    SIGN_INS_PER_MINUTE: "100",
  });
}, 90_000);
afterAll(async () => {
  await srv?.stop();
});

let nextAddress = 1;
const fresh = () => `10.77.${(nextAddress >> 8) & 255}.${nextAddress++ & 255}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Answer {
  status: number;
  retryAfter: number;
  json: any;
  cookies: string[];
}

async function api(
  path: string,
  { body, from = fresh(), token, cookie }: { body?: unknown; from?: string; token?: string; cookie?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { "x-forwarded-for": from, "content-type": "application/json", origin: srv.url };
  if (token) headers.authorization = `Bearer ${token}`;
  if (cookie) headers.cookie = cookie;
  const res = await fetch(`${srv.url}/api${path}`, { method: "POST", headers, body: JSON.stringify(body ?? {}) });
  const text = await res.text();
  return {
    status: res.status,
    retryAfter: Number(res.headers.get("retry-after") ?? NaN),
    json: text ? JSON.parse(text) : null,
    cookies: res.headers.getSetCookie(),
  };
}

const PASSWORD = "plum kettle orbit lantern";

async function registered(username: string): Promise<void> {
  const guest = await api("/accounts/guest", { body: { name: username, token: true } });
  expect(guest.status).toBe(201);
  expect((await api("/accounts/register", { body: { username, password: PASSWORD }, token: guest.json.token })).status).toBe(200);
}

/** Wrong passwords (from `from`, else a new address each), waiting out each lock, until a lock of at least `seconds` is met. */
async function lockOut(username: string, seconds: number, from?: string): Promise<number> {
  let failures = 0;
  for (let i = 0; i < 60; i++) {
    const r = await api("/accounts/sign-in", { body: { username, password: `wrong guess ${i}` }, ...(from ? { from } : {}) });
    if (r.status === 401) {
      failures++;
      continue;
    }
    expect(r.status).toBe(429);
    if (r.retryAfter >= seconds) return failures;
    await sleep(r.retryAfter * 1000 + 50);
  }
  throw new Error("no lock");
}

const pair = (cookies: string[], name: string): string => {
  const line = cookies.find((c) => c.startsWith(`${name}=`));
  if (!line) throw new Error(`no ${name} cookie in ${JSON.stringify(cookies)}`);
  return line.split(";")[0]!;
};

describe("a username's owner and a guesser", () => {
  it("a guesser at one address locks only that address: the owner elsewhere still signs in", async () => {
    await registered("owner_one");
    const attacker = fresh();
    await lockOut("owner_one", 4, attacker);
    expect((await api("/accounts/sign-in", { body: { username: "owner_one", password: PASSWORD }, from: attacker })).status).toBe(429);
    const owner = await api("/accounts/sign-in", { body: { username: "owner_one", password: PASSWORD } });
    expect(owner.status, JSON.stringify(owner.json)).toBe(200);
  }, 60_000);

  it("many addresses lock the username for unknown browsers, but not the owner's browser with its device cookie", async () => {
    await registered("owner_two");
    await registered("owner_three");
    // The owner signed in on this browser before: it keeps a device cookie for the username.
    const before = await api("/accounts/sign-in", { body: { username: "owner_two", password: PASSWORD } });
    expect(before.status).toBe(200);
    const device = pair(before.cookies, "scat_device");
    expect(before.cookies.find((c) => c.startsWith("scat_device="))).toMatch(/HttpOnly/i);

    const failures = await lockOut("owner_two", 4);
    // Guessing from many addresses stays bounded: a handful of failures, then the ceiling's backoff.
    expect(failures).toBeLessThanOrEqual(11);
    expect((await api("/accounts/sign-in", { body: { username: "owner_two", password: PASSWORD } })).status).toBe(429);
    // The owner's browser, from an address it never used: in, and its session works.
    const owner = await api("/accounts/sign-in", { body: { username: "owner_two", password: PASSWORD }, cookie: device });
    expect(owner.status, JSON.stringify(owner.json)).toBe(200);
    expect(owner.json.player.username).toBe("owner_two");
    // Its success gives the guessers no fresh attempts.
    expect((await api("/accounts/sign-in", { body: { username: "owner_two", password: "another guess" } })).status).toBe(429);
    // The cookie is good for its own username only, and a forged one for none.
    await lockOut("owner_three", 2);
    expect((await api("/accounts/sign-in", { body: { username: "owner_three", password: PASSWORD }, cookie: device })).status).toBe(429);
    const forged = `scat_device=${device.split("=")[1]!.split(".")[0]}.${"A".repeat(43)}`;
    expect((await api("/accounts/sign-in", { body: { username: "owner_two", password: PASSWORD }, cookie: forged })).status).toBe(429);
  }, 60_000);
});
