/**
 * Ranked play across processes: two server processes share Redis (presence, matchmaking) and a
 * PostgreSQL server (accounts, ratings), behind nginx. Two accounts made on different processes
 * queue through different processes, meet in the one queue of the cluster, play the game to the
 * end and are rated once, readable from either process.
 *
 * The same cluster (its start-up is most of the cost) also carries table chat across processes
 * (as a deployment runs it): a table lives on one process, so every socket of a table ends there; what
 * crosses processes is everything around it: the players and the spectator reach the table
 * through the other process's matchmaker (accounts made on different processes, one store), and
 * the per-account chat limit is one budget in Redis, so an account that spends it at a table on
 * one process is cut off at a table on the other. Both processes give the lobby's online count
 * alike (social/presence/online.ts).
 */
import { Client, type Room } from "@colyseus/sdk";
import { CHAT_CLIENT, CHAT_SERVER, type ChatLine } from "@scat/shared/social/chat.ts";
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
  cluster = await startCluster({
    processes: 2,
    env: {
      RANKED_GUESTS: "1",
      LEADERBOARD_MIN_GAMES: "1",
      LEADERBOARD_MIN_OPPONENTS: "0",
      RANKED_MIN_GAMES: "0",
      RANKED_SAME_ADDRESS: "1",
      LOG_LEVEL: "warn",
      DATABASE_URL: pg.url,
      TOKEN_SECRET: "cluster-test-secret-0123456789abcdef",
      BOT_DELAY_MS: "20-40",
    },
  });
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
    expect((await (await fetch(`${via(2)}/api/me`, { headers: { authorization: `Bearer ${ann.token}` } })).json()).player.id).toBe(
      ann.player.id,
    );
    const rooms = await Promise.all([queued(via(1), ann.token), queued(via(2), ben.token)]);
    expect(rooms[0]!.roomId).toBe(rooms[1]!.roomId);
    const accounts = [ann, ben];
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
    const ratings: unknown[] = [];
    for (const p of players) {
      attach(p);
      p.room.onMessage("ratingChanged", (m) => ratings.push(m));
      p.seat = await waitSeat(p.room);
    }
    await playOut(players, "the ranked game over");
    await until(() => ratings.length >= 2, "both told their rating change", 30_000);
    for (const [n, a] of [
      [2, ann],
      [1, ben],
    ] as const) {
      const profile = await api(via(n), `/players/${a.player.id}`);
      expect(profile.ratings).toMatchObject([{ game: "devils_scat", games: 1 }]);
    }
    const board = await api(via(1), "/leaderboard/devils_scat");
    expect(board.top.map((e: { playerId: string }) => e.playerId).sort()).toEqual([ann.player.id, ben.player.id].sort());
  }, 180_000);

  it("never queues one account twice, however many processes it joins through at once", async () => {
    const cat = await api(via(1), "/accounts/guest", { name: "Cat", token: true });
    const joins = await Promise.allSettled(
      [1, 2, 1, 2].map((n) => new Client(via(n)).joinOrCreate("ranked_dark_hand", { token: cat.token })),
    );
    const admitted = joins.filter((j): j is PromiseFulfilledResult<Room> => j.status === "fulfilled");
    expect(admitted).toHaveLength(1);
    for (const j of joins) if (j.status === "rejected") expect(String((j.reason as Error).message)).toMatch(/already-queued/);
    await admitted[0]!.value.leave();
  }, 60_000);
});

const sdkVia = (n: number) => new Client(via(n));
const hostOf = (room: Room) =>
  String((room as unknown as { connection: { transport: { ws: { url: string } } } }).connection.transport.ws.url).split("/")[3] ?? "";
const otherThan = (host: string) => (host === "p1" ? 2 : 1);

interface Heard {
  lines: ChatLine[];
  rejected: string[];
}
function listen(room: Room): Heard {
  const heard: Heard = { lines: [], rejected: [] };
  room.onMessage("*", (type, m) => {
    if (type === CHAT_SERVER.line) heard.lines.push(m as ChatLine);
    else if (type === "rejected") heard.rejected.push((m as { code: string }).code);
  });
  return heard;
}

describe("table chat on two processes", () => {
  it("carries lines between players and a spectator who came through the other process, and shares the chat limit across processes", async () => {
    const ann = await api(`${cluster.url}/p1`, "/accounts/guest", { name: "Ann", token: true });
    const ben = await api(`${cluster.url}/p2`, "/accounts/guest", { name: "Ben", token: true });
    const table = { seats: 3, autoFillSeconds: 0 };
    const a = await sdkVia(1).create("devils_scat", { name: "Ann", token: ann.token, ...table });
    const sa = listen(a);
    const host = hostOf(a);
    // Ben and the spectator ask the process that does not host the table.
    const b = await sdkVia(otherThan(host)).joinById(a.roomId, { name: "Ben", token: ben.token });
    const sb = listen(b);
    const w = await sdkVia(otherThan(host)).joinById(a.roomId, { name: "Wes", spectate: true });
    const sw = listen(w);

    a.send(CHAT_CLIENT.say, { phrase: "gg" });
    await until(
      () => sb.lines.some((l) => l.phrase === "gg") && sw.lines.some((l) => l.phrase === "gg"),
      "Ann's line to Ben and the spectator",
    );
    w.send(CHAT_CLIENT.say, { phrase: "wp" });
    await until(
      () => sa.lines.some((l) => l.phrase === "wp") && sb.lines.some((l) => l.phrase === "wp"),
      "the spectator's line to both players",
    );
    expect(sa.lines.find((l) => l.phrase === "wp")).toMatchObject({ name: "Wes", seat: null, channel: "spectators" });
    expect(sw.lines.find((l) => l.phrase === "gg")).toMatchObject({ name: "Ann", channel: "table" });
    // Who is here: both processes count the three connections (on one of them) alike, through Redis.
    // (Earlier tests' connections may still be closing: the two answers agree within a cache period.)
    const read = () =>
      Promise.all(
        [1, 2].map(
          async (n) => (await fetch(`${cluster.url}/p${n}/api/social/counts`)).json() as Promise<{ online: number; tables: number }>,
        ),
      );
    let counts = await read();
    for (const end = Date.now() + 15_000; counts[0]!.online !== counts[1]!.online && Date.now() < end;) {
      await new Promise((r) => setTimeout(r, 500));
      counts = await read();
    }
    expect(counts[0]).toEqual(counts[1]);
    expect(counts[0]!.online).toBeGreaterThanOrEqual(3);

    // A second table hosted by the other process: a create goes to the process with the fewest
    // rooms, and the table's own process counts its own rooms live (the others' a second late).
    let t2: Room | null = null;
    const extra: Room[] = [];
    for (let i = 0; i < 4 && !t2; i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 1_100));
      const r = await sdkVia(Number(host.slice(1))).create("devils_scat", { name: "Cat", ...table });
      r.onMessage("*", () => undefined);
      if (hostOf(r) !== host) t2 = r;
      else extra.push(r);
    }
    expect(t2, "a table on the other process").not.toBeNull();
    const b2 = await sdkVia(1).joinById(t2!.roomId, { name: "Ben", token: ben.token, spectate: true });
    const sb2 = listen(b2);
    // Ben spends most of his burst (5) at the first table, then speaks at the second: one budget.
    for (let i = 0; i < 4; i++) b.send(CHAT_CLIENT.say, { phrase: "oops" });
    await until(() => sa.lines.filter((l) => l.phrase === "oops").length + sb.rejected.length >= 4, "Ben's lines at the first table");
    expect(sb.rejected).toEqual([]);
    for (let i = 0; i < 4; i++) b2.send(CHAT_CLIENT.say, { phrase: "thanks" });
    await until(() => sb2.lines.filter((l) => l.phrase === "thanks").length + sb2.rejected.length >= 4, "Ben's lines at the second table");
    // Alone, 4 lines at the second table are within the burst; after the first table's 4, they are not.
    expect(sb2.rejected.length).toBeGreaterThanOrEqual(1);
    expect(sb2.rejected.every((c) => c === "rate-limited")).toBe(true);
    await Promise.all([a, b, w, b2, t2!, ...extra].map((r) => r.leave().catch(() => undefined)));
  }, 120_000);
});
