/**
 * A server process opens its database as it starts (config.ts, `storeAtStart`): every page's
 * first request makes a guest account, and embedded PGlite's first start (tens of seconds on a
 * busy machine) used to begin only then, so the first visitor's Quick play said "Finding a
 * table…" for as long. The operator's /health says where the store is; STORE_AT_START=0 keeps
 * the old way (the load tests' processes seat anonymous players only).
 */
import { afterEach, describe, expect, it } from "vitest";
import { startServerProcess, TEST_METRICS_TOKEN, type ServerProcess } from "../support/server-process.ts";

let server: ServerProcess | null = null;
afterEach(async () => {
  await server?.stop();
  server = null;
});

async function storeState(url: string): Promise<string | undefined> {
  const res = await fetch(`${url}/health`, { headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` } });
  return ((await res.json()) as { store?: string }).store;
}

describe("the database at a process's start", () => {
  it("is open before any request asks for it, and a guest account is made in it", async () => {
    server = await startServerProcess({ STORE_AT_START: "1" });
    // startServerProcess waits for it with STORE_AT_START=1; /health says so to anyone with the token.
    expect(await storeState(server.url)).toBe("open");
    const res = await fetch(`${server.url}/api/accounts/guest`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: "{}",
    });
    expect(res.status).toBe(201);
    expect(server.output()).not.toMatch(/did not open/);
  }, 150_000);

  it("waits for the first request that needs it with STORE_AT_START=0", async () => {
    server = await startServerProcess({ STORE_AT_START: "0" });
    expect(await storeState(server.url)).toBe("closed");
    const res = await fetch(`${server.url}/api/accounts/guest`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: "{}",
    });
    expect(res.status).toBe(201);
    expect(await storeState(server.url)).toBe("open");
  }, 150_000);
});
