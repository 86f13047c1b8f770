/**
 * Chaos scenario (CI runs it once; `npm run chaos` several times with a longer lease; one process
 * killed, and two in turn, are in cluster-resume.test.ts): two of three processes killed (kill -9) at once while
 * tables of every game play on all three. The survivor resumes every table once the dead
 * processes' leases expire; each player takes its seat back as the page does; nothing any player
 * saw is lost. Prints the run's figures (support/chaos-figures.ts).
 */
import { Client } from "@colyseus/sdk";
import { quickPlayKey } from "@scat/shared";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCluster, type Cluster } from "../../cluster/cluster.ts";
import { GAMES } from "../src/games.ts";
import { until } from "./helpers.ts";
import { reportChaos } from "./support/chaos-figures.ts";
import { attach, left, reclaim, silence, status, step, type Player } from "./support/resume-play.ts";
import { hostOf, lostSteps, record, seenBy } from "./support/seen-steps.ts";

const LEASE_MS = Number(process.env.CUT_LEASE_MS ?? 2_000);
const SHORT: Record<string, Record<string, number | boolean>> = {
  dark_hearts: { target: 50 },
  scatterbrain: { memoriseMs: 2_000 },
  hit_the_deck: { target: 60 },
};

describe("two processes killed at once", () => {
  silence.enabled = true;
  let cluster: Cluster;
  let redis: Redis;
  let done = false;
  beforeAll(async () => {
    cluster = await startCluster({
      processes: 3,
      env: {
        LOG_LEVEL: "warn",
        LEASE_MS: String(LEASE_MS),
        BOT_DELAY_MS: "40-120",
        MATCHMAKE_RATE_PER_SECOND: "200",
        MATCHMAKE_BURST: "400",
      },
    });
    redis = new Redis(cluster.redis.url);
  }, 60_000);
  afterAll(async () => {
    done = true;
    redis?.disconnect();
    await cluster?.stop();
  }, 60_000);

  /** A table that stopped sends its player to reclaim, as the page does. */
  function retake(p: Player): void {
    void left(p.room)
      .then(async (code) => {
        if (code === 4000 || status(p.room) === "ended" || done) return;
        p.room = await reclaim(cluster.url, p, 30_000);
        attach(p);
        record(p);
        retake(p);
      })
      .catch(() => undefined);
  }

  async function seat(sdk: Client, name: string, i: number): Promise<Player> {
    const game = GAMES[name as keyof typeof GAMES]!.game;
    const id = `${name}-kill2-${i}`;
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

  async function playWhile(players: Player[], stop: () => boolean, what: string, ms: number): Promise<void> {
    const acted = new Map<Player, number>();
    await until(
      () => {
        players.forEach((p) => step(p, acted));
        return stop();
      },
      what,
      ms,
    );
  }

  it("the survivor resumes every table, nothing any player saw is lost", async () => {
    const sdk = new Client(cluster.url);
    const players: Player[] = [];
    for (let i = 0; i < 3; i++) players.push(...(await Promise.all(Object.keys(GAMES).map((name) => seat(sdk, name, i)))));
    await playWhile(players, () => players.every((p) => p.seen >= 3 || status(p.room) === "ended"), "tables under way", 60_000);
    const victims = ["p1", "p2"];
    const onVictims = players.filter((p) => victims.includes(hostOf(p)) && status(p.room) !== "ended");
    const before = new Map(players.map((p) => [p, p.seen]));
    const killedAt = Date.now();
    cluster.servers[0]!.child.kill("SIGKILL");
    cluster.servers[1]!.child.kill("SIGKILL");
    await playWhile(
      players,
      () => players.every((p) => p.seen >= before.get(p)! + 2 || status(p.room) === "ended"),
      "every table plays on at the survivor",
      60_000,
    );
    for (const p of onVictims) expect(hostOf(p), `${p.roomId}: resumed on the survivor`).toBe("p3");
    const { lost, checked, detail } = await lostSteps(redis, players);
    console.log(`kill two processes: ${onVictims.length} of ${players.length} tables on them`);
    reportChaos("two processes killed", onVictims, { at: killedAt, end: killedAt }, lost, checked);
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
