/**
 * A real cluster (cluster/cluster.ts): Debian's redis-server, three server processes and nginx
 * in front, all on free loopback ports. Players whose matchmaking lands on different processes
 * (an SDK pointed at /p<n> talks to process n only) meet at one table, codes and spectating
 * work from any process, so does a reload's reconnect, the lobby lists the tables of every process, hundreds of concurrent
 * joins through the balancer all get a seat, and the rate limit sees the client nginx saw.
 */
import { request } from "node:http";
import { Client, type Room } from "@colyseus/sdk";
import { quickPlayKey } from "@scat/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCluster, type Cluster } from "../../cluster/cluster.ts";
import { TEST_METRICS_TOKEN, until } from "./helpers.ts";

let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster({ env: { LOG_LEVEL: "warn", MATCHMAKE_RATE_PER_SECOND: "20", MATCHMAKE_BURST: "400" } });
}, 60_000);
afterAll(async () => {
  await cluster?.stop();
}, 30_000);

/** An SDK whose matchmaking goes to process n only (nginx routes /p<n>/ to it). */
const via = (n: number) => new Client(`${cluster.url}/p${n}`);
const quick = (o: Record<string, unknown>) => {
  const base = { name: "Q", seats: 2, bots: 0, turnSeconds: 60, variants: {}, autoFillSeconds: 0, ...o };
  return { ...base, mode: quickPlayKey(base as never) };
};

async function seated(join: Promise<Room>): Promise<{ room: Room; seat: number | null }> {
  const room = await join;
  room.onMessage("*", () => {});
  const seat = await new Promise<number | null>((resolve) => room.onMessage("seated", (m: { seat: number | null }) => resolve(m.seat)));
  return { room, seat };
}

const hostOf = (room: Room) =>
  String((room as unknown as { connection: { transport: { ws: { url: string } } } }).connection.transport.ws.url).split("/")[3] ?? "";

describe("a cluster behind nginx", () => {
  it("balances HTTP over every process and routes /p<n>/ to process n", async () => {
    const seen = new Set<string>();
    // The detailed health answers the operator's token only (the public one says alive, no more).
    const operator = { headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` } };
    expect(await (await fetch(`${cluster.url}/health`)).json()).toEqual({ ok: true });
    for (let i = 0; i < 6; i++) seen.add(((await (await fetch(`${cluster.url}/health`, operator)).json()) as { process: string }).process);
    expect(seen.size).toBe(3);
    for (let n = 1; n <= 3; n++) {
      const health = (await (await fetch(`${cluster.url}/p${n}/health`, operator)).json()) as { publicAddress: string };
      expect(health.publicAddress).toBe(cluster.publicAddresses[n - 1]);
    }
  });

  it("seats two players whose matchmaking lands on different processes at one table", async () => {
    const a = await seated(via(1).joinOrCreate("devils_scat", quick({ name: "A", turnSeconds: 41 })));
    const b = await seated(via(2).joinOrCreate("devils_scat", quick({ name: "B", turnSeconds: 41 })));
    expect(b.room.roomId).toBe(a.room.roomId);
    expect(new Set([a.seat, b.seat])).toEqual(new Set([0, 1]));
    await until(() => (a.room.state as { status?: string }).status === "playing", "the game started");
    // Both sockets reach the one hosting process, whichever process answered their HTTP.
    expect(hostOf(a.room)).toBe(hostOf(b.room));
    await Promise.all([a.room.leave(), b.room.leave()]);
  });

  it("gives a player their seat back after a reload whose reconnect lands on another process", async () => {
    const a = await seated(via(1).joinOrCreate("devils_scat", quick({ name: "R", bots: 1, turnSeconds: 43 })));
    await until(() => (a.room.state as { status?: string }).status === "playing", "the game started");
    const other = (Number(hostOf(a.room).slice(1)) % 3) + 1;
    a.room.reconnection.enabled = false;
    a.room.connection.close(4010, "reload");
    // The token is valid once the hosting process has seen the drop: retry until then.
    let back: Room | null = null;
    for (const end = Date.now() + 10_000; !back;) {
      back = await via(other)
        .reconnect(a.room.reconnectionToken)
        .catch((err: unknown) => {
          if (Date.now() > end) throw err;
          return new Promise<null>((r) => setTimeout(() => r(null), 100));
        });
    }
    const again = await seated(Promise.resolve(back));
    expect(again.seat).toBe(a.seat);
    expect(hostOf(back)).toBe(hostOf(a.room));
    await back.leave();
  });

  it("resolves an invite code created on one process from the others, and spectating from any", async () => {
    const host = await seated(via(1).create("dark_hearts", { name: "Host", seats: 3, private: true }));
    const code = host.room.roomId;
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    const friend = await seated(via(2).joinById(code, { name: "Friend" }));
    const third = await seated(via(3).joinById(code, { name: "Third" }));
    expect([friend.room.roomId, third.room.roomId]).toEqual([code, code]);
    expect(new Set([host.seat, friend.seat, third.seat])).toEqual(new Set([0, 1, 2]));
    const watchers = await Promise.all([1, 2, 3].map((n) => seated(via(n).joinById(code, { name: `W${n}`, spectate: true }))));
    expect(watchers.map((w) => w.seat)).toEqual([null, null, null]);
    await until(() => (watchers[2]!.room.state as { status?: string }).status === "playing", "spectators see the game");
    // The code is not matched by quick play on any process.
    const other = await seated(via(3).joinOrCreate("dark_hearts", quick({ name: "Q", seats: 3 })));
    expect(other.room.roomId).not.toBe(code);
    await Promise.all([host, friend, third, other, ...watchers].map((j) => j.room.leave()));
  });

  it("lists the public tables of every process in a lobby on any process, live", async () => {
    type Listing = { roomId: string; publicAddress?: string; private?: boolean; metadata: { players: number } };
    const watch = (lobby: Room) => {
      const list = new Map<string, Listing>();
      lobby.onMessage("rooms", (rooms: Listing[]) => {
        list.clear();
        for (const r of rooms) list.set(r.roomId, r);
      });
      lobby.onMessage("+", ([id, r]: [string, Listing]) => list.set(id, r));
      lobby.onMessage("-", (id: string) => list.delete(id));
      return list;
    };
    const lobbies: Room[] = [];
    const lists: Map<string, Listing>[] = [];
    for (const join of [() => via(1).joinOrCreate("lobby"), () => via(2).create("lobby")]) {
      lobbies.push(await join());
      lists.push(watch(lobbies.at(-1)!));
    }
    // Tables with distinct options until every process hosts one (Colyseus picks the process
    // with the fewest rooms by counts it shares with a delay, and a process a peer's health check
    // missed under load rejoins that count within seconds: see server/src/main.ts).
    const tables: { room: Room }[] = [];
    for (let i = 0, end = Date.now() + 15_000; i < 60 && Date.now() < end && new Set(tables.map((t) => hostOf(t.room))).size < 3; i++) {
      tables.push(await seated(via((i % 3) + 1).joinOrCreate("skit_scat", quick({ name: `Kit${i}`, seats: 3, turnSeconds: 20 + i }))));
    }
    expect(new Set(tables.map((t) => hostOf(t.room))).size).toBe(3);
    const hidden = await seated(via(1).create("skit_scat", { name: "P", seats: 3, private: true }));
    const ids = tables.map((t) => t.room.roomId);
    // Each listing goes through Redis (the driver's hash, then the lobby channel): allow a loaded machine its time, and say what was missing.
    for (const [n, list] of lists.entries()) {
      await until(() => ids.every((id) => list.get(id)?.metadata.players === 1), "every table listed with its player", 30_000).catch(
        (e: Error) => {
          const missing = ids
            .filter((id) => list.get(id)?.metadata.players !== 1)
            .map((id) => `${id}: ${list.has(id) ? `players ${list.get(id)!.metadata.players}` : "not listed"}`);
          throw new Error(`${e.message} (lobby ${n + 1}: ${missing.join(", ")})`);
        },
      );
    }
    for (const t of tables)
      expect(lists[0]!.get(t.room.roomId)!.publicAddress).toBe(cluster.publicAddresses[Number(hostOf(t.room).slice(1)) - 1]);
    expect(lists.every((l) => !l.has(hidden.room.roomId))).toBe(true);
    // A second player at a table on any process shows in both lobbies; a closed table leaves them.
    const joiner = await seated(via(3).joinById(ids[0]!, { name: "J" }));
    for (const list of lists) await until(() => list.get(ids[0]!)?.metadata.players === 2, "the new player counted");
    await Promise.all([...tables, joiner, hidden].map((t) => t.room.leave()));
    for (const list of lists) await until(() => ids.every((id) => !list.has(id)), "closed tables removed", 15_000);
    await Promise.all(lobbies.map((l) => l.leave()));
  });

  it("seats every one of 300 players joining at once through the balancer, four to a table", async () => {
    // nginx sends every quick-play join for one game to one process (its per-address bucket,
    // burst 400, holds all 300); the tables are still created on every process.
    const sdk = new Client(cluster.url);
    const options = quick({ name: "C", seats: 4, turnSeconds: 90 });
    const results = await Promise.allSettled(
      Array.from({ length: 300 }, (_, i) => seated(sdk.joinOrCreate("devils_scat", { ...options, name: `C${i}` }))),
    );
    const failed = results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason));
    expect(failed).toEqual([]);
    const joined = results.map((r) => (r as PromiseFulfilledResult<{ room: Room; seat: number | null }>).value);
    const byRoom = new Map<string, number[]>();
    for (const j of joined) byRoom.set(j.room.roomId, [...(byRoom.get(j.room.roomId) ?? []), j.seat!]);
    for (const [, seats] of byRoom) expect(new Set(seats).size).toBe(seats.length);
    expect([...byRoom.values()].every((seats) => seats.length <= 4 && !seats.includes(null as never))).toBe(true);
    expect(byRoom.size).toBe(75);
    expect(new Set(joined.map((j) => hostOf(j.room))).size).toBe(3);
    await Promise.all(joined.map((j) => j.room.leave()));
  }, 90_000);

  it("limits matchmaking per real client address (X-Forwarded-For from nginx), not per nginx", async () => {
    const post = (from: string) =>
      new Promise<number>((resolve, reject) => {
        const body = "{}";
        const req = request(
          {
            host: "127.0.0.1",
            port: cluster.port,
            path: "/p1/matchmake/joinOrCreate/no_such_game",
            method: "POST",
            localAddress: from,
            headers: { "content-type": "application/json", "content-length": body.length, "x-forwarded-for": "203.0.113.9" },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.once("error", reject);
        req.end(body);
      });
    // Flood from one address until the bucket (burst 400, 20/s) runs dry; on a slow machine the
    // refill keeps up for longer, so keep sending (bounded) rather than counting on a fixed batch.
    const statuses: number[] = [];
    for (let batch = 0; batch < 40 && !statuses.includes(429); batch++)
      statuses.push(...(await Promise.all(Array.from({ length: 50 }, () => post("127.0.0.2")))));
    // A forged X-Forwarded-For does not help: the hop nginx appends (the real peer) is the key.
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(await post("127.0.0.3")).not.toBe(429);
  });
});
