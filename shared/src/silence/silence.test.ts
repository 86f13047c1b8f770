import { describe, expect, it } from "vitest";
import { createServer } from "node:http";
import { joinByIdWithin, watchSilence, type PingableRoom } from "./silence.ts";

/** A room whose process answers pings (or not), and sends patches when told. */
function room(answers: () => boolean) {
  const changes: (() => void)[] = [];
  const r: PingableRoom & { patch(): void; pings: number } = {
    pings: 0,
    ping(cb) {
      r.pings++;
      if (answers()) setTimeout(() => cb(1), 5);
    },
    onStateChange(cb) {
      changes.push(cb);
    },
    patch() {
      for (const c of changes) c();
    },
  };
  return r;
}
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const policy = { pingEveryMs: 20, silentMs: 120 };

describe("watchSilence", () => {
  it("stays quiet while the process answers pings", async () => {
    let silent = 0;
    const r = room(() => true);
    const w = watchSilence(r, () => silent++, Date.now, policy);
    await wait(400);
    w.stop();
    expect(silent).toBe(0);
    expect(r.pings).toBeGreaterThan(5);
  });

  it("calls once when nothing is heard for silentMs, then stops pinging", async () => {
    let answering = true;
    const quiet: number[] = [];
    const r = room(() => answering);
    watchSilence(r, (ms) => quiet.push(ms), Date.now, policy);
    await wait(100);
    answering = false;
    await wait(400);
    expect(quiet).toHaveLength(1);
    expect(quiet[0]).toBeGreaterThanOrEqual(120);
    const pings = r.pings;
    await wait(100);
    expect(r.pings).toBe(pings);
  });

  it("does not take its own held-back timer for the server's silence (a background tab)", async () => {
    let silent = 0;
    const r = room(() => true);
    let clock = 0;
    const w = watchSilence(
      r,
      () => silent++,
      () => clock,
      policy,
    );
    // Each tick sees the clock jump by far more than silentMs, as when the page's timers were held back; the server answers every ping.
    for (let i = 0; i < 10; i++) {
      clock += 1_000;
      await wait(30);
    }
    w.stop();
    expect(silent).toBe(0);
  });

  it("counts patches as heard (a process busy with a table still sends them)", async () => {
    let silent = 0;
    const r = room(() => false);
    const w = watchSilence(r, () => silent++, Date.now, policy);
    const t = setInterval(() => r.patch(), 30);
    await wait(400);
    clearInterval(t);
    w.stop();
    expect(silent).toBe(0);
  });
});

describe("joinByIdWithin", () => {
  it("gives up a matchmaking request that hangs, passes a refusal on, and consumes a reservation", async () => {
    // A real HTTP server: one path hangs (a frozen process), one refuses, one reserves.
    const server = createServer((req, res) => {
      if (req.url!.includes("HANG")) return;
      if (req.url!.includes("FULL")) {
        res.writeHead(522, { "content-type": "application/json" });
        res.end(JSON.stringify({ code: 522, error: "FULL is already full." }));
        return;
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ roomId: "OK", sessionId: "s1", name: "devils_scat" }));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const post = (path: string, body: string, signal: AbortSignal) =>
      fetch(base + path, { method: "POST", body, signal, headers: { "content-type": "application/json" } });
    const consume = async (r: { roomId: string }) => `joined ${r.roomId}`;
    try {
      const t = Date.now();
      await expect(joinByIdWithin(post, consume as never, "HANG", {}, 150)).rejects.toThrow(/timed out/);
      expect(Date.now() - t).toBeLessThan(1_000);
      await expect(joinByIdWithin(post, consume as never, "FULL", {}, 1_000)).rejects.toThrow(/already full/);
      await expect(joinByIdWithin(post, consume as never, "OK", { playerId: "x" }, 1_000)).resolves.toBe("joined OK");
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
