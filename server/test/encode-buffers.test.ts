/**
 * The encoder's buffers are sized to a table's state (server/src/table/state/encode-buffers.ts):
 * every game's bot games, at its fewest and most seats, replayed through the encoder as the room
 * does, never need more than half of the buffer for a full state with a seat's view or for a
 * step's patch, so the smaller buffers never overflow (an overflow re-encodes and logs a warning).
 */
import { Encoder, StateView } from "@colyseus/schema";
import { ENGINES } from "@scat/shared/games/registry.ts";
import { describe, expect, it } from "vitest";
import { Match } from "../src/table/match.ts";
import { frameFor, newSeat, projectMatch } from "../src/table/projection.ts";
import { ENCODE_BUFFER_BYTES } from "../src/table/state/encode-buffers.ts";
import { playBotGame } from "./support/bot-game.ts";

function largest(id: string, seats: number, seed: string): { full: number; patch: number } {
  const game = ENGINES[id as keyof typeof ENGINES];
  const match = new Match(game, game.optionsSchema.parse({ seats, turnMs: 30_000 }), 1_000, seed);
  const frame = frameFor(id);
  const state = new frame.TableState();
  state.game = id;
  for (let i = 0; i < seats; i++) {
    const seat = newSeat(frame, i);
    seat.name = `${"W".repeat(22)}-${i}`; // the longest name a player may give
    state.seats.push(seat);
  }
  const encoder = new Encoder(state);
  const views = state.seats.map((seat) => {
    const v = new StateView();
    v.add(seat);
    return v;
  });
  encoder.encodeAll({ offset: 0 });
  encoder.discardChanges();
  const big = new Uint8Array(1 << 16);
  let full = 0;
  let patch = 0;
  playBotGame(game, match, seed, () => {
    projectMatch(state, match, () => undefined);
    const it = { offset: 0 };
    encoder.encode(it, undefined, big);
    for (const v of views) patch = Math.max(patch, encoder.encodeView(v, it.offset, { ...it }, big).length);
    encoder.discardChanges();
    const f = { offset: 0 };
    encoder.encodeAll(f, big);
    for (const v of views) full = Math.max(full, encoder.encodeAllView(v, f.offset, { ...f }, big).length);
  });
  return { full, patch };
}

describe("the encoder's buffers", () => {
  it("are set to the size the frame module names", () => {
    expect(Encoder.BUFFER_SIZE).toBe(ENCODE_BUFFER_BYTES);
  });

  for (const id of Object.keys(ENGINES)) {
    it(`hold ${id}'s largest full state and patch twice over`, () => {
      const game = ENGINES[id as keyof typeof ENGINES];
      let full = 0;
      let patch = 0;
      for (const seats of [game.minSeats, game.maxSeats]) {
        for (const seed of ["e-1", "e-2"]) {
          const r = largest(id, seats, `${seed}-${seats}`);
          full = Math.max(full, r.full);
          patch = Math.max(patch, r.patch);
        }
      }
      console.log(`${id}: largest full state with a view ${full} B, largest patch with a view ${patch} B`);
      expect(full).toBeGreaterThan(0);
      expect(full).toBeLessThanOrEqual(ENCODE_BUFFER_BYTES / 2);
      expect(patch).toBeLessThanOrEqual(ENCODE_BUFFER_BYTES / 2);
    });
  }
});
