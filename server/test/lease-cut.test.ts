/**
 * No move a player saw applied is ever lost (docs/OPERATIONS.md, "Consistency"), on a
 * real cluster: Redis, two server processes, nginx. As root, process A runs in its own network
 * namespace (tools/netlab) and the cut drops Redis's packets to A on the Redis side of its veth
 * link (TCP backs off as on a real network), while A's players still reach A through nginx;
 * elsewhere A reaches Redis through a proxy the test freezes (support/link-cut.ts, CUT_MODE).
 * B reaches Redis directly. SDK players act on every table all along and record every step
 * they see; each check compares them with the table's durable history (its journal, replayed).
 *
 * - cuts of 2x and 5x LEASE_MS: A's tables pause at once (nothing shown unjournalled), stop when
 *   A's local lease runs out (close 4001), and B resumes them; every player takes the seat back
 *   there and nothing it saw is lost; A shows nothing it applied during the cut;
 * - a cut of 0.8x and of 0.5x LEASE_MS: nothing lost, every player acts again;
 * - `npm run chaos` runs every scenario several times with a longer lease; each
 *   run prints its figures (support/chaos-figures.ts) for docs/BENCHMARKS.md.
 * - A paused (SIGSTOP) for 2x LEASE_MS: its players hear nothing (no pong, no patch), leave it
 *   (shared/src/silence/) and sit down at B once B resumed the table, before A wakes; on waking
 *   A applies nothing more;
 * - Redis paused (SIGSTOP) for less than the lease: the tables say they are saving, refuse
 *   actions with `saving`, and go on where they were once Redis answers.
 */
import { appendFileSync } from "node:fs";
import { Client } from "@colyseus/sdk";
import { quickPlayKey } from "@scat/shared";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startCluster, type Cluster } from "../../cluster/cluster.ts";
import { GAMES } from "../src/games.ts";
import { leaveRoom, mine, TEST_METRICS_TOKEN, until } from "./helpers.ts";
import { startFreezableProxy, type FreezableProxy } from "./support/freezable-proxy.ts";
import { execFileSync } from "node:child_process";
import { createLab, netlabUsable, type Lab } from "../../tools/netlab/netlab.ts";
import { linkCut, netnsCut, type LinkCut } from "./support/link-cut.ts";
import { attach, left, reclaim, silence, SILENT_CLOSE, status, step, type Player } from "./support/resume-play.ts";
import { appliedAt, durableHistory, hostOf, lostSteps, record, seenBy } from "./support/seen-steps.ts";
import { reportChaos } from "./support/chaos-figures.ts";

const LEASE_MS = Number(process.env.CUT_LEASE_MS ?? 2_000);
const TABLES_PER_GAME = Number(process.env.CUT_TABLES_PER_GAME ?? 2);
/** Cuts longer than the lease (A stops, B resumes) and shorter ones (nothing moves, or a table A stopped at its lease moves), as multiples of LEASE_MS. */
const LC_LOG = process.env.LC_LOG;
const LONG_CUTS = [2, 5];
const SHORT_CUTS = [0.8, 0.5];
const SHORT: Record<string, Record<string, number | boolean>> = {
  dark_hearts: { target: 50 },
  scatterbrain: { memoriseMs: 2_000 },
  hit_the_deck: { target: 60 },
};

/**
 * Leaves every player's room at the end of a scenario. A room whose socket already closed (its
 * process was stopped or cut off, and the player sat down elsewhere) gets no answer to a leave,
 * so none is waited for more than 5 s: the clean-up must not decide the test.
 */
const leaveAll = (players: Player[]) => Promise.all(players.map((p) => leaveRoom(p.room)));

// Players leave a silent process (SIGSTOP) as the page does, scaled to the test's short lease.
silence.enabled = true;
silence.policy = { pingEveryMs: 250, silentMs: 0.5 * LEASE_MS };
silence.tryTimeoutMs = 0.5 * LEASE_MS;

let cluster: Cluster;
let proxy: FreezableProxy | null = null;
let redis: Redis;
let cut: LinkCut;
let lab: Lab | null = null;
// Process A in its own network namespace (tools/netlab) where this machine can (root), unless CUT_MODE names another way.
const NETNS = (process.env.CUT_MODE ?? "netns") === "netns" && netlabUsable();
beforeAll(async () => {
  const link = NETNS ? (lab = createLab()).link({ a: "root", b: "ns" }) : null;
  cluster = await startCluster({
    processes: 2,
    ...(link ? { placeFor: (i: number) => (i === 0 ? { wrap: ["ip", "netns", "exec", link.b.ns!], host: link.b.addr } : null) } : {}),
    redisUrlFor: async (i, r) => {
      if (i !== 0) return r.url;
      if (!link) return (proxy = await startFreezableProxy(r.port)).url;
      // Redis also listens on the root end of A's link (a private lab link: no protected mode there).
      execFileSync("redis-cli", ["-p", String(r.port), "CONFIG", "SET", "bind", `127.0.0.1 ${link.a.addr}`]);
      execFileSync("redis-cli", ["-p", String(r.port), "CONFIG", "SET", "protected-mode", "no"]);
      return `redis://${link.a.addr}:${r.port}`;
    },
    // LC_LOG=<file>: every process's log, at debug and with Colyseus' own, in that file (to find why a run failed).
    ...(LC_LOG
      ? {
          onOutput: (name: string, text: string) =>
            appendFileSync(
              LC_LOG,
              text
                .split("\n")
                .filter(Boolean)
                .map((l) => `${Date.now()} ${name} ${l}\n`)
                .join(""),
            ),
        }
      : {}),
    env: {
      ...(LC_LOG ? { DEBUG: "colyseus:matchmaking,colyseus:errors,colyseus:message" } : {}),
      LOG_LEVEL: LC_LOG ? "debug" : "warn",
      LEASE_MS: String(LEASE_MS),
      BOT_DELAY_MS: "40-120",
      MATCHMAKE_RATE_PER_SECOND: "200",
      MATCHMAKE_BURST: "400",
    },
  });
  redis = new Redis(cluster.redis.url);
  cut = link ? netnsCut(link, cluster.redis.port) : linkCut(proxy!);
  console.log(`cuts made by ${cut.mode}`);
}, 60_000);
// A test that fails mid-cut leaves no cut behind for the next one.
afterEach(() => cut?.heal());
afterAll(async () => {
  cut?.cleanup();
  redis?.disconnect();
  await cluster?.stop();
  await proxy?.close();
  lab?.cleanup();
}, 60_000);

const A = "p1";

async function seat(join: Promise<Player["room"]>, name: string, playerId: string): Promise<Player> {
  const room = await join;
  const p: Player = { room, roomId: room.roomId, name, playerId, seat: -1, seen: 0, gameLog: null, rejected: 0 };
  watch(p);
  p.seat = await new Promise<number>((resolve) => room.onMessage("seated", (m: { seat: number }) => resolve(m.seat)));
  return p;
}

const saving = new WeakMap<Player, { on: number; off: number; refused: number }>();
function watch(p: Player): void {
  attach(p);
  record(p);
  const s = saving.get(p) ?? { on: 0, off: 0, refused: 0 };
  saving.set(p, s);
  p.room.onMessage("saving", (m: { on: boolean }) => {
    if (m.on) s.on++;
    else s.off++;
  });
  p.room.onMessage("rejected", (r: { code: string }) => {
    if (r.code === "saving") s.refused++;
  });
}

/** One player and bots at every table; tables open until A hosts at least `onA` of them. */
async function openTables(tag: string, onA = 4): Promise<Player[]> {
  const sdk = new Client(cluster.url);
  const players: Player[] = [];
  for (let round = 0; round === 0 || (round < 6 && players.filter((p) => hostOf(p) === A).length < onA); round++) {
    for (let i = 0; i < TABLES_PER_GAME; i++) {
      players.push(
        ...(await Promise.all(
          Object.keys(GAMES).map(async (name) => {
            const game = GAMES[name as keyof typeof GAMES]!.game;
            const id = `${name}-${tag}${round}-${i}`;
            const base = {
              name: id,
              seats: game.minSeats,
              bots: game.minSeats - 1,
              turnSeconds: 30,
              variants: SHORT[name] ?? {},
              autoFillSeconds: 0,
            };
            return seat(sdk.joinOrCreate(name, { ...base, mode: quickPlayKey(base), playerId: `p-${id}` }), id, `p-${id}`);
          }),
        )),
      );
    }
  }
  return players;
}

/** Everyone acts (every 150 ms at most per player) until `stop` says so. */
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

/** Takes every dropped player's seat back through nginx, as the page does; ms from `since`. `codes` gets each close code. */
async function reclaimDropped(players: Player[], since: number, codes: number[] = []): Promise<number[]> {
  return Promise.all(
    players.map(async (p) => {
      const code = await left(p.room);
      codes.push(code);
      // 4001: the process stopped the table (its lease ran out); SILENT_CLOSE: the player left a process that went silent.
      expect([4001, SILENT_CLOSE], `${p.roomId}: closed with a code that sends a player to reclaim`).toContain(code);
      const seat = p.seat;
      p.room = await reclaim(cluster.url, p, 30_000);
      watch(p);
      expect(await new Promise<number>((resolve) => p.room.onMessage("seated", (m: { seat: number }) => resolve(m.seat)))).toBe(seat);
      return Date.now() - since;
    }),
  );
}

const owners = async (players: Player[]) => Promise.all(players.map((p) => redis.hget("scat:tables", p.roomId)));
/** A process's Colyseus id, from its detailed health (the operator's token: docs/OPERATIONS.md). */
const pid = async (i: number) =>
  (
    (await (await fetch(`${cluster.servers[i]!.url}/health`, { headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` } })).json()) as {
      process: string;
    }
  ).process;

describe("a process cut off from Redis", () => {
  for (const x of LONG_CUTS)
    it(
      `cut for ${x}x LEASE_MS (${x * LEASE_MS} ms): A applies nothing unjournalled, stops at its lease, B resumes its tables, and no step a player saw is lost`,
      async () => {
        const players = await openTables("cut");
        const onA = players.filter((p) => hostOf(p) === A && status(p.room) !== "ended");
        expect(onA.length).toBeGreaterThanOrEqual(4);
        await playWhile(players, () => onA.every((p) => p.seen >= 3 || status(p.room) === "ended"), "A's tables under way", 60_000);
        const a = await pid(0);
        const cutAt = Date.now();
        cut.start();
        const cutDone = Date.now();
        const dropped = onA.filter((p) => status(p.room) !== "ended").map((p) => ({ p, closed: left(p.room).then(() => Date.now()) }));
        // Each player takes the seat back as soon as A closes it, as the page does (through nginx: A answers 503, B has the table once the lease expired in Redis).
        const reclaimed = reclaimDropped(
          dropped.map((d) => d.p),
          cutAt,
        );
        // Matchmaking on A answers at once that the store is away (not after a hang) once a renewal goes unanswered.
        await playWhile(players, () => Date.now() - cutAt >= 1_200, "the cut", 5_000);
        const asked = Date.now();
        const answer = await fetch(`${cluster.servers[0]!.url}/matchmake/joinOrCreate/devils_scat`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{}",
        });
        const answeredIn = Date.now() - asked;
        expect(answer.status, await answer.text()).toBe(503);
        expect(answeredIn, "503 at once, not after a hang").toBeLessThan(1_000);
        await playWhile(players, () => Date.now() - cutAt >= x * LEASE_MS, "the cut", (x + 2) * LEASE_MS + 10_000);
        cut.heal();
        const healedAt = Date.now();
        // What A queued for Redis during the cut arrives once its connection is back (TCP retransmits after an iptables cut):
        // none of it touches the listings B made for the tables it resumed.
        const unlisted = new Set<string>();
        let back = 0;
        for (
          const end = Date.now() + 20_000;
          Date.now() < end && (back === 0 || Date.now() < back + 1_000);
          await new Promise((r) => setTimeout(r, 20))
        ) {
          if (back === 0 && Number(await redis.hget("scat:beats", a)) > healedAt) back = Date.now();
          const listings = await Promise.all(dropped.map(({ p }) => redis.hget("roomcaches", p.roomId)));
          listings.forEach((l, i) => {
            if (l === null || l.includes(`"processId":"${a}"`))
              unlisted.add(`${dropped[i]!.p.roomId} ${l === null ? "unlisted" : "listed on A"}`);
          });
        }
        expect(back, "A's connection to Redis back after the heal").toBeGreaterThan(0);
        expect([...unlisted], "B's listings of the tables it resumed, after the heal").toEqual([]);
        const closedAt = await Promise.all(dropped.map((d) => d.closed));
        // A showed nothing it applied after the cut (those journal writes got no answer), and stopped
        // before its lease ran out in Redis. A step applied and journalled just before the cut may
        // still reach its player after it (a loaded machine sends it late): it is judged by when A
        // applied it (its server time in the durable history), not by when it arrived.
        for (const { p } of dropped) {
          const history = await durableHistory(redis, p);
          const applied = history ? appliedAt(history) : new Map<number, number>();
          const late = seenBy(p)
            .arrivals.filter((a) => a.host === A && a.at > cutAt + 150)
            .map((a) => ({ ...a, appliedAt: applied.get(a.version) ?? null }));
          expect(
            late.filter((a) => a.appliedAt === null || a.appliedAt > cutDone),
            `${p.roomId}: steps A applied during the cut and showed (cut ${cutAt}-${cutDone})`,
          ).toEqual([]);
        }
        expect(Math.max(...closedAt) - cutAt, "A's tables stop within its lease").toBeLessThan(LEASE_MS + 500);
        const took = await reclaimed;
        console.log(
          `cut ${x * LEASE_MS} ms (${cut.mode}): ${dropped.length} tables on A, stopped ${Math.min(...closedAt) - cutAt}-${Math.max(...closedAt) - cutAt} ms after the cut, seats back ${Math.min(...took)}-${Math.max(...took)} ms after it (healed at ${healedAt - cutAt}, A's Redis connection back ${back - cutAt})`,
        );
        expect((await owners(dropped.map((d) => d.p))).filter((o) => o === a)).toEqual([]);
        // Everyone plays on (A's players at B), then what each saw is compared with the durable history.
        const before = new Map(players.map((p) => [p, p.seen]));
        await playWhile(
          players,
          () => players.every((p) => p.seen >= before.get(p)! + 2 || status(p.room) === "ended"),
          "everyone acts again",
          60_000,
        );
        const { lost, checked, detail } = await lostSteps(redis, players);
        reportChaos(
          `cut ${x}x lease`,
          dropped.map((d) => d.p),
          { at: cutAt, end: healedAt },
          lost,
          checked,
        );
        expect(detail).toEqual([]);
        expect(lost).toBe(0);
        expect(
          players.reduce((n, p) => n + seenBy(p).conflicts, 0),
          "a version seen twice with different steps",
        ).toBe(0);
        for (const { p } of dropped) expect(hostOf(p), `${p.roomId}: resumed on B`).not.toBe(A);
        await leaveAll(players);
      },
      180_000 + 4 * x * LEASE_MS,
    );

  for (const x of SHORT_CUTS)
    it(`cut for ${x}x LEASE_MS (${x * LEASE_MS} ms): nothing lost, every player acts again`, async () => {
      const players = await openTables(`short${x}`);
      const onA = players.filter((p) => hostOf(p) === A);
      await playWhile(players, () => onA.every((p) => p.seen >= 3 || status(p.room) === "ended"), "A's tables under way", 60_000);
      const cutAt = Date.now();
      cut.start();
      await playWhile(players, () => Date.now() - cutAt >= x * LEASE_MS, "the cut", 4 * LEASE_MS);
      cut.heal();
      const healedAt = Date.now();
      // A table A stopped at its lease (a renewal sent just before the cut ran out first) is taken back
      // wherever it resumed, whenever A stops it: A's Redis connection comes back only seconds after
      // the heal (TCP's retransmission back-off), so with a cut of 0.8x the lease A stops its tables
      // ~0.5 s after the heal, and a fixed 500 ms look missed them (a quiet chaos run: 18 players
      // stuck on closed tables, "everyone acts again" timed out).
      const moved: Player[] = [];
      const moving = new Set<Player>();
      for (const p of onA)
        void left(p.room)
          .then(async () => {
            moving.add(p);
            await reclaimDropped([p], cutAt);
            moved.push(p);
            moving.delete(p);
          })
          .catch(() => undefined);
      const before = new Map(players.map((p) => [p, p.seen]));
      const resumedAt = Date.now();
      await playWhile(
        players,
        () => moving.size === 0 && players.every((p) => p.seen >= before.get(p)! + 2 || status(p.room) === "ended"),
        "everyone acts again",
        30_000,
      );
      console.log(`cut ${x * LEASE_MS} ms: ${onA.length} tables on A, ${moved.length} moved`);
      const allActed = Date.now();
      console.log(
        `cut ${x * LEASE_MS} ms: every player acted again ${allActed - cutAt} ms after the cut (${allActed - resumedAt} ms after the heal)`,
      );
      const { lost, checked, detail } = await lostSteps(redis, players);
      reportChaos(`cut ${x}x lease`, onA, { at: cutAt, end: healedAt }, lost, checked);
      expect(detail).toEqual([]);
      expect(lost).toBe(0);
      await leaveAll(players);
    }, 180_000);

  it(`process A paused (SIGSTOP) for 2x LEASE_MS: its players leave the silent process for B before A wakes, and nothing is lost`, async () => {
    const players = await openTables("stop");
    const onA = players.filter((p) => hostOf(p) === A && status(p.room) !== "ended");
    expect(onA.length).toBeGreaterThanOrEqual(4);
    await playWhile(players, () => onA.every((p) => p.seen >= 3 || status(p.room) === "ended"), "A's tables under way", 60_000);
    const victim = cluster.servers[0]!.child;
    const dropped = onA.filter((p) => status(p.room) !== "ended");
    const codes: number[] = [];
    const reclaimed = reclaimDropped(dropped, Date.now(), codes);
    const stoppedAt = Date.now();
    victim.kill("SIGSTOP");
    try {
      await playWhile(players, () => Date.now() - stoppedAt >= 2 * LEASE_MS, "the pause", 4 * LEASE_MS + 10_000);
    } finally {
      victim.kill("SIGCONT");
    }
    const wokeAt = Date.now();
    const took = await reclaimed;
    // A write Redis took before the pause may be answered as A wakes, and shown: it is durable (checked below).
    for (const p of dropped) expect(hostOf(p), `${p.roomId}: resumed on B`).not.toBe(A);
    console.log(
      `SIGSTOP ${2 * LEASE_MS} ms: ${dropped.length} tables on A, ${codes.filter((c) => c === SILENT_CLOSE).length} players left the silent process, seats back at B ${Math.min(...took)}-${Math.max(...took)} ms after the stop (A woke at ${wokeAt - stoppedAt})`,
    );
    // The players did not wait for A to wake (10.9 s median frozen before they had a silence timer): they left the silent process on their own.
    expect(
      codes.every((c) => c === SILENT_CLOSE),
      `close codes ${codes.join(",")}`,
    ).toBe(true);
    const before = new Map(players.map((p) => [p, p.seen]));
    await playWhile(
      players,
      () => players.every((p) => p.seen >= before.get(p)! + 2 || status(p.room) === "ended"),
      "everyone acts again",
      60_000,
    );
    const { lost, checked, detail } = await lostSteps(redis, players);
    reportChaos("process paused 2x lease", dropped, { at: stoppedAt, end: wokeAt }, lost, checked);
    expect(detail).toEqual([]);
    expect(lost).toBe(0);
    expect(
      players.reduce((n, p) => n + seenBy(p).conflicts, 0),
      "a version seen twice with different steps",
    ).toBe(0);
    await leaveAll(players);
  }, 180_000);

  it("Redis paused for 0.6x LEASE_MS: tables say they are saving, refuse actions ('saving'), and go on where they were", async () => {
    const players = await openTables("pause", 0);
    await playWhile(players, () => players.every((p) => p.seen >= 3 || status(p.room) === "ended"), "tables under way", 60_000);
    const playing = players.filter((p) => status(p.room) !== "ended");
    expect(playing.length).toBeGreaterThan(4);
    const before = new Map(playing.map((p) => [p, p.seen]));
    const closed = playing.map((p) => left(p.room).then(() => p.roomId));
    // What each player was told before the pause (a loaded machine's slow journal write can make a table say it is saving for a moment) does not count.
    const onBefore = new Map(playing.map((p) => [p, saving.get(p)!.on]));
    const refusedBefore = new Map(playing.map((p) => [p, saving.get(p)!.refused]));
    const offBefore = new Map(playing.map((p) => [p, saving.get(p)!.off]));
    const pausedAt = Date.now();
    process.kill(cluster.redis.child.pid!, "SIGSTOP");
    let told: Player[] = [];
    try {
      // A table with a step to save says so (a table waiting on nobody has nothing to save); an action sent to it is refused.
      await playWhile(
        players,
        () => (told = playing.filter((p) => saving.get(p)!.on > onBefore.get(p)!)).length >= playing.length / 2,
        "tables saying they are saving",
        0.6 * LEASE_MS,
      );
      for (const p of told) p.room.send("action", mine(p.room, p.seat)?.legal[0] ?? { type: "continue" });
      await until(
        () => told.every((p) => saving.get(p)!.refused > refusedBefore.get(p)!),
        "actions refused 'saving'",
        0.6 * LEASE_MS - (Date.now() - pausedAt),
      );
      expect(
        told.every((p) => seenBy(p).arrivals.every((a) => a.at < pausedAt + 150)),
        "a step shown while Redis was paused",
      ).toBe(true);
      await new Promise((r) => setTimeout(r, Math.max(0, 0.6 * LEASE_MS - (Date.now() - pausedAt))));
    } finally {
      process.kill(cluster.redis.child.pid!, "SIGCONT");
    }
    const redisBackAt = Date.now();
    await playWhile(
      players,
      () => playing.every((p) => p.seen >= before.get(p)! + 2 || status(p.room) === "ended"),
      "every table goes on",
      30_000,
    );
    expect(
      told.every((p) => saving.get(p)!.off > offBefore.get(p)!),
      "tables told they go on",
    ).toBe(true);
    // Nobody was moved: a pause shorter than the lease costs a pause, nothing more.
    const early = await Promise.race([...closed, new Promise((r) => setTimeout(() => r(null), 100))]);
    expect(early, "a table closed by the pause").toBeNull();
    const { lost, checked, detail } = await lostSteps(redis, players);
    console.log(
      `Redis paused ${0.6 * LEASE_MS} ms: ${told.length} of ${playing.length} tables paused and went on, ${checked} steps seen checked, ${lost} lost`,
    );
    reportChaos("Redis paused 0.6x lease", playing, { at: pausedAt, end: redisBackAt }, lost, checked);
    expect(detail).toEqual([]);
    expect(lost).toBe(0);
    await leaveAll(players);
  }, 180_000);
});
