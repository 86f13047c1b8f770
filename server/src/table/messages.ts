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
import type { MessageHandler } from "./kit.ts";

const timeSchema = z.object({ t: z.number().finite() });
const autoFillSchema = z.object({ on: z.boolean() });

/** Zod's reasons, with field names cut to a safe alphabet and the whole capped: never an echo. */
export function zodText(error: z.ZodError): string {
  const field = (p: PropertyKey) =>
    String(p)
      .replace(/[^A-Za-z0-9_]/g, "")
      .slice(0, 24);
  const text = error.issues.map((i) => (i.path.length ? `${i.path.map(field).join(".")}: ${i.message}` : i.message)).join("; ");
  return text.length > 200 ? `${text.slice(0, 197)}...` : text;
}

/**
 * The optional `id` of an action (docs/PROTOCOL.md, "Acknowledgement"): null when absent, false
 * when not an integer 0..2^32-1. Echoed as this number to its sender in the step's `events`.
 */
function actionId(payload: unknown): number | null | false {
  if (payload === null || typeof payload !== "object" || !Object.hasOwn(payload, "id")) return null;
  const id = (payload as { id?: unknown }).id;
  if (id === undefined) return null;
  return typeof id === "number" && Number.isInteger(id) && id >= 0 && id <= 0xffff_ffff ? id : false;
}

/** Each client's message budget (per process: a client is in one room). */
const limiters = new WeakMap<Client, RateLimiter>();

/** Answers a client's bad input: counted always, replied to while the client's budget lasts. */
export class Replies {
  constructor(private readonly rate: { readonly perSecond: number; readonly burst: number }) {}

  /** Spends one of the client's message tokens; false once it sends faster than allowed. */
  allow(client: Client): boolean {
    let limiter = limiters.get(client);
    if (!limiter) {
      limiter = new RateLimiter(this.rate.perSecond, this.rate.burst, Date.now());
      limiters.set(client, limiter);
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

/** A message handler, one per process: the room and its replies come with each call. */
type Handler = MessageHandler<TableHost, Replies>;

/** Message types and their handlers: the table's own (below) and those the features add (kit.ts). */
export type MessageRegistry<R extends TableHost = TableHost> = ReadonlyMap<string, MessageHandler<R, Replies>>;

/** True when the client has a token left, else it is told to slow down. */
export function allowOrSay(replies: Replies, client: Client): boolean {
  if (replies.allow(client)) return true;
  replies.reject(client, { code: "rate-limited", message: "Too many messages: slow down" });
  return false;
}

const HANDLERS: Record<string, Handler> = {
  [CLIENT_MESSAGES.action](room, replies, client, payload) {
    if (!allowOrSay(replies, client)) return;
    const slot = room.seating.bySession(client.sessionId);
    if (!slot) return replies.reject(client, { code: "not-seated", message: "Spectators cannot play" });
    const id = actionId(payload);
    if (id === false) return replies.reject(client, { code: "invalid-action", message: "id: an action id is an integer 0..4294967295" });
    const parsed = room.game.actionSchema.safeParse(payload);
    if (!parsed.success) return replies.reject(client, { code: "invalid-action", message: zodText(parsed.error) });
    const rejection = room.act(slot, parsed.data, client, payload, id);
    if (rejection) replies.reject(client, rejection);
  },

  [CLIENT_MESSAGES.fillBots](room, replies, client) {
    if (!allowOrSay(replies, client)) return;
    if (!room.seating.bySession(client.sessionId))
      return replies.reject(client, { code: "not-seated", message: "Only a seated player can start the table" });
    if (room.match) return replies.reject(client, { code: "already-started", message: "The game has already started" });
    room.fillAndStart();
  },

  [CLIENT_MESSAGES.autoFill](room, replies, client, payload) {
    if (!allowOrSay(replies, client)) return;
    const parsed = autoFillSchema.safeParse(payload);
    if (!parsed.success) return replies.reject(client, { code: "invalid-message", message: zodText(parsed.error) });
    if (!room.seating.bySession(client.sessionId))
      return replies.reject(client, { code: "not-seated", message: "Only a seated player can change the countdown" });
    if (room.match) return replies.reject(client, { code: "already-started", message: "The game has already started" });
    room.setAutoFill(parsed.data.on);
  },

  [CLIENT_MESSAGES.shuffle](room, replies, client, payload) {
    if (!allowOrSay(replies, client)) return;
    const slot = room.seating.bySession(client.sessionId);
    if (!slot) return replies.reject(client, { code: "not-seated", message: "Only a seated player adds to the shuffle" });
    const rejection = room.shuffle(slot, payload);
    if (rejection) replies.reject(client, rejection);
  },

  [CLIENT_MESSAGES.time](_room, replies, client, payload) {
    const parsed = timeSchema.safeParse(payload);
    if (!parsed.success) return replies.reject(client, { code: "invalid-message", message: zodText(parsed.error) });
    return { t: parsed.data.t, now: Date.now() };
  },

  [PONG](room, replies, client, payload) {
    if (!room.net.pong(client.sessionId, payload))
      return replies.reject(client, { code: "invalid-message", message: "pong needs {s, c} numbers" });
    const slot = room.seating.bySession(client.sessionId);
    if (slot) room.showPing(slot.index, Math.min(65535, Math.round(room.net.of(client.sessionId).rtt)));
  },

  // Load tests only (DELAY_SIMULATED=1, delay injected in the load generator): how far away its
  // simulated player is, for the transport round trip (realtime/net-monitor.ts `simulateLink`).
  // Elsewhere an unknown message, as before.
  simulateLink(room, replies, client, payload) {
    if (!room.config.delaySimulated) return unknownType(room, replies, client);
    if (!room.net.simulateLink(client.sessionId, payload))
      replies.reject(client, { code: "invalid-message", message: "simulateLink needs {rttMs: 0..1000, jitterMs?: 0..100}" });
  },
};

/**
 * The table's own message handlers, first in every registry; features add theirs (kit.ts). Every
 * type a composed table answers (`time` as a request) is in docs/PROTOCOL.md (server/test/protocol-doc.test.ts).
 */
export function tableMessages(): Map<string, Handler> {
  return new Map(Object.entries(HANDLERS));
}

function unknownType(_room: TableHost, replies: Replies, client: Client): void {
  if (!allowOrSay(replies, client)) return;
  replies.reject(client, {
    code: "unknown-message",
    message: "Unknown message type (see docs/PROTOCOL.md for the messages a client may send)",
  });
}

/**
 * What a room registers: `time` (answered as a request, which Colyseus routes by its exact type
 * only) and "*" for every other type, dispatched here. Two handlers per table, not one per type.
 * A handler's exception ends that message only: the room contains it (`TableHost.contain`: logged,
 * counted, the sender told `server-error`) and the table goes on.
 */
export function messageHandlers<R extends TableHost>(
  room: R,
  replies: Replies,
  registry: MessageRegistry<R>,
): Record<string, (client: Client, ...args: unknown[]) => unknown> {
  // Bound, not arrow functions: tsx's keepNames gives each named closure its own property dictionary (per table).
  return {
    [CLIENT_MESSAGES.time]: (answerTime<R>).bind(null, registry, room, replies),
    "*": (dispatch<R>).bind(null, registry, room, replies),
  };
}

function answerTime<R extends TableHost>(
  registry: MessageRegistry<R>,
  room: R,
  replies: Replies,
  client: Client,
  payload: unknown,
): unknown {
  return dispatch(registry, room, replies, client, CLIENT_MESSAGES.time, payload);
}

function dispatch<R extends TableHost>(
  registry: MessageRegistry<R>,
  room: R,
  replies: Replies,
  client: Client,
  type: unknown,
  payload: unknown,
): unknown {
  const handler = registry.get(String(type)) ?? unknownType;
  try {
    return handler(room, replies, client, payload);
  } catch (error) {
    room.contain(error, "onMessage", client);
    return undefined;
  }
}
