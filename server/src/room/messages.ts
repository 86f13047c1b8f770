/**
 * Client messages: shape checked with zod, rate limited per client, and every rejection sent
 * only to its sender as `rejected` `{ code, message }` with no state change. Malformed payloads
 * and unknown types are answered the same way rather than by a disconnect. A rejection never
 * carries what the client sent: nothing a client sends is echoed or re-encoded.
 */
import type { Client } from "@colyseus/core";
import { CLIENT_MESSAGES, SERVER_MESSAGES, type Rejection } from "@scat/shared";
import { z } from "zod";
import { actionsRejected } from "../metrics.ts";
import { PONG } from "../realtime/net-monitor.ts";
import { RateLimiter } from "./rate-limit.ts";
import type { TableHost } from "./host.ts";

const timeSchema = z.object({ t: z.number().finite() });
const autoFillSchema = z.object({ on: z.boolean() });

/** Zod's reasons, with field names cut to a safe alphabet and the whole capped: never an echo. */
function zodText(error: z.ZodError): string {
  const field = (p: PropertyKey) => String(p).replace(/[^A-Za-z0-9_]/g, "").slice(0, 24);
  const text = error.issues.map((i) => (i.path.length ? `${i.path.map(field).join(".")}: ${i.message}` : i.message)).join("; ");
  return text.length > 200 ? `${text.slice(0, 197)}...` : text;
}

/** Answers a client's bad input: counted always, replied to while the client's budget lasts. */
export class Replies {
  private readonly limiters = new WeakMap<Client, RateLimiter>();

  constructor(private readonly rate: { readonly perSecond: number; readonly burst: number }) {}

  /** Spends one of the client's message tokens; false once it sends faster than allowed. */
  allow(client: Client): boolean {
    let limiter = this.limiters.get(client);
    if (!limiter) {
      limiter = new RateLimiter(this.rate.perSecond, this.rate.burst, Date.now());
      this.limiters.set(client, limiter);
    }
    return limiter.take(Date.now());
  }

  reject(client: Client, rejection: Rejection): void {
    actionsRejected.inc({ code: rejection.code });
    client.send(SERVER_MESSAGES.rejected, { code: rejection.code, message: rejection.message });
  }

  /** A rejection that also spends a token: a flood of bad input gets one reply per token. */
  refuse(client: Client, rejection: Rejection): void {
    if (this.allow(client)) return this.reject(client, rejection);
    actionsRejected.inc({ code: rejection.code });
  }
}

type Handler = (client: Client, payload: unknown) => unknown;

/** True when the client has a token left, else it is told to slow down. */
function allowOrSay(replies: Replies, client: Client): boolean {
  if (replies.allow(client)) return true;
  replies.reject(client, { code: "rate-limited", message: "Too many messages: slow down" });
  return false;
}

/** The handler of every client message type; the room registers them ("*" answers the rest). */
export function messageHandlers(room: TableHost, replies: Replies): Record<string, Handler> {
  // Bound, not arrow functions: tsx's keepNames gives each named closure its own property dictionary (per table).
  const reject: (client: Client, rejection: Rejection) => void = replies.reject.bind(replies);
  const allow: (client: Client) => boolean = allowOrSay.bind(null, replies);

  const handlers: Record<string, Handler> = {};
  handlers[CLIENT_MESSAGES.action] = (client, payload) => {
    if (!allow(client)) return;
    const slot = room.seating.bySession(client.sessionId);
    if (!slot) return reject(client, { code: "not-seated", message: "Spectators cannot play" });
    const parsed = room.game.actionSchema.safeParse(payload);
    if (!parsed.success) return reject(client, { code: "invalid-action", message: zodText(parsed.error) });
    const rejection = room.act(slot, parsed.data, client, payload);
    if (rejection) reject(client, rejection);
  };

  handlers[CLIENT_MESSAGES.fillBots] = (client) => {
    if (!allow(client)) return;
    if (!room.seating.bySession(client.sessionId)) return reject(client, { code: "not-seated", message: "Only a seated player can start the table" });
    if (room.match) return reject(client, { code: "already-started", message: "The game has already started" });
    room.fillAndStart();
  };

  handlers[CLIENT_MESSAGES.autoFill] = (client, payload) => {
    if (!allow(client)) return;
    const parsed = autoFillSchema.safeParse(payload);
    if (!parsed.success) return reject(client, { code: "invalid-message", message: zodText(parsed.error) });
    if (!room.seating.bySession(client.sessionId)) return reject(client, { code: "not-seated", message: "Only a seated player can change the countdown" });
    if (room.match) return reject(client, { code: "already-started", message: "The game has already started" });
    room.setAutoFill(parsed.data.on);
  };

  handlers[CLIENT_MESSAGES.time] = (client, payload) => {
    const parsed = timeSchema.safeParse(payload);
    if (!parsed.success) return reject(client, { code: "invalid-message", message: zodText(parsed.error) });
    return { t: parsed.data.t, now: Date.now() };
  };

  handlers[PONG] = (client, payload) => {
    if (!room.net.pong(client.sessionId, payload)) return reject(client, { code: "invalid-message", message: "pong needs {s, c} numbers" });
    const slot = room.seating.bySession(client.sessionId);
    if (slot) room.showPing(slot.index, Math.min(65535, Math.round(room.net.of(client.sessionId).rtt)));
  };

  handlers["*"] = (client) => {
    if (!allow(client)) return;
    reject(client, { code: "unknown-message", message: "Unknown message type (see docs/PROTOCOL.md for the messages a client may send)" });
  };
  return handlers;
}
