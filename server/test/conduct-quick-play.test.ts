/**
 * Quick play seats habitual leavers together (conduct/quick-play-pool.ts),
 * through a real server: an account whose recent record is poor meets only tables of the leavers'
 * pool, whatever key it sends; an account in good standing and a guest never meet those tables;
 * nobody is refused casual play.
 */
import { Client, type Room as ClientRoom } from "@colyseus/sdk";
import type { Server } from "@colyseus/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quickPlayKey } from "@scat/shared";
import { loadConfig } from "../src/config.ts";
import { createServer } from "../src/app.ts";
import { TableRoom } from "../src/table/table-room.ts";
import { LEAVERS_POOL } from "../src/conduct/quick-play-pool.ts";
import type { Outcome } from "../src/conduct/policy.ts";
import { freePort } from "./helpers.ts";

let server: Server;
let base = "";
const rooms: ClientRoom[] = [];
beforeAll(async () => {
  const port = await freePort();
  server = createServer(
    loadConfig({
      LOG_LEVEL: "silent",
      DATA_DIR: ":memory:",
      ACCOUNTS_PER_HOUR: "1000",
      MATCHMAKE_RATE_PER_SECOND: "1000",
      MATCHMAKE_BURST: "1000",
      PORT: String(port),
    }),
  );
  await server.listen(port, "127.0.0.1");
  base = `http://127.0.0.1:${port}`;
}, 120_000);
afterAll(async () => {
  for (const r of rooms) await r.leave().catch(() => undefined);
  await server.gracefullyShutdown(false);
});

let serial = 0;
/** An account (a guest with a token) whose conduct record holds `outcomes`, newest first. */
async function player(name: string, outcomes: readonly Outcome[]): Promise<{ id: string; token: string }> {
  const res = await fetch(`${base}/api/accounts/guest`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, token: true }),
  });
  const body = (await res.json()) as { player: { id: string }; token: string };
  expect(res.status).toBe(201);
  const now = Date.now();
  const n = ++serial;
  await (
    await TableRoom.platform.conduct()
  ).record(
    outcomes.map((outcome, i) => ({
      playerId: body.player.id,
      game: "devils_scat",
      tableId: `t-${n}-${i}`,
      ranked: false,
      outcome,
      at: now - 1_000 * (i + 1),
    })),
  );
  return { id: body.player.id, token: body.token };
}

const OPTIONS = { seats: 3, bots: 0, turnSeconds: 30, autoFillSeconds: 0 };
async function quickPlay(name: string, token?: string, extra: Record<string, unknown> = {}): Promise<ClientRoom> {
  const room = await new Client(base).joinOrCreate("devils_scat", { name, ...OPTIONS, ...(token ? { token } : {}), ...extra });
  rooms.push(room);
  return room;
}

const POOR: Outcome[] = ["left", "left", "completed", "left"];
const GOOD: Outcome[] = ["completed", "completed", "completed", "left"];

describe("quick play by conduct", () => {
  it("seats habitual leavers with each other, and everyone else apart from them", async () => {
    const leaverA = await player("LeaverA", POOR);
    const leaverB = await player("LeaverB", POOR);
    const good = await player("Steady", GOOD);

    const a = await quickPlay("LeaverA", leaverA.token);
    const g = await quickPlay("Steady", good.token);
    const guest = await quickPlay("Guesty");
    // A leaver naming the common pool's key itself still lands in its own pool.
    const b = await quickPlay("LeaverB", leaverB.token, { mode: quickPlayKey(OPTIONS) });

    expect(g.roomId).not.toBe(a.roomId);
    expect(guest.roomId).toBe(g.roomId);
    expect(b.roomId).toBe(a.roomId);
    const listed = await (await import("@colyseus/core")).matchMaker.query({ roomId: a.roomId });
    expect(String(listed[0]?.metadata?.["mode"] ?? (listed[0] as { mode?: string } | undefined)?.mode ?? "")).toContain(LEAVERS_POOL);
  });
});
