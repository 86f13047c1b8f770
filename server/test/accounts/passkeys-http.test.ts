/**
 * Passkeys and recovery codes through the real HTTP API (accounts/passkeys.ts,
 * accounts/recovery-codes.ts, accounts/recovery-routes.ts), with a software authenticator: a
 * saved account adds a passkey and signs in with it, no username asked; a challenge works once
 * and only for the ceremony and account it was made for; a ceremony from another origin, a
 * passkey the site does not know, a removed one, a used or voided recovery code are refused; a
 * recovery code signs in and lets that session set a new password without the old one, which
 * signs every other session out; sign-in attempts of both kinds are rate-limited per address.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Server } from "@colyseus/core";
import { createServer } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { freePort } from "../helpers.ts";
import { SoftAuthenticator } from "./soft-authenticator.ts";

let base = "";
let server: Server;
beforeAll(async () => {
  const port = await freePort();
  // TRUST_PROXY: each test claims its own address (X-Forwarded-For), so the per-address limits meet only the test that means to reach them.
  server = createServer(
    loadConfig({ LOG_LEVEL: "silent", DATA_DIR: ":memory:", ACCOUNTS_PER_HOUR: "1000", TRUST_PROXY: "1", PORT: String(port) }),
  );
  await server.listen(port, "127.0.0.1");
  base = `http://127.0.0.1:${port}`;
  await fetch(`${base}/api/leaderboard/devils_scat`);
}, 120_000);
afterAll(async () => {
  await server?.gracefullyShutdown(false);
});

let nextAddress = 1;
const fresh = () => `10.9.${(nextAddress >> 8) & 255}.${nextAddress++ & 255}`;

interface Call {
  status: number;
  body: any;
  cookie: string | null;
}

async function call(path: string, init: { body?: unknown; cookie?: string | null; origin?: string; from?: string } = {}): Promise<Call> {
  const method = init.body === undefined ? "GET" : "POST";
  const headers: Record<string, string> = { "content-type": "application/json", "x-forwarded-for": init.from ?? fresh() };
  if (init.cookie) headers.cookie = init.cookie;
  if (method === "POST") headers.origin = init.origin ?? base;
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  const line = res.headers.getSetCookie().find((c) => c.startsWith("scat_session="));
  return { status: res.status, body: text ? JSON.parse(text) : null, cookie: line ? line.split(";")[0]! : null };
}

let named = 0;
/** A saved account: its session cookie, username, password and recovery codes. */
async function saved(): Promise<{ cookie: string; username: string; password: string; codes: string[]; id: string }> {
  const guest = await call("/accounts/guest", { body: {} });
  const username = `keyholder_${++named}`;
  const password = "plum kettle orbit lantern";
  const reg = await call("/accounts/register", { body: { username, password }, cookie: guest.cookie });
  expect(reg.status, JSON.stringify(reg.body)).toBe(200);
  return { cookie: reg.cookie!, username, password, codes: reg.body.recoveryCodes, id: reg.body.player.id };
}

/** Adds a passkey made by `auth` to the account of `cookie`. */
async function addPasskey(cookie: string, auth: SoftAuthenticator): Promise<Call> {
  const options = await call("/me/passkeys/options", { body: {}, cookie });
  expect(options.status).toBe(200);
  return call("/me/passkeys", { body: { response: auth.register(options.body.options, { origin: base }) }, cookie });
}

describe("passkeys", () => {
  it("a saved account adds a passkey, lists it, and signs in with it without a username", async () => {
    const acct = await saved();
    const auth = new SoftAuthenticator();
    const options = await call("/me/passkeys/options", { body: {}, cookie: acct.cookie });
    expect(options.body.options).toMatchObject({
      rp: { id: "127.0.0.1", name: "Scat Tables" },
      user: { name: acct.username },
      attestation: "none",
    });
    const added = await call("/me/passkeys", {
      body: { response: auth.register(options.body.options, { origin: base }), label: "My laptop" },
      cookie: acct.cookie,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.passkey).toMatchObject({ label: "My laptop", lastUsedAt: null });
    const list = await call("/me/passkeys", { cookie: acct.cookie });
    expect(list.body.passkeys).toEqual([expect.objectContaining({ id: added.body.passkey.id, label: "My laptop" })]);

    const ask = await call("/accounts/passkey/options", { body: {} });
    expect(ask.status).toBe(200);
    expect(ask.body.options.allowCredentials ?? []).toEqual([]);
    const signedIn = await call("/accounts/passkey", { body: { response: auth.signIn(ask.body.options, { origin: base }) } });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.player).toMatchObject({ id: acct.id, username: acct.username });
    expect(signedIn.cookie).not.toBeNull();
    expect((await call("/me", { cookie: signedIn.cookie })).body.player.id).toBe(acct.id);
    expect((await call("/me/passkeys", { cookie: acct.cookie })).body.passkeys[0].lastUsedAt).toBeGreaterThan(0);
  });

  it("refuses a challenge used twice, made for another ceremony or for another account", async () => {
    const acct = await saved();
    const auth = new SoftAuthenticator();
    const options = await call("/me/passkeys/options", { body: {}, cookie: acct.cookie });
    const response = auth.register(options.body.options, { origin: base });
    expect((await call("/me/passkeys", { body: { response }, cookie: acct.cookie })).status).toBe(201);
    const again = await call("/me/passkeys", { body: { response }, cookie: acct.cookie });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe("challenge-expired");

    const ask = await call("/accounts/passkey/options", { body: {} });
    const assertion = auth.signIn(ask.body.options, { origin: base });
    expect((await call("/accounts/passkey", { body: { response: assertion } })).status).toBe(200);
    const replayed = await call("/accounts/passkey", { body: { response: assertion } });
    expect(replayed.status).toBe(400);
    expect(replayed.body.error).toBe("challenge-expired");
    expect(replayed.cookie).toBeNull();

    // A challenge the page made up, one made for registering, one made for another account.
    const madeUp = await call("/accounts/passkey", {
      body: { response: auth.signIn({ challenge: "bm90LWZyb20tdGhlLXNlcnZlcg", rpId: "127.0.0.1" }, { origin: base }) },
    });
    expect(madeUp.body.error).toBe("challenge-expired");
    const forRegistering = await call("/me/passkeys/options", { body: {}, cookie: acct.cookie });
    expect(
      (
        await call("/accounts/passkey", {
          body: { response: auth.signIn({ challenge: forRegistering.body.options.challenge, rpId: "127.0.0.1" }, { origin: base }) },
        })
      ).body.error,
    ).toBe("challenge-expired");
    const other = await saved();
    const othersOptions = await call("/me/passkeys/options", { body: {}, cookie: other.cookie });
    const stolen = await call("/me/passkeys", {
      body: { response: new SoftAuthenticator().register(othersOptions.body.options, { origin: base }) },
      cookie: acct.cookie,
    });
    expect(stolen.body.error).toBe("challenge-expired");
  });

  it("refuses a ceremony from another origin or for another site, and a request from another site's page", async () => {
    const acct = await saved();
    const auth = new SoftAuthenticator();
    const options = await call("/me/passkeys/options", { body: {}, cookie: acct.cookie });
    const phished = await call("/me/passkeys", {
      body: { response: auth.register(options.body.options, { origin: "https://scat-tables.example" }) },
      cookie: acct.cookie,
    });
    expect(phished.status).toBe(401);
    expect(phished.body.error).toBe("passkey-refused");
    expect((await call("/me/passkeys", { cookie: acct.cookie })).body.passkeys).toEqual([]);
    expect((await addPasskey(acct.cookie, auth)).status).toBe(201);

    const ask = await call("/accounts/passkey/options", { body: {} });
    const elsewhere = await call("/accounts/passkey", {
      body: { response: auth.signIn(ask.body.options, { origin: "https://scat-tables.example" }) },
    });
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body.error).toBe("passkey-refused");
    expect(elsewhere.cookie).toBeNull();
    const ask2 = await call("/accounts/passkey/options", { body: {} });
    const otherRp = await call("/accounts/passkey", {
      body: { response: auth.signIn(ask2.body.options, { origin: base, rpId: "scat-tables.example" }) },
    });
    expect(otherRp.body.error).toBe("passkey-refused");
    const ask3 = await call("/accounts/passkey/options", { body: {} });
    const crossSite = await call("/accounts/passkey", {
      body: { response: auth.signIn(ask3.body.options, { origin: base }) },
      origin: "https://scat-tables.example",
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.error).toBe("cross-site");
  });

  it("refuses a passkey the site does not know, or one its owner removed", async () => {
    const acct = await saved();
    const auth = new SoftAuthenticator();
    const added = await addPasskey(acct.cookie, auth);
    const stranger = new SoftAuthenticator();
    stranger.userHandle = auth.userHandle;
    const ask = await call("/accounts/passkey/options", { body: {} });
    const unknown = await call("/accounts/passkey", { body: { response: stranger.signIn(ask.body.options, { origin: base }) } });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toBe("unknown-passkey");

    expect((await call(`/me/passkeys/${added.body.passkey.id}/remove`, { body: {}, cookie: acct.cookie })).status).toBe(204);
    expect((await call(`/me/passkeys/${added.body.passkey.id}/remove`, { body: {}, cookie: acct.cookie })).status).toBe(404);
    const ask2 = await call("/accounts/passkey/options", { body: {} });
    const removed = await call("/accounts/passkey", { body: { response: auth.signIn(ask2.body.options, { origin: base }) } });
    expect(removed.body.error).toBe("unknown-passkey");
    // Another account cannot remove someone's passkey.
    const again = await addPasskey(acct.cookie, new SoftAuthenticator());
    const other = await saved();
    expect((await call(`/me/passkeys/${again.body.passkey.id}/remove`, { body: {}, cookie: other.cookie })).status).toBe(404);
  });

  it("adds passkeys only to a signed-in, saved account", async () => {
    expect((await call("/me/passkeys/options", { body: {} })).status).toBe(401);
    const guest = await call("/accounts/guest", { body: {} });
    const refused = await call("/me/passkeys/options", { body: {}, cookie: guest.cookie });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("register-first");
  });

  it("limits passkey sign-in attempts per address, like password sign-ins", async () => {
    const from = fresh();
    const answers: number[] = [];
    for (let i = 0; i < 12; i++) answers.push((await call("/accounts/passkey/options", { body: {}, from })).status);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(answers.slice(10)).toEqual([429, 429]);
    expect((await call("/accounts/passkey/options", { body: {} })).status).toBe(200);
  });
});

describe("recovery codes", () => {
  it("a code signs in once and lets that session set a new password, which signs out every other session", async () => {
    const acct = await saved();
    expect(acct.codes).toHaveLength(10);
    expect(new Set(acct.codes).size).toBe(10);
    expect(acct.codes[0]).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    // Typed in lower case, without dashes: the same code.
    const code = acct.codes[3]!;
    const recovered = await call("/accounts/recover", {
      body: { username: acct.username.toUpperCase(), code: code.toLowerCase().replace(/-/g, " ") },
    });
    expect(recovered.status, JSON.stringify(recovered.body)).toBe(200);
    expect(recovered.body.player.id).toBe(acct.id);
    expect((await call("/me/recovery-codes", { cookie: recovered.cookie })).body.remaining).toBe(9);
    const weak = await call("/me/password", { body: { password: "password1" }, cookie: recovered.cookie });
    expect(weak.body.error).toBe("weak-password");
    const newPassword = "quartz meadow violin harbor";
    expect((await call("/me/password", { body: { password: newPassword }, cookie: recovered.cookie })).status).toBe(204);
    expect((await call("/me", { cookie: recovered.cookie })).status).toBe(200);
    expect((await call("/me", { cookie: acct.cookie })).status).toBe(401);
    expect((await call("/accounts/sign-in", { body: { username: acct.username, password: acct.password } })).status).toBe(401);
    expect((await call("/accounts/sign-in", { body: { username: acct.username, password: newPassword } })).status).toBe(200);
    // The leave to skip the old password was spent.
    expect((await call("/me/password", { body: { password: "second thought pelican" }, cookie: recovered.cookie })).body.error).toBe(
      "current-password-needed",
    );

    const reused = await call("/accounts/recover", { body: { username: acct.username, code } });
    expect(reused.status).toBe(401);
    expect(reused.body.error).toBe("bad-recovery-code");
    expect(reused.cookie).toBeNull();
  });

  it("a password change needs the old password outside a recovery", async () => {
    const acct = await saved();
    expect((await call("/me/password", { body: { password: "brand new lantern kiwi" }, cookie: acct.cookie })).body.error).toBe(
      "current-password-needed",
    );
    expect(
      (await call("/me/password", { body: { password: "brand new lantern kiwi", currentPassword: "not it at all" }, cookie: acct.cookie }))
        .status,
    ).toBe(401);
    expect(
      (await call("/me/password", { body: { password: "brand new lantern kiwi", currentPassword: acct.password }, cookie: acct.cookie }))
        .status,
    ).toBe(204);
    expect((await call("/accounts/sign-in", { body: { username: acct.username, password: "brand new lantern kiwi" } })).status).toBe(200);
  });

  it("new codes void the old set; a code of another account, or a made-up one, opens nothing", async () => {
    const acct = await saved();
    const other = await saved();
    expect((await call("/accounts/recover", { body: { username: acct.username, code: other.codes[0] } })).status).toBe(401);
    expect((await call("/accounts/recover", { body: { username: acct.username, code: "not a code" } })).status).toBe(401);
    const renewed = await call("/me/recovery-codes", { body: {}, cookie: acct.cookie });
    expect(renewed.status).toBe(201);
    expect(renewed.body.codes).toHaveLength(10);
    expect((await call("/accounts/recover", { body: { username: acct.username, code: acct.codes[0] } })).body.error).toBe(
      "bad-recovery-code",
    );
    expect((await call("/accounts/recover", { body: { username: acct.username, code: renewed.body.codes[0] } })).status).toBe(200);
    const guest = await call("/accounts/guest", { body: {} });
    expect((await call("/me/recovery-codes", { body: {}, cookie: guest.cookie })).body.error).toBe("register-first");
  });

  it("limits recovery attempts per address and per username, like password sign-ins", async () => {
    const acct = await saved();
    const from = fresh();
    const answers: number[] = [];
    for (let i = 0; i < 7; i++)
      answers.push((await call("/accounts/recover", { body: { username: acct.username, code: `AAAA-AAAA-AAAA-AAA${i}` }, from })).status);
    expect(answers.slice(0, 5)).toEqual(Array(5).fill(401));
    expect(answers.slice(5)).toContain(429);
  });
});
