/**
 * The frames of docs/PROTOCOL.md's worked example ("Wire level"), made by the code that makes
 * them on a live table: a Skit Scat table of 2 seats (one bot) with a fixed seed and salt,
 * projected by the room's projection, encoded by Colyseus' own `SchemaSerializer` (with the
 * room's patches to it) and framed by `@colyseus/core`'s `getMessageBytes`, in the order a
 * joining client receives them (Colyseus sends the full state at the JOIN_ROOM ack, then the
 * messages the room sent during the join). Only the reconnection token is fixed (random live).
 * test/protocol-example.test.ts checks the doc's hex against these and decodes it with the SDK.
 */
import { ClientState, SchemaSerializer, getMessageBytes } from "@colyseus/core";
import { StateView } from "@colyseus/schema";
import { Protocol } from "@colyseus/sdk";
import { Packr } from "msgpackr";
import { SERVER_MESSAGES, type GameEvent } from "@scat/shared";
import { GAMES } from "../../src/games.ts";
import { Match } from "../../src/table/match.ts";
import { frameFor, newSeat, projectMatch, projectOptions } from "../../src/table/projection.ts";
import { Seating } from "../../src/table/seating.ts";

export interface ExampleFrame {
  readonly name: string;
  /** "S>C" server to client, "C>S" client to server. */
  readonly dir: "S>C" | "C>S";
  readonly bytes: Uint8Array;
}

export const EXAMPLE = {
  game: "skit_scat",
  token: "T0kEn",
  startedAt: 1_764_000_000_000,
  seed: "protocol-example-0",
  salt: "protocol-example-salt",
} as const;

/** A third party's msgpack: plain maps (the SDK's msgpackr also sends records, `d4 72 <id>`; both are accepted). */
const plain = new Packr({ useRecords: false });

function fixstr(text: string): number[] {
  const bytes = [...Buffer.from(text)];
  return [0xa0 | bytes.length, ...bytes];
}

export function exampleFrames(): ExampleFrame[] {
  const game = GAMES.skit_scat!.game;
  const options = game.optionsSchema.parse({ seats: 2, turnMs: 30_000 });
  const match = new Match(game, options, EXAMPLE.startedAt, EXAMPLE.seed, EXAMPLE.salt);
  if (!match.legal(0).some((a) => (a as { type: string }).type === "drawDeck"))
    throw new Error("the example's seed must give seat 0 the first turn");
  const frame = frameFor(EXAMPLE.game);
  const state = new frame.TableState();
  const serializer = new SchemaSerializer<any>();
  serializer.reset(state);
  // The table as it opens (table/table-room.ts create), no client yet.
  const seating = new Seating(2, (i) => newSeat(frame, i));
  seating.fillBots(1);
  Object.assign(state, { game: EXAMPLE.game, isPrivate: false });
  projectOptions(state.options, { seats: 2, bots: 1, turnSeconds: 30, reconnectSeconds: 60, variants: {} });
  seating.project(state.seats);
  serializer.applyPatches([]);
  // The join: the seat, its view, the deal (every seat is taken).
  const client = {
    state: ClientState.JOINING as ClientState,
    view: new StateView(),
    raw(bytes: Uint8Array) {
      captured.push(Uint8Array.from(bytes));
    },
  };
  const captured: Uint8Array[] = [];
  seating.seat(0, "sessionA", "player-ann-0001", "Ann");
  seating.project(state.seats);
  client.view.add(state.seats[0]!);
  state.status = "playing";
  projectMatch(state, match, () => undefined);
  serializer.applyPatches([client as never]);
  const events = (list: readonly GameEvent[]) => list.map((e) => game.redactEvent(e, 0)).filter((e) => e !== null);
  const out: ExampleFrame[] = [];
  out.push({ name: "join-room", dir: "S>C", bytes: getMessageBytes[Protocol.JOIN_ROOM](EXAMPLE.token, "schema", serializer.handshake()) });
  out.push({ name: "join-ack", dir: "C>S", bytes: Uint8Array.of(Protocol.JOIN_ROOM) });
  client.state = ClientState.JOINED;
  out.push({ name: "full-state", dir: "S>C", bytes: Uint8Array.from(serializer.getFullState(client as never)) });
  out.push({ name: "seated", dir: "S>C", bytes: getMessageBytes.raw(Protocol.ROOM_DATA, SERVER_MESSAGES.seated, { seat: 0 }) });
  out.push({
    name: "deal-events",
    dir: "S>C",
    bytes: getMessageBytes.raw(Protocol.ROOM_DATA, SERVER_MESSAGES.events, {
      version: match.state.version,
      seat: null,
      events: events(match.setupEvents),
    }),
  });
  const action = { type: "drawDeck", id: 1 };
  out.push({ name: "action", dir: "C>S", bytes: Uint8Array.from([Protocol.ROOM_DATA, ...fixstr("action"), ...plain.pack(action)]) });
  const res = match.act(0, { type: "drawDeck" }, EXAMPLE.startedAt + 2_000);
  if (!res.ok) throw new Error(res.error.message);
  out.push({
    name: "action-events",
    dir: "S>C",
    bytes: getMessageBytes.raw(Protocol.ROOM_DATA, SERVER_MESSAGES.events, {
      version: match.state.version,
      seat: 0,
      id: action.id,
      events: events(res.value),
    }),
  });
  projectMatch(state, match, () => undefined);
  captured.length = 0;
  serializer.applyPatches([client as never]);
  if (captured.length !== 1) throw new Error(`expected one patch, got ${captured.length}`);
  out.push({ name: "patch", dir: "S>C", bytes: captured[0]! });
  const t = EXAMPLE.startedAt + 2_500;
  out.push({
    name: "time-request",
    dir: "C>S",
    bytes: Uint8Array.from([Protocol.ROOM_REQUEST, 1, ...fixstr("time"), ...plain.pack({ t })]),
  });
  out.push({ name: "time-response", dir: "S>C", bytes: getMessageBytes[Protocol.ROOM_RESPONSE](1, 0, { t, now: t + 40 }) });
  out.push({ name: "ping", dir: "S>C", bytes: getMessageBytes.raw(Protocol.ROOM_DATA, "ping", { s: t + 100 }) });
  out.push({
    name: "pong",
    dir: "C>S",
    bytes: Uint8Array.from([Protocol.ROOM_DATA, ...fixstr("pong"), ...plain.pack({ s: t + 100, c: t + 120.25 })]),
  });
  out.push({
    name: "rejected",
    dir: "S>C",
    bytes: getMessageBytes.raw(Protocol.ROOM_DATA, SERVER_MESSAGES.rejected, { code: "not-your-turn", message: "It is not your turn" }),
  });
  return out;
}

/** Hex as the doc shows it: bytes separated by spaces, 32 to a line. */
export function hexLines(bytes: Uint8Array): string {
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0"));
  const lines: string[] = [];
  for (let i = 0; i < hex.length; i += 32) lines.push(hex.slice(i, i + 32).join(" "));
  return lines.join("\n");
}

/** Reads a doc's `<!-- frame:NAME -->` hex blocks. */
export function docFrames(markdown: string): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  for (const m of markdown.matchAll(/<!-- frame:([a-z-]+) -->\s*```hex\n([\s\S]*?)```/g)) {
    out.set(
      m[1]!,
      Uint8Array.from(
        m[2]!
          .trim()
          .split(/\s+/)
          .map((h) => parseInt(h, 16)),
      ),
    );
  }
  return out;
}

/** Reads a doc's `<!-- decoded:NAME -->` JSON blocks. */
export function docDecoded(markdown: string): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const m of markdown.matchAll(/<!-- decoded:([a-z-]+) -->\s*```json\n([\s\S]*?)```/g)) out.set(m[1]!, JSON.parse(m[2]!));
  return out;
}
