/**
 * Bad input through a real server process, as an outside client would send it: hand-built
 * frames, bad matchmaking bodies, cross-origin calls. Each gets a clear answer to its sender
 * only; the process and every table go on.
 */
import { Client } from "@colyseus/sdk";
import { quickPlayKey } from "@scat/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CODE, RawClient, dataFrame, dataFrameRaw, deepMapBody, matchmake, type Reservation } from "./support/raw-client.ts";
import { metricValue, startServerProcess, type ServerProcess } from "./support/server-process.ts";

const TOKEN = "a-metrics-token-for-tests";
let server: ServerProcess;

beforeAll(async () => {
  server = await startServerProcess({
    METRICS_TOKEN: TOKEN,
    SEAT_RESERVATION_SECONDS: "3",
    MATCHMAKE_RATE_PER_SECOND: "2",
    MATCHMAKE_BURST: "400",
    ALLOWED_ORIGINS: "https://cards.example",
  });
});
afterAll(async () => {
  await server.stop();
});

const quick = (o: Record<string, unknown> = {}) => {
  const base = { name: "Tess", seats: 2, bots: 1, turnSeconds: 60, variants: {}, ...o };
  return { ...base, mode: quickPlayKey(base as never) };
};

async function seated(options = quick()): Promise<{ raw: RawClient; r: Reservation }> {
  const res = await matchmake(server.url, "create", "devils_scat", options);
  expect(res.status).toBe(200);
  const raw = await RawClient.join(server.url, res.json);
  await raw.until((m) => m.type === "seated", "seated");
  return { raw, r: res.json };
}

const processErrors = async () => metricValue(await server.metrics(TOKEN), "scat_process_errors_total");

describe("frames", () => {
  it("refuses the 9 KB, 3,000-deep frame as action, time, pong and an unknown type, and the process lives", async () => {
    const { raw } = await seated();
    const deep = deepMapBody(3000);
    expect(deep.length).toBeGreaterThan(9000);
    for (const type of ["action", "pong", "teleport"]) raw.send(dataFrameRaw(type, deep));
    raw.send(Uint8Array.from([CODE.request, 1, 0xa4, ...Buffer.from("time"), ...deep]));
    await raw.until(() => raw.rejections().length >= 4, "four rejections");
    expect(raw.rejections().map((r) => r.code)).toEqual(["frame-too-large", "frame-too-large", "frame-too-large", "frame-too-large"]);
    // The same depth in a frame under the size limit is refused for its depth.
    raw.send(dataFrameRaw("action", deepMapBody(600)));
    await raw.until(() => raw.rejections().length >= 5, "depth rejection");
    expect(raw.rejections()[4]).toMatchObject({ code: "bad-frame" });
    expect(raw.rejections()[4]!.message).toContain("too-deep");
    expect(raw.open).toBe(true);
    expect((await fetch(`${server.url}/health`)).ok).toBe(true);
    expect(await processErrors()).toBe(0);
    await raw.close();
  });

  it("answers malformed frames of every kind without echoing them, and a table still plays", async () => {
    const { raw } = await seated();
    const frames: Uint8Array[] = [
      Uint8Array.of(),
      Uint8Array.of(99),
      Uint8Array.of(CODE.bytes, 0xa1, 0x61, 1, 2, 3),
      Uint8Array.of(CODE.data),
      Uint8Array.of(CODE.data, 0xa5, 0x61),
      dataFrameRaw("action", Uint8Array.of(0x92, 0x01)),
      dataFrameRaw("action", Uint8Array.of(0xc1)),
      dataFrameRaw("action", Uint8Array.of(0xd4, 0x01, 0x02)),
      dataFrameRaw("action", Uint8Array.of(0x01, 0x02)),
      dataFrameRaw("action", Uint8Array.of(0xdd, 0xff, 0xff, 0xff, 0xff)),
      dataFrame("action", { type: "x".repeat(300) }),
      dataFrame("action", { type: "discard", card: "SECRET-ECHO" }),
      dataFrame(
        "action",
        Array.from({ length: 200 }, () => 1),
      ),
      Uint8Array.of(CODE.ping, 1),
      Uint8Array.of(CODE.join, 5),
    ];
    for (const f of frames) raw.send(f);
    await raw.until(() => raw.rejections().length >= frames.length, "a rejection per frame");
    const texts = raw.rejections().map((r) => `${r.code}: ${r.message}`);
    expect(texts.every((t) => !t.includes("SECRET-ECHO") && !t.includes("xxxxxxxx"))).toBe(true);
    expect(new Set(raw.rejections().map((r) => r.code))).toEqual(
      new Set(
        ["bad-frame", "unknown-frame", "invalid-action", "must-draw-first", "not-your-turn"].filter((c) =>
          raw.rejections().some((r) => r.code === c),
        ),
      ),
    );
    expect(raw.open).toBe(true);
    // The client is still seated and the game answers a real action.
    raw.send(dataFrame("action", { type: "drawDeck" }));
    await raw.until((m) => m.type === "events" || raw.rejections().length > frames.length, "an answer to a real action");
    expect(await processErrors()).toBe(0);
    await raw.close();
  });

  it("closes a socket that sends more than the transport's 16 KB payload cap, and nothing else", async () => {
    const { raw } = await seated();
    raw.send(dataFrameRaw("action", new Uint8Array(20_000)));
    await raw.until(() => raw.closeCode !== null, "close", 10_000).catch(() => null);
    await new Promise((r) => setTimeout(r, 200));
    expect(raw.closeCode).toBe(1009);
    expect((await fetch(`${server.url}/health`)).ok).toBe(true);
  });

  it("closes a socket that floods refused frames, as it would any flood", async () => {
    const { raw } = await seated();
    for (let i = 0; i < 200; i++) raw.send(Uint8Array.of(99));
    await raw.until(() => raw.closeCode !== null, "close").catch(() => null);
    await new Promise((r) => setTimeout(r, 100));
    expect(raw.closeCode).toBe(4002);
    expect(raw.rejections().length).toBeLessThanOrEqual(60);
    expect((await fetch(`${server.url}/health`)).ok).toBe(true);
  });

  it("refuses frames from a socket with no seat reservation", async () => {
    const base = server.url.replace(/^http/, "ws");
    const stray = await RawClient.open(`${base}/nope/NOROOM?sessionId=abc`).catch(() => null);
    if (stray) {
      stray.send(dataFrameRaw("action", deepMapBody(3000)));
      await stray.until(() => stray.closeCode !== null, "close").catch(() => null);
    }
    const ping = await RawClient.open(`${base}/`);
    ping.send(deepMapBody(3000));
    await new Promise((r) => setTimeout(r, 100));
    await ping.close();
    expect((await fetch(`${server.url}/health`)).ok).toBe(true);
    expect(await processErrors()).toBe(0);
  });
});

describe("matchmaking input", () => {
  it("refuses options that are not a JSON object, with a clear error, and opens no table", async () => {
    const before = metricValue(await server.metrics(TOKEN), "scat_tables_open");
    for (const body of ["[]", "[[[[1]]]]", "1", '"text"', "null", "true"]) {
      const res = await matchmake(server.url, "create", "devils_scat", body, true);
      expect(res.status, body).toBe(526);
      expect(res.json.error).toContain("must be a JSON object");
    }
    const bad = await matchmake(server.url, "create", "devils_scat", { seats: 9 });
    expect(bad.status).toBe(526);
    expect(bad.json.error).toContain("bad table options");
    const big = await matchmake(server.url, "create", "devils_scat", { name: "x".repeat(5000) });
    expect(big.status).toBe(413);
    expect(metricValue(await server.metrics(TOKEN), "scat_tables_open")).toBe(before);
  });

  it("disposes a created table that nobody joins", async () => {
    const res = await matchmake(server.url, "create", "dark_hearts", { name: "Ghost", seats: 4 });
    expect(res.status).toBe(200);
    const open = async () => metricValue(await server.metrics(TOKEN), "scat_tables_open", 'game="dark_hearts"');
    expect(await open()).toBe(1);
    const end = Date.now() + 15_000;
    while ((await open()) !== 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
    expect(await open()).toBe(0);
  });

  it("keeps tables-open equal to the rooms alive across create, refused create, join, leave and dispose", async () => {
    const metrics = async () => metricValue(await server.metrics(TOKEN), "scat_tables_open", 'game="skit_scat"');
    const sdk = new Client(server.url);
    expect(await metrics()).toBe(0);
    const a = await sdk.create("skit_scat", { name: "A", seats: 3, bots: 1 });
    expect(await metrics()).toBe(1);
    await expect(sdk.create("skit_scat", { seats: 1 })).rejects.toThrow();
    expect(await metrics()).toBe(1);
    const b = await sdk.joinById(a.roomId, { name: "B" });
    const c = await sdk.create("skit_scat", { name: "C", seats: 3 });
    expect(await metrics()).toBe(2);
    await b.leave();
    await a.leave();
    await c.leave();
    const end = Date.now() + 10_000;
    while ((await metrics()) !== 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
    expect(await metrics()).toBe(0);
  });
});

describe("HTTP surface", () => {
  it("allows only configured or same-origin pages, never with credentials", async () => {
    const call = (origin: string) => fetch(`${server.url}/health`, { headers: { origin } });
    const evil = await call("https://evil.example");
    expect(evil.headers.get("access-control-allow-origin")).toBeNull();
    expect(evil.headers.get("access-control-allow-credentials")).toBeNull();
    expect((await call("https://cards.example")).headers.get("access-control-allow-origin")).toBe("https://cards.example");
    expect((await call(server.url)).headers.get("access-control-allow-origin")).toBe(server.url);
    const pre = await fetch(`${server.url}/matchmake/joinOrCreate/devils_scat`, {
      method: "OPTIONS",
      headers: { origin: "https://evil.example" },
    });
    expect(pre.headers.get("access-control-allow-origin")).toBeNull();
    expect(pre.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("serves /metrics only with the bearer token when one is set", async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: "Bearer wrong-token-of-some-length" } })).status).toBe(401);
    const ok = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("scat_tables_open");
  });

  it("rate-limits matchmaking per address with 429 and Retry-After", async () => {
    const call = () =>
      fetch(`${server.url}/matchmake/join/devils_scat`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"mode":"nothing-matches"}',
      });
    const responses: Response[] = [];
    // Bursts well past the allowance (burst 400, refilled at 2/s): at least one must be refused.
    for (let burst = 0; burst < 10 && !responses.some((r) => r.status === 429); burst++)
      responses.push(...(await Promise.all(Array.from({ length: 100 }, call))));
    const limited = responses.find((r) => r.status === 429);
    expect(limited).toBeDefined();
    expect(limited!.headers.get("retry-after")).toBe("1");
    expect(((await limited!.json()) as { error: string }).error).toContain("too many matchmaking requests");
    expect(responses.filter((r) => r.status !== 429).every((r) => r.status === 521)).toBe(true);
    expect((await fetch(`${server.url}/health`)).ok).toBe(true);
  });
});
