/**
 * No unrated window: a ranked game whose process dies after its last step but before the rating
 * is committed is rated by the process that resumes the table, and a finished table resumed
 * again after it was rated rates nothing twice.
 *
 * The server reaches PostgreSQL through a proxy in this test; the proxy is frozen once the game
 * has started, so the rating write of the first process hangs (as if the process died between the
 * last step and the commit). The first process is killed (SIGKILL); a second one on the same
 * DATA_DIR (the file journal) and the same database resumes the finished table and rates it. Then
 * the journal as it stood before that rating is put back and a third process resumes the table
 * once more: the match is already there, every rating stays as it was.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client, type Room } from "@colyseus/sdk";
import { afterAll, describe, expect, it } from "vitest";
import { until, waitSeat } from "./helpers.ts";
import { api, queued } from "./support/ranked-client.ts";
import { startPostgres, type PostgresServer } from "./support/postgres-server.ts";
import { startServerProcess, type ServerProcess } from "./support/server-process.ts";
import { attach, playOut, status, type Player } from "./support/resume-play.ts";

interface Proxy {
  readonly port: number;
  /** From now on nothing passes either way (open connections hang; closing one still closes the other side). */
  freeze(): void;
  close(): Promise<void>;
}

/** A TCP proxy on a free loopback port to `port`. */
async function tcpProxy(port: number): Promise<Proxy> {
  let frozen = false;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(port, "127.0.0.1");
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    for (const s of [client, upstream]) {
      open.add(s);
      s.on("close", () => {
        open.delete(s);
        end();
      });
      s.on("error", end);
    }
    client.on("data", (d) => {
      if (!frozen) upstream.write(d);
    });
    upstream.on("data", (d) => {
      if (!frozen) client.write(d);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    freeze() {
      frozen = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}

const started: ServerProcess[] = [];
let pg: PostgresServer | null = null;
let proxy: Proxy | null = null;
afterAll(async () => {
  await Promise.all(started.map((s) => s.stop()));
  await proxy?.close();
  await pg?.stop();
});

async function kill(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((r) => server.child.once("exit", r));
  server.child.kill("SIGKILL");
  await exited;
}

/** Takes the ranked seat back by account once the table is back; resolves with its `ratingChanged`. */
async function ratingSeenAt(base: string, roomId: string, account: { token: string; player: { id: string; name: string } }): Promise<any> {
  const end = Date.now() + 30_000;
  let room: Room;
  for (;;) {
    try {
      room = await new Client(base).joinById(roomId, { name: account.player.name, playerId: account.player.id, token: account.token });
      break;
    } catch (err) {
      if (Date.now() > end) throw new Error(`${roomId}: could not take the ranked seat back: ${String(err)}`, { cause: err });
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const told: unknown[] = [];
  room.onMessage("*", (type, message) => {
    if (type === "ratingChanged") told.push(message);
  });
  const message = await until(() => told[0], "ratingChanged at the resumed table", 30_000);
  await room.leave();
  return message;
}

type Profile = { ratings: { game: string; rating: number; games: number }[]; recent: { matchId: string }[] };

describe("a ranked game whose process dies before the rating is committed", () => {
  it("is rated by the process that resumes it, and never twice", async () => {
    pg = await startPostgres();
    proxy = await tcpProxy(pg.port);
    const dataDir = mkdtempSync(path.join(tmpdir(), "scat-rated-once-"));
    const env = { DATA_DIR: dataDir, BOT_DELAY_MS: "20-40", RANKED_GUESTS: "1", RANKED_MIN_GAMES: "0", RANKED_SAME_ADDRESS: "1" };
    const first = await startServerProcess({ ...env, DATABASE_URL: `postgres://scat@127.0.0.1:${proxy.port}/scat` });
    started.push(first);
    const accounts = [
      await api(first.url, "/accounts/guest", { name: "Ivy", token: true }),
      await api(first.url, "/accounts/guest", { name: "Jon", token: true }),
    ];
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`not seated by the queue; server log:\n${first.output().slice(-3000)}`)), 60_000);
    });
    const rooms = await Promise.race([Promise.all(accounts.map((a) => queued(first.url, a.token))), timeout]).finally(() =>
      clearTimeout(timer),
    );
    const roomId = rooms[0]!.roomId;
    expect(rooms[1]!.roomId).toBe(roomId);
    const players: Player[] = rooms.map((room, i) => ({
      room,
      roomId,
      name: accounts[i].player.name,
      playerId: accounts[i].player.id,
      seat: -1,
      seen: 0,
      gameLog: null,
      rejected: 0,
    }));
    const rated: unknown[] = [];
    for (const p of players) {
      attach(p);
      p.room.onMessage("ratingChanged", (m) => rated.push(m));
      p.seat = await waitSeat(p.room);
    }
    await until(() => players.every((p) => status(p.room) === "playing"), "the deal", 30_000);

    // From here the first process's database writes never arrive: its rating write hangs.
    proxy.freeze();
    await playOut(players, "the ranked game over");
    const journal = path.join(dataDir, "tables", `${roomId}.jsonl`);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(rated).toEqual([]);
    // The game is over and not rated: its journal is still there for whoever resumes the table.
    expect(existsSync(journal)).toBe(true);
    const unratedJournal = readFileSync(journal, "utf8");
    await kill(first);

    const direct = { ...env, DATABASE_URL: pg.url };
    const second = await startServerProcess(direct);
    started.push(second);
    const matchId = (players[0]!.gameLog as unknown as { matchId: string }).matchId;
    const profiles = async (): Promise<Profile[]> => Promise.all(accounts.map((a) => api(second.url, `/players/${a.player.id}`)));
    let after: Profile[] = [];
    for (const end = Date.now() + 60_000; !after.every((p) => p.ratings[0]?.games === 1) || after.length === 0;) {
      if (Date.now() > end) throw new Error(`the resumed table was not rated: ${JSON.stringify(after)}\n${second.output().slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 200));
      after = await profiles();
    }
    for (const p of after) {
      expect(p.ratings).toHaveLength(1);
      expect(p.recent.map((m) => m.matchId)).toEqual([matchId]);
    }
    const ratings = after.map((p) => p.ratings[0]!.rating);
    await until(() => !existsSync(journal), "the journal removed once rated", 30_000);
    const told = await ratingSeenAt(second.url, roomId, accounts[0]);
    expect(told).toMatchObject({ matchId, rated: true });
    expect(told.changes.map((c: { after: number }) => c.after).sort()).toEqual([...ratings].sort());
    await kill(second);

    // The same table resumed once more after it was rated (a crash between the commit and the
    // journal's removal): it finds the match recorded and changes nothing.
    writeFileSync(journal, unratedJournal);
    const third = await startServerProcess(direct);
    started.push(third);
    await until(() => !existsSync(journal), "the journal removed by the third process", 60_000);
    const again = (await Promise.all(accounts.map((a) => api(third.url, `/players/${a.player.id}`)))) as Profile[];
    expect(again.map((p) => p.ratings)).toEqual(after.map((p) => p.ratings));
    for (const a of accounts) expect((await api(third.url, `/players/${a.player.id}/history/devils_scat`)).history).toHaveLength(1);
    const retold = await ratingSeenAt(third.url, roomId, accounts[1]);
    expect(retold).toMatchObject({ matchId, rated: false });
    expect(retold.changes).toEqual(told.changes);
  }, 300_000);
});
