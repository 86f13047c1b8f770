/**
 * Crash survival on a real cluster (Redis, three processes, nginx): tables of every game, people
 * and bots, are played; the process hosting the most of them (30+) is killed with SIGKILL while a
 * Hit the Deck race is open on it. Every one of its tables comes back under its roomId on a
 * survivor, each player takes their seat back through nginx by playerId, finds every step they
 * had seen, and plays to the end; the revealed game logs replay. Then a SIGTERM drain hands a
 * process's tables over the same way, and a Redis restart ends no game (tables pause, stop at
 * the lease and come back from the processes' memory; matchmaking answers a clear error while
 * Redis is away and recovers).
 */
import { execFileSync } from "node:child_process";
import { appendFileSync } from "node:fs";
import { Client } from "@colyseus/sdk";
import { quickPlayKey } from "@scat/shared";
import { TABLE_ENDED } from "@scat/shared/reclaim.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCluster, type Cluster } from "../../cluster/cluster.ts";
import { startRedis, type RedisProcess } from "../../cluster/redis.ts";
import { GAMES } from "../src/games.ts";
import { until } from "./helpers.ts";
import { attach, left, playOut, reclaim, reclaimAfterDrop, status, step, type Player } from "./support/resume-play.ts";

const SHORT: Record<string, Record<string, number | boolean>> = {
  dark_hearts: { target: 15 },
  scatterbrain: { memoriseMs: 2_000 },
  hit_the_deck: { target: 30 },
};
const TABLES_PER_GAME = Number(process.env.RESUME_TABLES_PER_GAME ?? 16);

let cluster: Cluster;
const restarted: { redis: RedisProcess | null } = { redis: null };
beforeAll(async () => {
  cluster = await startCluster({
    onOutput: (n, t) => {
      if (process.env.RESUME_LOG)
        appendFileSync(
          process.env.RESUME_LOG,
          t
            .split("\n")
            .filter(Boolean)
            .map((l) => `[${n}] ${l}\n`)
            .join(""),
        );
    },
    env: { LOG_LEVEL: "warn", BOT_DELAY_MS: "40-120", MATCHMAKE_RATE_PER_SECOND: "200", MATCHMAKE_BURST: "400" },
  });
}, 60_000);
afterAll(async () => {
  await cluster?.stop();
  await restarted.redis?.stop();
}, 60_000);

const hostOf = (p: Player) =>
  String((p.room as unknown as { connection: { transport: { ws: { url: string } } } }).connection.transport.ws.url).split("/")[3] ?? "";
const races = new Map<Player, number>();
/** Called the moment a player's client hears a race open (bots slap within ~100 ms: a poll can miss it). */
let onRaceOpen: ((p: Player) => void) | null = null;

async function seatPlayer(join: Promise<Player["room"]>, name: string, playerId: string): Promise<Player> {
  const room = await join;
  const p: Player = { room, roomId: room.roomId, name, playerId, seat: -1, seen: 0, gameLog: null, rejected: 0 };
  watch(p);
  p.seat = await new Promise<number>((resolve) => room.onMessage("seated", (m: { seat: number }) => resolve(m.seat)));
  return p;
}

function watch(p: Player): void {
  attach(p);
  p.room.onMessage("events", (m: { events: { type: string }[] }) => {
    for (const e of m.events) {
      if (e.type === "raceOpened") {
        races.set(p, 1);
        onRaceOpen?.(p);
      }
      if (e.type === "raceClosed" || e.type === "raceWon" || e.type === "raceEnded") races.set(p, 0);
    }
  });
}

/**
 * Every table of every game: one player and bots, and at some tables a second player. `games`
 * opens only those, one after another (each new table goes to the process with the fewest rooms:
 * opened one by one, a game reaches every process; opened at once, a burst may land together).
 */
async function openTables(
  perGame = TABLES_PER_GAME,
  tag = "",
  games: readonly string[] | null = null,
  via = cluster.url,
): Promise<Player[]> {
  const sdk = new Client(via);
  const players: Player[] = [];
  const together = games === null;
  for (let i = 0; i < perGame; i++) {
    const open = async (name: string): Promise<void> => {
      const game = GAMES[name as keyof typeof GAMES]!.game;
      // Two people at a few tables of the games two naive players finish (first-choice players can circle forever in the others).
      const two = i % 4 === 0 && (name === "dark_hearts" || name === "scatterbrain");
      const base = {
        name: `${name}-${tag}${i}`,
        seats: game.minSeats,
        bots: game.minSeats - (two ? 2 : 1),
        turnSeconds: 40 + i,
        variants: SHORT[name] ?? {},
        autoFillSeconds: 0,
      };
      const first = await seatPlayer(
        sdk.joinOrCreate(name, { ...base, mode: quickPlayKey(base), playerId: `p-${name}-${tag}${i}-a` }),
        `${name}-${tag}${i}a`,
        `p-${name}-${tag}${i}-a`,
      );
      players.push(first);
      if (two)
        players.push(
          await seatPlayer(
            reclaim(
              cluster.url,
              { roomId: first.roomId, name: `${name}-${tag}${i}b`, playerId: `p-${name}-${tag}${i}-b` } as Player,
              5_000,
            ),
            `${name}-${tag}${i}b`,
            `p-${name}-${tag}${i}-b`,
          ),
        );
    };
    if (together) await Promise.all(Object.keys(GAMES).map(open));
    else for (const name of games!) await open(name);
  }
  return players;
}

/**
 * Takes every seat back through nginx as the page does (the SDK gives the dropped socket up, then
 * matchmaking); checks roomId, seat and that no step seen was lost. Returns ms from `since` per player.
 */
async function reclaimAll(players: Player[], since: number): Promise<number[]> {
  const ended = new Set<Player>();
  const took = await Promise.all(
    players.map(async (p) => {
      const seen = p.seen;
      const seat = p.seat;
      const room = await reclaimAfterDrop(cluster.url, p, 30_000).catch((err: unknown) => {
        const redis = (...args: string[]) =>
          execFileSync("redis-cli", ["-p", String(cluster.redis.port), ...args])
            .toString()
            .trim();
        // A game can end in the instant before the kill, before its player saw it end: the server
        // says so (table-ended, remembered in Redis) and there is nothing to take back.
        if (String(err).includes(TABLE_ENDED) && redis("EXISTS", `scat:ended:${p.roomId}`) === "1") return null;
        throw new Error(
          `${String(err)}; owner ${redis("HGET", "scat:tables", p.roomId)}, listing ${redis("HGET", "roomcaches", p.roomId).slice(0, 300)}, journal length ${redis("XLEN", `scat:journal:${p.roomId}`)}`,
        );
      });
      if (room === null) return void ended.add(p);
      p.room = room;
      const took = Date.now() - since;
      watch(p);
      const again = await new Promise<number>((resolve) => p.room.onMessage("seated", (m: { seat: number }) => resolve(m.seat)));
      expect(again).toBe(seat);
      expect(p.room.roomId).toBe(p.roomId);
      await until(() => p.seen >= seen, `${p.roomId}: the steps seen before are there`, 10_000);
      return took;
    }),
  );
  players.splice(0, players.length, ...players.filter((p) => !ended.has(p)));
  return took.filter((t): t is number => t !== undefined);
}

/**
 * Every other player leaves. A player whose table's process is gone (a game that ended before the
 * kill) has nothing to leave: the SDK gives its socket up by itself. Everyone else's consented
 * leave completes (close code 4000). A leave must not be sent to a room already left: the SDK
 * never answers it (that, on finished tables of the killed process, was the leave that hung).
 */
async function leaveAll(players: Player[], goneHost: string): Promise<void> {
  await Promise.all(
    players.map(async (p) => {
      if (hostOf(p) === goneHost) return void (await left(p.room));
      expect(await Promise.race([left(p.room), p.room.leave()])).toBe(4000);
    }),
  );
}

const pct = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? NaN;

describe("tables outlive their process", () => {
  let players: Player[] = [];

  it("resumes every table of a killed process (30+, every game, a race open) on the survivors, and each plays to the end", async () => {
    players = await openTables();
    const byHost = new Map<string, Player[]>();
    const everyGame = (ps: Player[]) => new Set(ps.map((p) => p.room.name)).size === Object.keys(GAMES).length;
    const group = () => {
      byHost.clear();
      for (const p of players) byHost.set(hostOf(p), [...(byHost.get(hostOf(p)) ?? []), p]);
    };
    // Tables go to the process with the fewest rooms by counts shared with a delay, so a burst can
    // leave one process without some game, or short of 30 tables: open a few more until one hosts
    // every game and 30 tables, plus 2 for games that may end before the kill on a slow machine.
    const need = Math.min(30, TABLES_PER_GAME * 2);
    const tablesOf = (ps: Player[]) => new Set(ps.map((p) => p.roomId)).size;
    group();
    // Colyseus creates a table on the process with the fewest rooms (its shared `roomcount` hash),
    // so the busiest process never gets the games it lacks. Each missing game is opened through
    // another process right after the busiest's count in that hash is set low: that process then
    // places the table on the busiest (checked; the busiest rewrites its count within a second).
    const busiest = () => [...byHost.entries()].sort((a, b) => tablesOf(b[1]) - tablesOf(a[1]))[0]!;
    const redisCli = (...args: string[]) =>
      execFileSync("redis-cli", ["-p", String(cluster.redis.port), ...args])
        .toString()
        .trim();
    /** Opens a table of `game` meant for `host` (whose tables are `ps`); returns its players (placement is checked by the caller). */
    const openOn = async (host: string, ps: Player[], game: string, tag: string): Promise<Player[]> => {
      const listed = ps.map((p) => redisCli("HGET", "roomcaches", p.roomId)).find((l) => l !== "") ?? "";
      const pid = (JSON.parse(listed || "{}") as { processId?: string }).processId;
      const other = cluster.servers.find((_, i) => `p${i + 1}` !== host);
      if (pid) redisCli("HSET", "roomcount", pid, "-1000,0");
      const opened = await openTables(1, tag, [game], other && pid ? other.url : cluster.url);
      players.push(...opened);
      return opened;
    };
    for (let round = 0; round < 12 && ![...byHost.values()].some((ps) => everyGame(ps) && tablesOf(ps) >= need + 2); round++, group()) {
      const [host, ps] = busiest();
      const have = new Set(ps.map((p) => p.room.name));
      const missing = Object.keys(GAMES).filter((g) => !have.has(g));
      for (const game of missing.length > 0 ? missing : Object.keys(GAMES).slice(0, 2)) await openOn(host, ps, game, `extra${round}`);
    }
    const [victimHost, onVictim] =
      [...byHost]
        .filter(([, ps]) => everyGame(ps))
        .sort((a, b) => new Set(b[1].map((p) => p.roomId)).size - new Set(a[1].map((p) => p.roomId)).size)[0] ?? [...byHost][0]!;
    const placement = [...byHost]
      .map(([h, ps]) => `${h || "?"}: ${tablesOf(ps)} tables, ${[...new Set(ps.map((p) => p.room.name))].sort().join(" ")}`)
      .join("; ");
    expect(tablesOf(onVictim), placement).toBeGreaterThanOrEqual(need);
    expect(new Set(onVictim.map((p) => p.room.name)), placement).toEqual(new Set(Object.keys(GAMES)));
    // Play on the victim's tables until each is under way and a Hit the Deck race is open there.
    const acted = new Map<Player, number>();
    // A Hit the Deck player stops at 3 steps, so its short game (target 30) is still on when the race wait starts.
    await until(
      () => {
        onVictim.forEach((p) => (p.room.name !== "hit_the_deck" || p.seen < 3) && step(p, acted));
        return onVictim.every((p) => p.seen >= 3);
      },
      "every table under way",
      60_000,
    );
    // Races open and close within a second or two (bots slap within ~100 ms, a poll can miss the
    // window): the victim is killed from the event handler the moment a client on it hears a race
    // open. Only Hit the Deck players act meanwhile; the others' turns hold their games.
    const victim = cluster.servers[Number(victimHost.slice(1)) - 1]!;
    let killedAt = 0;
    onRaceOpen = (p) => {
      if (killedAt > 0 || !onVictim.includes(p)) return;
      killedAt = Date.now();
      victim.child.kill("SIGKILL");
    };
    // A short Hit the Deck game can end without a HIT THE HAND card played (CI saw one end at
    // version 48 with no race): while every one on the victim has ended, another is opened there.
    let opening: Promise<unknown> | null = null;
    let more = 0;
    const htdInPlay = () => onVictim.some((p) => p.room.name === "hit_the_deck" && status(p.room) !== "ended");
    await until(
      () => {
        if (killedAt > 0) return true;
        onVictim.forEach((p) => p.room.name === "hit_the_deck" && step(p, acted));
        if (!htdInPlay() && opening === null && more < 6) {
          opening = openOn(victimHost, onVictim, "hit_the_deck", `race${more++}`)
            .then((opened) => onVictim.push(...opened.filter((p) => hostOf(p) === victimHost)))
            .finally(() => {
              opening = null;
            });
        }
        return false;
      },
      "a Hit the Deck race open",
      120_000,
    )
      .catch((e: Error) => {
        const htd = onVictim
          .filter((p) => p.room.name === "hit_the_deck")
          .map((p) => `${p.roomId} ${status(p.room)} seen ${p.seen} race ${races.get(p) ?? "-"}`);
        throw new Error(`${e.message}; Hit the Deck on the victim: ${htd.join("; ")}`);
      })
      .finally(() => {
        onRaceOpen = null;
      });
    // A game that ended before the kill has nothing to resume (its journal went with its end).
    const inPlay = onVictim.filter((p) => status(p.room) !== "ended");
    expect(tablesOf(inPlay)).toBeGreaterThanOrEqual(need);
    onVictim.splice(0, onVictim.length, ...inPlay);
    const took = await reclaimAll(onVictim, killedAt);
    console.log(
      `resume after kill -9 (at ${killedAt}): ${new Set(onVictim.map((p) => p.roomId)).size} tables, seat back p50 ${pct(took, 0.5)} ms, max ${Math.max(...took)} ms`,
    );
    expect(new Set(onVictim.map(hostOf)).has(victimHost)).toBe(false);
    // The survivors keep what they resumed: none stalls for seconds and loses its lease (a fair-play
    // flag once started embedded PGlite on a survivor and did exactly that).
    expect(
      await playOut(onVictim, "every resumed game over", 150_000, cluster.url),
      "tables that closed on their players after the resume",
    ).toEqual([]);
    await leaveAll(
      players.filter((p) => !onVictim.includes(p)),
      victimHost,
    );
  }, 420_000);

  it("drains on SIGTERM: the process hands its tables over and exits, and each plays to the end elsewhere", async () => {
    const alive = cluster.servers.filter((s) => s.child.exitCode === null && s.child.signalCode === null);
    expect(alive.length).toBe(2);
    const fresh = await openTables(2);
    const byHost = new Map<string, Player[]>();
    for (const p of fresh) byHost.set(hostOf(p), [...(byHost.get(hostOf(p)) ?? []), p]);
    const [host, onHost] = [...byHost].sort((a, b) => b[1].length - a[1].length)[0]!;
    const acted = new Map<Player, number>();
    await until(
      () => {
        onHost.forEach((p) => step(p, acted));
        return onHost.every((p) => p.seen >= 3);
      },
      "every table under way",
      60_000,
    );
    const leaving = cluster.servers[Number(host.slice(1)) - 1]!;
    const exited = new Promise((r) => leaving.child.once("exit", r));
    const left = onHost.map((p) => new Promise<number>((r) => p.room.onLeave((code) => r(code))));
    const drainedAt = Date.now();
    leaving.child.kill("SIGTERM");
    // A game that ended before the drain has nothing to hand over (its journal went with its end).
    const ended = onHost.filter((p) => status(p.room) === "ended");
    expect(new Set(await Promise.all(left))).toEqual(new Set([4001]));
    onHost.splice(0, onHost.length, ...onHost.filter((p) => !ended.includes(p)));
    expect(onHost.length).toBeGreaterThan(0);
    const took = await reclaimAll(onHost, drainedAt);
    console.log(
      `resume after SIGTERM: ${new Set(onHost.map((p) => p.roomId)).size} tables, seat back p50 ${pct(took, 0.5)} ms, max ${Math.max(...took)} ms`,
    );
    await exited;
    expect(new Set(onHost.map(hostOf)).has(host)).toBe(false);
    await playOut(onHost, "every handed-over game over", 180_000, cluster.url);
    await leaveAll(
      fresh.filter((p) => !onHost.includes(p)),
      host,
    );
  }, 300_000);

  it("ends no game when Redis restarts: tables pause (nothing shown unjournalled), matchmaking says it is unavailable, tables stop at the lease and come back from the processes' memory once Redis is back", async () => {
    const tables = await openTables(1);
    const acted = new Map<Player, number>();
    await until(
      () => {
        tables.forEach((p) => step(p, acted));
        return tables.every((p) => p.seen >= 3);
      },
      "every table under way",
      60_000,
    );
    const port = cluster.redis.port;
    const inPlay = tables.filter((p) => status(p.room) !== "ended");
    const closed = inPlay.map((p) => left(p.room));
    await cluster.redis.stop();
    const stoppedAt = Date.now();
    // Once the process has seen Redis go (its connection closes), matchmaking says so at once.
    let answer = { status: 0, text: "" };
    const answers: string[] = [];
    for (const end = Date.now() + 10_000; answer.status !== 503 && Date.now() < end;) {
      const res = await fetch(`${cluster.url}/matchmake/joinOrCreate/devils_scat`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      answer = { status: res.status, text: await res.text() };
      answers.push(`${answer.status} ${answer.text.slice(0, 120)}`);
    }
    expect(answer.status, `answers while Redis is away: ${[...new Set(answers)].join(" | ")}`).toBe(503);
    expect(answer.text).toContain("matchmaking-unavailable");
    // No table shows a step Redis does not have: they pause, then stop at the lease and send their players to reclaim.
    await new Promise((r) => setTimeout(r, 300));
    const before = new Map(inPlay.map((p) => [p, p.seen]));
    await until(
      () => {
        tables.forEach((p) => step(p, acted));
        return Date.now() - stoppedAt > 2_000;
      },
      "a while without Redis",
      10_000,
    );
    for (const p of inPlay) expect(p.seen, `${p.roomId}: a step shown while Redis was away`).toBe(before.get(p));
    expect(new Set(await Promise.all(closed))).toEqual(new Set([4001]));
    restarted.redis = await startRedis(port, cluster.dir);
    const redis = (...args: string[]) =>
      execFileSync("redis-cli", ["-p", String(port), ...args])
        .toString()
        .trim();
    // Each table's journal is written back from its process's memory and the table resumed: every seat is taken back with every step seen.
    const took = await reclaimAll(inPlay, stoppedAt);
    console.log(
      `resume after a Redis restart: ${inPlay.length} tables, seat back p50 ${pct(took, 0.5)} ms, max ${Math.max(...took)} ms after Redis stopped`,
    );
    await until(
      () => inPlay.every((p) => status(p.room) === "ended" || Number(redis("XLEN", `scat:journal:${p.roomId}`)) > p.seen),
      "journals rewritten",
      30_000,
    );
    const sdk = new Client(cluster.url);
    const base = { name: "After", seats: 2, bots: 1, turnSeconds: 30, variants: {} };
    let again: Player["room"] | null = null;
    for (const end = Date.now() + 30_000; !again && Date.now() < end;) {
      again = await sdk.joinOrCreate("devils_scat", { ...base, mode: quickPlayKey(base) }).catch((e: unknown) => {
        answers.push(String(e));
        return new Promise<null>((r) => setTimeout(() => r(null), 250));
      });
    }
    expect(again, `matchmaking is back: ${[...new Set(answers)].slice(-3).join(" | ")}`).not.toBeNull();
    await again!.leave();
    await playOut(inPlay, "every game over after the Redis restart", 180_000, cluster.url);
  }, 300_000);
});
