/**
 * The transport's liveness pings, spread over the interval (server/src/net/staggered-ping.ts):
 * every client pinged once per interval, a silent one terminated after the same number of missed
 * pings as Colyseus' own sweep, and never the whole crowd in one tick.
 */
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { SLICES, sweepSlice, type PingedSocket } from "../src/net/staggered-ping.ts";
import { createServer } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { freePort } from "./helpers.ts";

class FakeSocket implements PingedSocket {
  pingCount = 0;
  pings = 0;
  terminated = false;
  constructor(private readonly answers: boolean) {}
  ping(): void {
    this.pings++;
    if (this.answers) this.pingCount = 0; // the transport's `pong` handler
  }
  terminate(): void {
    this.terminated = true;
  }
}

describe("staggered liveness pings", () => {
  it("pings each client once per interval, a slice per tick", () => {
    const clients = Array.from({ length: 1_600 }, () => new FakeSocket(true));
    const slices = new WeakMap<PingedSocket, number>();
    const next = { n: 0 };
    const perTick: number[] = [];
    for (let tick = 0; tick < SLICES; tick++) {
      const before = clients.reduce((n, c) => n + c.pings, 0);
      sweepSlice(clients, tick, 2, slices, next);
      perTick.push(clients.reduce((n, c) => n + c.pings, 0) - before);
    }
    expect(clients.every((c) => c.pings === 1)).toBe(true);
    expect(Math.max(...perTick)).toBeLessThanOrEqual(Math.ceil(1_600 / SLICES));
    expect(clients.some((c) => c.terminated)).toBe(false);
  });

  it("terminates a client that left two pings unanswered, at its third turn, and no other", () => {
    const silent = new FakeSocket(false);
    const alive = new FakeSocket(true);
    const clients = [silent, alive];
    const slices = new WeakMap<PingedSocket, number>();
    const next = { n: 0 };
    for (let tick = 0; tick < 2 * SLICES; tick++) sweepSlice(clients, tick, 2, slices, next);
    expect(silent.pings).toBe(2);
    expect(silent.terminated).toBe(false);
    for (let tick = 2 * SLICES; tick < 3 * SLICES; tick++) sweepSlice(clients, tick, 2, slices, next);
    expect(silent.terminated).toBe(true);
    expect(silent.pings).toBe(2);
    expect(alive.terminated).toBe(false);
    expect(alive.pings).toBe(3);
  });

  it("a client that connects later joins the rotation", () => {
    const first = new FakeSocket(true);
    const clients: FakeSocket[] = [first];
    const slices = new WeakMap<PingedSocket, number>();
    const next = { n: 0 };
    for (let tick = 0; tick < 5; tick++) sweepSlice(clients, tick, 2, slices, next);
    const late = new FakeSocket(true);
    clients.push(late);
    for (let tick = 5; tick < 5 + SLICES; tick++) sweepSlice(clients, tick, 2, slices, next);
    expect(late.pings).toBe(1);
  });
});

describe("through a real server", () => {
  it("drops a seated client that stops answering pings (3 s interval), and keeps one that answers", async () => {
    const port = await freePort();
    const server = createServer(loadConfig({ LOG_LEVEL: "silent", PORT: String(port) }));
    await server.listen(port, "127.0.0.1");
    try {
      const url = `http://127.0.0.1:${port}`;
      const seat = async (autoPong: boolean) => {
        const res = await fetch(`${url}/matchmake/create/devils_scat`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ name: "Quiet", seats: 2, bots: 1 }),
        });
        const r = (await res.json()) as { sessionId: string; roomId: string; processId: string };
        const ws = new WebSocket(`ws://127.0.0.1:${port}/${r.processId}/${r.roomId}?sessionId=${r.sessionId}`, { autoPong });
        const pings = { n: 0 };
        // Liveness pings carry nothing; the delay monitor's carry the server time (realtime/net-monitor.ts).
        ws.on("ping", (data: Buffer) => {
          if (data.length === 0) pings.n++;
        });
        const closed = new Promise<number>((resolve) => ws.once("close", (code) => resolve(code)));
        await new Promise((resolve, reject) => {
          ws.once("open", resolve);
          ws.once("error", reject);
        });
        return { ws, closed, pings, opened: Date.now() };
      };
      const silent = await seat(false);
      const answering = await seat(true);
      // Pinged every 3 s, dropped at the third turn after two unanswered pings: 6-9 s.
      const code = await Promise.race([silent.closed, new Promise<null>((r) => setTimeout(() => r(null), 15_000))]);
      expect(code, "the silent client was dropped").not.toBeNull();
      expect(silent.pings.n).toBe(2);
      expect(Date.now() - silent.opened).toBeGreaterThanOrEqual(5_000);
      expect(answering.ws.readyState).toBe(WebSocket.OPEN);
      answering.ws.close();
    } finally {
      await server.gracefullyShutdown(false);
    }
  }, 30_000);
});
