/**
 * No client ever decodes a card it may not see: every other client's state and messages are
 * scanned, step by step, for cards that sit in a foreign hand and were never face up.
 */
import type { ColyseusTestServer } from "@colyseus/testing";
import type { Room as ClientRoom } from "@colyseus/sdk";
import { quickPlayKey } from "@scat/shared";
import { privateFactsOf } from "@scat/shared/wire-state.ts";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { TableRoom } from "../src/table/table-room.ts";
import { bootServer, mine, record, until, waitSeat } from "./helpers.ts";

let colyseus: ColyseusTestServer;
beforeAll(async () => {
  colyseus = await bootServer();
});
afterAll(async () => {
  await colyseus.shutdown();
});

const CARD = /\b(?:10|[6-9JQKA])[HSGWX]\b/g;

function cardsIn(value: unknown): Set<string> {
  return new Set(JSON.stringify(value).match(CARD) ?? []);
}

it("never shows a client a card in another seat's hand", async () => {
  const base = { seats: 3, bots: 0, turnSeconds: 30, variants: {} };
  const options = { ...base, mode: quickPlayKey(base) };
  const players: { room: ClientRoom; log: ReturnType<typeof record>; seat: number }[] = [];
  for (const name of ["Ann", "Ben", "Cat"]) {
    const room = await colyseus.sdk.joinOrCreate("devils_scat", { ...options, name });
    const log = record(room);
    players.push({ room, log, seat: -1 });
  }
  for (const p of players) p.seat = await waitSeat(p.room);
  const spectator = await colyseus.sdk.joinById(players[0]!.room.roomId, { spectate: true, name: "Spy" });
  const spyLog = record(spectator);
  const srv = colyseus.getRoomById(players[0]!.room.roomId) as unknown as TableRoom;
  await until(() => srv.match, "game start");

  let publicSeen = new Set<string>();
  let round = -1;
  let checks = 0;
  const check = () => {
    const st = srv.match!.state as any;
    if (st.phase !== "turn") return;
    if (st.round !== round) {
      round = st.round;
      publicSeen = new Set();
      for (const p of [...players, { log: spyLog }]) p.log.length = 0;
    }
    for (const c of st.discard) publicSeen.add(c);
    const observers = [...players.map((p) => ({ room: p.room, log: p.log, seat: p.seat })), { room: spectator, log: spyLog, seat: -1 }];
    for (const o of observers) {
      const seen = new Set([...cardsIn((o.room.state as any).toJSON()), ...cardsIn(o.log.map((m) => m.message))]);
      st.hands.forEach((hand: string[], seat: number) => {
        if (seat === o.seat) return;
        const other = (o.room.state as any).seats[seat];
        expect([other.hand, other.legal], `seat ${o.seat} decodes seat ${seat}'s hand or choices`).toEqual([undefined, undefined]);
        expect(
          Object.values(privateFactsOf(other)).filter((v) => v !== null),
          `seat ${o.seat} decodes seat ${seat}'s private facts`,
        ).toEqual([]);
        for (const card of hand)
          if (!publicSeen.has(card)) expect(seen.has(card), `seat ${o.seat} saw ${card} of seat ${seat}`).toBe(false);
      });
    }
    checks++;
  };

  // Play ~2 rounds: every human plays its first legal choice, and we check after every step.
  let steps = 0;
  while (srv.match!.state.version < 60 && !srv.match!.over) {
    const version = srv.match!.state.version;
    await until(
      () =>
        [...players.map((p) => p.room), spectator].every(
          (r) => (r.state as any).version === version && (r.state as any).status !== "waiting" && (r.state as any).seats?.length === 3,
        ),
      "clients in sync",
    );
    check();
    const actor = players.find((p) => (mine(p.room, p.seat)?.legal.length ?? 0) > 0);
    if (!actor)
      throw new Error(
        `nobody can act at version ${version}: ${JSON.stringify(srv.match!.state)} legal ${JSON.stringify(players.map((p) => mine(p.room, p.seat)))}`,
      );
    const legal = mine(actor.room, actor.seat)!.legal;
    const pick = steps % 7 === 3 ? legal.find((a) => a.type === "drawDiscard") : undefined;
    actor.room.send(
      "action",
      pick ?? legal.find((a) => a.type === "continue") ?? legal.find((a) => a.type === "drawDeck") ?? legal[legal.length - 1]!,
    );
    await until(() => srv.match!.state.version > version, "the step");
    steps++;
  }
  expect(checks).toBeGreaterThan(20);
}, 60_000);
