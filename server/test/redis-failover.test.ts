/**
 * Redis without a single point of failure (docs/OPERATIONS.md): the cluster runs
 * a Sentinel group (a primary and a replica with AOF on, three sentinels), REDIS_URL names the
 * group, and every journal entry is acknowledged by the replica (WAIT) before its effects go out.
 * The primary is killed (kill -9) while tables of every game play, at the moment a Hit the Deck
 * slap race opens (its slap window, 6 s, outlasts the failover, and so does LEASE_MS): the
 * sentinels promote the replica, every process follows it, the race is judged once (one
 * `raceClosed`, in what the player saw and in the durable history), no step any player saw is
 * lost, every table plays on, and no table moves: every process lost its Redis connection for
 * the failover and the first to reach the new primary must not take its peers' tables (their
 * leases outlast the failover).
 */
import { Client } from "@colyseus/sdk";
import { quickPlayKey } from "@scat/shared";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCluster, type Cluster } from "../../cluster/cluster.ts";
import { GAMES } from "../src/games.ts";
import { newRedis } from "../src/redis-url/redis-url.ts";
import { until } from "./helpers.ts";
import { attach, left, reclaim, silence, status, step, type Player } from "./support/resume-play.ts";
import { durableHistory, eventsBySeat, lostSteps, record, seenBy } from "./support/seen-steps.ts";
import { reportChaos } from "./support/chaos-figures.ts";

// Hit the Deck's slap window outlasts the failover (about 2.7 s): the race is open throughout it; its game does not end before a race opens.
const SHORT: Record<string, Record<string, number | boolean>> = {
  dark_hearts: { target: 50 },
  scatterbrain: { memoriseMs: 2_000 },
  hit_the_deck: { target: 1_000, raceMs: 6_000, callMs: 3_000 },
};

// Players leave a silent process and reclaim, as the page does.
silence.enabled = true;

let cluster: Cluster;
let redis: Redis;
beforeAll(async () => {
  // The lease outlasts a failover (sentinels notice a dead primary after 1 s and promote the replica within about 3 s).
  cluster = await startCluster({
    processes: 2,
    sentinel: true,
    onOutput: (name, text) => {
      if (process.env.FAILOVER_LOGS) process.stdout.write(`${name}: ${text}`);
    },
    env: { LOG_LEVEL: "warn", LEASE_MS: "8000", BOT_DELAY_MS: "40-120", MATCHMAKE_RATE_PER_SECOND: "200", MATCHMAKE_BURST: "400" },
  });
  redis = newRedis(cluster.group!.url, { maxRetriesPerRequest: 3 });
}, 60_000);
afterAll(async () => {
  redis?.disconnect();
  await cluster?.stop();
}, 60_000);

async function seat(sdk: Client, name: string): Promise<Player> {
  const game = GAMES[name as keyof typeof GAMES]!.game;
  const id = `${name}-failover`;
  const base = {
    name: id,
    seats: game.minSeats,
    bots: game.minSeats - 1,
    turnSeconds: 30,
    variants: SHORT[name] ?? {},
    autoFillSeconds: 0,
  };
  const room = await sdk.joinOrCreate(name, { ...base, mode: quickPlayKey(base), playerId: `p-${id}` });
  const p: Player = { room, roomId: room.roomId, name: id, playerId: `p-${id}`, seat: -1, seen: 0, gameLog: null, rejected: 0 };
  attach(p);
  record(p);
  p.seat = await new Promise<number>((resolve) => room.onMessage("seated", (m: { seat: number }) => resolve(m.seat)));
  retake(p);
  return p;
}

/** A table that stopped (or a silent process) sends its player to reclaim, as the page does; counted. */
let moved = 0;
function retake(p: Player): void {
  void left(p.room)
    .then(async (code) => {
      if (code === 4000 || status(p.room) === "ended" || done) return;
      moved++;
      p.room = await reclaim(cluster.url, p, 30_000);
      attach(p);
      record(p);
      retake(p);
    })
    .catch(() => undefined);
}
let done = false;

/** How many raceClosed events for race `id` the player received (each version once). */
function closedSeen(p: Player, id: number): number {
  return [...seenBy(p).byVersion.values()]
    .flatMap((t) => JSON.parse(t) as { type: string; result?: { id: number } }[])
    .filter((e) => e.type === "raceClosed" && e.result?.id === id).length;
}

async function playWhile(players: Player[], done: () => boolean, what: string, ms: number): Promise<void> {
  const acted = new Map<Player, number>();
  await until(
    () => {
      players.forEach((p) => step(p, acted));
      return done();
    },
    what,
    ms,
  );
}

describe("Redis as a Sentinel group", () => {
  it("kill -9 of the primary while tables play: the replica takes over, nothing any player saw is lost, every table plays on", async () => {
    const group = cluster.group!;
    const sdk = new Client(cluster.url);
    const players = await Promise.all(Object.keys(GAMES).map((name) => seat(sdk, name)));
    await playWhile(players, () => players.every((p) => p.seen >= 3 || status(p.room) === "ended"), "tables under way", 60_000);
    // The primary dies the moment a slap race opens at the Hit the Deck table (the player sees it open).
    const htd = players.find((p) => p.room.name === "hit_the_deck")!;
    let race: { id: number; killedAt: number } | null = null;
    htd.room.onMessage("events", (m: { events: { type: string; race?: number }[] }) => {
      const opened = m.events.find((e) => e.type === "raceOpened");
      if (race === null && opened && htd.seen >= 3) {
        group.primary.child.kill("SIGKILL");
        race = { id: opened.race!, killedAt: Date.now() };
      }
    });
    const owners = () => Promise.all(players.map((p) => redis.hget("scat:tables", p.roomId)));
    const ownersBefore = await owners();
    await playWhile(players, () => race !== null || status(htd.room) === "ended", "a slap race opens at the Hit the Deck table", 90_000);
    expect(race, "a slap race opened before the Hit the Deck game ended").not.toBeNull();
    const { id: raceId, killedAt } = race!;
    const before = new Map(players.map((p) => [p, p.seen]));
    // Everyone plays on (a table pauses, 'saving', while no primary answers, then goes on); the Hit the Deck player slaps in the open race.
    await playWhile(
      players,
      () => players.every((p) => p.seen >= before.get(p)! + 2 || status(p.room) === "ended"),
      "every table plays on after the failover",
      60_000,
    );
    const allActed = Date.now();
    const actedAgain = allActed - killedAt;
    // The race is judged once: one raceClosed for it in what the player saw and in the durable history.
    await playWhile(players, () => closedSeen(htd, raceId) > 0 || status(htd.room) === "ended", "the race judged", 30_000);
    expect(closedSeen(htd, raceId), "raceClosed for the race open at the kill, as the player saw it").toBe(1);
    const durable = [...eventsBySeat((await durableHistory(redis, htd))!, htd.seat).values()].flatMap(
      (t) => JSON.parse(t) as { type: string; result?: { id: number } }[],
    );
    expect(
      durable.filter((e) => e.type === "raceClosed" && e.result?.id === raceId).length,
      "raceClosed for that race in the durable history",
    ).toBe(1);
    expect(durable.filter((e) => e.type === "raceOpened" && (e as { race?: number }).race === raceId).length).toBe(1);
    console.log(
      `failover: Hit the Deck slap race ${raceId} open when the primary was killed, judged once (one raceClosed seen, one durable)`,
    );
    const primaryNow = (await redis.call("ROLE")) as [string];
    expect(primaryNow[0]).toBe("master");
    const sentinel = newRedis(`redis://127.0.0.1:${group.sentinels[0]!.port}`);
    const [, port] = (await sentinel.call("SENTINEL", "get-master-addr-by-name", group.name)) as [string, string];
    sentinel.disconnect();
    expect(Number(port), "the replica is the primary now").toBe(group.replica.port);
    // Past the lease (8 s) after the kill, a table taken from a live owner would show: none was.
    await playWhile(players, () => Date.now() - killedAt >= 9_000, "a lease after the kill", 20_000);
    const ownersAfter = await owners();
    const movedTables = players.flatMap((p, i) =>
      ownersBefore[i] && ownersAfter[i] && ownersBefore[i] !== ownersAfter[i]
        ? [`${p.roomId}: ${ownersBefore[i]} -> ${ownersAfter[i]}`]
        : [],
    );
    expect(movedTables, "tables taken from a live owner").toEqual([]);
    expect(moved, "players sent to reclaim").toBe(0);
    const { lost, checked, detail } = await lostSteps(redis, players);
    console.log(
      `failover: every player acted again ${actedAgain} ms after the primary was killed (${moved} moved to another process); ${checked} steps seen checked, ${lost} lost`,
    );
    reportChaos("Redis primary killed (Sentinel)", players, { at: killedAt, end: killedAt }, lost, checked);
    expect(detail).toEqual([]);
    expect(lost).toBe(0);
    expect(
      players.reduce((n, p) => n + seenBy(p).conflicts, 0),
      "a version seen twice with different steps",
    ).toBe(0);
    done = true;
    await Promise.all(players.map((p) => p.room.leave().catch(() => undefined)));
  }, 150_000);
});
