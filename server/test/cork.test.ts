/**
 * A step's `events` message and its patch leave each client's socket in one write
 * (server/src/net/cork.ts), and nothing is held back: both arrive, in order.
 */
import type { ColyseusTestServer } from "@colyseus/testing";
import { Protocol } from "@colyseus/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TableRoom } from "../src/table/table-room.ts";
import { bootServer, mine, record, until, waitSeat } from "./helpers.ts";

let colyseus: ColyseusTestServer;
beforeAll(async () => {
  colyseus = await bootServer({ BOT_DELAY_MS: "300-400" });
});
afterAll(async () => {
  await colyseus.shutdown();
});

interface Writable {
  _write: (...a: unknown[]) => unknown;
  _writev: (...a: unknown[]) => unknown;
}

describe("one write per step", () => {
  it("sends a step's events and its patch to a client in one socket write", async () => {
    const room = await colyseus.sdk.joinOrCreate("devils_scat", { name: "Cora", seats: 2, bots: 1, turnSeconds: 60 });
    const log = record(room);
    const seat = await waitSeat(room);
    const srv = colyseus.getRoomById(room.roomId) as unknown as TableRoom;
    await until(() => srv.match && mine(room, seat)?.legal.some((a) => a.type === "drawDeck"), "my turn to draw");
    const socket = (srv.clients[0] as unknown as { ref: { _socket: Writable } }).ref._socket;
    // Each socket write as its chunks (a WebSocket frame is a header chunk and a body chunk; a body's first byte is its Colyseus protocol code).
    const writes: Buffer[][] = [];
    const write = socket._write.bind(socket);
    const writev = socket._writev.bind(socket);
    socket._write = (...a: unknown[]) => {
      writes.push([a[0] as Buffer]);
      return write(...a);
    };
    socket._writev = (...a: unknown[]) => {
      writes.push((a[0] as Array<{ chunk: Buffer }>).map((c) => c.chunk));
      return writev(...a);
    };
    const version = srv.match!.state.version;
    const eventsBefore = log.filter((m) => m.type === "events").length;
    room.send(
      "action",
      mine(room, seat)!.legal.find((a) => a.type === "drawDeck"),
    );
    await until(
      () => (room.state as { version: number }).version > version && log.filter((m) => m.type === "events").length > eventsBefore,
      "the events and the patch of my draw",
    );
    socket._write = write;
    socket._writev = writev;
    // Other traffic may be written meanwhile (the transport's pings, the bot's next step): the
    // write that carries my draw's patch also carries its events message, in one system call.
    const isPatch = (b: Buffer) => b[0] === Protocol.ROOM_STATE_PATCH;
    const isEvents = (b: Buffer) => b[0] === Protocol.ROOM_DATA && b.includes("events");
    const first = writes.find((w) => w.some(isPatch));
    expect(first, `writes: ${writes.map((w) => w.map((b) => b[0]).join(",")).join(" | ")}`).toBeDefined();
    expect(first!.some(isEvents)).toBe(true);
    expect(writes.indexOf(first!)).toBe(writes.findIndex((w) => w.some(isEvents)));
    await room.leave();
  });
});
