/**
 * Joins refused "with no message from the SDK". What they were: a client that stalled
 * more than the server's keep-alive timeout (Node's 5 s) between its matchmaking reply and its
 * WebSocket sent the upgrade on a pooled connection the server had closed; the upgrade failed as
 * a network error and the SDK rejected with no code and an empty message. The server now keeps
 * idle connections 65 s (net/http-gate.ts), and a failed join always says why: a lapsed seat
 * reservation is refused by the server with its code and message, and a WebSocket that fails
 * under the SDK is explained by the load tools' ReportingClient from what the transport said.
 */
import { connect } from "node:net";
import { Client } from "@colyseus/sdk";
import { afterAll, beforeAll, expect, it } from "vitest";
import { joinFailure, ReportingClient } from "../k6/lib/join-errors.ts";
import { freePort, startServerProcess, type ServerProcess } from "../../cluster/server-process.ts";

let server: ServerProcess;
const RESERVATION_S = 9;
beforeAll(async () => {
  server = await startServerProcess({ SEAT_RESERVATION_SECONDS: String(RESERVATION_S), LOG_LEVEL: "error" });
});
afterAll(async () => {
  await server?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const options = { name: "Late", seats: 2, bots: 1, turnSeconds: 30, variants: {}, private: true };

async function reserve(): Promise<Parameters<Client["consumeSeatReservation"]>[0]> {
  const res = await fetch(`${server.url}/matchmake/create/devils_scat`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(options),
  });
  expect(res.status).toBe(200);
  return res.json() as never;
}

const busy = (ms: number) => {
  for (const end = Date.now() + ms; Date.now() < end;) {
    /* the client's loop is stalled */
  }
};

it("a client that stalls 7 s between its matchmaking reply and its WebSocket still joins", async () => {
  const reservation = await reserve();
  busy(7_000);
  const room = await new ReportingClient(server.url).consumeSeatReservation(reservation);
  expect(room.roomId).toBe(reservation.roomId);
  await room.leave();
});

it("an idle keep-alive connection stays open past 5 s and carries a WebSocket upgrade", async () => {
  const { port } = new URL(server.url);
  const socket = connect(Number(port), "127.0.0.1");
  let received = "";
  let ended = false;
  socket.on("data", (d) => {
    received += d.toString("latin1");
  });
  socket.on("end", () => {
    ended = true;
  });
  socket.on("close", () => {
    ended = true;
  });
  await new Promise((r) => socket.once("connect", r));
  socket.write("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n");
  for (const end = Date.now() + 10_000; !/\r\n\r\n/.test(received) && Date.now() < end;) await sleep(20);
  expect(received).toMatch(/^HTTP\/1\.1 200/);
  expect(received).toMatch(/Keep-Alive: timeout=65/i);
  await sleep(7_000);
  expect(ended).toBe(false);
  const r = await reserve();
  received = "";
  socket.write(
    `GET /${r.processId}/${r.roomId}?sessionId=${r.sessionId} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
  for (const end = Date.now() + 10_000; !received.includes("\r\n\r\n") && Date.now() < end;) await sleep(20);
  expect(received).toMatch(/^HTTP\/1\.1 101/);
  socket.destroy();
});

it("a WebSocket that comes after the seat reservation lapsed is refused with the server's code and message", async () => {
  const [first, second] = [await reserve(), await reserve()];
  await sleep(RESERVATION_S * 1000 + 1_500);
  const err = await new ReportingClient(server.url).consumeSeatReservation(first).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).not.toBeNull();
  const f = joinFailure(err);
  expect(f.reason).toBe("reservation-expired");
  expect(f.text).toMatch(/code 524 .*seat reservation expired/);
  // The plain SDK says the same: this refusal needs no help.
  const plain = await new Client(server.url).consumeSeatReservation(second).then(
    () => null,
    (e: unknown) => e as { code?: number; message?: string },
  );
  expect(plain).toMatchObject({ code: 524, message: "seat reservation expired." });
});

it("a WebSocket that fails under the SDK is reported with what the transport said", async () => {
  const reservation = await reserve();
  // Nothing listens there: the WebSocket fails before any reply from a server.
  const dead = `http://127.0.0.1:${await freePort()}`;
  const bare = await new Client(dead).consumeSeatReservation(reservation).then(
    () => null,
    (e: unknown) => e as { code?: unknown; message?: string },
  );
  // The SDK alone: no code, no message (what the swarm runs logged).
  expect(bare).not.toBeNull();
  expect(bare!.code).toBeUndefined();
  expect(bare!.message).toBe("");
  const err = await new ReportingClient(dead).consumeSeatReservation(reservation).then(
    () => null,
    (e: unknown) => e,
  );
  const f = joinFailure(err);
  expect(f.reason).toMatch(/^ws-/);
  expect(f.text).toMatch(/the WebSocket failed before the server's join reply: error/);
});

it("a refused matchmaking request is reported as such, with the server's reason", async () => {
  const err = await new ReportingClient(server.url).create("devils_scat", { ...options, seats: 9 }).then(
    () => null,
    (e: unknown) => e,
  );
  const f = joinFailure(err);
  expect(f.reason).toMatch(/^matchmake-/);
  expect(f.text).toMatch(/bad table options/);
});
