/**
 * Secrecy through the real room, for every game: all seats are players (plus a spectator); after
 * every step each client's decoded state, and every event it received, may name only cards the
 * engine says that seat may know (`visibleCards` of the game's property spec).
 */
import type { ColyseusTestServer } from "@colyseus/testing";
import type { Room as ClientRoom } from "@colyseus/sdk";
import { createRng, quickPlayKey, type BaseState } from "@scat/shared";
import { darkHandSpec, skitScatSpec } from "@scat/shared/games/dark-hand/test-support.ts";
import { propertySpec as darkHearts } from "@scat/shared/games/dark-hearts/test-support.ts";
import { propertySpec as devilsScat } from "@scat/shared/games/devils-scat/test-support.ts";
import { propertySpec as hitTheDeck } from "@scat/shared/games/hit-the-deck/test-support.ts";
import { propertySpec as scatterbrain } from "@scat/shared/games/scatterbrain/test-support.ts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TableRoom } from "../src/table/table-room.ts";
import { bootServer, mine, until, waitSeat } from "./helpers.ts";

interface Spec {
  cardIds: readonly string[];
  visibleCards(state: any, seat: number | null): ReadonlySet<string>;
}
const SPECS: Record<string, { spec: Spec; seats: number; variants?: Record<string, unknown> }> = {
  devils_scat: { spec: devilsScat as Spec, seats: 3 },
  skit_scat: { spec: skitScatSpec as Spec, seats: 3 },
  dark_hand: { spec: darkHandSpec as Spec, seats: 3 },
  dark_hearts: { spec: darkHearts as Spec, seats: 4 },
  scatterbrain: { spec: scatterbrain as Spec, seats: 4, variants: { memoriseMs: 2_000 } },
  hit_the_deck: { spec: hitTheDeck as Spec, seats: 3 },
};

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

/** Every card id named anywhere in a value (JSON strings inside it are opened too). */
function namedCards(value: unknown, ids: ReadonlySet<string>, out = new Set<string>()): Set<string> {
  if (typeof value === "string") {
    const t = value.trim();
    if ((t.startsWith("{") || t.startsWith("[")) && t.length > 1) {
      try {
        return namedCards(JSON.parse(t), ids, out);
      } catch {
        /* plain text */
      }
    }
    for (const word of t.split(/\s+/)) if (ids.has(word)) out.add(word);
  } else if (Array.isArray(value)) for (const v of value) namedCards(v, ids, out);
  else if (value && typeof value === "object") for (const v of Object.values(value)) namedCards(v, ids, out);
  return out;
}

interface Observer {
  room: ClientRoom;
  seat: number | null;
  events: unknown[];
}

async function join(
  name: string,
  n: number,
  variants: Record<string, unknown> = {},
): Promise<{ players: Observer[]; spy: Observer; srv: TableRoom }> {
  const base = { seats: n, bots: 0, turnSeconds: 60, variants };
  const players: Observer[] = [];
  for (let i = 0; i < n; i++) {
    const room = await colyseus.sdk.joinOrCreate(name, { ...base, name: `P${i}`, mode: quickPlayKey(base) });
    players.push({ room, seat: null, events: [] });
  }
  const spy: Observer = { room: await colyseus.sdk.joinById(players[0]!.room.roomId, { spectate: true }), seat: null, events: [] };
  for (const o of [...players, spy]) {
    o.room.onMessage("events", (m: { events: unknown[] }) => o.events.push(...m.events));
    o.room.onMessage("*", () => undefined);
  }
  for (const p of players) p.seat = await waitSeat(p.room);
  const srv = colyseus.getRoomById(players[0]!.room.roomId) as unknown as TableRoom;
  await until(() => srv.match, "game start");
  return { players, spy, srv };
}

describe.each(Object.keys(SPECS))("%s", (name) => {
  it("never lets a client decode a card its seat may not know", async () => {
    const { spec, seats, variants } = SPECS[name]!;
    const ids = new Set(spec.cardIds);
    const { players, spy, srv } = await join(name, seats, variants);
    const rng = createRng(`secrecy-${name}`);
    let previous: BaseState = srv.match!.state;
    let checks = 0;
    for (let step = 0; step < 80 && !srv.match!.over; step++) {
      const state = srv.match!.state;
      await until(
        () => [...players, spy].every((o) => (o.room.state as any).version === state.version && (o.room.state as any).status !== "waiting"),
        "clients in sync",
      );
      for (const o of [...players, spy]) {
        const allowed = new Set([...spec.visibleCards(state, o.seat), ...spec.visibleCards(previous, o.seat)]);
        const visibleNow = spec.visibleCards(state, o.seat);
        const decoded = (o.room.state as any).toJSON();
        const ownLegal = o.seat === null ? undefined : decoded.seats?.[o.seat]?.legal;
        if (ownLegal) decoded.seats[o.seat!].legal = [];
        const inState = [...namedCards(decoded, ids)].filter((c) => !visibleNow.has(c));
        // A seat may be offered cards it cannot see (Scatterbrain's guess names any unseen card) only
        // when every unseen card is offered: the offer then tells nothing the seat did not know.
        const offered = [...namedCards(ownLegal ?? [], ids)].filter((c) => !visibleNow.has(c));
        if (offered.length > 0)
          expect(new Set(offered), `${name} v${state.version}: seat ${o.seat} is offered`).toEqual(
            new Set(spec.cardIds.filter((c) => !visibleNow.has(c))),
          );
        const inEvents = [...namedCards(o.events, ids)].filter((c) => !allowed.has(c));
        expect(inState, `${name} v${state.version}: seat ${o.seat} decodes`).toEqual([]);
        expect(inEvents, `${name} v${state.version}: seat ${o.seat} was told`).toEqual([]);
        o.events.length = 0;
        checks++;
      }
      const movers = players.filter((p) => (mine(p.room, p.seat!)?.legal.length ?? 0) > 0);
      previous = state;
      if (movers.length === 0) {
        // A timed phase nobody acts in (a memorise phase): let its deadline pass.
        if (state.deadline === null) break;
        await until(
          () => srv.match!.state.version > state.version,
          `${name}: the deadline after v${state.version}`,
          state.deadline - Date.now() + 5_000,
        );
        continue;
      }
      const p = movers[rng.int(movers.length)]!;
      const legal = mine(p.room, p.seat!)!.legal;
      p.room.send("action", legal.find((a) => a.type === "continue") ?? legal[rng.int(legal.length)]);
      await until(() => srv.match!.state.version > state.version, `${name}: the step after v${state.version}`);
    }
    expect(checks).toBeGreaterThan(40);
  }, 120_000);
});
