/**
 * Tables that had not dealt yet when their process died (Redis, process A hosting everything,
 * process B beside it; A killed with SIGKILL). They were never journalled, so they cannot come
 * back: a player at a waiting quick-play table or a waiting private table, taking the seat back as
 * the page does (shared/src/reclaim.ts, "not found" final for a waiting table), is told so at once
 * (no 20 s of retries) and can quick-play again; the private table's code no longer resolves. A
 * player at a table with a game in play on the same process gets the seat back on B.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client, type Room } from "@colyseus/sdk";
import { quickPlayKey } from "@scat/shared";
import { reclaimSeat } from "@scat/shared/reclaim.ts";
import { afterAll, describe, expect, it } from "vitest";
import { startRedis, type RedisProcess } from "../../cluster/redis.ts";
import { freePort, startServerProcess, type ServerProcess } from "./support/server-process.ts";
import { attach, left, reclaimAfterDrop, sdkOf, type Player } from "./support/resume-play.ts";

const started: ServerProcess[] = [];
let redis: RedisProcess | null = null;
const dir = mkdtempSync(path.join(tmpdir(), "scat-resume-waiting-"));
afterAll(async () => {
  await Promise.all(started.map((s) => s.stop()));
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
}, 30_000);

async function sit(join: Promise<Room>, name: string, playerId: string): Promise<Player> {
  const room = await join;
  const p: Player = { room, roomId: room.roomId, name, playerId, seat: -1, seen: 0, gameLog: null, rejected: 0 };
  attach(p);
  p.seat = await new Promise<number>((resolve) => room.onMessage("seated", (m: { seat: number }) => resolve(m.seat)));
  return p;
}

const status = (room: Room) => String((room.state as { status?: string }).status ?? "");

describe("waiting tables of a killed process", () => {
  it("are answered as gone at once (quick play again, the code no longer works); a game in play on the same process comes back", async () => {
    redis = await startRedis(await freePort(), dir);
    const env = { REDIS_URL: redis.url, LOG_LEVEL: "warn", BOT_DELAY_MS: "400-600" };
    const a = await startServerProcess(env);
    started.push(a);
    const onA = new Client(a.url);
    // Nobody else comes and no bots are asked for: both tables wait.
    const quick = { name: "Q", seats: 3, bots: 0, turnSeconds: 60, variants: {}, autoFillSeconds: 0 };
    const waiting = await sit(onA.joinOrCreate("devils_scat", { ...quick, mode: quickPlayKey(quick), playerId: "waiting-quick" }), "Q", "waiting-quick");
    const host = await sit(onA.create("devils_scat", { name: "H", seats: 3, bots: 0, private: true, variants: {}, autoFillSeconds: 0, playerId: "waiting-private" }), "H", "waiting-private");
    const game = { name: "G", seats: 2, bots: 1, turnSeconds: 60, variants: {}, autoFillSeconds: 0 };
    const playing = await sit(onA.joinOrCreate("devils_scat", { ...game, mode: quickPlayKey(game), playerId: "playing-game" }), "G", "playing-game");
    expect(host.roomId).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    await new Promise((r) => setTimeout(r, 300));
    expect([status(waiting.room), status(host.room), status(playing.room)]).toEqual(["waiting", "waiting", "playing"]);

    const b = await startServerProcess(env);
    started.push(b);
    a.child.kill("SIGKILL");

    // The game in play comes back on B under its roomId, the player in the same seat.
    const back = await reclaimAfterDrop(b.url, playing, 30_000);
    expect(back.roomId).toBe(playing.roomId);

    // The waiting tables cannot come back: the page's reclaim ends at once with `gone`.
    const onB = new Client(b.url);
    for (const p of [waiting, host]) {
      await left(p.room);
      const outcome = await reclaimSeat(sdkOf(b.url), { token: p.room.reconnectionToken, roomId: p.roomId }, { name: p.name, playerId: p.playerId }, { notFoundFinal: true });
      expect("room" in outcome).toBe(false);
      if (!("room" in outcome)) {
        expect(outcome.gone, outcome.failed).toBe(true);
        expect(outcome.failed).toMatch(/table-gone|not found/);
      }
    }
    // A friend with the private table's code is told there is no such table.
    await expect(onB.joinById(host.roomId, { name: "Friend", playerId: "friend-of-host" })).rejects.toThrow(/table-gone|not found/);
    // Quick play again with the same options: a new table.
    const again = await sit(onB.joinOrCreate("devils_scat", { ...quick, mode: quickPlayKey(quick), playerId: "waiting-quick" }), "Q", "waiting-quick");
    expect(again.roomId).not.toBe(waiting.roomId);
    expect(again.seat).toBe(0);
    await Promise.all([back.leave(), again.room.leave()]);
  }, 90_000);
});
