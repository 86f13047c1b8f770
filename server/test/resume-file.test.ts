/**
 * Crash survival without Redis: a server process with tables of every game in play is killed
 * (SIGKILL); a new process on the same DATA_DIR resumes every table from its file journal under
 * the same roomId (a private table keeps its invite code, one still waiting for players too); each player takes their seat back by
 * playerId, finds at least every step they had seen, and plays to the end; the revealed game log
 * replays. A table whose deal was waiting for its players' shuffle values when the process died
 * deals on the resume from the same commitment with the value it had journalled (the silent
 * player's logged missing), and its log verifies with the player's own value (docs/FAIRNESS.md).
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@colyseus/sdk";
import { verifyLog } from "@scat/shared/fairness/index.ts";
import { quickPlayKey } from "@scat/shared";
import { afterAll, describe, expect, it } from "vitest";
import { GAMES } from "../src/games.ts";
import { until } from "./helpers.ts";
import { startServerProcess, type ServerProcess } from "./support/server-process.ts";
import { attach, playOut, reclaim, status, step, type Player } from "./support/resume-play.ts";

const SHORT: Record<string, Record<string, number | boolean>> = {
  dark_hearts: { target: 15 },
  scatterbrain: { memoriseMs: 2_000 },
  hit_the_deck: { target: 30 },
};

const started: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(started.map((s) => s.stop()));
});

describe("a single process restarted on the same DATA_DIR", () => {
  it("resumes every table from its file journal and each plays to the end", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "scat-resume-"));
    // A long shuffle wait: the table below is killed while its deal waits for a value.
    const env = { DATA_DIR: dataDir, BOT_DELAY_MS: "20-40", SHUFFLE_WAIT_MS: "60000" };
    const first = await startServerProcess(env);
    started.push(first);
    const players: Player[] = [];
    for (const name of Object.keys(GAMES)) {
      const game = GAMES[name as keyof typeof GAMES]!.game;
      const base = { name: `P-${name}`, seats: game.minSeats, bots: game.minSeats - 1, turnSeconds: 30, variants: SHORT[name] ?? {} };
      const playerId = `player-${name}-0001`;
      const room = await new Client(first.url).joinOrCreate(name, { ...base, mode: quickPlayKey(base), playerId });
      const p: Player = { room, roomId: room.roomId, name: base.name, playerId, seat: 0, seen: 0, gameLog: null, rejected: 0 };
      attach(p);
      p.seat = await new Promise<number>((resolve) => room.onMessage("seated", (m: { seat: number }) => resolve(m.seat)));
      players.push(p);
    }
    // A private table keeps its invite code (its roomId) across the restart.
    {
      const playerId = "player-private-0001";
      const room = await new Client(first.url).create("dark_hearts", {
        name: "Host",
        seats: 3,
        bots: 2,
        private: true,
        variants: SHORT.dark_hearts,
        playerId,
      });
      expect(room.roomId).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
      const p: Player = { room, roomId: room.roomId, name: "Host", playerId, seat: 0, seen: 0, gameLog: null, rejected: 0 };
      attach(p);
      p.seat = await new Promise<number>((resolve) => room.onMessage("seated", (m: { seat: number }) => resolve(m.seat)));
      players.push(p);
    }
    // A private table still waiting for its second player comes back too, its code working.
    const waitingHost = "player-waiting-0001";
    // Its countdown to filling with bots, turned off by the host, stays off.
    const waitingRoom = await new Client(first.url).create("devils_scat", {
      name: "Wait",
      seats: 2,
      bots: 0,
      private: true,
      variants: {},
      autoFillSeconds: 60,
      playerId: waitingHost,
    });
    const waiting: Player = {
      room: waitingRoom,
      roomId: waitingRoom.roomId,
      name: "Wait",
      playerId: waitingHost,
      seat: 0,
      seen: 0,
      gameLog: null,
      rejected: 0,
    };
    attach(waiting);
    await new Promise<number>((resolve) => waitingRoom.onMessage("seated", (m: { seat: number }) => resolve(m.seat)));
    await until(() => (waitingRoom.state as { autoFillAt?: number }).autoFillAt! > 0, "the countdown running");
    waitingRoom.send("autoFill", { on: false });
    await until(() => (waitingRoom.state as { autoFillAt?: number }).autoFillAt === 0, "the countdown off");
    // Play until every table has taken a few steps.
    const acted = new Map<Player, number>();
    // A few steps at every table, then the players wait (their turn holds each game).
    await until(
      () => {
        players.forEach((p) => p.seen < 4 && step(p, acted));
        return players.every((p) => p.seen >= 4);
      },
      "a few steps at every table",
      30_000,
    );
    // Two players who add values to the shuffle: the host answers, the other never does, so the
    // deal waits; the process dies once the host's value is journalled.
    const shuffleValue = "0123456789abcdef0123456789abcdef";
    let commitment = "";
    const shufflers: Player[] = [];
    for (const [i, name] of ["Sal", "Sid"].entries()) {
      const playerId = `player-shuffle-000${i}`;
      const options = { name, seats: 2, bots: 0, autoFillSeconds: 0, private: true, variants: {}, shuffle: true, playerId };
      const room =
        i === 0
          ? await new Client(first.url).create("devils_scat", options)
          : await new Client(first.url).joinById(shufflers[0]!.roomId, options);
      const p: Player = { room, roomId: room.roomId, name, playerId, seat: i, seen: 0, gameLog: null, rejected: 0 };
      attach(p);
      room.onMessage("shuffle", (m: { commitment: string }) => {
        if (i === 0) {
          commitment = m.commitment;
          room.send("shuffle", { value: shuffleValue });
        }
      });
      p.seat = await new Promise<number>((resolve) => room.onMessage("seated", (m: { seat: number }) => resolve(m.seat)));
      shufflers.push(p);
    }
    const journal = path.join(dataDir, "tables", `${shufflers[0]!.roomId}.jsonl`);
    const entries = () =>
      existsSync(journal)
        ? readFileSync(journal, "utf8")
            .split("\n")
            .filter(Boolean)
            .map((l) => JSON.parse(l) as { k: string; deal?: { values: Record<string, string> } })
        : [];
    await until(
      () => entries().some((e) => e.k === "w" && e.deal?.values[String(shufflers[0]!.seat)] === shuffleValue),
      "the shuffle value journalled",
      10_000,
    );
    expect(status(shufflers[0]!.room)).toBe("waiting");
    expect(
      readdirSync(path.join(dataDir, "tables")).sort(),
      JSON.stringify(players.map((p) => [p.roomId, p.seen, status(p.room)])),
    ).toEqual([...players, waiting, shufflers[0]!].map((p) => `${p.roomId}.jsonl`).sort());
    first.child.kill("SIGKILL");
    await new Promise((r) => first.child.once("exit", r));

    const second = await startServerProcess(env);
    started.push(second);
    for (const p of players) {
      const before = p.seen;
      p.room = await reclaim(second.url, p);
      attach(p);
      const seat = await new Promise<number>((resolve) => p.room.onMessage("seated", (m: { seat: number }) => resolve(m.seat)));
      expect(seat).toBe(p.seat);
      expect(p.room.roomId).toBe(p.roomId);
      await until(() => p.seen >= before, `${p.roomId}: every step seen before the kill is there`, 10_000);
    }
    waiting.room = await reclaim(second.url, waiting);
    attach(waiting);
    expect(await new Promise<number>((resolve) => waiting.room.onMessage("seated", (m: { seat: number }) => resolve(m.seat)))).toBe(0);
    expect(status(waiting.room)).toBe("waiting");
    await new Promise((r) => setTimeout(r, 300));
    expect((waiting.room.state as { autoFillAt?: number }).autoFillAt, "the countdown the host turned off").toBe(0);
    const friendRoom = await new Client(second.url).joinById(waiting.roomId, { name: "Friend", playerId: "player-friend-0001" });
    const friend: Player = {
      room: friendRoom,
      roomId: friendRoom.roomId,
      name: "Friend",
      playerId: "player-friend-0001",
      seat: 1,
      seen: 0,
      gameLog: null,
      rejected: 0,
    };
    attach(friend);
    expect(await new Promise<number>((resolve) => friendRoom.onMessage("seated", (m: { seat: number }) => resolve(m.seat)))).toBe(1);
    players.push(waiting, friend);
    // The shuffle table was dealt on the resume, from the commitment shown before the kill.
    for (const p of shufflers) {
      p.room = await reclaim(second.url, p);
      attach(p);
      expect(await new Promise<number>((resolve) => p.room.onMessage("seated", (m: { seat: number }) => resolve(m.seat)))).toBe(p.seat);
    }
    expect((shufflers[0]!.room.state as { seedCommit?: string }).seedCommit || commitment).toBe(commitment);
    players.push(...shufflers);
    await playOut(players, "every game over");
    const log = (await until(() => shufflers[0]!.gameLog, "the shuffle table's log", 10_000)) as unknown as { entropy: unknown[] };
    expect(log.entropy).toEqual(
      [
        { seat: shufflers[0]!.seat, source: "client", value: shuffleValue },
        { seat: shufflers[1]!.seat, source: "missing", value: null },
      ].sort((a, b) => a.seat - b.seat),
    );
    const verdict = verifyLog(log, { publishedCommitment: commitment, mine: shuffleValue });
    expect(verdict.ok ? "ok" : verdict.reason).toBe("ok");
    // Finished games leave no journal behind.
    await until(() => readdirSync(path.join(dataDir, "tables")).length === 0, "journals removed", 5_000);
  }, 180_000);
});
