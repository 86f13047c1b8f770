/**
 * Every action gets `rejected` or its acknowledgement (docs/PROTOCOL.md
 * "Acknowledgement"): the step's `events` carry `seat`, the seat whose action made it, and to the
 * sender only the action's `id` when it sent one, as the number it sent (never its payload); the
 * sender gets that message even when it may see no event of the step. Without an id, the same
 * `events` as before plus `seat`.
 */
import type { ColyseusTestServer } from "@colyseus/testing";
import type { Room as ClientRoom } from "@colyseus/sdk";
import { quickPlayKey } from "@scat/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TableRoom } from "../src/table/table-room.ts";
import { bootServer, mine, record, until, waitSeat } from "./helpers.ts";

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

const opts = (o: Record<string, unknown>) => {
  const base = { name: "Ack", seats: 2, bots: 1, turnSeconds: 60, variants: {}, ...o };
  return { ...base, mode: quickPlayKey(base as never) };
};

type Batch = { version: number; seat?: number | null; id?: number; events: { type: string }[] };
const batches = (log: ReturnType<typeof record>): Batch[] => log.filter((m) => m.type === "events").map((m) => m.message as Batch);

async function table(game: string): Promise<{
  room: ClientRoom;
  log: ReturnType<typeof record>;
  seat: number;
  srv: TableRoom;
  spy: ClientRoom;
  spyLog: ReturnType<typeof record>;
}> {
  const room = await colyseus.sdk.joinOrCreate(game, opts({}));
  const log = record(room);
  const seat = await waitSeat(room);
  const srv = colyseus.getRoomById(room.roomId) as unknown as TableRoom;
  await until(() => srv.match, "game start");
  const spy = await colyseus.sdk.joinById(room.roomId, { spectate: true });
  const spyLog = record(spy);
  return { room, log, seat, srv, spy, spyLog };
}

describe("action acknowledgement", () => {
  it("echoes a fake-out slap's id to its sender with the step's version, even when legal does not change", async () => {
    const { room, log, seat, srv, spyLog } = await table("hit_the_deck");
    await until(
      () =>
        (room.state as any).phase === "turn" &&
        (room.state as any).version === srv.match!.state.version &&
        mine(room, seat)?.legal.some((a) => a.type === "slap"),
      "a turn (a slap is a fake-out)",
    );
    room.send("action", { type: "slap", id: 4_000_000_001 });
    const ack = await until(() => batches(log).find((b) => b.id === 4_000_000_001), "the acknowledgement");
    expect(ack.seat).toBe(seat);
    expect(ack.version).toBeGreaterThan(0);
    expect(ack.events.map((e) => e.type)).toContain("fakedOut");
    await until(() => srv.match!.state.version >= ack.version, "the server's version");
    // Others learn who acted, never the sender's id.
    const seen = await until(() => batches(spyLog).find((b) => b.version === ack.version), "the spectator's events");
    expect(seen).toEqual({ version: ack.version, seat, events: expect.any(Array) });
    expect(log.filter((m) => m.type === "rejected")).toEqual([]);
  });

  it("marks each step with the seat that made it, and adds no id when none was sent", async () => {
    const { room, log, seat, srv } = await table("skit_scat");
    let mineSeen = false;
    let sent = -1;
    await until(
      () => {
        const version = (room.state as any).version;
        const ownStep = batches(log).find((b) => b.version === sent + 1 && sent >= 0);
        if (ownStep) {
          expect(ownStep.seat).toBe(seat);
          expect("id" in ownStep).toBe(false);
          mineSeen = true;
        }
        const own = mine(room, seat);
        if (own && own.legal.length > 0 && version === srv.match!.state.version && version !== sent) {
          sent = version;
          room.send(
            "action",
            own.legal.find((a) => a.type === "continue") ??
              own.legal.find((a) => a.type === "drawDeck") ??
              own.legal.find((a) => a.type === "discard") ??
              own.legal[0],
          );
        }
        return mineSeen && batches(log).some((b) => b.seat === 1 - seat);
      },
      "own steps and a bot's step",
      20_000,
    );
    // The deal and deadlines name no seat (null); every other step names one.
    expect(batches(log).every((b) => b.seat === null || b.seat === 0 || b.seat === 1)).toBe(true);
  });

  it("refuses a bad id with invalid-action and changes nothing; a refused action with an id gets only rejected", async () => {
    const { room, log, seat, srv } = await table("skit_scat");
    const own = await until(() => {
      const m = mine(room, seat);
      return m && m.legal.some((a) => a.type === "drawDeck") && (room.state as any).version === srv.match!.state.version ? m : null;
    }, "this seat's draw");
    const version = srv.match!.state.version;
    for (const id of ["7", -1, 1.5, 2 ** 32, null, { n: 1 }]) room.send("action", { type: "drawDeck", id });
    await until(() => log.filter((m) => m.type === "rejected").length >= 6, "six refusals");
    expect(log.filter((m) => m.type === "rejected").map((m) => (m.message as any).code)).toEqual(Array(6).fill("invalid-action"));
    expect(srv.match!.state.version).toBe(version);
    // A discard before drawing is refused by the rules: its id is never acknowledged.
    room.send("action", { type: "discard", card: own.hand[0], id: 12 });
    await until(() => log.filter((m) => m.type === "rejected").length >= 7, "the rule's refusal");
    expect((log.filter((m) => m.type === "rejected")[6]!.message as any).code).not.toBe("invalid-action");
    room.send("action", { type: "drawDeck", id: 13 });
    const ack = await until(() => batches(log).find((b) => b.id === 13), "the draw's acknowledgement");
    expect(ack).toMatchObject({ version: version + 1, seat });
    expect(batches(log).some((b) => b.id === 12)).toBe(false);
  });
});
