/**
 * A saved account's preferences over HTTP (preferences/routes.ts) on embedded PGlite and a real
 * PostgreSQL: a guest is told to register; empty at first, replaced whole by PUT and read back,
 * the same on a second device (another session), each account's own (another account's token
 * reads and writes only its own), and bad input refused with a clear error and nothing changed:
 * no credentials, malformed JSON, unknown keys or games, wrong values, a huge body.
 */
import type { Server } from "@colyseus/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { freePort } from "../helpers.ts";
import { startPostgres, type PostgresServer } from "../support/postgres-server.ts";

let pg: PostgresServer;
beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);
afterAll(async () => {
  await pg?.stop();
});

describe.each(["pglite", "postgres"] as const)("preferences on %s", (kind) => {
  let server: Server;
  let base = "";
  beforeAll(async () => {
    const port = await freePort();
    server = createServer(
      loadConfig({
        LOG_LEVEL: "silent",
        DATA_DIR: ":memory:",
        ...(kind === "postgres" ? { DATABASE_URL: pg.url } : {}),
        ACCOUNTS_PER_HOUR: "50",
        RATE_LIMIT_PER_SECOND: "100",
        RATE_LIMIT_BURST: "100",
        PORT: String(port),
      }),
    );
    await server.listen(port, "127.0.0.1");
    base = `http://127.0.0.1:${port}`;
  }, 240_000);
  afterAll(async () => {
    await server?.gracefullyShutdown(false);
  });

  async function api(
    path: string,
    init: { method?: string; token?: string | undefined; body?: unknown; raw?: string } = {},
  ): Promise<{ status: number; body: any }> {
    const body = init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
    const res = await fetch(`${base}/api${path}`, {
      method: init.method ?? (body === undefined ? "GET" : "POST"),
      headers: { "content-type": "application/json", ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
      ...(body === undefined ? {} : { body }),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }
  const guest = async (name: string): Promise<string> => {
    const res = await api("/accounts/guest", { body: { name, token: true } });
    expect(res.status).toBe(201);
    return res.body.token as string;
  };
  /** A guest saved with a username (the token saving it gave back: the guest's own ends). */
  const saved = async (name: string, username: string): Promise<string> => {
    const token = await guest(name);
    const res = await api("/accounts/register", { token, body: { username, password: "lantern orbit meadow copper" } });
    expect(res.status).toBe(200);
    return res.body.token;
  };
  const get = (token: string) => api("/me/preferences", { token });
  const put = (token: string, body: unknown) => api("/me/preferences", { method: "PUT", token, body });

  it("starts empty, is replaced whole by PUT, and follows a saved account to a second device; a guest is told to register", async () => {
    const guestToken = await guest("Gus");
    for (const res of [await get(guestToken), await put(guestToken, { lessons: { never: true } })])
      expect([res.status, res.body.error]).toEqual([403, "register-first"]);
    const user = `ann_prefs_${kind}`;
    const ann = await saved("Ann", user);
    expect(await get(ann)).toEqual({ status: 200, body: { preferences: {} } });
    const doc = { lessons: { games: { hit_the_deck: "done", dark_hearts: "offered" } } };
    expect(await put(ann, doc)).toEqual({ status: 200, body: { preferences: doc } });
    expect((await get(ann)).body.preferences).toEqual(doc);
    const next = { lessons: { never: true, games: { hit_the_deck: "done" } } };
    expect((await put(ann, next)).status).toBe(200);
    expect((await get(ann)).body.preferences).toEqual(next);
    // A sign-in elsewhere (another session) reads the same answers.
    const phone = await api("/accounts/sign-in", { body: { username: user, password: "lantern orbit meadow copper", token: true } });
    expect(phone.status).toBe(200);
    expect(phone.body.token).not.toBe(ann);
    expect((await get(phone.body.token)).body.preferences).toEqual(next);
  }, 60_000);

  it("is each account's own, and refuses bad input with a clear error, changing nothing", async () => {
    const ann = await saved("Cleo", `cleo_prefs_${kind}`);
    const ben = await saved("Dov", `dov_prefs_${kind}`);
    const doc = { lessons: { games: { scatterbrain: "done" } } };
    expect((await put(ann, doc)).status).toBe(200);
    // Another account's token: its own (empty) document; its PUT leaves Ann's alone.
    expect((await get(ben)).body.preferences).toEqual({});
    expect((await put(ben, { lessons: { never: true } })).status).toBe(200);
    expect((await get(ann)).body.preferences).toEqual(doc);

    const refusals: Array<[string, { status: number; body: any }, number, string]> = [
      ["no credentials", await api("/me/preferences", { method: "PUT", body: doc }), 401, "not-signed-in"],
      ["a made-up token", await put("not-a-token", doc), 401, "not-signed-in"],
      ["malformed JSON", await api("/me/preferences", { method: "PUT", token: ann, raw: '{"lessons": {' }), 400, "bad-request"],
      ["an array", await put(ann, [1, 2]), 400, "bad-request"],
      ["an unknown key", await put(ann, { lessons: {}, theme: "dark" }), 400, "bad-request"],
      ["an unknown game", await put(ann, { lessons: { games: { chess: "done" } } }), 400, "bad-request"],
      ["a wrong value", await put(ann, { lessons: { games: { dark_hand: "<script>" } } }), 400, "bad-request"],
      ["a wrong type", await put(ann, { lessons: { never: "yes" } }), 400, "bad-request"],
      [
        "a huge body",
        await api("/me/preferences", {
          method: "PUT",
          token: ann,
          raw: JSON.stringify({ lessons: { games: {} }, pad: "x".repeat(20_000) }),
        }),
        413,
        "too-large",
      ],
    ];
    for (const [what, res, status, code] of refusals) {
      expect([what, res.status, res.body?.error], what).toEqual([what, status, code]);
      expect(typeof res.body?.message, what).toBe("string");
    }
    expect((await get(ann)).body.preferences).toEqual(doc);
    expect((await get(ben)).body.preferences).toEqual({ lessons: { never: true } });
    expect((await api("/me/preferences")).status).toBe(401);
  }, 60_000);

  it("keeps the Settings page's choices beside the lessons, and refuses values it does not know", async () => {
    const eve = await saved("Eve", `eve_prefs_${kind}`);
    const doc = {
      lessons: { games: { devils_scat: "done" } },
      settings: { sound: "off", volume: 0.4, keyboardTable: "on", motion: "reduce", chat: "phrases", botStrength: "easy" },
    };
    expect(await put(eve, doc)).toEqual({ status: 200, body: { preferences: doc } });
    expect((await get(eve)).body.preferences).toEqual(doc);
    const bad: Array<[string, unknown]> = [
      ["an unknown chat mode", { settings: { chat: "shout" } }],
      ["a volume above 1", { settings: { volume: 2 } }],
      ["an unknown bot strength", { settings: { botStrength: "perfect" } }],
      ["an unknown keyboard mode", { settings: { keyboardTable: "sometimes" } }],
      ["an unknown setting", { settings: { theme: "dark" } }],
      ["settings not an object", { settings: "all" }],
    ];
    for (const [what, body] of bad) {
      const res = await put(eve, body);
      expect([what, res.status, res.body?.error], what).toEqual([what, 400, "bad-request"]);
    }
    expect((await get(eve)).body.preferences).toEqual(doc);
  }, 60_000);
});
