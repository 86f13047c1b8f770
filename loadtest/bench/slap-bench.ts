/**
 * Slap-race fairness benchmark (docs/BENCHMARKS.md). Starts a real server on loopback with the
 * `slap_lab` room, then runs tables of simulated players whose reaction times are known. Each
 * player's traffic is delayed both ways by its own base delay (5..150 ms) plus jitter, and its
 * clock is offset by up to ±10 s. For every race it checks whether the adjudicated last slapper
 * is the truly slowest player, for the server's method and for naive arrival order.
 *
 * Env: RACES (default 1000), TABLES (10), PLAYERS (4), JITTER_MS (10), SEED.
 */
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { Client, type Room } from "@colyseus/sdk";
import { createRng } from "@scat/shared";
import { DelayedLink } from "../src/delayed-link.ts";
import { fmt, percentile } from "../src/stats.ts";

const RACES = Number(process.env.RACES ?? 1000);
const TABLES = Number(process.env.TABLES ?? 10);
const PLAYERS = Number(process.env.PLAYERS ?? 4);
const JITTER = Number(process.env.JITTER_MS ?? 10);
const SEED = process.env.SEED ?? `slap-${Date.now()}`;
const rng = createRng(SEED);

interface Tally {
  races: number;
  fair: number;
  naive: number;
  estimate: number;
  claims: number;
  slaps: number;
  decision: number[];
  slapToResult: number[];
}
const tally: Tally = { races: 0, fair: 0, naive: 0, estimate: 0, claims: 0, slaps: 0, decision: [], slapToResult: [] };

/** A human-like reaction time: log-normal, median 270 ms. */
const reaction = (): number => Math.max(120, 270 * Math.exp(0.22 * gaussian()));
function gaussian(): number {
  return Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

async function startServer(port: number) {
  const root = fileURLToPath(new URL("../..", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
    // DELAY_SIMULATED: the delays are injected in this process, above the WebSocket, so the
    // transport's own ping frames (answered at once) must not cap the measured round trip.
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      SLAP_LAB: "1",
      DELAY_SIMULATED: "1",
      LOG_LEVEL: "error",
      MATCHMAKE_RATE_PER_SECOND: "1000",
      MATCHMAKE_BURST: "1000",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return child;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

interface Player {
  room: Room;
  up: DelayedLink;
  down: DelayedLink;
  clockOffset: number;
  truth: Map<number, number>;
  pressed: Map<number, number>;
}

function wire(p: Player, seat: number, races: { [race: number]: Map<number, number> }): void {
  const clock = () => performance.now() + p.clockOffset;
  p.room.onMessage("ping", (m: { s: number }) =>
    p.down.send(() => {
      const c = clock();
      p.up.send(() => p.room.send("pong", { s: m.s, c }));
    }),
  );
  p.room.onMessage("raceResult", () => undefined);
  p.room.onMessage("reveal", (m: { race: number }) =>
    p.down.send(() => {
      const frame = rng.next() * 16; // the next animation frame shows the card
      setTimeout(() => {
        const shownAt = clock();
        const r = reaction();
        (races[m.race] ??= new Map()).set(seat, r);
        setTimeout(() => {
          const pressedAt = shownAt + r;
          p.pressed.set(m.race, performance.now());
          p.up.send(() => p.room.send("slap", { race: m.race, shownAt, pressedAt }));
        }, r);
      }, frame);
    }),
  );
}

async function runTable(endpoint: string, index: number, racesWanted: number): Promise<void> {
  const truth: { [race: number]: Map<number, number> } = {};
  const client = new Client(endpoint);
  const players: Player[] = [];
  for (let seat = 0; seat < PLAYERS; seat++) {
    const room = seat === 0 ? await client.create("slap_lab", { players: PLAYERS }) : await client.joinById(players[0]!.room.roomId, {});
    const base = 5 + rng.next() * 145;
    const p: Player = {
      room,
      up: new DelayedLink(base, JITTER, rng.next),
      down: new DelayedLink(base, JITTER, rng.next),
      clockOffset: (rng.next() - 0.5) * 20_000,
      truth: new Map(),
      pressed: new Map(),
    };
    players.push(p);
    // Our delays are simulated in this process; the server's WebSocket ping frames see loopback.
    room.send("simulateLink", { rttMs: 2 * base, jitterMs: JITTER });
    wire(p, seat, truth);
  }
  await new Promise<void>((resolve) => {
    let done = 0;
    players[0]!.room.onMessage(
      "raceResult",
      (m: {
        race: number;
        byReaction: { seat: number; source: string }[];
        byArrival: number[];
        byEstimate: number[];
        decisionMs: number;
      }) => {
        const r = truth[m.race];
        if (!r || r.size !== PLAYERS) return;
        const slowest = [...r.entries()].sort((a, b) => b[1] - a[1])[0]![0];
        tally.races++;
        if (m.byReaction[m.byReaction.length - 1]!.seat === slowest) tally.fair++;
        if (m.byArrival[m.byArrival.length - 1] === slowest) tally.naive++;
        if (m.byEstimate[m.byEstimate.length - 1] === slowest) tally.estimate++;
        tally.slaps += m.byReaction.length;
        tally.claims += m.byReaction.filter((s) => s.source === "claim").length;
        tally.decision.push(m.decisionMs);
        const last = players[slowest]!;
        last.down.send(() => tally.slapToResult.push(performance.now() - (last.pressed.get(m.race) ?? performance.now())));
        if (++done >= racesWanted) resolve();
      },
    );
  });
  await new Promise((r) => setTimeout(r, 400));
  for (const p of players) await p.room.leave();
  void index;
}

const port = await freePort();
const server = await startServer(port);
const started = performance.now();
try {
  const per = Math.ceil(RACES / TABLES);
  await Promise.all(Array.from({ length: TABLES }, (_, i) => runTable(`ws://127.0.0.1:${port}`, i, per)));
} finally {
  server.kill("SIGTERM");
}
const pct = (n: number) => `${fmt((100 * n) / tally.races)}%`;
console.log(`Slap fairness bench (seed ${SEED}, node ${process.version})`);
console.log(
  `  ${tally.races} races, ${TABLES} tables x ${PLAYERS} players, one-way delay 5..150 ms + jitter 0..${JITTER} ms, clocks offset up to ±10 s`,
);
console.log(`  last slapper = truly slowest:  adjudicated ${pct(tally.fair)}   naive arrival order ${pct(tally.naive)}`);
console.log(`  (server's own delay-corrected estimate alone, without client claims: ${pct(tally.estimate)})`);
console.log(`  claims accepted: ${fmt((100 * tally.claims) / Math.max(1, tally.slaps))}% of ${tally.slaps} slaps`);
console.log(
  `  server decision after last slap: p50 ${fmt(percentile(tally.decision, 50))} ms, p99 ${fmt(percentile(tally.decision, 99))} ms`,
);
console.log(
  `  slap-to-result seen by the last slapper (incl. simulated network): p50 ${fmt(percentile(tally.slapToResult, 50))} ms, p99 ${fmt(percentile(tally.slapToResult, 99))} ms`,
);
console.log(`  wall time ${fmt((performance.now() - started) / 1000)} s`);
