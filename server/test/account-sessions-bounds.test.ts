/**
 * What a session may outlive and how many there may be, through the real HTTP API
 * (accounts/routes.ts, sessions.ts, tokens.ts, auth.ts): saving a guest account replaces its
 * session and ends its tokens; an account holds a bounded number of live sessions and tokens and
 * mints them at a bounded rate; an old signed token counts only within its documented lifetime;
 * the same-site check compares the scheme as well as host and port.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Server } from "@colyseus/core";
import { SignJWT } from "jose";
import { createServer } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { freePort } from "./helpers.ts";

/** The caps of accounts/sessions.ts (MAX_LIVE), written out so this file runs against a tree without them. */
const MAX_LIVE = { browser: 20, token: 20 };

let base = "";
let server: Server;
beforeAll(async () => {
  const port = await freePort();
  server = createServer(
    loadConfig({ LOG_LEVEL: "silent", DATA_DIR: ":memory:", ACCOUNTS_PER_HOUR: "1000", SIGN_INS_PER_MINUTE: "1000", PORT: String(port) }),
  );
  await server.listen(port, "127.0.0.1");
  base = `http://127.0.0.1:${port}`;
  await fetch(`${base}/api/leaderboard/devils_scat`);
}, 120_000);
afterAll(async () => {
  await server?.gracefullyShutdown(false);
});

interface Call {
  status: number;
  body: any;
  headers: Headers;
}

async function call(path: string, init: { body?: unknown; cookie?: string; origin?: string | null; bearer?: string } = {}): Promise<Call> {
  const method = init.body === undefined ? "GET" : "POST";
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (init.cookie) headers.cookie = init.cookie;
  const origin = init.origin === undefined ? (method === "GET" ? null : base) : init.origin;
  if (origin) headers.origin = origin;
  if (init.bearer) headers.authorization = `Bearer ${init.bearer}`;
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

const cookieOf = (res: Call): string => {
  const line = res.headers.getSetCookie().find((c) => c.startsWith("scat_session="));
  if (!line) throw new Error("no session cookie");
  return line.split(";")[0]!;
};
const PASSWORD = "lantern orbit meadow copper";

describe("saving a guest account", () => {
  it("replaces the guest's session cookie and ends its other sessions and tokens", async () => {
    const guest = await call("/accounts/guest", { body: { name: "Saver" } });
    const oldCookie = cookieOf(guest);
    const longToken = (await call("/me/tokens", { body: { label: "old", scopes: ["play", "account"], days: 365 }, cookie: oldCookie })).body
      .token as string;
    expect((await call("/me", { bearer: longToken })).status).toBe(200);
    const saved = await call("/accounts/register", { body: { username: "saver_one", password: PASSWORD }, cookie: oldCookie });
    expect(saved.status).toBe(200);
    const newCookie = cookieOf(saved);
    expect(newCookie).not.toBe(oldCookie);
    expect((await call("/me", { cookie: newCookie })).body.player.username).toBe("saver_one");
    expect((await call("/me", { cookie: oldCookie })).status).toBe(401);
    expect((await call("/me", { bearer: longToken })).status).toBe(401);
    expect((await call("/me/sessions", { cookie: newCookie })).body.sessions).toHaveLength(1);
  });

  it("gives a script that saved with its token a new token in the answer, and ends the old one", async () => {
    const guest = await call("/accounts/guest", { body: { name: "Script", token: true }, origin: null });
    const saved = await call("/accounts/register", {
      body: { username: "saver_two", password: PASSWORD },
      bearer: guest.body.token,
      origin: null,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.token).toMatch(/^sct_/);
    expect(saved.headers.getSetCookie()).toEqual([]);
    expect((await call("/me", { bearer: guest.body.token })).status).toBe(401);
    expect((await call("/me", { bearer: saved.body.token })).body.player.username).toBe("saver_two");
  });
});

describe("live sessions and tokens per account", () => {
  it(`holds at most ${MAX_LIVE.browser} browser sessions (the least recently used gives way) and ${MAX_LIVE.token} tokens (then 409 too-many-tokens)`, async () => {
    const guest = await call("/accounts/guest", { body: { name: "Hoarder" } });
    const first = cookieOf(guest);
    expect((await call("/accounts/register", { body: { username: "hoarder", password: PASSWORD }, cookie: first })).status).toBe(200);
    const cookies: string[] = [];
    for (let i = 0; i < MAX_LIVE.browser + 2; i++) {
      const signed = await call("/accounts/sign-in", { body: { username: "hoarder", password: PASSWORD } });
      if (signed.status !== 200) break;
      cookies.push(cookieOf(signed));
    }
    // Every sign-in works (the owner is never refused for its own sessions); the least recently used give way.
    expect(cookies).toHaveLength(MAX_LIVE.browser + 2);
    const newest = cookies.at(-1)!;
    const listed = (await call("/me/sessions", { cookie: newest })).body.sessions as { kind: string }[];
    expect(listed.filter((s) => s.kind === "browser")).toHaveLength(MAX_LIVE.browser);
    expect((await call("/me", { cookie: cookies[0]! })).status).toBe(401);
    expect((await call("/me", { cookie: newest })).status).toBe(200);
    // With 20 tokens made by name, a script's sign-in still gets its token (a refusal would tell a guesser the password was right).
    for (let i = 0; i < MAX_LIVE.token; i++)
      expect((await call("/me/tokens", { body: { label: `named ${i}` }, cookie: newest })).status).toBe(201);
    const script = await call("/accounts/sign-in", { body: { username: "hoarder", password: PASSWORD, token: true }, origin: null });
    expect(script.status).toBe(200);
    expect(script.body.token).toMatch(/^sct_/);
  });

  it("refuses a token past the cap with a clear error, and limits minting per account with 429", async () => {
    const guest = await call("/accounts/guest", { body: { name: "Minter" } });
    const cookie = cookieOf(guest);
    const answers: Call[] = [];
    for (let i = 0; i < MAX_LIVE.token + 2; i++) answers.push(await call("/me/tokens", { body: { label: `t${i}` }, cookie }));
    expect(answers.slice(0, MAX_LIVE.token).every((a) => a.status === 201)).toBe(true);
    const refused = answers.at(-1)!;
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: "too-many-tokens", message: expect.stringMatching(/revoke one first/) });
    // Revoking one frees a place, but the account has spent its burst of new sessions: 429 with Retry-After.
    const one = (await call("/me/sessions", { cookie })).body.sessions.find((s: any) => s.kind === "token");
    expect((await call(`/me/sessions/${one.id}/revoke`, { body: {}, cookie })).status).toBe(204);
    const limited = await call("/me/tokens", { body: { label: "again" }, cookie });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("old signed tokens", () => {
  const sign = async (playerId: string, iat: number, exp: number) => {
    const { TableRoom } = await import("../src/table/table-room.ts");
    return new SignJWT({ v: 0 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(playerId)
      .setIssuer("scat-tables")
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode(TableRoom.platform.secret));
  };
  it("convert to a session only within their 365-day lifetime, whatever expiry they claim", async () => {
    const made = await call("/accounts/guest", { body: { name: "Century" } });
    const id = made.body.player.id as string;
    const now = Math.floor(Date.now() / 1000);
    const century = await sign(id, now - 2 * 365 * 86_400, now + 100 * 365 * 86_400);
    expect((await call("/accounts/session", { body: {}, bearer: century })).status).toBe(401);
    const fresh = await sign(id, now - 60, now + 100 * 365 * 86_400);
    expect((await call("/accounts/session", { body: {}, bearer: fresh })).status).toBe(401);
    const proper = await sign(id, now - 60, now + 364 * 86_400);
    expect((await call("/accounts/session", { body: {}, bearer: proper })).status).toBe(200);
  });
});

describe("the same-site check", () => {
  it("refuses an https Origin at the http server, and another port, for a cookie and for a new session", async () => {
    const made = await call("/accounts/guest", { body: { name: "Scheme" } });
    const cookie = cookieOf(made);
    const https = base.replace("http://", "https://");
    for (const origin of [https, base.replace(/:(\d+)$/, (_, p: string) => `:${Number(p) + 1}`)]) {
      const forged = await call("/me/name", { body: { name: "Pwned" }, cookie, origin });
      expect(forged.status, origin).toBe(403);
      expect(forged.body.error).toBe("cross-site");
      expect((await call("/accounts/guest", { body: { name: "Planted" }, origin })).status, origin).toBe(403);
    }
    expect((await call("/me", { cookie })).body.player.name).toBe("Scheme");
    expect((await call("/me/name", { body: { name: "Scheme 2" }, cookie })).status).toBe(200);
  });
});
