/**
 * The table kernel's plug points (server/src/table/kit.ts): the event emitter, the one hook on
 * Colyseus's seat reservation that runs the features' gates, the message and call registries, and
 * the composition root that fills them (server/src/compose.ts) without the table naming a feature.
 */
import type { Room } from "@colyseus/core";
import { CHAT_CLIENT } from "@scat/shared/social/chat.ts";
import { describe, expect, it } from "vitest";
import { composeTables, tableMessageTypes } from "../src/compose.ts";
import { REMATCH_MESSAGES } from "../src/rematch/index.ts";
import { gateReservations, type Admission } from "../src/table/admission.ts";
import { Emitter, TableKit, installKit, type ReservationGate } from "../src/table/kit.ts";
import { TableRoom, composedTable, tableKit } from "../src/table/table-room.ts";

/** A room class whose core reservation answers `core` and records the order of calls. */
function reservingRoom(core: boolean, log: string[]) {
  class Reserving {
    async _reserveSeat(sessionId: string): Promise<boolean> {
      log.push(`core ${sessionId}`);
      return core;
    }
  }
  return Reserving;
}

function gate(name: string, admits: boolean, log: string[]): ReservationGate<unknown> {
  return {
    admit: (_room, id) => (log.push(`${name} admit ${id}`), admits),
    refused: (_room, id) => void log.push(`${name} refused ${id}`),
  };
}

function admissionOf(admits: boolean, log: string[]): Admission {
  return {
    admit: (id: string) => (log.push(`admission admit ${id}`), admits),
    refused: (id: string) => void log.push(`admission refused ${id}`),
  } as unknown as Admission;
}

async function reserve(cls: { prototype: object }, reconnecting = false): Promise<boolean> {
  const room = new (cls as unknown as new () => { _reserveSeat(id: string, o: unknown, ...rest: unknown[]): Promise<boolean> })();
  return room._reserveSeat("s1", {}, undefined, undefined, reconnecting);
}

describe("the table's events", () => {
  it("run their listeners in the order they were added, with the event", () => {
    const events = new Emitter<{ seated: { seat: number } }>();
    const seen: string[] = [];
    expect(events.has("seated")).toBe(false);
    events.on("seated", (e) => seen.push(`a${e.seat}`));
    events.on("seated", (e) => seen.push(`b${e.seat}`));
    events.emit("seated", { seat: 2 });
    expect(seen).toEqual(["a2", "b2"]);
    expect(events.has("seated")).toBe(true);
  });
});

describe("one reservation hook running the gates", () => {
  it("runs the gates in order, then the table's admission, then Colyseus's reservation", async () => {
    const log: string[] = [];
    const cls = reservingRoom(true, log);
    gateReservations(
      cls as unknown as { prototype: Room },
      () => [gate("ranked", true, log), gate("apart", true, log)],
      () => admissionOf(true, log),
    );
    expect(await reserve(cls)).toBe(true);
    expect(log).toEqual(["ranked admit s1", "apart admit s1", "admission admit s1", "core s1"]);
  });

  it("a gate's refusal hands the reservation back to the gates before it and goes no further", async () => {
    const log: string[] = [];
    const cls = reservingRoom(true, log);
    gateReservations(
      cls as unknown as { prototype: Room },
      () => [gate("a", true, log), gate("b", false, log), gate("c", true, log)],
      () => admissionOf(true, log),
    );
    expect(await reserve(cls)).toBe(false);
    expect(log).toEqual(["a admit s1", "b admit s1", "a refused s1"]);
  });

  it("a refusal further on (Colyseus's own) frees the admission's claim and hands back every gate", async () => {
    const log: string[] = [];
    const cls = reservingRoom(false, log);
    gateReservations(
      cls as unknown as { prototype: Room },
      () => [gate("a", true, log), gate("b", true, log)],
      () => admissionOf(true, log),
    );
    expect(await reserve(cls)).toBe(false);
    expect(log).toEqual([
      "a admit s1",
      "b admit s1",
      "admission admit s1",
      "core s1",
      "admission refused s1",
      "b refused s1",
      "a refused s1",
    ]);
  });

  it("lets a reconnection by the gates and the admission", async () => {
    const log: string[] = [];
    const cls = reservingRoom(true, log);
    gateReservations(
      cls as unknown as { prototype: Room },
      () => [gate("a", false, log)],
      () => admissionOf(false, log),
    );
    expect(await reserve(cls, true)).toBe(true);
    expect(log).toEqual(["core s1"]);
  });
});

describe("the registries", () => {
  it("refuse a message type or a call added twice", () => {
    const kit = new TableKit<object>();
    kit.handle("x", () => undefined).call("y", () => undefined);
    expect(() => kit.handle("x", () => undefined)).toThrow(/twice/);
    expect(() => kit.call("y", () => undefined)).toThrow(/twice/);
  });

  it("make each call of a kit a method of the room class, called with the room", () => {
    class Bare {}
    const kit = new TableKit<Bare>().call("hello", (room, name) => [room, name]);
    installKit(Bare.prototype, kit);
    const room = new Bare() as Bare & { hello(name: string): unknown; kit: unknown };
    expect(room.hello("Ann")).toEqual([room, "Ann"]);
    expect(room.kit).toBe(kit);
  });
});

describe("the composition root", () => {
  it("adds the features' messages after the table's own; a bare table answers only its own", () => {
    const own = [...tableKit().messages.keys()];
    const all = tableMessageTypes();
    expect(all.slice(0, own.length)).toEqual(own);
    expect(all).toEqual(expect.arrayContaining([REMATCH_MESSAGES.offer, REMATCH_MESSAGES.answer, "report", "block", CHAT_CLIENT.say]));
    expect(own).not.toContain(REMATCH_MESSAGES.offer);
  });

  it("gives the composed table class the rematch calls other processes make; the bare table has none", () => {
    const none = (): never => {
      throw new Error("not used");
    };
    const Table = composedTable(composeTables({ db: none, whenOpen: none, blocks: null }));
    expect(typeof (Table.prototype as unknown as Record<string, unknown>).rematchOpen).toBe("function");
    expect(typeof (Table.prototype as unknown as Record<string, unknown>).rematchDeclined).toBe("function");
    expect((TableRoom.prototype as unknown as Record<string, unknown>).rematchOpen).toBeUndefined();
  });
});
