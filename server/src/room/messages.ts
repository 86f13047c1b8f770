/**
 * Client messages: shape checked with zod, rate limited per client, and every rejection sent
 * only to its sender as `rejected` `{ code, message }` with no state change. Malformed payloads
 * and unknown types are answered the same way rather than by a disconnect.
 */
import type { Client } from "@colyseus/core";
import { CLIENT_MESSAGES, SERVER_MESSAGES, type Rejection } from "@scat/shared";
import { z } from "zod";
import { actionsRejected } from "../metrics.ts";
import { PONG } from "../realtime/net-monitor.ts";
import { RateLimiter } from "./rate-limit.ts";
import type { TableRoom } from "./table-room.ts";

const timeSchema = z.object({ t: z.number().finite() });

function reject(client: Client, rejection: Rejection): void {
  actionsRejected.inc({ code: rejection.code });
  client.send(SERVER_MESSAGES.rejected, rejection);
}

function zodText(error: z.ZodError): string {
  return error.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message)).join("; ");
}

export function registerMessages(room: TableRoom): void {
  const limiters = new WeakMap<Client, RateLimiter>();
  const allow = (client: Client): boolean => {
    let limiter = limiters.get(client);
    if (!limiter) {
      limiter = new RateLimiter(room.config.rateLimit.perSecond, room.config.rateLimit.burst, Date.now());
      limiters.set(client, limiter);
    }
    if (limiter.take(Date.now())) return true;
    reject(client, { code: "rate-limited", message: "Too many messages: slow down" });
    return false;
  };

  room.onMessage(CLIENT_MESSAGES.action, (client, payload: unknown) => {
    if (!allow(client)) return;
    const slot = room.seating.bySession(client.sessionId);
    if (!slot) return reject(client, { code: "not-seated", message: "Spectators cannot play", action: payload });
    const parsed = room.game.actionSchema.safeParse(payload);
    if (!parsed.success) return reject(client, { code: "invalid-action", message: zodText(parsed.error), action: payload });
    const rejection = room.act(slot, parsed.data, client, payload);
    if (rejection) reject(client, rejection);
  });

  room.onMessage(CLIENT_MESSAGES.fillBots, (client) => {
    if (!allow(client)) return;
    if (!room.seating.bySession(client.sessionId)) return reject(client, { code: "not-seated", message: "Only a seated player can start the table" });
    if (room.match) return reject(client, { code: "already-started", message: "The game has already started" });
    room.fillAndStart();
  });

  room.onMessage(CLIENT_MESSAGES.time, (client, payload: unknown) => {
    const parsed = timeSchema.safeParse(payload);
    if (!parsed.success) return reject(client, { code: "invalid-message", message: zodText(parsed.error) });
    return { t: parsed.data.t, now: Date.now() };
  });

  room.onMessage(PONG, (client, payload: unknown) => {
    if (!room.net.pong(client.sessionId, payload)) return reject(client, { code: "invalid-message", message: "pong needs {s, c} numbers" });
    const slot = room.seating.bySession(client.sessionId);
    const seat = slot ? room.state.seats[slot.index] : undefined;
    const rtt = Math.min(65535, Math.round(room.net.of(client.sessionId).rtt));
    if (seat && seat.ping !== rtt) seat.ping = rtt;
  });

  room.onMessage("*", (client, type: string | number) => {
    if (!allow(client)) return;
    reject(client, { code: "unknown-message", message: `Unknown message type "${String(type)}"` });
  });
}
