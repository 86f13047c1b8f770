/**
 * The fuzz suite through a real server process: hostile frames of every kind from seated
 * players, spectators, unacknowledged and unreserved sockets, plus junk matchmaking requests,
 * while honest tables of every game play to the end. Pass: the process is up, no exception
 * reached the process or a room, every honest table's result equals the replay of its log,
 * and the JavaScript heap retained after a full collection is back at its baseline (resident
 * memory is printed too; the allocator keeps some of a burst's memory, which is not a leak).
 *
 * CI runs FUZZ_MESSAGES=50,000 (the default); `npm run fuzz` runs 1,000,000 and prints figures.
 * FUZZ_SEED reproduces a run.
 */
import { placesBySeat } from "@scat/shared/standings.ts";
import { verifyLog } from "@scat/shared/fairness/index.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GAMES } from "../src/games.ts";
import { fuzz } from "./support/fuzz-driver.ts";
import { honestTable, within, type HonestResult } from "./support/honest-table.ts";
import { heapUsedAfterGc } from "../../loadtest/src/heap-probe.ts";
import { metricValue, startServerProcess, type ServerProcess } from "./support/server-process.ts";

const TOTAL = Number(process.env.FUZZ_MESSAGES ?? 50_000);
const SEED = process.env.FUZZ_SEED ?? String(Date.now() % 1_000_000);
const MB = 1024 * 1024;
const PROTOCOL_CODES = new Set([
  "bad-frame",
  "frame-too-large",
  "unknown-frame",
  "invalid-action",
  "invalid-message",
  "unknown-message",
  "rate-limited",
  "server-error",
  "not-seated",
]);

let server: ServerProcess;
beforeAll(async () => {
  console.log(`fuzz: ${TOTAL} messages, FUZZ_SEED=${SEED}`);
  server = await startServerProcess(
    {
      RATE_LIMIT_PER_SECOND: "1000000",
      RATE_LIMIT_BURST: "1000000",
      MATCHMAKE_RATE_PER_SECOND: "1000000",
      MATCHMAKE_BURST: "1000000",
      BOT_DELAY_MS: "5-20",
      LOG_LEVEL: "error",
    },
    { nodeArgs: ["--inspect=127.0.0.1:0"] },
  );
});
afterAll(async () => {
  await server?.stop();
});

async function honestRound(round: number) {
  const tables = await Promise.all(
    Object.keys(GAMES).map((game) =>
      honestTable(server.url, game, Math.max(3, GAMES[game as keyof typeof GAMES]!.game.minSeats), 2, `${SEED}:${round}`),
    ),
  );
  return {
    roomIds: tables.map((t) => t.roomId),
    done: Promise.all(tables.map((t) => t.done)).then((r) => r.flat()),
    rooms: tables.flatMap((t) => t.rooms),
  };
}

function checkHonest(results: HonestResult[]): void {
  for (const r of results) {
    const verified = verifyLog(r.gameLog);
    expect(verified.ok ? "verified" : `${r.game}: ${verified.reason}`).toBe("verified");
    // The state's outcome is the replay's, plus the places read from it (shared/src/standings.ts).
    if (verified.ok)
      expect({ ...verified.outcome, places: placesBySeat(r.game, verified.state, verified.outcome) }, r.game).toEqual(r.outcome);
    // A real-time table can refuse an honest move that a bot's move overtook (a rule code); it must
    // never refuse an honest message's form.
    const protocol = r.rejections.filter((x) => PROTOCOL_CODES.has((x as { code: string }).code));
    expect(protocol, `${r.game}: an honest message was refused`).toEqual([]);
  }
}

async function rejectedByCode(): Promise<Record<string, number>> {
  const text = await server.metrics();
  const out: Record<string, number> = {};
  for (const m of text.matchAll(/^scat_actions_rejected_total\{code="([^"]+)"\} (\d+)/gm)) out[m[1]!] = Number(m[2]);
  return out;
}

describe("fuzz through a real server process", () => {
  it(
    `survives ${TOTAL} hostile messages while honest tables of every game play to the end`,
    async () => {
      // Warm-up: one honest round and a small fuzz, so the baseline includes every code path's first use.
      const warm = await honestRound(0);
      await fuzz(server.url, Math.min(2_000, TOTAL), `${SEED}:warm`, warm.roomIds, {
        seated: 2,
        spectator: 2,
        unacknowledged: 1,
        stray: 1,
      });
      checkHonest(await within(warm.done, warm.rooms, 120_000));
      await Promise.all(warm.rooms.map((r) => r.leave().catch(() => undefined)));
      await new Promise((r) => setTimeout(r, 1_000));
      const rssBefore = await server.rss();
      const heapBefore = await heapUsedAfterGc(server.output());

      const round = await honestRound(1);
      const report = await fuzz(server.url, TOTAL, SEED, round.roomIds, { seated: 4, spectator: 6, unacknowledged: 2, stray: 1 });
      const honest = await within(round.done, round.rooms, Math.max(120_000, TOTAL * 2));
      checkHonest(honest);
      expect(honest.length).toBe(2 * Object.keys(GAMES).length);
      await Promise.all(round.rooms.map((r) => r.leave().catch(() => undefined)));

      // Tables close once everyone has left; then memory should be back where it started.
      const deadline = Date.now() + 30_000;
      while (metricValue(await server.metrics(), "scat_tables_open") > 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 250));
      expect(metricValue(await server.metrics(), "scat_tables_open")).toBe(0);
      await new Promise((r) => setTimeout(r, 2_000));
      const rssAfter = await server.rss();
      const heapAfter = await heapUsedAfterGc(server.output());
      const metrics = await server.metrics();
      const rejected = await rejectedByCode();
      console.log(
        JSON.stringify(
          {
            messages: report.sent,
            httpRequests: report.httpSent,
            seconds: report.seconds,
            messagesPerSecond: Math.round(report.sent / report.seconds),
            reconnects: report.reconnects,
            rssBeforeMB: +(rssBefore / MB).toFixed(1),
            rssAfterMB: +(rssAfter / MB).toFixed(1),
            heapAfterGcBeforeMB: +(heapBefore / MB).toFixed(1),
            heapAfterGcAfterMB: +(heapAfter / MB).toFixed(1),
            rejectedByCode: rejected,
          },
          null,
          1,
        ),
      );
      const contained = server
        .output()
        .split("\n")
        .filter((l) => /exception|uncaught|unhandled/.test(l));
      if (contained.length > 0) console.log(`server errors:\n${contained.slice(0, 5).join("\n")}`);
      expect(server.child.exitCode).toBeNull();
      expect((await fetch(`${server.url}/health`)).ok).toBe(true);
      expect(metricValue(metrics, "scat_process_errors_total")).toBe(0);
      expect(metricValue(metrics, "scat_handler_errors_total")).toBe(0);
      expect(Object.values(rejected).reduce((a, b) => a + b, 0)).toBeGreaterThan(TOTAL / 4);
      expect(heapAfter).toBeLessThan(heapBefore + 8 * MB);
    },
    Math.max(600_000, TOTAL * 3),
  );
});
