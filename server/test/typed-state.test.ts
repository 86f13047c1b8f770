/**
 * Every game's typed schema against its engine views, so the two cannot drift: whole games are
 * played by bots, projected after every step, encoded and decoded per seat (own StateView) and for
 * a spectator exactly as the wire does, and each decoded client state must equal the engine's view
 * for that client (public facts, piles, results, outcome; the own hand, private facts and legal
 * actions), with no view key the schema does not declare and no other seat's private part.
 */
import { Decoder, Encoder, Reflection, StateView } from "@colyseus/schema";
import { GAME_IDS, rngFor, type AnyGame, type GameId } from "@scat/shared";
import { PRIVATE_FIELDS, SEAT_FIELDS, privateField } from "@scat/shared/wire-state.ts";
import { describe, expect, it } from "vitest";
import { GAMES } from "../src/games.ts";
import { GAME_STATES } from "../src/games/states.ts";
import { Match } from "../src/table/match.ts";
import { frameFor, newSeat, projectMatch } from "../src/table/projection.ts";
import { expectEngineView } from "./support/engine-view.ts";

interface Client {
  seat: number | null;
  view: StateView | null;
  decoder: Decoder<any>;
}

const CASES: { id: keyof typeof GAMES; options: Record<string, unknown> }[] = [
  { id: "devils_scat", options: { seats: 4 } },
  { id: "devils_scat", options: { seats: 3, classic: true, bootASuit: true } },
  { id: "skit_scat", options: { seats: 3 } },
  { id: "dark_hand", options: { seats: 4 } },
  { id: "dark_hearts", options: { seats: 4 } },
  { id: "dark_hearts", options: { seats: 3 } },
  { id: "scatterbrain", options: { seats: 4 } },
  { id: "hit_the_deck", options: { seats: 4 } },
  { id: "hit_the_deck", options: { seats: 2 } },
];

function play(game: AnyGame, raw: Record<string, unknown>, seed: string): { steps: number; drift: string[] } {
  const options = game.optionsSchema.parse({ turnMs: 30_000, ...raw });
  const seats = options.seats as number;
  const match = new Match(game, options, 1_000, seed);
  const frame = frameFor(game.id);
  const state = new frame.TableState();
  state.game = game.id;
  for (let i = 0; i < seats; i++) state.seats.push(newSeat(frame, i));
  const drift: string[] = [];
  projectMatch(state, match, (path) => drift.push(path));
  const encoder = new Encoder(state);
  const reflection = Reflection.encode(encoder);
  const clients: Client[] = [...Array.from({ length: seats }, (_, i) => i), null].map((seat) => {
    const view = seat === null ? null : new StateView();
    if (view && seat !== null) view.add(state.seats[seat]!);
    return { seat, view, decoder: Reflection.decode(reflection) };
  });
  const it = { offset: 0 };
  const full = encoder.encodeAll(it).slice();
  for (const c of clients) c.decoder.decode(c.view ? encoder.encodeAllView(c.view, it.offset, { ...it }).slice() : full);
  encoder.discardChanges();

  const check = (): void => {
    for (const c of clients) expectEngineView(game, match, c.decoder.state, c.seat, `${game.id} v${match.state.version} seat ${c.seat}`);
  };

  const step = (): void => {
    projectMatch(state, match, (path) => drift.push(path));
    const at = { offset: 0 };
    const shared = encoder.encode(at).slice();
    const sharedOffset = at.offset;
    for (const c of clients) c.decoder.decode(c.view ? encoder.encodeView(c.view, sharedOffset, at).slice() : shared);
    encoder.discardChanges();
    check();
  };

  check();
  let now = 1_000;
  let steps = 0;
  while (!match.over && steps < 2_500) {
    steps++;
    now += 50;
    const bot = match.game
      .awaiting(match.state)
      .map((seat: number) => ({ seat, action: game.bot(match.state, seat, rngFor(`${seed}-bot`, steps)) }))
      .find((b: { action: unknown }) => b.action);
    if (bot) {
      const res = match.act(bot.seat, bot.action, now);
      if (!res.ok) throw new Error(`${game.id}: bot action refused: ${res.error.code}`);
    } else {
      now = Math.max(now, match.state.deadline ?? now);
      if (!match.expire(now)) throw new Error(`${game.id}: stuck at version ${match.state.version}`);
    }
    step();
  }
  expect(match.over, `${game.id} finished`).toBe(true);
  return { steps, drift };
}

describe("every game's typed state equals its engine views on every client", () => {
  for (const c of CASES) {
    it(`${c.id} ${JSON.stringify(c.options)}`, () => {
      const game = GAMES[c.id]!.game;
      for (const seed of ["typed-a", "typed-b"]) {
        const { steps, drift } = play(game, c.options, seed);
        expect(drift, "view keys the schema does not declare").toEqual([]);
        expect(steps).toBeGreaterThan(5);
      }
    }, 240_000);
  }
});

describe("a table's reflection (sent once per join)", () => {
  it("describes its own game's classes and no other game's", () => {
    const classesOf = (id: GameId): Set<unknown> => new Set(new Encoder(new (frameFor(id).TableState)()).context.schemas.keys());
    for (const id of GAME_IDS) {
      const own = GAME_STATES[id];
      const classes = classesOf(id);
      for (const kind of [own.table, own.result]) expect(classes.has(kind), `${id} has its own classes`).toBe(true);
      for (const other of GAME_IDS) {
        const kinds = GAME_STATES[other];
        if (kinds === own) continue;
        for (const kind of [kinds.table, kinds.result])
          expect(classes.has(kind), `${id}'s reflection holds ${other}'s ${kind.name}`).toBe(false);
      }
    }
  });

  it("holds a seat's game facts as fields of the seat, its private facts as its view-tagged fields `myX`", () => {
    for (const id of GAME_IDS) {
      const frame = frameFor(id);
      const seat = newSeat(frame, 0);
      const names = (o: object): string[] =>
        Object.values((o.constructor as any)[Symbol.metadata] ?? {})
          .map((f: any) => f?.name)
          .filter(Boolean);
      const mine = Object.keys(GAME_STATES[id].mine);
      expect(names(seat), id).toEqual([...SEAT_FIELDS, ...PRIVATE_FIELDS, ...Object.keys(GAME_STATES[id].seat), ...mine.map(privateField)]);
      const tagged = (seat.constructor as any)[Symbol.metadata];
      const viewTagged = names(seat).filter((_, i) => tagged[i].tag !== undefined);
      expect(viewTagged, id).toEqual([...PRIVATE_FIELDS, ...mine.map(privateField)]);
    }
  });
});
