/**
 * Tables still waiting for players when their process goes (Redis, process A hosting them, B
 * beside it). A waiting table is journalled from its first seated player (who sits where, its
 * options), so it comes back on B under its roomId like a table in play: each player takes their
 * seat back as the page does (shared/src/reclaim.ts), a private table's code still seats a friend,
 * quick play still sends newcomers to the quick-play table, and both then play to the end. A
 * player who does not come back within the reconnection window gives the seat up. A SIGTERM
 * drain hands waiting tables over the same way; a table nobody sits at leaves no journal.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client, type Room } from "@colyseus/sdk";
import { quickPlayKey } from "@scat/shared";
import { afterAll, describe, expect, it } from "vitest";
import { startRedis, type RedisProcess } from "../../cluster/redis.ts";
import { freePort, startServerProcess, type ServerProcess } from "./support/server-process.ts";
import { attach, left, playOut, reclaimAfterDrop, status, type Player } from "./support/resume-play.ts";

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

/** The player's seat back after its process went, as the page does; the same table, seat and status. */
async function back(endpoint: string, p: Player): Promise<Player> {
  const room = await reclaimAfterDrop(endpoint, p, 20_000);
  expect(room.roomId).toBe(p.roomId);
  const again: Player = { ...p, room };
  attach(again);
  again.seat = await new Promise<number>((resolve) => room.onMessage("seated", (m: { seat: number }) => resolve(m.seat)));
  expect(again.seat).toBe(p.seat);
  return again;
}

const journals = (port: number) =>
  execFileSync("redis-cli", ["-p", String(port), "HKEYS", "scat:tables"])
    .toString()
    .split("\n")
    .filter(Boolean);
const listed = (port: number, roomId: string) =>
  execFileSync("redis-cli", ["-p", String(port), "HEXISTS", "roomcaches", roomId])
    .toString()
    .trim() === "1";
/** `until` at a redis-cli pace (a check spawns a process). */
async function poll(check: () => boolean, what: string, timeoutMs: number): Promise<void> {
  for (const end = Date.now() + timeoutMs; !check(); await new Promise((r) => setTimeout(r, 100))) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
  }
}
const seatsTaken = (room: Room) =>
  [...((room.state as { seats?: Iterable<{ occupied: boolean }> }).seats ?? [])].filter((s) => s.occupied).length;

// Nobody else comes and no bots are asked for: the tables wait. A short reconnection window for the abandoned table.
const quick = { seats: 3, bots: 0, turnSeconds: 60, variants: {}, autoFillSeconds: 0 };
const priv = { seats: 3, bots: 0, private: true, variants: {}, autoFillSeconds: 0 };

describe("waiting tables of a process that goes", () => {
  it("come back after kill -9 with their players, code and quick play; a seat not taken back is given up", async () => {
    redis = await startRedis(await freePort(), dir);
    const env = { REDIS_URL: redis.url, LOG_LEVEL: "warn", BOT_DELAY_MS: "20-60" };
    const a = await startServerProcess(env);
    started.push(a);
    const onA = new Client(a.url);
    const q1 = await sit(
      onA.joinOrCreate("devils_scat", { ...quick, name: "Q1", mode: quickPlayKey(quick), playerId: "waiting-quick-1" }),
      "Q1",
      "waiting-quick-1",
    );
    const host = await sit(onA.create("devils_scat", { ...priv, name: "H", playerId: "waiting-host" }), "H", "waiting-host");
    const guest = await sit(onA.joinById(host.roomId, { name: "G", playerId: "waiting-guest" }), "G", "waiting-guest");
    const lone = await sit(
      onA.create("devils_scat", { ...priv, reconnectSeconds: 5, name: "L", playerId: "waiting-lone" }),
      "L",
      "waiting-lone",
    );
    const empty = await onA.create("devils_scat", { ...priv, spectate: true, name: "S", playerId: "spectator-watch" });
    const game = { name: "P", seats: 2, bots: 1, turnSeconds: 60, variants: {}, autoFillSeconds: 0 };
    const playing = await sit(
      onA.joinOrCreate("devils_scat", { ...game, mode: quickPlayKey(game), playerId: "playing-game" }),
      "P",
      "playing-game",
    );
    expect(host.roomId).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect([q1, host, guest, lone].map((p) => status(p.room))).toEqual(["waiting", "waiting", "waiting", "waiting"]);
    // Journalled: every table with a player seated, not the one only watched.
    await poll(
      () => [q1, host, lone, playing].every((p) => journals(redis!.port).includes(p.roomId)),
      "the waiting tables journalled",
      5_000,
    );
    expect(journals(redis.port)).not.toContain(empty.roomId);

    const b = await startServerProcess(env);
    started.push(b);
    a.child.kill("SIGKILL");

    // Every player takes the seat back on B, at the same table, still waiting.
    const [q1b, hostB, guestB, playingB] = await Promise.all([q1, host, guest, playing].map((p) => back(b.url, p)));
    expect([q1b, hostB, guestB].map((p) => status(p!.room))).toEqual(["waiting", "waiting", "waiting"]);
    expect(seatsTaken(hostB!.room)).toBe(2);

    // The invite code still seats a friend (the last seat: the game starts).
    const onB = new Client(b.url);
    const friend = await sit(onB.joinById(host.roomId, { name: "F", playerId: "waiting-friend" }), "F", "waiting-friend");
    expect(friend.seat).toBe(2);
    // Quick play with the same options finds the resumed quick-play table.
    const q2 = await sit(
      onB.joinOrCreate("devils_scat", { ...quick, name: "Q2", mode: quickPlayKey(quick), playerId: "waiting-quick-2" }),
      "Q2",
      "waiting-quick-2",
    );
    expect(q2.roomId).toBe(q1.roomId);
    const q3 = await sit(
      onB.joinOrCreate("devils_scat", { ...quick, name: "Q3", mode: quickPlayKey(quick), playerId: "waiting-quick-3" }),
      "Q3",
      "waiting-quick-3",
    );
    expect(q3.roomId).toBe(q1.roomId);
    expect([q1b!.seat, q2.seat, q3.seat].sort()).toEqual([0, 1, 2]);
    await playOut([hostB!, guestB!, friend, q1b!, q2, q3, playingB!], "the resumed tables played to the end", 240_000);

    // The lone host never came back: after its 5 s window the seat is given up, the table closes,
    // and its code no longer works.
    await left(lone.room);
    await poll(() => !listed(redis!.port, lone.roomId), "the abandoned table closed", 20_000);
    await expect(onB.joinById(lone.roomId, { name: "X", playerId: "late-friend" })).rejects.toThrow(/not found|table-gone/);
    expect(journals(redis.port)).not.toContain(lone.roomId);
  }, 300_000);

  it("are handed over on SIGTERM: the host takes the seat back on the survivor and the code still works", async () => {
    // Only C and D: a table handed over goes to D (the test's clients talk to one process, no nginx).
    await Promise.all(started.splice(0).map((s) => s.stop()));
    redis ??= await startRedis(await freePort(), dir);
    const env = { REDIS_URL: redis.url, LOG_LEVEL: process.env.WAIT_LOG ?? "warn", BOT_DELAY_MS: "20-60" };
    const c = await startServerProcess(env);
    started.push(c);
    const host = await sit(
      new Client(c.url).create("devils_scat", { ...priv, seats: 2, name: "H2", playerId: "drain-host" }),
      "H2",
      "drain-host",
    );
    await poll(() => journals(redis!.port).includes(host.roomId), "the waiting table journalled", 5_000);
    const d = await startServerProcess(env);
    started.push(d);
    c.child.kill("SIGTERM");
    const hostD = await back(d.url, host).catch((err: unknown) => {
      if (process.env.WAIT_LOG) console.log(`--- C\n${c.output()}\n--- D\n${d.output()}`);
      throw err;
    });
    expect(status(hostD.room)).toBe("waiting");
    const friend = await sit(new Client(d.url).joinById(host.roomId, { name: "F2", playerId: "drain-friend" }), "F2", "drain-friend");
    expect(friend.seat).toBe(1);
    await playOut([hostD, friend], "the handed-over table played to the end", 180_000);
  }, 240_000);
});
