/**
 * A ranked game survives its process: two accounts are seated by the ranked queue, play a few
 * steps, the process is killed (SIGKILL); a new process on the same DATA_DIR (the table journal
 * and the PGlite database both live there) resumes the table, each account takes its seat back
 * with its token, the game is played to the end and rated exactly once.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client, type Room } from "@colyseus/sdk";
import { afterAll, describe, expect, it } from "vitest";
import { until, waitSeat } from "./helpers.ts";
import { api, queued } from "./support/ranked-client.ts";
import { startServerProcess, type ServerProcess } from "./support/server-process.ts";
import { attach, playOut, step, type Player } from "./support/resume-play.ts";

const started: ServerProcess[] = [];
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(started.map((s) => s.stop()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Takes the ranked seat back by account (id and token) once the table is back. */
async function reclaimRanked(base: string, p: Player, token: string): Promise<Room> {
  const end = Date.now() + 30_000;
  for (;;) {
    try {
      return await new Client(base).joinById(p.roomId, { name: p.name, playerId: p.playerId, token });
    } catch (err) {
      if (Date.now() > end) throw new Error(`${p.roomId}: could not take the ranked seat back: ${String(err)}`, { cause: err });
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

describe("a ranked game on a process that is killed", () => {
  it("is resumed on the same DATA_DIR, played to the end and rated exactly once", async () => {
    dirs.push(mkdtempSync(path.join(tmpdir(), "scat-ranked-resume-")));
    const env = { DATA_DIR: dirs.at(-1)!, BOT_DELAY_MS: "20-40", RANKED_GUESTS: "1", RANKED_MIN_GAMES: "0", RANKED_SAME_ADDRESS: "1" };
    const first = await startServerProcess(env);
    started.push(first);
    const accounts = [
      await api(first.url, "/accounts/guest", { name: "Kim", token: true }),
      await api(first.url, "/accounts/guest", { name: "Lou", token: true }),
    ];
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`not seated by the queue; server log:\n${first.output().slice(-3000)}`)), 60_000);
    });
    const rooms = await Promise.race([Promise.all(accounts.map((a) => queued(first.url, a.token))), timeout]).finally(() =>
      clearTimeout(timer),
    );
    expect(rooms[0]!.roomId).toBe(rooms[1]!.roomId);
    const players: Player[] = rooms.map((room, i) => ({
      room,
      roomId: room.roomId,
      name: accounts[i].player.name,
      playerId: accounts[i].player.id,
      seat: -1,
      seen: 0,
      gameLog: null,
      rejected: 0,
    }));
    for (const p of players) {
      attach(p);
      p.seat = await waitSeat(p.room);
    }
    const acted = new Map<Player, number>();
    await until(
      () => {
        players.forEach((p) => p.seen < 6 && step(p, acted));
        return players.every((p) => p.seen >= 6);
      },
      "a few steps",
      30_000,
    );
    first.child.kill("SIGKILL");
    await new Promise((r) => first.child.once("exit", r));

    const second = await startServerProcess(env);
    started.push(second);
    const ratings: unknown[] = [];
    for (const [i, p] of players.entries()) {
      p.room = await reclaimRanked(second.url, p, accounts[i].token);
      attach(p);
      p.room.onMessage("ratingChanged", (m) => ratings.push(m));
      expect(await waitSeat(p.room)).toBe(p.seat);
    }
    await playOut(players, "the ranked game over");
    await until(() => ratings.length >= 2, "both told their rating change", 30_000);
    const matchId = (players[0]!.gameLog as unknown as { matchId: string }).matchId;
    for (const a of accounts) {
      const profile = await api(second.url, `/players/${a.player.id}`);
      expect(profile.ratings).toHaveLength(1);
      expect(profile.ratings[0].games).toBe(1);
      expect(profile.recent.map((m: { matchId: string }) => m.matchId)).toEqual([matchId]);
      expect((await api(second.url, `/players/${a.player.id}/history/devils_scat`)).history).toHaveLength(1);
    }
    const log = await api(second.url, `/matches/${encodeURIComponent(matchId)}/log`);
    expect(log.steps.length).toBe((players[0]!.gameLog as unknown as { steps: unknown[] }).steps.length);
  }, 240_000);
});
