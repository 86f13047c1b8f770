import type { ColyseusTestServer } from "@colyseus/testing";
import type { Room as ClientRoom } from "@colyseus/sdk";
import { quickPlayKey } from "@scat/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { replayMatch } from "../src/table/match.ts";
import type { TableRoom } from "../src/table/table-room.ts";
import { bootServer, eventsOf, mine, outcomeOf, record, until, waitSeat } from "./helpers.ts";

let colyseus: ColyseusTestServer;
// DELAY_SIMULATED: the round-trip test below delays the page's pongs, above the WebSocket; with
// transport ping frames on, the round trip would be capped by theirs (loopback) from the first
// samples on (realtime/net-monitor.ts; that cap has its own tests in lying-client.test.ts).
beforeAll(async () => {
  colyseus = await bootServer({ DELAY_SIMULATED: "1" });
});
afterAll(async () => {
  await colyseus.shutdown();
});
afterEach(async () => {
  vi.useRealTimers();
  await colyseus.cleanup();
});

const opts = (o: Record<string, unknown> = {}) => {
  const base = { name: "Tess", seats: 3, bots: 2, turnSeconds: 30, variants: {}, ...o };
  return { ...base, mode: quickPlayKey(base as never) };
};

function serverRoom(client: ClientRoom): TableRoom {
  return colyseus.getRoomById(client.roomId) as unknown as TableRoom;
}

/**
 * Waits for the seat's turn to draw. A round can end at the deal (a dealt 31, no turn): its
 * `continue` is sent, once per step, until a round with turns comes.
 */
async function myTurn(room: ClientRoom, seat: number) {
  let continued = -1;
  return until(() => {
    const m = mine(room, seat);
    const version = (room.state as { version?: number }).version ?? 0;
    if (m?.legal.some((a) => a.type === "continue") && continued !== version) {
      continued = version;
      room.send("action", { type: "continue" });
    }
    return m && m.legal.some((a) => a.type === "drawDeck") && (room.state as { turn?: number }).turn === seat ? m : null;
  }, `a turn of seat ${seat}`);
}

/** Plays one decision from the legal list: prefers drawing, then discarding the first card. */
function playOne(room: ClientRoom, legal: { type: string; card?: string }[]) {
  const pick =
    legal.find((a) => a.type === "continue") ??
    legal.find((a) => a.type === "drawDeck") ??
    legal.find((a) => a.type === "discard") ??
    legal[0]!;
  room.send("action", pick);
}

describe("a Devil's Scat table", () => {
  it("plays a full game against bots to the end", async () => {
    const room = await colyseus.sdk.joinOrCreate("devils_scat", opts({ seats: 2, bots: 1 }));
    const log = record(room);
    const seat = await waitSeat(room);
    await until(() => (room.state as any).status === "playing", "game start");
    let lastVersion = -1;
    while ((room.state as any).status !== "ended") {
      const ready = await until(
        () => {
          if ((room.state as any).status === "ended") return { legal: [] };
          const m = mine(room, seat!);
          return m && m.legal.length > 0 && (room.state as any).version !== lastVersion ? m : null;
        },
        "my decision or the end",
        30_000,
      );
      if (ready.legal.length === 0) break;
      lastVersion = (room.state as any).version;
      playOne(room, ready.legal);
    }
    const outcome = outcomeOf(room)!;
    expect(outcome.winners.length).toBeGreaterThan(0);
    expect((room.state as any).phase).toBe("gameOver");
    expect(eventsOf(log, "gameWon")).toHaveLength(1);
    // The room's record replays to the same final state.
    const match = serverRoom(room).match!;
    expect(match.log.length).toBeGreaterThan(10);
    expect(replayMatch(match.game, match.options, match.seed, match.startedAt, match.log)).toEqual(match.state);
  }, 120_000);

  it("rejects illegal and out-of-turn actions with a clear error and no state change", async () => {
    // A deal can end its round at once (a dealt 31); such a table is left for a fresh one.
    let a: ClientRoom, b: ClientRoom, srv: TableRoom, logs: Map<ClientRoom, ReturnType<typeof record>>;
    for (let attempt = 0; ; attempt++) {
      a = await colyseus.sdk.joinOrCreate("devils_scat", opts({ seats: 2, bots: 0, name: "Ann" }));
      b = await colyseus.sdk.joinOrCreate("devils_scat", opts({ seats: 2, bots: 0, name: "Ben" }));
      expect(b.roomId).toBe(a.roomId);
      logs = new Map([
        [a, record(a)],
        [b, record(b)],
      ]);
      srv = serverRoom(a);
      await until(() => srv.match, "game start");
      if ((srv.match!.state as any).phase === "turn" || attempt === 10) break;
      await Promise.all([a.leave(), b.leave()]);
    }
    const turn = (srv.match!.state as any).turn as number;
    const [onTurn, offTurn] = (await waitSeat(a)) === turn ? [a, b] : [b, a];
    const before = JSON.stringify(srv.match!.state);
    offTurn.send("action", { type: "drawDeck" });
    onTurn.send("action", { type: "discard", card: "6H" });
    onTurn.send("action", { type: "discard", card: "ZZZZZZ" });
    onTurn.send("action", { type: "fly" });
    onTurn.send("action", "not an object");
    onTurn.send("teleport", { x: 1 });
    onTurn.send("fillBots");
    const rejected = (room: typeof a, n: number) =>
      until(() => {
        const r = logs
          .get(room)!
          .filter((m) => m.type === "rejected")
          .map((m) => m.message as any);
        return r.length >= n ? r : null;
      }, `${n} rejections`);
    const offCodes = (await rejected(offTurn, 1)).map((r) => r.code);
    const onRejections = await rejected(onTurn, 6);
    expect(offCodes).toEqual(["not-your-turn"]);
    expect(onRejections.map((r) => r.code)).toEqual([
      "must-draw-first",
      "invalid-action",
      "invalid-action",
      "invalid-action",
      "unknown-message",
      "already-started",
    ]);
    for (const r of onRejections) expect(r.message.length).toBeGreaterThan(5);
    expect(JSON.stringify(srv.match!.state)).toBe(before);
    // The other client heard nothing of the sender's mistakes.
    expect(logs.get(offTurn)!.filter((m) => m.type === "rejected")).toHaveLength(1);
  });

  it("applies the default action when a turn times out", async () => {
    const room = await colyseus.sdk.joinOrCreate("devils_scat", opts({ seats: 2, bots: 1, turnSeconds: 10 }));
    const log = record(room);
    const seat = await waitSeat(room);
    const srv = serverRoom(room);
    await myTurn(room, seat);
    const state = srv.match!.state as any;
    expect(state.turn).toBe(seat);
    const handBefore = mine(room, seat)!.hand.join(" ");
    const version = state.version;
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(state.deadline + 1);
    srv.expireDeadline(version);
    vi.useRealTimers();
    expect(srv.match!.state.version).toBeGreaterThan(version);
    const events = await until(() => {
      const e = eventsOf(log, "turnTimedOut");
      return e.length ? e : null;
    }, "timeout event");
    expect(events[0].seat).toBe(seat);
    const after = await until(() => mine(room, seat), "my seat");
    expect(after.hand.length).toBe(3);
    expect(eventsOf(log, "cardDiscarded").some((e) => e.seat === seat)).toBe(true);
    expect(eventsOf(log, "cardDrawn").some((e) => e.seat === seat)).toBe(true);
    void handBefore;
  });

  it("keeps seat and hand across a disconnect and reconnect", async () => {
    const room = await colyseus.sdk.joinOrCreate("devils_scat", opts({ seats: 3, bots: 2 }));
    record(room);
    const seat = await waitSeat(room);
    await until(() => (room.state as any).status === "playing", "game start");
    const hand = (await until(() => mine(room, seat), "hand")).hand;
    const srv = serverRoom(room);
    room.reconnection.enabled = false;
    room.connection.close(4010, "test drop");
    await until(() => srv.seating.slots[seat]!.connected === false, "drop noticed");
    expect(srv.seating.slots[seat]!.awayUntil).toBeGreaterThan(Date.now());
    const back = await colyseus.sdk.reconnect(room.reconnectionToken);
    const backLog = record(back);
    await until(() => srv.seating.slots[seat]!.connected, "reconnected");
    const again = await until(() => mine(back, seat), "hand after reconnect");
    // Only this seat's own moves or timeouts (30 s away) could change its hand.
    expect(again.hand).toEqual(hand);
    expect(srv.seating.slots[seat]!.isBot).toBe(false);
    void backLog;
  });

  it("lets a bot take the seat after the reconnection window, and the player take it back", async () => {
    const room = await colyseus.sdk.joinOrCreate(
      "devils_scat",
      opts({ seats: 2, bots: 1, reconnectSeconds: 5, playerId: "player-aaaa-1111" }),
    );
    record(room);
    const seat = await waitSeat(room);
    const srv = serverRoom(room);
    await until(() => srv.match, "game start");
    const watcher = await colyseus.sdk.joinById(room.roomId, { spectate: true, name: "Watcher" });
    room.reconnection.enabled = false;
    room.connection.close(4010, "test drop");
    await until(
      () => (watcher.state as any).seats[seat].connected === false && (watcher.state as any).seats[seat].awayUntil > 0,
      "others see the drop",
    );
    await until(() => srv.seating.slots[seat]!.isBot, "bot takeover", 15_000);
    await until(
      () => (watcher.state as any).seats[seat].isBot && (watcher.state as any).seats[seat].botReason === "takeover",
      "others see the takeover",
    );
    const versionAtTakeover = srv.match!.state.version;
    await until(() => srv.match!.state.version > versionAtTakeover + 2 || srv.match!.over, "the bot plays the seat");
    const back = await colyseus.sdk.joinById(room.roomId, { name: "Tess", playerId: "player-aaaa-1111" });
    record(back);
    expect(await waitSeat(back)).toBe(seat);
    expect(srv.seating.slots[seat]!.isBot).toBe(false);
    // The seat's hand is visible again: the one the server holds for it (3 cards, or 4 mid-turn).
    await until(() => {
      const hand = mine(back, seat)?.hand ?? [];
      const truth = (srv.match!.state as any).hands[seat] as string[];
      return hand.length >= 3 && [...hand].sort().join() === [...truth].sort().join();
    }, "hand back");
  }, 30_000);

  it("keeps private tables out of quick play and reachable by code only", async () => {
    const host = await colyseus.sdk.create("devils_scat", { ...opts({ seats: 2, bots: 0 }), private: true });
    expect(host.roomId).toMatch(/^[A-Z2-9]{6}$/);
    const quick = await colyseus.sdk.joinOrCreate("devils_scat", opts({ seats: 2, bots: 0 }));
    expect(quick.roomId).not.toBe(host.roomId);
    await expect(colyseus.sdk.join("devils_scat", opts({ seats: 2, bots: 0 }))).resolves.toHaveProperty("roomId", quick.roomId);
    const friend = await colyseus.sdk.joinById(host.roomId, { name: "Friend" });
    record(friend);
    expect(await waitSeat(friend)).toBe(1);
    await expect(colyseus.sdk.joinById("ZZZZZZ", { name: "Guess" })).rejects.toThrow();
  });

  it("refuses bad options and unknown rooms with a clear error", async () => {
    await expect(colyseus.sdk.joinOrCreate("devils_scat", { seats: 9 })).rejects.toThrow(/seats|players/);
    await expect(colyseus.sdk.joinOrCreate("devils_scat", { seats: 5, bots: 1, variants: { bootASuit: true } })).rejects.toThrow(
      /bootASuit|Boot|2-3|2 or 3/i,
    );
    await expect(colyseus.sdk.joinOrCreate("no_such_game", {})).rejects.toThrow();
    await expect(colyseus.sdk.joinOrCreate("devils_scat", { ...opts(), mode: "s9" })).rejects.toThrow(/mode/);
  });

  it("measures each client's round trip from ping/pong and shows it on the seat", async () => {
    const room = await colyseus.sdk.joinOrCreate("devils_scat", opts({ seats: 2, bots: 1 }));
    const seat = await waitSeat(room);
    // Answer pings late by 40 ms, as a distant client would.
    room.onMessage("ping", (m: { s: number }) =>
      setTimeout(() => room.send("pong", { s: m.s, c: performance.timeOrigin + performance.now() }), 40),
    );
    const srv = serverRoom(room);
    await until(() => srv.net.of(room.sessionId).count >= 2, "two samples", 5_000);
    // Timers may fire a fraction of a ms early against performance.now(): allow 2 ms.
    expect(srv.net.of(room.sessionId).rtt).toBeGreaterThanOrEqual(38);
    await until(() => (room.state as any).seats[seat].ping >= 38, "ping shown on the seat");
    const log = record(room);
    room.send("pong", { s: "soon" });
    await until(() => log.some((m) => m.type === "rejected" && (m.message as any).code === "invalid-message"), "malformed pong rejected");
  });

  it("rate-limits a flooding client without disconnecting it", async () => {
    const room = await colyseus.sdk.joinOrCreate("devils_scat", opts({ seats: 2, bots: 0 }));
    const log = record(room);
    for (let i = 0; i < 250; i++) room.send("action", { type: "knock" });
    await until(() => log.some((m) => m.type === "rejected" && (m.message as any).code === "rate-limited"), "rate limit");
    expect(room.connection.isOpen).toBe(true);
  });
});
