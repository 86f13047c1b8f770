/**
 * A game the server interrupted counts against nobody (docs/API.md, "Conduct"): two signed-in
 * players at one casual table on one process with its file journal; the process is stopped
 * (SIGTERM, and then killed outright at another table) and started again on the same DATA_DIR;
 * both take their seats back as the page does and play to the end. Each one's conduct record
 * holds that game as completed: the stop was not recorded as a leave, and the resumed game
 * counts normally.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@colyseus/sdk";
import { reclaimSeat } from "@scat/shared/reclaim.ts";
import { afterAll, describe, expect, it } from "vitest";
import { TableConduct } from "../src/conduct/table-conduct.ts";
import { until } from "./helpers.ts";
import { startServerProcess, type ServerProcess } from "./support/server-process.ts";
import { attach, left, playOut, sdkOf, step, type Player } from "./support/resume-play.ts";

const started: ServerProcess[] = [];
const dataDir = mkdtempSync(path.join(tmpdir(), "scat-restart-conduct-"));
afterAll(async () => {
  await Promise.all(started.map((s) => s.stop()));
  rmSync(dataDir, { recursive: true, force: true });
});

interface Account {
  readonly id: string;
  readonly token: string;
}

async function guest(url: string, name: string): Promise<Account> {
  const res = await fetch(`${url}/api/accounts/guest`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, token: true }),
  });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { player: { id: string }; token: string };
  return { id: body.player.id, token: body.token };
}

async function conduct(url: string, id: string): Promise<{ completionRate: number | null; games: number }> {
  const res = await fetch(`${url}/api/players/${id}`);
  return ((await res.json()) as { conduct: { completionRate: number | null; games: number } }).conduct;
}

const seatOf = (room: Player["room"]) =>
  new Promise<number>((resolve) => room.onMessage("seated", (m: { seat: number }) => resolve(m.seat)));

describe("a server stopped and started again mid-game", () => {
  it("records the interrupted game as completed for both players, not as a leave", async () => {
    const env = {
      DATA_DIR: dataDir,
      BOT_DELAY_MS: "20-40",
      ACCOUNTS_PER_HOUR: "1000",
      MATCHMAKE_RATE_PER_SECOND: "1000",
      MATCHMAKE_BURST: "1000",
    };
    let server = await startServerProcess(env);
    started.push(server);
    const port = String(server.port);
    const ann = await guest(server.url, "Ann");
    const bob = await guest(server.url, "Bob");
    const tokens = new Map<string, string>([
      ["Ann", ann.token],
      ["Bob", bob.token],
    ]);
    const players: Player[] = [];
    const base = { seats: 2, bots: 0, autoFillSeconds: 0, private: true, turnSeconds: 60, variants: {} };
    for (const [i, who] of [ann, bob].entries()) {
      const options = { ...base, name: who === ann ? "Ann" : "Bob", playerId: `restart-${i}-player-id`, token: who.token };
      const room =
        i === 0
          ? await new Client(server.url).create("devils_scat", options)
          : await new Client(server.url).joinById(players[0]!.roomId, options);
      const p: Player = {
        room,
        roomId: room.roomId,
        name: options.name,
        playerId: options.playerId,
        seat: 0,
        seen: 0,
        gameLog: null,
        rejected: 0,
      };
      attach(p);
      p.seat = await seatOf(room);
      players.push(p);
    }
    const acted = new Map<Player, number>();
    await until(
      () => {
        players.forEach((p) => step(p, acted));
        return players.every((p) => p.seen >= 3);
      },
      "a few steps",
      20_000,
    );

    // Stopped as an operator stops it (SIGTERM drains), and later killed (SIGKILL): each time both come back.
    for (const signal of ["SIGTERM", "SIGKILL"] as const) {
      const closed = players.map((p) => left(p.room));
      const exited = new Promise((r) => server.child.once("exit", r));
      server.child.kill(signal);
      await exited;
      await Promise.all(closed);
      server = await startServerProcess({ ...env, PORT: port });
      started.push(server);
      for (const p of players) {
        const outcome = await reclaimSeat(
          sdkOf(server.url),
          { roomId: p.roomId },
          { name: p.name, playerId: p.playerId, token: tokens.get(p.name) },
          { windowMs: 15_000 },
        );
        if (!("room" in outcome)) throw new Error(`${p.name} not back after ${signal}: ${outcome.failed}`);
        p.room = outcome.room;
        attach(p);
        expect(await seatOf(p.room)).toBe(p.seat);
      }
      if (signal === "SIGTERM") {
        const more = Math.max(...players.map((p) => p.seen)) + 2;
        await until(
          () => {
            players.forEach((p) => step(p, acted));
            return players.every((p) => p.seen >= more);
          },
          "a few more steps",
          20_000,
        );
      }
    }
    await playOut(players, "the resumed game over", 120_000);
    for (const who of [ann, bob]) {
      // The record is written just after the game ends.
      let record = await conduct(server.url, who.id);
      for (const end = Date.now() + 10_000; record.games === 0 && Date.now() < end; record = await conduct(server.url, who.id))
        await new Promise((r) => setTimeout(r, 100));
      expect(record, who === ann ? "Ann" : "Bob").toEqual({ completionRate: 1, games: 1 });
    }
  }, 150_000);
});

describe("a seat not taken back after the server stopped", () => {
  const seats = [
    { index: 0, accountId: "acc-ann", left: false },
    { index: 1, accountId: "acc-bob", left: true },
  ];

  it("is not a leave: the game is aborted for that player (a bot finished it)", () => {
    const conduct = new TableConduct(2);
    conduct.interrupted(1);
    expect(conduct.outcomes("devils_scat", "T1", false, seats, 1).map((e) => e.outcome)).toEqual(["completed", "aborted"]);
  });

  it("is the player's again once they sit down: leaving then counts as a leave", () => {
    const conduct = new TableConduct(2);
    conduct.interrupted(1);
    conduct.seated("session-bob", 1);
    expect(conduct.outcomes("devils_scat", "T1", false, seats, 1).map((e) => e.outcome)).toEqual(["completed", "left"]);
  });
});
