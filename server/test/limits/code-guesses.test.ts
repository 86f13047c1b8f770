/**
 * Guessing private tables' invite codes (limits/code-guesses.ts): through matchmaking
 * (POST /matchmake/joinById/<code>) and the table read (GET /api/social/tables/<code>), an address
 * that keeps naming codes no table has waits before its next lookup, whatever the matchmaking
 * rate would allow; another address, and a player who joins real tables, are not held back. The
 * budget for all addresses together, on its own clock.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Server } from "@colyseus/core";
import { Client } from "@colyseus/sdk";
import { createServer } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { MemoryLimiter } from "../../src/limits/gcra.ts";
import { freePort } from "../helpers.ts";

let base = "";
let server: Server;
beforeAll(async () => {
  const port = await freePort();
  server = createServer(
    loadConfig({
      LOG_LEVEL: "silent",
      DATA_DIR: ":memory:",
      TRUST_PROXY: "1",
      CODE_MISSES_AFTER: "3",
      CODE_MISSES_PER_SECOND: "1000",
      MATCHMAKE_RATE_PER_SECOND: "100",
      MATCHMAKE_BURST: "100",
      PORT: String(port),
    }),
  );
  await server.listen(port, "127.0.0.1");
  base = `http://127.0.0.1:${port}`;
}, 60_000);
afterAll(async () => {
  await server?.gracefullyShutdown(false);
});

const joinById = async (code: string, from: string) => {
  const body = JSON.stringify({ name: "Guesser", playerId: `guesser-${from}` });
  const res = await fetch(`${base}/matchmake/joinById/${code}`, {
    method: "POST",
    headers: { "content-type": "application/json", "content-length": String(body.length), "x-forwarded-for": from },
    body,
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as { code?: number; error?: string } | null };
};
const readTable = async (code: string, from: string) =>
  (await fetch(`${base}/api/social/tables/${code}`, { headers: { "x-forwarded-for": from } })).status;

describe("guessing invite codes", () => {
  it("holds back an address after 3 unknown codes, even for a real code; other addresses and real codes are not", async () => {
    const host = await new Client(base).create("devils_scat", { name: "Host", playerId: "host-code-1", seats: 3, private: true });
    const code = host.roomId;
    expect(code).toMatch(/^[A-Z2-9]{6}$/);
    // A player who joins real tables is never counted.
    for (let i = 0; i < 5; i++) expect(await readTable(code, "10.9.0.1")).toBe(200);
    const guesser = "10.9.0.2";
    const misses = [];
    for (const guess of ["AAAAAA", "BBBBBB", "CCCCCC"]) misses.push((await joinById(guess, guesser)).status);
    expect(misses.every((s) => s !== 200 && s !== 429)).toBe(true);
    const held = await joinById(code, guesser);
    expect(held.status).toBe(429);
    expect(held.body?.error).toMatch(/too many unknown table codes/);
    expect(await readTable(code, guesser)).toBe(429);
    // Another address joins the real table.
    const friend = await joinById(code, "10.9.0.3");
    expect(friend.status, JSON.stringify(friend.body)).toBe(200);
    // The table read counts misses the same way.
    for (const guess of ["DDDDDD", "EEEEEE", "FFFFFF"]) expect(await readTable(guess, "10.9.0.4")).toBe(404);
    expect(await readTable(code, "10.9.0.4")).toBe(429);
    await host.leave();
  }, 60_000);
});

describe("CodeGuesses", () => {
  it("backs an address off 1, 2, 4 s after its misses, forgets after its window, and closes for earlier missers when all addresses' budget is spent", async () => {
    const { CodeGuesses } = await import("../../src/limits/code-guesses.ts");
    let now = 1_000_000;
    // The budget for all addresses: 4 misses, refilling far slower than this test runs.
    const guesses = new CodeGuesses(
      { after: 3, maxMs: 8000, windowMs: 60_000 },
      new MemoryLimiter("all", { perSecond: 0.001, burst: 4 }, 10),
      100,
      null,
      250,
      () => now,
    );
    for (let i = 0; i < 3; i++) {
      expect((await guesses.before("a")).ok).toBe(true);
      await guesses.missed("a");
    }
    expect(await guesses.before("a")).toEqual({ ok: false, retryAfterMs: 1000 });
    now += 1000;
    expect((await guesses.before("a")).ok).toBe(true);
    await guesses.missed("a");
    expect(await guesses.before("a")).toEqual({ ok: false, retryAfterMs: 2000 });
    now += 60_001;
    expect((await guesses.before("a")).ok).toBe(true);
    // All addresses: "a" spent the budget of 4 above; "b" misses once more and closes it for every address that missed.
    await guesses.missed("b");
    expect((await guesses.before("b")).ok).toBe(false);
    await guesses.missed("d");
    expect((await guesses.before("d")).ok).toBe(false);
    // An address that never missed (or whose misses were forgotten) still looks its code up.
    expect((await guesses.before("c")).ok).toBe(true);
    expect((await guesses.before("a")).ok).toBe(true);
  });
});
