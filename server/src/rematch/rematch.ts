/**
 * Play again with the same people. At game over a seated player makes a new
 * private table with the same options (the client's `create`), then sends `rematch {code, fill}`
 * to the finished table. The finished table checks the sender sits at that new table (a call to
 * it, on whichever process holds it: `rematchOpen`) and offers it to the other players
 * (`rematch {code, from, fill}`). Each accepts (joins by code) or declines
 * (`rematchAnswer {accept: false}`): the new table is told (`rematchDeclined`) and, when the
 * host chose `fill`, bots take the seats of those who declined as soon as everyone answered;
 * otherwise it waits for them (its countdown off) and the host may fill it by hand. The new
 * table is private: a private group stays private, and no stranger takes a rematch seat.
 */
import { matchMaker, type Client } from "@colyseus/core";
import { z } from "zod";
import { isInviteCode } from "../table/invite-code.ts";
import type { TableHost } from "../table/host.ts";
import type { Replies } from "../table/messages.ts";
import type { RoomKit } from "../table/table-room.ts";

export const REMATCH_MESSAGES = { offer: "rematch", answer: "rematchAnswer", notice: "social" } as const;

const offerSchema = z.object({ code: z.string().max(12), fill: z.boolean() }).strict();
const answerSchema = z.object({ accept: z.boolean() }).strict();

/** The parts of the room the rematch needs beyond `TableHost` (the room is both). */
interface RematchRoom extends TableHost {
  readonly roomName: string;
  readonly clients: Iterable<Client>;
  setAutoFill(on: boolean): void;
}

interface Offer {
  readonly code: string;
  readonly from: number;
  readonly answered: Set<number>;
}
interface Hosting {
  readonly expected: number;
  declined: number;
  readonly fill: boolean;
}

/** Per finished table, its rematch offer; per new table, what it waits for. Gone with the room. */
const offers = new WeakMap<object, Offer>();
const hosting = new WeakMap<object, Hosting>();

type Reject = (code: string, message: string) => void;

/** The other players of the finished game: seats a person held (a bot that took over a leaver's seat included). */
function otherPlayers(room: RematchRoom, seat: number): number[] {
  return room.seating.slots.filter((s) => s.index !== seat && s.playerId !== null).map((s) => s.index);
}

async function offer(room: RematchRoom, replies: Replies, client: Client, payload: unknown): Promise<void> {
  const reject: Reject = (code, message) => replies.reject(client, { code, message });
  if (!replies.allow(client)) return reject("rate-limited", "Too many messages: slow down");
  const parsed = offerSchema.safeParse(payload);
  if (!parsed.success) return reject("invalid-message", "rematch needs {code, fill}");
  const slot = room.seating.bySession(client.sessionId);
  if (!slot) return reject("not-seated", "Only a player of this game can offer a rematch");
  if (!room.match?.over) return reject("not-over", "A rematch is offered once the game is over");
  if (offers.has(room)) return reject("rematch-offered", "A rematch is already offered at this table");
  if (!isInviteCode(parsed.data.code)) return reject("invalid-message", "code: a private table's code");
  const others = otherPlayers(room, slot.index);
  const opened = await matchMaker
    .remoteRoomCall(parsed.data.code, "rematchOpen", [slot.playerId, others.length, parsed.data.fill, room.roomName])
    .catch(() => false);
  if (opened !== true) return reject("bad-rematch", "That is not a new table of yours for this game");
  if (offers.has(room)) return reject("rematch-offered", "A rematch is already offered at this table");
  offers.set(room, { code: parsed.data.code, from: slot.index, answered: new Set([slot.index]) });
  for (const c of room.clients) {
    const seat = room.seating.bySession(c.sessionId);
    if (c !== client && seat && others.includes(seat.index))
      c.send(REMATCH_MESSAGES.offer, { code: parsed.data.code, from: slot.index, fill: parsed.data.fill });
  }
}

function answer(room: RematchRoom, replies: Replies, client: Client, payload: unknown): void {
  const reject: Reject = (code, message) => replies.reject(client, { code, message });
  if (!replies.allow(client)) return reject("rate-limited", "Too many messages: slow down");
  const parsed = answerSchema.safeParse(payload);
  if (!parsed.success) return reject("invalid-message", "rematchAnswer needs {accept}");
  const slot = room.seating.bySession(client.sessionId);
  if (!slot) return reject("not-seated", "Only a player of this game can answer a rematch");
  const current = offers.get(room);
  if (!current) return reject("no-rematch", "No rematch is offered at this table");
  if (current.answered.has(slot.index)) return reject("already-answered", "You already answered this rematch");
  current.answered.add(slot.index);
  if (!parsed.data.accept) void matchMaker.remoteRoomCall(current.code, "rematchDeclined", [slot.name]).catch(() => undefined);
}

/**
 * Adds the rematch to a server's tables: the offer and the answers, the two calls a finished table
 * makes on the new one (on whichever process holds it), and a seat taken at the new table.
 */
export function rematchAtTables(kit: RoomKit): void {
  kit.handle(REMATCH_MESSAGES.offer, (room, replies, client, payload) => offer(room, replies, client, payload));
  kit.handle(REMATCH_MESSAGES.answer, (room, replies, client, payload) => answer(room, replies, client, payload));
  kit.call("rematchOpen", (room, playerId, expected, fill, game) => openRematch(room, playerId, expected, fill, game));
  kit.call("rematchDeclined", (room, name) => rematchDeclined(room, name));
  kit.events.on("seated", ({ room }) => rematchSeated(room));
}

/**
 * The new table, called by the finished one: true when `playerId` sits here, the table waits,
 * is the same game and holds no rematch yet. `fill` false: the countdown to bots goes off.
 */
export function openRematch(room: RematchRoom, playerId: unknown, expected: unknown, fill: unknown, game: unknown): boolean {
  if (typeof playerId !== "string" || typeof expected !== "number" || typeof fill !== "boolean" || game !== room.roomName) return false;
  if (room.match || hosting.has(room) || !Number.isInteger(expected) || expected < 0 || expected >= room.seating.slots.length) return false;
  if (!room.seating.slots.some((s) => s.occupied && !s.isBot && s.playerId === playerId)) return false;
  hosting.set(room, { expected, declined: 0, fill });
  room.setAutoFill(false);
  return true;
}

/** A player declined: everyone is told; with `fill`, bots take the open seats once all answered. */
export function rematchDeclined(room: RematchRoom, name: unknown): void {
  const h = hosting.get(room);
  if (!h || room.match || typeof name !== "string") return;
  h.declined++;
  for (const c of room.clients) c.send(REMATCH_MESSAGES.notice, { kind: "rematch-declined", name: name.slice(0, 24) });
  fillOnceAnswered(room, h);
}

/**
 * A player sat down at the new table (the room's join): an accept is an answer too. Answers come
 * in any order, so the "everyone answered" check runs on each of them, a decline or a seat taken;
 * checked on declines only, a decline before the last accept left the table waiting for ever.
 */
export function rematchSeated(room: RematchRoom): void {
  const h = hosting.get(room);
  if (h && !room.match) fillOnceAnswered(room, h);
}

/** With `fill`: those who sat down (the host aside) and those who declined make up everyone offered. */
function fillOnceAnswered(room: RematchRoom, h: Hosting): void {
  const seated = room.seating.slots.filter((s) => s.occupied && !s.isBot).length;
  if (h.fill && seated - 1 + h.declined >= h.expected) room.fillAndStart();
}
