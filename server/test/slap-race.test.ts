/**
 * The Hit the Deck slap race through the real room: reaction times come from the clients'
 * claims checked against arrival and measured delay, not from arrival order.
 */
import type { ColyseusTestServer } from "@colyseus/testing";
import type { Room as ClientRoom } from "@colyseus/sdk";
import { quickPlayKey } from "@scat/shared";
import { playFace, scenario } from "@scat/shared/games/hit-the-deck/test-support.ts";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import type { TableRoom } from "../src/table/table-room.ts";
import { slapMetrics } from "../src/games/hit-the-deck-plugin.ts";
import { bootServer, TEST_METRICS_TOKEN, until, waitSeat } from "./helpers.ts";

let colyseus: ColyseusTestServer;
beforeAll(async () => {
  colyseus = await bootServer();
});
afterAll(async () => {
  await colyseus.shutdown();
});
afterEach(async () => {
  await colyseus.cleanup();
});

const clock = () => performance.timeOrigin + performance.now();

type Ev = { type: string; [k: string]: any };
/** Every event a client receives, and hooks to react to them (one `events` handler per client). */
function collect(room: ClientRoom): { events: Ev[]; on: ((e: Ev) => void)[] } {
  const log = { events: [] as Ev[], on: [] as ((e: Ev) => void)[] };
  room.onMessage("events", (m: { events: Ev[] }) => {
    for (const e of m.events) {
      log.events.push(e);
      for (const f of log.on) f(e);
    }
  });
  room.onMessage("*", () => undefined);
  return log;
}

/** Answers pings after `delayMs` each way, like a client that far away. */
function answerPings(room: ClientRoom, delayMs: number): void {
  room.onMessage("ping", (m: { s: number }) =>
    setTimeout(() => {
      const c = clock();
      setTimeout(() => room.send("pong", { s: m.s, c }), delayMs);
    }, delayMs),
  );
}

async function table() {
  const base = { seats: 2, bots: 0, turnSeconds: 30, variants: {} };
  const a = await colyseus.sdk.joinOrCreate("hit_the_deck", { ...base, name: "Near", mode: quickPlayKey(base) });
  const b = await colyseus.sdk.joinOrCreate("hit_the_deck", { ...base, name: "Far", mode: quickPlayKey(base) });
  const logs = [collect(a), collect(b)];
  const seats = [await waitSeat(a), await waitSeat(b)];
  const srv = colyseus.getRoomById(a.roomId) as unknown as TableRoom;
  await until(() => srv.match, "game start");
  // Seat 0 is about to play WITH A HAND.
  const s = scenario({ hands: ["HH 3G 4G", "1B 2B 5R"], discard: "2G", turn: 0, now: Date.now() });
  srv.match!.state = { ...s, version: srv.match!.state.version + 1 };
  (srv.play as any).afterStep([]);
  const version = srv.match!.state.version;
  await until(() => (a.state as any).version === version && (b.state as any).version === version, "clients see the scenario");
  const bySeat = seats[0] === 0 ? { p0: a, p1: b, log0: logs[0]!, log1: logs[1]! } : { p0: b, p1: a, log0: logs[1]!, log1: logs[0]! };
  return { srv, ...bySeat, s };
}

it("orders slappers by adjudicated reaction time, not arrival", async () => {
  const { srv, p0, p1, log0, log1, s } = await table();
  void log0;
  answerPings(p1, 80); // p1 is 80 ms away each way; p0 is on loopback
  srv.net.simulatedTransportMs.set(p1.sessionId, 160);
  answerPings(p0, 0);
  await until(() => srv.net.of(p1.sessionId).count >= 3 && srv.net.of(p0.sessionId).count >= 3, "delay estimates", 8_000);
  const before = slapMetrics.adjudicated;
  // p1 sees the reveal 80 ms late and reacts in 200 ms: its slap arrives after 360 ms.
  // p0 sees it at once and takes 300 ms: its slap arrives first.
  log1.on.push((e) => {
    if (e.type !== "raceOpened") return;
    setTimeout(() => {
      const shownAt = clock();
      setTimeout(() => {
        const pressedAt = clock();
        setTimeout(() => p1.send("action", { type: "slap", shownAt, pressedAt, reactionMs: 1 }), 80);
      }, 200);
    }, 80);
  });
  log0.on.push((e) => {
    if (e.type !== "raceOpened") return;
    const shownAt = clock();
    p0.send("action", { type: "call" });
    setTimeout(() => p0.send("action", { type: "slap", shownAt, pressedAt: clock() }), 300);
  });
  // No fine timer runs while no race is open; one runs while it is.
  expect(srv.fineTick).toBeNull();
  p0.send("action", playFace(s, 0, "HH"));
  await until(() => srv.fineTick === 10, "the 10 ms clock during the race");
  const closed = await until(() => log1.events.find((e) => e.type === "raceClosed"), "race closed", 8_000);
  await until(() => srv.fineTick === null, "no fine clock after the race");
  // ...and the room's clock still runs its timers (deadlines, bots) without it.
  await Promise.race([
    new Promise((r) => srv.clock.setTimeout(() => r(true), 60)),
    new Promise((_, reject) => setTimeout(() => reject(new Error("the room clock stopped")), 2_000)),
  ]);
  const slaps = closed.result.slaps as { seat: number; reactionMs: number }[];
  // Arrival order says p0 first; the adjudicated order follows the reactions (and ignores the
  // reactionMs the client tried to set).
  expect(slaps.map((x) => x.seat)).toEqual([1, 0]);
  // The clients' own timers may run late on a busy machine, never early.
  expect(slaps[0]!.reactionMs).toBeGreaterThanOrEqual(195);
  expect(slaps[0]!.reactionMs).toBeLessThan(260);
  expect(slaps[1]!.reactionMs).toBeGreaterThanOrEqual(295);
  expect(slaps[1]!.reactionMs).toBeLessThan(360);
  expect(closed.result.penalised).toEqual([0]);
  // The result shows the arrival order the reaction times overturned, and how each was adjudicated.
  expect(slaps.map((x) => (x as { arrival?: number }).arrival)).toEqual([2, 1]);
  for (const x of slaps) expect(["claim", "estimate"]).toContain((x as { timing?: string }).timing);
  expect(slapMetrics.adjudicated - before).toBe(2);
  const metrics = await (
    await fetch(`http://127.0.0.1:${(colyseus.server as any).port}/metrics`, { headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` } })
  ).text();
  expect(metrics).toMatch(/scat_slaps_adjudicated_total\{source="claim"\} [1-9]/);
});

it("makes a slap with no race open a fake-out that draws 2", async () => {
  const { p1, log1 } = await table();
  const before = (await until(() => (p1.state as any).seats?.[1]?.handCount, "hand count")) as number;
  p1.send("action", { type: "slap" });
  await until(() => log1.events.some((e) => e.type === "fakedOut"), "fake-out");
  await until(() => (p1.state as any).seats[1].handCount === before + 2, "two cards drawn");
});
