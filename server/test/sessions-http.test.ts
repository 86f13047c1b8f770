/**
 * Sessions through the real HTTP API (accounts/sessions.ts, accounts/auth.ts): a browser gets an
 * HttpOnly, SameSite=Lax cookie (Secure behind TLS) and never a token in the body; a cookie sent
 * from another site changes nothing (CSRF); sign out ends one session, sign out everywhere all of
 * them (personal tokens and old signed tokens too); a personal token is scoped and revocable; an
 * old localStorage token moves onto a cookie once. Also the API's error shape on malformed input,
 * the browser security headers and the closed operator endpoints.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Server } from "@colyseus/core";
import { createServer } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { freePort } from "./helpers.ts";

interface Booted {
  base: string;
  server: Server;
}

async function boot(env: Record<string, string> = {}): Promise<Booted> {
  const port = await freePort();
  const server = createServer(
    loadConfig({ LOG_LEVEL: "silent", DATA_DIR: ":memory:", ACCOUNTS_PER_HOUR: "1000", ...env, PORT: String(port) }),
  );
  await server.listen(port, "127.0.0.1");
  return { base: `http://127.0.0.1:${port}`, server };
}

let plain: Booted;
beforeAll(async () => {
  plain = await boot();
  // Opening PGlite takes seconds on a loaded machine: once, here.
  await fetch(`${plain.base}/api/leaderboard/devils_scat`);
}, 120_000);
afterAll(async () => {
  await plain?.server.gracefullyShutdown(false);
});

interface Call {
  status: number;
  body: any;
  headers: Headers;
}

async function call(
  base: string,
  path: string,
  init: { method?: string; body?: unknown; raw?: string; cookie?: string; origin?: string | null; bearer?: string } = {},
): Promise<Call> {
  const method = init.method ?? (init.body === undefined && init.raw === undefined ? "GET" : "POST");
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (init.cookie) headers.cookie = init.cookie;
  // A browser page of this site sends its own origin on every POST; null leaves it out.
  const origin = init.origin === undefined ? (method === "GET" ? null : base) : init.origin;
  if (origin) headers.origin = origin;
  if (init.bearer) headers.authorization = `Bearer ${init.bearer}`;
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers,
    ...(init.raw !== undefined ? { body: init.raw } : init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: the test says so */
  }
  return { status: res.status, body, headers: res.headers };
}

/** The `scat_session=...` pair from a response's Set-Cookie, and its attributes. */
function sessionCookie(res: Call): { pair: string; attrs: string[] } {
  const line = res.headers.getSetCookie().find((c) => c.startsWith("scat_session="));
  if (!line) throw new Error(`no session cookie in ${JSON.stringify(res.headers.getSetCookie())}`);
  const [pair, ...attrs] = line.split(";").map((x) => x.trim());
  return { pair: pair!, attrs: attrs.map((a) => a.toLowerCase()) };
}

describe("browser sessions", () => {
  it("gives a browser an HttpOnly, SameSite=Lax cookie lasting 30 days, and no token to read", async () => {
    const made = await call(plain.base, "/accounts/guest", { body: { name: "Cookie" } });
    expect(made.status).toBe(201);
    expect(made.body.token).toBeUndefined();
    const { pair, attrs } = sessionCookie(made);
    expect(attrs).toEqual(expect.arrayContaining(["httponly", "samesite=lax", "path=/", `max-age=${30 * 86400}`]));
    expect(attrs).not.toContain("secure");
    const me = await call(plain.base, "/me", { cookie: pair });
    expect(me.status).toBe(200);
    expect(me.body.player).toMatchObject({ name: "Cookie", guest: true });
    expect(me.body.session.expiresAt).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect((await call(plain.base, "/me")).status).toBe(401);
  });

  it("refuses a cookie sent from another site on anything that changes the account (CSRF)", async () => {
    const { pair } = sessionCookie(await call(plain.base, "/accounts/guest", { body: { name: "Victim" } }));
    for (const origin of ["http://evil.example", "null"]) {
      const forged = await call(plain.base, "/me/name", { body: { name: "Pwned" }, cookie: pair, origin });
      expect(forged.status).toBe(403);
      expect(forged.body.error).toBe("cross-site");
    }
    // A form post or a script of another kind that sends no Origin at all is refused too.
    expect((await call(plain.base, "/me/name", { body: { name: "Pwned" }, cookie: pair, origin: null })).status).toBe(403);
    expect(
      (await call(plain.base, "/accounts/sign-out-everywhere", { body: {}, cookie: pair, origin: "http://evil.example" })).status,
    ).toBe(403);
    expect((await call(plain.base, "/me", { cookie: pair })).body.player.name).toBe("Victim");
    // Another site cannot make a session for the browser either (login CSRF).
    const planted = await call(plain.base, "/accounts/guest", { body: { name: "Planted" }, origin: "http://evil.example" });
    expect(planted.status).toBe(403);
    expect(planted.headers.getSetCookie()).toEqual([]);
    // From the site's own page it works.
    const renamed = await call(plain.base, "/me/name", { body: { name: "Victim 2" }, cookie: pair });
    expect(renamed.status).toBe(200);
    expect(renamed.body.player.name).toBe("Victim 2");
  });

  it("signs out one session, lists the others with their last use, and signs out everywhere", async () => {
    const first = await call(plain.base, "/accounts/guest", { body: { name: "Many" } });
    const reg = await call(plain.base, "/accounts/register", {
      body: { username: "many_sessions", password: "a long pass phrase 77" },
      cookie: sessionCookie(first).pair,
    });
    expect(reg.status).toBe(200);
    // Saving the account gave the browser a new session cookie.
    const a = sessionCookie(reg).pair;
    const b = sessionCookie(
      await call(plain.base, "/accounts/sign-in", { body: { username: "many_sessions", password: "a long pass phrase 77" } }),
    ).pair;
    const script = await call(plain.base, "/accounts/sign-in", {
      body: { username: "many_sessions", password: "a long pass phrase 77", token: true },
      origin: null,
    });
    expect(script.body.token).toMatch(/^sct_/);
    expect(script.headers.getSetCookie()).toEqual([]);

    const listed = await call(plain.base, "/me/sessions", { cookie: a });
    expect(listed.body.sessions).toHaveLength(3);
    expect(listed.body.sessions.filter((s: any) => s.current)).toHaveLength(1);
    expect(listed.body.sessions.every((s: any) => typeof s.lastUsedAt === "number" && !JSON.stringify(s).includes(a.split("=")[1]!))).toBe(
      true,
    );

    const out = await call(plain.base, "/accounts/sign-out", { body: {}, cookie: b });
    expect(out.status).toBe(204);
    expect(sessionCookie(out).attrs).toContain("max-age=0");
    expect((await call(plain.base, "/me", { cookie: b })).status).toBe(401);
    expect((await call(plain.base, "/me", { cookie: a })).status).toBe(200);

    // Revoke the script's token from the browser's list.
    const tokenRow = (await call(plain.base, "/me/sessions", { cookie: a })).body.sessions.find((s: any) => s.kind === "token");
    expect((await call(plain.base, `/me/sessions/${tokenRow.id}/revoke`, { body: {}, cookie: a })).status).toBe(204);
    expect((await call(plain.base, "/me", { bearer: script.body.token })).status).toBe(401);

    const made = await call(plain.base, "/me/tokens", { body: { label: "k6", scopes: ["play"], days: 7 }, cookie: a });
    expect(made.status).toBe(201);
    expect(made.body.expiresAt).toBeLessThanOrEqual(Date.now() + 7 * 86_400_000 + 5_000);
    expect((await call(plain.base, "/me", { bearer: made.body.token })).status).toBe(200);
    // A "play" token cannot change the account.
    const scoped = await call(plain.base, "/me/name", { body: { name: "Nope" }, bearer: made.body.token, origin: null });
    expect(scoped.status).toBe(403);
    expect(scoped.body.error).toBe("insufficient-scope");

    expect((await call(plain.base, "/accounts/sign-out-everywhere", { body: {}, cookie: a })).status).toBe(204);
    expect((await call(plain.base, "/me", { cookie: a })).status).toBe(401);
    expect((await call(plain.base, "/me", { bearer: made.body.token })).status).toBe(401);
  });

  it("moves an old signed token from localStorage onto a cookie", async () => {
    const made = await call(plain.base, "/accounts/guest", { body: { name: "Legacy" } });
    const { Tokens } = await import("../src/accounts/tokens.ts");
    const platform = (await import("../src/table/table-room.ts")).TableRoom.platform;
    const old = await new Tokens(platform.secret).sign({ playerId: made.body.player.id, version: 0 });
    const moved = await call(plain.base, "/accounts/session", { body: {}, bearer: old });
    expect(moved.status).toBe(200);
    expect(moved.body.player.id).toBe(made.body.player.id);
    expect((await call(plain.base, "/me", { cookie: sessionCookie(moved).pair })).status).toBe(200);
    expect((await call(plain.base, "/accounts/session", { body: {}, bearer: `${old}x` })).status).toBe(401);
    // The old token is no bearer credential any more: only a personal token is.
    expect((await call(plain.base, "/me", { bearer: old })).status).toBe(401);
  });

  it("marks the cookie Secure and sends HSTS when the site is served over TLS", async () => {
    const tls = await boot({ PUBLIC_URL: "https://cards.example" });
    try {
      // The page of a site served over TLS sends an https Origin.
      const made = await call(tls.base, "/accounts/guest", { body: { name: "Tls" }, origin: tls.base.replace("http://", "https://") });
      expect(sessionCookie(made).attrs).toContain("secure");
      expect(made.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    } finally {
      await tls.server.gracefullyShutdown(false);
    }
    expect((await fetch(`${plain.base}/`)).headers.get("strict-transport-security")).toBeNull();
  });
});

describe("malformed input and the page's headers", () => {
  it("answers malformed requests with the API's JSON, never a stack trace or a path", async () => {
    const cases: Array<[string, Parameters<typeof call>[2], number]> = [
      ["/accounts/guest", { raw: '{"name":' }, 400],
      ["/accounts/guest", { raw: JSON.stringify({ name: "x".repeat(5000) }) }, 413],
      ["/players/%E0%A4%A", {}, 400],
      ["/no-such-route", {}, 404],
    ];
    for (const [path, init, status] of cases) {
      const res = await call(plain.base, path, init);
      expect(res.status, path).toBe(status);
      expect(res.headers.get("content-type")).toMatch(/application\/json/);
      expect(typeof res.body.error).toBe("string");
      expect(typeof res.body.message).toBe("string");
      expect(JSON.stringify(res.body)).not.toMatch(/\/work\/|node_modules|at .*\(/);
    }
  });

  it("sends a strict CSP, no framing, nosniff, a referrer policy and COOP, and no X-Powered-By", async () => {
    for (const path of ["/", "/api/ranked/formats", "/health"]) {
      const res = await fetch(`${plain.base}${path}`);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp, path).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toMatch(/connect-src 'self'(;|$)/);
      expect(csp).not.toContain("unsafe-inline");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("same-origin");
      expect(res.headers.get("cross-origin-opener-policy")).toBe("same-origin");
      expect(res.headers.get("x-powered-by")).toBeNull();
    }
  });

  it("keeps /metrics and the detailed health closed on the public port unless a token is set", async () => {
    expect((await fetch(`${plain.base}/metrics`)).status).toBe(404);
    expect(await (await fetch(`${plain.base}/health`)).json()).toEqual({ ok: true });
  });
});
