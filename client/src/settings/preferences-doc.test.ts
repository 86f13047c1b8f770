/**
 * The account's one preferences document is replaced whole by each PUT: every write carries all
 * parts, and a part not read yet keeps what the server last said (a lessons write never wipes the
 * settings, nor a settings write the lessons).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

interface Call {
  method: string;
  body: unknown;
}

describe("preferences document", () => {
  let server: Record<string, unknown>;
  let calls: Call[];
  beforeEach(() => {
    vi.resetModules();
    server = { lessons: { never: true }, settings: { chat: "off" } };
    calls = [];
    vi.stubGlobal("location", { origin: "http://test" });
    vi.stubGlobal("fetch", async (_url: string, init: { method: string; body?: string }) => {
      const body = init.body === undefined ? undefined : JSON.parse(init.body);
      calls.push({ method: init.method, body });
      if (init.method === "PUT") server = body;
      return { ok: true, json: async () => ({ preferences: server }) };
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("keeps the server's copy of a part whose reader has nothing yet", async () => {
    const doc = await import("./preferences-doc.ts");
    let settings: unknown = undefined;
    doc.registerPart("lessons", () => ({ games: { devils_scat: "done" } }));
    doc.registerPart("settings", () => settings);
    expect(await doc.fetchPreferences()).toEqual({ lessons: { never: true }, settings: { chat: "off" } });
    await doc.putPreferences();
    expect(calls.at(-1)).toEqual({ method: "PUT", body: { lessons: { games: { devils_scat: "done" } }, settings: { chat: "off" } } });
    settings = { chat: "phrases" };
    await doc.putPreferences();
    expect(server).toEqual({ lessons: { games: { devils_scat: "done" } }, settings: { chat: "phrases" } });
  });

  it("answers null when the server refuses (a guest), and writes in order", async () => {
    vi.stubGlobal("fetch", async (_url: string, init: { method: string }) => {
      calls.push({ method: init.method, body: null });
      return { ok: false, json: async () => ({}) };
    });
    const doc = await import("./preferences-doc.ts");
    const [a, b] = await Promise.all([doc.fetchPreferences(), doc.putPreferences()]);
    expect([a, b]).toEqual([null, null]);
    expect(calls.map((c) => c.method)).toEqual(["GET", "PUT"]);
  });
});
