/**
 * Every way into a table, replayed without sockets but through the real encoder path: a table's
 * state projected from a seeded bot game (`bot-game.ts`), Colyseus' own `SchemaSerializer` (with
 * the room's patches to it installed by `table/schema.ts`) encoding full states and patches for
 * each client, and the SDK's own `SchemaSerializer` decoding them. The room's side of each path
 * is what `table/table-room.ts` does (joined, dropped, reconnected, left) and Colyseus' side what
 * `@colyseus/core`'s Room does: a joining client is in `clients` but skipped by patches until its
 * JOIN_ROOM ack, which sends its full state; a dropped client leaves `clients` and keeps its
 * view for a reconnection; a client that leaves disposes its view.
 */
import { ClientState, SchemaSerializer } from "@colyseus/core";
import { StateView } from "@colyseus/schema";
import { Protocol, SchemaSerializer as SdkSerializer } from "@colyseus/sdk";
import { createRng, type AnyGame, type Rng } from "@scat/shared";
import { freshStateOnRejoin } from "@scat/shared/wire/fresh-rejoin.ts";
import { plainOf } from "@scat/shared/wire-state.ts";
import { expect } from "vitest";
import { GAMES } from "../../src/games.ts";
import { Match } from "../../src/table/match.ts";
import { frameFor, newSeat, projectMatch } from "../../src/table/projection.ts";
import type { TableState } from "../../src/table/schema.ts";
import { Seating } from "../../src/table/seating.ts";
import { botStep, type BotClock } from "./bot-game.ts";
import { expectEngineView } from "./engine-view.ts";

export const PATHS = ["join", "reconnect-reload", "reconnect-auto", "reclaim", "rejoin", "spectate"] as const;
export type Path = (typeof PATHS)[number];

/** One client connection as Colyseus' serializer sees it, decoding what it is sent with the SDK. */
export class WireClient {
  state: ClientState = ClientState.JOINING;
  view: StateView | undefined;
  frames = 0;

  constructor(
    readonly sessionId: string,
    readonly seat: number | null,
    readonly decoder: SdkSerializer,
  ) {}

  raw(bytes: Uint8Array): void {
    this.frames++;
    const it = { offset: 1 };
    if (bytes[0] === Protocol.ROOM_STATE) this.decoder.setState(bytes, it);
    else if (bytes[0] === Protocol.ROOM_STATE_PATCH) this.decoder.patch(bytes, it);
    else throw new Error(`unexpected frame ${bytes[0]}`);
  }

  get decoded(): unknown {
    return this.decoder.getState();
  }
}

// As the web client does (client/src/net/connection.ts): without it `reconnect-auto` fails.
if (process.env["JOIN_VIEWS_SDK_RESYNC"] !== "1") freshStateOnRejoin(SdkSerializer);

let sessions = 0;

export class Table {
  readonly game: AnyGame;
  readonly match: Match;
  readonly state: TableState;
  readonly seating: Seating;
  readonly serializer = new SchemaSerializer<any>();
  /** Colyseus' `room.clients`: joining and joined connections. */
  readonly clients: WireClient[] = [];
  private readonly clock: BotClock = { now: 1_000 };
  private n = 0;

  constructor(
    readonly gameId: string,
    seats: number,
    readonly seed: string,
  ) {
    this.game = GAMES[gameId as keyof typeof GAMES]!.game;
    this.match = new Match(this.game, this.game.optionsSchema.parse({ seats, turnMs: 30_000 }), 1_000, seed);
    const frame = frameFor(gameId);
    this.state = new frame.TableState();
    this.state.game = gameId;
    this.seating = new Seating(seats, (i) => newSeat(frame, i));
    this.seating.fillBots();
    this.seating.project(this.state.seats);
    this.state.status = "playing";
    projectMatch(this.state, this.match, () => undefined);
    this.serializer.reset(this.state);
    this.patch();
  }

  get over(): boolean {
    return this.match.over;
  }

  /** The room patches after every change (table/patch-flush.ts). */
  patch(): void {
    this.serializer.applyPatches(this.clients as never);
  }

  /** One step of the bots' game, projected and patched; false once the game cannot go on. */
  step(): boolean {
    if (!botStep(this.game, this.match, `${this.seed}-bot`, this.n++, this.clock)) return false;
    projectMatch(this.state, this.match, () => undefined);
    this.patch();
    return true;
  }

  private decoder(previous?: SdkSerializer): SdkSerializer {
    if (previous) return previous;
    const sdk = new SdkSerializer();
    sdk.handshake(this.serializer.handshake(), { offset: 0 });
    return sdk;
  }

  /** table-room.ts `joined`: a new connection, given its seat's view (a player) or none (a spectator). */
  connect(seat: number | null): WireClient {
    const client = new WireClient(`s${++sessions}`, seat, this.decoder());
    this.clients.push(client);
    client.view = new StateView();
    if (seat !== null) {
      this.seating.seat(seat, client.sessionId, `player-${seat}`, `P${seat}`);
      this.seating.project(this.state.seats);
      client.view.add(this.state.seats[seat]!);
    }
    this.patch();
    return client;
  }

  /** The client's JOIN_ROOM ack: Colyseus sends its full state. */
  ack(client: WireClient): void {
    client.state = ClientState.JOINED;
    client.raw(this.serializer.getFullState(client as never));
  }

  /** The socket dies: out of `clients`, the seat held (table-room.ts `dropped`). */
  drop(client: WireClient): void {
    this.remove(client);
    const slot = this.seating.bySession(client.sessionId);
    if (slot) Object.assign(slot, { connected: false, awayUntil: 1 });
    this.seating.project(this.state.seats);
    this.patch();
  }

  /** Reconnection by token: Colyseus gives the new connection the old one's view (`reload`: a fresh page's decoder). */
  reconnect(old: WireClient, reload: boolean): WireClient {
    const client = new WireClient(old.sessionId, old.seat, reload ? this.decoder() : old.decoder);
    client.view = old.view;
    this.clients.push(client);
    const slot = this.seating.bySession(client.sessionId);
    if (slot) Object.assign(slot, { connected: true, awayUntil: 0 });
    this.seating.project(this.state.seats);
    this.patch();
    return client;
  }

  /** table-room.ts `left`: the view is disposed; mid-game the seat goes to a bot. */
  leave(client: WireClient, reason: "left" | "takeover"): void {
    this.remove(client);
    client.view?.dispose();
    const slot = this.seating.bySession(client.sessionId);
    if (slot) this.seating.handToBot(slot, reason);
    this.seating.project(this.state.seats);
    this.patch();
  }

  private remove(client: WireClient): void {
    const i = this.clients.indexOf(client);
    if (i >= 0) this.clients.splice(i, 1);
    client.state = ClientState.LEAVING;
  }

  private template: SdkSerializer | null = null;

  /** A new decoder of the table's reflected classes (as the SDK's handshake makes), without decoding the reflection again. */
  private freshDecoder(): SdkSerializer {
    const template = (this.template ??= this.decoder());
    const sdk = new SdkSerializer();
    sdk.state = new (template.state.constructor as new () => never)();
    sdk.decoder = new (template.decoder.constructor as new (s: unknown, c: unknown) => never)(sdk.state, template.decoder.context);
    return sdk;
  }

  /** What a new join made now decodes for the same view. */
  fresh(seat: number | null): unknown {
    const client = new WireClient("fresh", seat, this.freshDecoder());
    client.state = ClientState.JOINED;
    client.view = new StateView();
    if (seat !== null) client.view.add(this.state.seats[seat]!);
    client.raw(this.serializer.getFullState(client as never));
    client.view.dispose();
    return client.decoded;
  }

  /** The client's decoded state equals a fresh client's for its view, and that equals the engine's view. */
  check(client: WireClient, where: string): void {
    const fresh = this.fresh(client.seat);
    expectEngineView(this.game, this.match, fresh, client.seat, `${where} (fresh client)`);
    expect(plainOf(client.decoded), `${where}: the client's state against a fresh client's`).toEqual(plainOf(fresh));
  }
}

export interface Case {
  path: Path;
  seat: number;
  before: number;
  away: number;
  race: number;
}

/** A random case: the seat is the one about to act half the time (so its hand changes next). */
export function drawCase(rng: Rng, table: Table): Case {
  const awaiting = table.game.awaiting(table.match.state) as number[];
  const seats = table.seating.slots.length;
  const seat = awaiting.length > 0 && rng.next() < 0.5 ? rng.pick(awaiting) : rng.int(seats);
  return { path: rng.pick(PATHS), seat, before: rng.int(3), away: rng.int(4), race: rng.int(3) };
}

/**
 * Runs one case from this point of the game: the path into the table, then `window` patches
 * (the rest of the game when Infinity), each checked. `race`: steps between the join (or
 * reconnection) and its full state; the next step after the full state is the first change
 * the client is sent (a bot acting at that moment). Returns the patches checked.
 */
export function runCase(table: Table, c: Case, window: number): number {
  const steps = (k: number): void => {
    for (let i = 0; i < k && table.step(); i++);
  };
  let subject: WireClient;
  if (c.path === "join" || c.path === "spectate") {
    subject = table.connect(c.path === "join" ? c.seat : null);
  } else {
    const first = table.connect(c.seat);
    table.ack(first);
    steps(c.before);
    if (c.path === "reconnect-reload" || c.path === "reconnect-auto") {
      table.drop(first);
      steps(c.away);
      subject = table.reconnect(first, c.path === "reconnect-reload");
    } else {
      // reclaim: the socket dies, the window ends, a bot takes the seat and plays it; rejoin: the player leaves.
      if (c.path === "reclaim") {
        table.drop(first);
        steps(c.away);
        table.leave(first, "takeover");
      } else {
        table.leave(first, "left");
      }
      steps(c.path === "reclaim" ? 1 + c.away : c.away);
      subject = table.connect(c.seat);
    }
  }
  steps(c.race);
  table.ack(subject);
  let checked = 0;
  table.check(subject, "after its full state");
  for (let i = 0; i < window && table.step(); i++) {
    table.check(subject, `patch ${i + 1} after its full state`);
    checked++;
  }
  table.leave(subject, "left");
  return checked;
}

/** Plays seeded games of `gameId`, one case after another at random points, until `cases` ran. */
export function runGame(gameId: string, seed: string, cases: number, window: number): { cases: number; patches: number } {
  const rng = createRng(seed);
  const game = GAMES[gameId as keyof typeof GAMES]!.game;
  const seats = game.minSeats + rng.int(Math.min(game.maxSeats, 4) - game.minSeats + 1);
  const table = new Table(gameId, seats, seed);
  let done = 0;
  let patches = 0;
  while (done < cases && !table.over) {
    for (let gap = rng.int(8); gap > 0 && table.step(); gap--);
    if (table.over) break;
    const c = drawCase(rng, table);
    try {
      patches += runCase(table, c, window);
    } catch (e) {
      const err = e as Error;
      err.message = `join-views ${gameId} seed "${seed}" (${seats} seats) case ${done} ${JSON.stringify(c)} at v${table.match.state.version}: ${err.message}`;
      throw err;
    }
    done++;
  }
  return { cases: done, patches };
}
