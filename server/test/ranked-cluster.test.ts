/**
 * Ranked play across processes: two server processes share Redis (presence, matchmaking) and a
 * PostgreSQL server (accounts, ratings), behind nginx. Two accounts made on different processes
 * queue through different processes, meet in the one queue of the cluster, play the game to the
 * end and are rated once, readable from either process.
 */
import { Client, type Room } from "@colyseus/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCluster, type Cluster } from "../../cluster/cluster.ts";
import { until, waitSeat } from "./helpers.ts";
import { api, queued } from "./support/ranked-client.ts";
import { startPostgres, type PostgresServer } from "./support/postgres-server.ts";
import { attach, playOut, type Player } from "./support/resume-play.ts";

let pg: PostgresServer;
let cluster: Cluster;
beforeAll(async () => {
  pg = await startPostgres();
  cluster = await startCluster({ processes: 2, env: { RANKED_GUESTS: "1", LEADERBOARD_MIN_GAMES: "1", RANKED_MIN_GAMES: "0", RANKED_SAME_ADDRESS: "1", LOG_LEVEL: "warn", DATABASE_URL: pg.url, TOKEN_SECRET: "cluster-test-secret-0123456789abcdef", BOT_DELAY_MS: "20-40" } });
}, 180_000);
afterAll(async () => {
  await cluster?.stop();
  await pg?.stop();
});

const via = (n: number) => `${cluster.url}/p${n}`;

describe("ranked play on a cluster", () => {
  it("matches accounts queueing through different processes and rates their game once", async () => {
    const ann = await api(via(1), "/accounts/guest", { name: "Ann", token: true });
    const ben = await api(via(2), "/accounts/guest", { name: "Ben", token: true });
    // A token signed by one process is good on the other (shared TOKEN_SECRET and database).
    expect((await (await fetch(`${via(2)}/api/me`, { headers: { authorization: `Bearer ${ann.token}` } })).json()).player.id).toBe(ann.player.id);
    const rooms = await Promise.all([queued(via(1), ann.token), queued(via(2), ben.token)]);
    expect(rooms[0]!.roomId).toBe(rooms[1]!.roomId);
    const accounts = [ann, ben];
    const players: Player[] = rooms.map((room, i) => ({ room, roomId: room.roomId, name: accounts[i].player.name, playerId: accounts[i].player.id, seat: -1, seen: 0, gameLog: null, rejected: 0 }));
    const ratings: unknown[] = [];
    for (const p of players) {
      attach(p);
      p.room.onMessage("ratingChanged", (m) => ratings.push(m));
      p.seat = await waitSeat(p.room);
    }
    await playOut(players, "the ranked game over");
    await until(() => ratings.length >= 2, "both told their rating change", 30_000);
    for (const [n, a] of [[2, ann], [1, ben]] as const) {
      const profile = await api(via(n), `/players/${a.player.id}`);
      expect(profile.ratings).toMatchObject([{ game: "devils_scat", games: 1 }]);
    }
    const board = await api(via(1), "/leaderboard/devils_scat");
    expect(board.top.map((e: { playerId: string }) => e.playerId).sort()).toEqual([ann.player.id, ben.player.id].sort());
  }, 180_000);

  it("never queues one account twice, however many processes it joins through at once", async () => {
    const cat = await api(via(1), "/accounts/guest", { name: "Cat", token: true });
    const joins = await Promise.allSettled([1, 2, 1, 2].map((n) => new Client(via(n)).joinOrCreate("ranked_dark_hand", { token: cat.token })));
    const admitted = joins.filter((j): j is PromiseFulfilledResult<Room> => j.status === "fulfilled");
    expect(admitted).toHaveLength(1);
    for (const j of joins) if (j.status === "rejected") expect(String((j.reason as Error).message)).toMatch(/already-queued/);
    await admitted[0]!.value.leave();
  }, 60_000);
});
